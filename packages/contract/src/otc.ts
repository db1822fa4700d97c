import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { PositiveAmount } from './exchange-assets';
import { DecimalString } from './ledger';
import { namedCodes } from './named-codes';

/** Fiat (over-the-counter) trading: settings, merchants, ads, escrowed orders, chat and appeals. */
export const OtcPath = {
  profile: '/api/otc/profile',
  nickname: '/api/otc/nickname',
  contact: '/api/otc/contact',
  savePaymentMethod: '/api/otc/payment-method/save',
  deletePaymentMethod: '/api/otc/payment-method/delete',
  image: '/api/otc/image',
  /** GET `?id=` an image of the caller's own, or `?orderId=&id=` one of an order the caller is a party to. */
  imageFile: '/api/otc/image/file',
  merchantApply: '/api/otc/merchant/apply',
  merchantQuit: '/api/otc/merchant/quit',
  market: '/api/otc/market',
  ad: '/api/otc/ad',
  postAd: '/api/otc/ad/post',
  myAds: '/api/otc/ad/mine',
  withdrawAd: '/api/otc/ad/withdraw',
  placeOrder: '/api/otc/order/place',
  orders: '/api/otc/orders',
  order: '/api/otc/order',
  paymentInfo: '/api/otc/order/payment-info',
  confirmPayment: '/api/otc/order/pay',
  release: '/api/otc/order/release',
  cancel: '/api/otc/order/cancel',
  appeal: '/api/otc/order/appeal',
  appealEvidence: '/api/otc/order/appeal/evidence',
  revokeAppeal: '/api/otc/order/appeal/revoke',
  messages: '/api/otc/order/messages',
  sendMessage: '/api/otc/order/messages/send',
  notices: '/api/otc/notices',
  readNotices: '/api/otc/notices/read',
  adminMerchants: '/api/admin/otc/merchants',
  adminReviewMerchant: '/api/admin/otc/merchants/review',
  adminAds: '/api/admin/otc/ads',
  adminTakeDownAd: '/api/admin/otc/ads/take-down',
  adminAppeals: '/api/admin/otc/appeals',
  adminAppeal: '/api/admin/otc/appeal',
  adminVerdict: '/api/admin/otc/appeal/verdict',
  adminExecute: '/api/admin/otc/appeal/execute',
  /** GET `?id=` an image of a fiat order, ad merchant application or payment setting. */
  adminImageFile: '/api/admin/otc/image/file',
  /** Outside production: expires the unpaid orders whose 15 minutes have passed on the sandbox clock, at once. */
  adminSandboxExpire: '/api/admin/otc/sandbox/expire',
} as const;

/** The spec's fiat error catalogue, one code each. */
export const OtcCode = {
  placeOrderFailed: '-3501',
  cancelFailed: '-3502',
  paymentFailed: '-3503',
  confirmFailed: '-3504',
  appealFailed: '-3505',
  revokeFailed: '-3506',
  paymentInfoUnavailable: '-3507',
  adExpired: '-3508',
  paymentMethodFailed: '-3509',
  settingsMissing: '-3510',
  merchantFailed: '-3511',
} as const;

/** Business constants of the spec (section 9). */
export const OTC_ORDER_TIMEOUT_MINUTES = 15;
export const OTC_MERCHANT_DEPOSIT = '50000';
export const OTC_MERCHANT_DEPOSIT_ASSET = 'TPT';
export const OTC_AD_NOTE_MAX = 28;
export const OTC_APPEAL_PROOF_HOURS = 24;
/** Cancelled or expired orders of a buyer in one Shanghai day that block ordering until the next day. */
export const OTC_DAILY_CANCEL_LIMIT = 3;
export const OTC_MERCHANT_REVIEW_WORKING_DAYS = 3;

export const OtcCoin = z.enum(['USDT', 'BTC', 'ETH']);
export type OtcCoin = z.infer<typeof OtcCoin>;
export const OtcCurrency = z.enum(['CNY', 'USD', 'EUR']);
export type OtcCurrency = z.infer<typeof OtcCurrency>;
/** UnionPay (bank card), Alipay, WeChat. */
export const OtcPayMethod = z.enum(['bank', 'alipay', 'wechat']);
export type OtcPayMethod = z.infer<typeof OtcPayMethod>;
export const OtcAdSide = z.enum(['buy', 'sell']);
export type OtcAdSide = z.infer<typeof OtcAdSide>;
export const OtcPriceType = z.enum(['fixed', 'floating']);
export type OtcPriceType = z.infer<typeof OtcPriceType>;

/** Fiat order states: unpaid, paid, completed, cancelled, pending/under appeal, expired, invalid. */
export const OtcOrderStatus = namedCodes(['unpaid', 'paid', 'completed', 'cancelled', 'appeal', 'expired', 'invalid'] as const, {
  unpaid: 'unpaid',
  paid: 'paid',
  completed: 'completed',
  cancelled: 'cancelled',
  appeal: 'appeal',
  expired: 'expired',
  invalid: 'invalid',
});
export const OtcOrderStatusCode = z.enum(OtcOrderStatus);
export type OtcOrderStatus = z.infer<typeof OtcOrderStatusCode>;

/** Appeal statuses: not appealing, waiting, complaint passed, complaint rejected, completed, revoked. */
export const OtcAppealStatus = namedCodes(['none', 'waiting', 'passed', 'rejected', 'completed', 'revoked'] as const, {
  none: 'none',
  waiting: 'waiting',
  passed: 'passed',
  rejected: 'rejected',
  completed: 'completed',
  revoked: 'revoked',
});
export const OtcAppealStatusCode = z.enum(OtcAppealStatus);
export type OtcAppealStatus = z.infer<typeof OtcAppealStatusCode>;

export const OtcAppealType = z.enum(['paidNotReleased', 'notReceived', 'wrongAmount', 'other']);
export type OtcAppealType = z.infer<typeof OtcAppealType>;

/** Merchant application: none, submitted, approved, rejected (deposit released), quit (deposit returned). */
export const OtcMerchantStatus = z.enum(['none', 'submitted', 'approved', 'rejected', 'quit']);
export type OtcMerchantStatus = z.infer<typeof OtcMerchantStatus>;
export const OtcAdStatus = z.enum(['active', 'withdrawn']);
export type OtcAdStatus = z.infer<typeof OtcAdStatus>;

/** What each side sees to do next. */
export const OtcPartyStatus = z.enum(['toPay', 'waitingPayment', 'paid', 'toRelease', 'completed', 'cancelled', 'appeal', 'expired', 'invalid']);
export type OtcPartyStatus = z.infer<typeof OtcPartyStatus>;

const id = z.string().regex(/^\d{1,15}$/);
const imageId = z.uuid();
const fundPassword = z.string().regex(/^\d{6}$/);
const shortText = (max: number) => z.string().trim().max(max);
/** A fiat amount: positive, at most two decimals. */
const FiatAmount = z.string().regex(/^(?:0|[1-9]\d{0,13})(?:\.\d{1,2})?$/).refine((v) => /[1-9]/.test(v), { message: 'must be greater than 0' });

export const OtcContact = z.object({
  mobile: z.string(),
  email: z.string(),
  qq: z.string(),
  wechat: z.string(),
  whatsapp: z.string(),
  others: z.string(),
});
export type OtcContact = z.infer<typeof OtcContact>;

export const OtcContactRequest = z.strictObject({
  mobile: z.union([z.literal(''), z.string().regex(/^1\d{10}$/)]).default(''),
  email: z.union([z.literal(''), z.email().max(100)]).default(''),
  qq: shortText(20).default(''),
  wechat: shortText(50).default(''),
  whatsapp: shortText(30).default(''),
  others: shortText(100).default(''),
});
export type OtcContactRequest = z.infer<typeof OtcContactRequest>;

export const OtcNicknameRequest = z.strictObject({ nickname: z.string().trim().min(2).max(16) });
export type OtcNicknameRequest = z.infer<typeof OtcNicknameRequest>;

export const OtcPaymentMethod = z.object({
  id: z.string(),
  method: OtcPayMethod,
  currency: OtcCurrency,
  accountName: z.string(),
  account: z.string(),
  bankName: z.string(),
  bankBranch: z.string(),
  qrImageId: z.string(),
  remarks: z.string(),
});
export type OtcPaymentMethod = z.infer<typeof OtcPaymentMethod>;

/** A bank card needs its bank; Alipay and WeChat need their QR code picture. Saving needs the fund password. */
export const OtcSavePaymentMethodRequest = z.strictObject({
  id: id.optional(),
  method: OtcPayMethod,
  currency: OtcCurrency,
  accountName: z.string().trim().min(1).max(40),
  account: z.string().trim().min(1).max(64),
  bankName: shortText(60).default(''),
  bankBranch: shortText(100).default(''),
  qrImageId: z.union([z.literal(''), imageId]).default(''),
  remarks: shortText(100).default(''),
  fundPassword,
});
export type OtcSavePaymentMethodRequest = z.infer<typeof OtcSavePaymentMethodRequest>;

export const OtcDeletePaymentMethodRequest = z.strictObject({ id, fundPassword });

export const OtcMerchantInfo = z.object({
  status: OtcMerchantStatus,
  reason: z.string(),
  deposit: DecimalString,
  asset: z.string(),
  appliedAt: z.string(),
  reviewedAt: z.string(),
});
export type OtcMerchantInfo = z.infer<typeof OtcMerchantInfo>;

/** The caller's fiat settings and what still stops them from trading. */
export const OtcProfile = z.object({
  nickname: z.string(),
  /** The session value's words: '1' once the nickname is set (it cannot change). */
  nickNameStatus: z.enum(['0', '1']),
  contact: OtcContact,
  paymentMethods: z.array(OtcPaymentMethod),
  realName: z.boolean(),
  senior: z.boolean(),
  merchant: OtcMerchantInfo,
  /** Prerequisites still missing for fiat orders: realName, nickname, contact, payment. */
  missing: z.array(z.enum(['realName', 'nickname', 'contact', 'payment'])),
});
export type OtcProfile = z.infer<typeof OtcProfile>;

export const OtcImage = z.object({ id: z.string() });
export type OtcImage = z.infer<typeof OtcImage>;

export const OtcMerchantApplyRequest = z.strictObject({
  documents: z.array(imageId).min(1).max(6),
  /** The agreement to freeze the security deposit. */
  agree: z.literal(true),
  fundPassword,
});
export type OtcMerchantApplyRequest = z.infer<typeof OtcMerchantApplyRequest>;
export const OtcMerchantQuitRequest = z.strictObject({ fundPassword });

export const OtcMerchantStats = z.object({
  nickname: z.string(),
  completedOrders: z.number().int(),
  /** Completed of the orders that ended, as a fraction 0–1 with 4 places; '' before any ended. */
  completionRate: z.string(),
  /** Average seconds from payment to release; 0 before any release. */
  avgReleaseSeconds: z.number().int(),
});
export type OtcMerchantStats = z.infer<typeof OtcMerchantStats>;

export const OtcAd = z.object({
  id: z.string(),
  code: z.string(),
  side: OtcAdSide,
  coin: OtcCoin,
  currency: OtcCurrency,
  priceType: OtcPriceType,
  /** The unit price now (a floating ad's follows the spot index). */
  price: DecimalString,
  floatPercent: DecimalString,
  minAmount: DecimalString,
  maxAmount: DecimalString,
  totalVolume: DecimalString,
  remaining: DecimalString,
  paymentMethods: z.array(OtcPayMethod),
  note: z.string(),
  seniorRequired: z.boolean(),
  status: OtcAdStatus,
  takenDownReason: z.string(),
  createdAt: z.string(),
  merchant: OtcMerchantStats,
  mine: z.boolean(),
});
export type OtcAd = z.infer<typeof OtcAd>;
export const OtcAdPage = pageOf(OtcAd);

/** The market: `side` is what the visitor wants to do (buy lists sell ads, sell lists buy ads). */
export const OtcMarketRequest = z.strictObject({
  side: OtcAdSide,
  coin: OtcCoin,
  currency: OtcCurrency,
  /** Only ads whose single-turnover limits take this fiat amount. */
  amount: FiatAmount.optional(),
  paymentMethod: OtcPayMethod.optional(),
  ...pageFields(10, 50),
});
export type OtcMarketRequest = z.infer<typeof OtcMarketRequest>;

export const OtcPostAdRequest = z.strictObject({
  side: OtcAdSide,
  coin: OtcCoin,
  currency: OtcCurrency,
  priceType: OtcPriceType,
  /** Fixed unit price in the fiat currency. */
  price: FiatAmount.optional(),
  /** Floating: percent of the spot index, e.g. 101.5. */
  floatPercent: z.string().regex(/^\d{1,3}(?:\.\d{1,2})?$/).optional(),
  minAmount: FiatAmount,
  maxAmount: FiatAmount,
  totalVolume: PositiveAmount,
  paymentMethods: z.array(OtcPayMethod).min(1).max(3),
  note: z.string().trim().max(200).default(''),
  seniorRequired: z.boolean().default(false),
});
export type OtcPostAdRequest = z.infer<typeof OtcPostAdRequest>;

export const OtcAdIdRequest = z.strictObject({ adId: id });
export const OtcMyAdsRequest = z.strictObject({ status: OtcAdStatus.optional(), ...pageFields(10, 50) });

export const OtcOrder = z.object({
  id: z.string(),
  orderNo: z.string(),
  adId: z.string(),
  adCode: z.string(),
  /** The caller's side of this order. */
  role: z.enum(['buyer', 'seller']),
  buyer: z.string(),
  seller: z.string(),
  coin: OtcCoin,
  currency: OtcCurrency,
  volume: DecimalString,
  amount: DecimalString,
  price: DecimalString,
  paymentMethod: OtcPayMethod,
  remarks: z.string(),
  status: OtcOrderStatusCode,
  buyerStatus: OtcPartyStatus,
  sellerStatus: OtcPartyStatus,
  appealStatus: OtcAppealStatusCode,
  appealType: z.string(),
  appealReason: z.string(),
  appealBy: z.enum(['', 'buyer', 'seller']),
  photoAttachments: z.array(z.string()),
  appealDecision: z.enum(['', 'release', 'cancel']),
  appealDecisionReason: z.string(),
  proofImageId: z.string(),
  cancelReason: z.string(),
  createdAt: z.string(),
  paymentTime: z.string(),
  completedAt: z.string(),
  cancelledAt: z.string(),
  /** When an unpaid order expires (15 minutes after creation). */
  expireAt: z.string(),
  appealAt: z.string(),
  /** Evidence is taken until then (24 hours after the appeal). */
  proofDeadline: z.string(),
  /** Server time, so the countdown does not depend on the browser's clock. */
  now: z.string(),
});
export type OtcOrder = z.infer<typeof OtcOrder>;
export const OtcOrderPage = pageOf(OtcOrder);

export const OtcPlaceOrderRequest = z.strictObject({
  adId: id,
  /** Coins. */
  volume: PositiveAmount,
  paymentMethod: OtcPayMethod,
  remarks: shortText(100).default(''),
});
export type OtcPlaceOrderRequest = z.infer<typeof OtcPlaceOrderRequest>;

export const OtcOrdersRequest = z.strictObject({ status: OtcOrderStatusCode.optional(), ...pageFields(10, 50) });
export const OtcOrderIdRequest = z.strictObject({ orderId: id });
export const OtcConfirmPaymentRequest = z.strictObject({ orderId: id, proofImageId: imageId.optional() });
export const OtcReleaseRequest = z.strictObject({ orderId: id, fundPassword });
export const OtcCancelRequest = z.strictObject({ orderId: id, reason: shortText(200).default('') });
/** Type and reason are checked by the service, so a missing one is refused in the spec's words. */
export const OtcAppealRequest = z.strictObject({
  orderId: id,
  type: z.union([z.literal(''), OtcAppealType]).default(''),
  reason: shortText(500).default(''),
  images: z.array(imageId).max(6).default([]),
});
export type OtcAppealRequest = z.infer<typeof OtcAppealRequest>;
export const OtcEvidenceRequest = z.strictObject({ orderId: id, images: z.array(imageId).min(1).max(6) });

/** The seller's payment details for the buyer of an open order, and the counterpart's contact. */
export const OtcPaymentInfo = z.object({
  method: OtcPayMethod,
  accountName: z.string(),
  account: z.string(),
  bankName: z.string(),
  bankBranch: z.string(),
  qrImageId: z.string(),
  remarks: z.string(),
  sellerContact: OtcContact,
});
export type OtcPaymentInfo = z.infer<typeof OtcPaymentInfo>;

export const OtcMessage = z.object({
  id: z.string(),
  from: z.enum(['buyer', 'seller', 'staff']),
  mine: z.boolean(),
  nickname: z.string(),
  text: z.string(),
  imageId: z.string(),
  createdAt: z.string(),
});
export type OtcMessage = z.infer<typeof OtcMessage>;
export const OtcSendMessageRequest = z.strictObject({ orderId: id, text: shortText(500).default(''), imageId: imageId.optional() });

export const OtcNoticeKind = z.enum(['created', 'paid', 'completed', 'cancelled', 'expired', 'invalid', 'appeal', 'appealRevoked', 'appealVerdict', 'forcedRelease', 'forcedCancel', 'merchantApproved', 'merchantRejected']);
export type OtcNoticeKind = z.infer<typeof OtcNoticeKind>;
export const OtcNotice = z.object({ id: z.string(), kind: OtcNoticeKind, orderId: z.string(), orderNo: z.string(), read: z.boolean(), createdAt: z.string() });
export type OtcNotice = z.infer<typeof OtcNotice>;
export const OtcNoticePage = z.object({ content: z.array(OtcNotice), total: z.number().int(), page: z.number().int(), size: z.number().int(), unread: z.number().int() });
export type OtcNoticePage = z.infer<typeof OtcNoticePage>;
export const OtcNoticesRequest = z.strictObject({ ...pageFields(10, 50) });

/** A push on the user's topic (type `otc`): an order changed or a message arrived; the page reads the order again. */
export const OtcPush = z.object({ kind: z.enum(['order', 'message', 'merchant']), orderId: z.string(), status: z.string() });
export type OtcPush = z.infer<typeof OtcPush>;

export const OtcAdminMerchantsRequest = z.strictObject({ status: OtcMerchantStatus.optional(), ...pageFields(10, 50) });
export const OtcAdminMerchantRow = OtcMerchantInfo.extend({ id: z.string(), userId: z.string(), account: z.string(), nickname: z.string(), documents: z.array(z.string()) });
export type OtcAdminMerchantRow = z.infer<typeof OtcAdminMerchantRow>;
export const OtcAdminMerchantPage = pageOf(OtcAdminMerchantRow);
export const OtcAdminReviewRequest = z.strictObject({ id, approve: z.boolean(), reason: shortText(200).default('') });

export const OtcAdminAdsRequest = z.strictObject({ status: OtcAdStatus.optional(), ...pageFields(10, 50) });
export const OtcAdminTakeDownRequest = z.strictObject({ adId: id, reason: z.string().trim().min(2).max(200) });

export const OtcAdminAppealsRequest = z.strictObject({ appealStatus: OtcAppealStatusCode.optional(), ...pageFields(10, 50) });
export const OtcAdminAppealRow = OtcOrder.omit({ role: true }).extend({ buyerAccount: z.string(), sellerAccount: z.string() });
export type OtcAdminAppealRow = z.infer<typeof OtcAdminAppealRow>;
export const OtcAdminAppealPage = pageOf(OtcAdminAppealRow);
export const OtcAdminAppealDetail = z.object({ order: OtcAdminAppealRow, messages: z.array(OtcMessage), payment: OtcPaymentInfo.nullable() });
export type OtcAdminAppealDetail = z.infer<typeof OtcAdminAppealDetail>;
/** Release: coins to the buyer. Cancel: coins back to the seller. The reason is shown to both sides. */
export const OtcAdminDecisionRequest = z.strictObject({ orderId: id, action: z.enum(['release', 'cancel']), reason: z.string().trim().min(2).max(300) });
export type OtcAdminDecisionRequest = z.infer<typeof OtcAdminDecisionRequest>;
export const OtcSandboxExpireResult = z.object({ expired: z.number().int(), now: z.string() });
