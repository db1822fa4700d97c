import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { namedCodes } from './named-codes';

/**
 * Integrals (积分): points a firm earns by the rules staff set (trades, first warehousing, daily
 * sign-in, mall purchases, approved reward applications) and spends in the integral shop. The
 * balance is the ledger currency `INTEGRAL`; points earned in a year and not spent expire at its end.
 */
export const IntegralPath = {
  /** The firm's balance, today's sign-in and the rules in force. */
  summary: '/api/integral/summary',
  /** The firm's integral journal lines, newest first. */
  history: '/api/integral/history',
  /** Once per user and day (Asia/Shanghai). */
  signIn: '/api/integral/sign-in',
  goods: '/api/integral/goods',
  goodsDetail: '/api/integral/goods/detail',
  /** Public while the goods are listed: the picture and its thumbnail. */
  goodsImage: '/api/integral/goods/image/:goodsId',
  goodsThumb: '/api/integral/goods/image/:goodsId/thumb',
  redeem: '/api/integral/redeem',
  redemptions: '/api/integral/redemptions',
  cancel: '/api/integral/redemption/cancel',
  receive: '/api/integral/redemption/receive',
  apply: '/api/integral/apply',
  applications: '/api/integral/applications',
  adminRules: '/api/admin/integral/rules',
  adminSaveRule: '/api/admin/integral/rules/save',
  adminGoods: '/api/admin/integral/goods',
  adminSaveGoods: '/api/admin/integral/goods/save',
  /** multipart/form-data, one JPG or PNG: a goods picture. */
  adminUpload: '/api/admin/integral/goods/upload',
  adminRedemptions: '/api/admin/integral/redemptions',
  adminShip: '/api/admin/integral/redemption/ship',
  adminApplications: '/api/admin/integral/applications',
  adminDecide: '/api/admin/integral/application/decide',
} as const;

export const integralImagePath = (goodsId: string, thumb = false) => (thumb ? IntegralPath.goodsThumb : IntegralPath.goodsImage).replace(':goodsId', goodsId);

/** The ledger currency of integrals: whole points. */
export const INTEGRAL_CURRENCY = 'INTEGRAL';

/** What earns points: the four rules staff configure, and staff-approved reward applications. */
export const IntegralRuleKey = namedCodes(['trade', 'firstWarehousing', 'signIn', 'mallPurchase'] as const, {
  trade: 'trade',
  firstWarehousing: 'firstWarehousing',
  signIn: 'signIn',
  mallPurchase: 'mallPurchase',
});
export type IntegralRuleKey = (typeof IntegralRuleKey)[number];
/** Rules whose points are per 1,000 yuan of the amount; the others award their points once per event. */
export const PER_THOUSAND_RULES: readonly IntegralRuleKey[] = ['trade', 'mallPurchase'];

/** Why points moved, as the history shows it. */
export const IntegralReason = namedCodes(['trade', 'firstWarehousing', 'signIn', 'mallPurchase', 'application', 'redeem', 'refund', 'expire'] as const, {
  trade: 'trade',
  firstWarehousing: 'firstWarehousing',
  signIn: 'signIn',
  mallPurchase: 'mallPurchase',
  application: 'application',
  redeem: 'redeem',
  refund: 'refund',
  expire: 'expire',
});
export type IntegralReason = (typeof IntegralReason)[number];

const Points = z.number().int().min(0).max(1_000_000);
const Id = z.string().regex(/^\d{1,18}$/);

export const IntegralRule = z.object({ key: z.enum(IntegralRuleKey), points: z.number().int(), enabled: z.boolean(), updatedAt: z.string() });
export type IntegralRule = z.infer<typeof IntegralRule>;
export const IntegralRuleList = z.array(IntegralRule);
export const SaveIntegralRule = z.strictObject({ key: z.enum(IntegralRuleKey), points: Points, enabled: z.boolean() });
export type SaveIntegralRule = z.infer<typeof SaveIntegralRule>;

export const IntegralSummary = z.object({
  /** Whole points, a decimal string like every ledger amount. */
  balance: z.string(),
  signedInToday: z.boolean(),
  rules: z.array(IntegralRule),
});
export type IntegralSummary = z.infer<typeof IntegralSummary>;

export const IntegralHistoryRequest = z.strictObject({ ...pageFields(10, 100) });
export type IntegralHistoryRequest = z.infer<typeof IntegralHistoryRequest>;
export const IntegralHistoryEntry = z.object({
  id: z.string(),
  reason: z.enum(IntegralReason),
  /** Signed: positive earned or refunded, negative spent or expired. */
  points: z.string(),
  balanceAfter: z.string(),
  businessRef: z.string().nullable(),
  createdAt: z.string(),
});
export type IntegralHistoryEntry = z.infer<typeof IntegralHistoryEntry>;
export const IntegralHistoryPage = pageOf(IntegralHistoryEntry);
export type IntegralHistoryPage = z.infer<typeof IntegralHistoryPage>;

export const SignInResult = z.object({ points: z.number().int(), balance: z.string() });
export type SignInResult = z.infer<typeof SignInResult>;

/** Goods status: T listed, O off the shelf. */
export const IntegralGoodsStatus = namedCodes(['T', 'O'] as const, { listed: 'T', offShelf: 'O' });
export type IntegralGoodsStatus = (typeof IntegralGoodsStatus)[number];

export const IntegralGoods = z.object({
  goodsId: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  points: z.number().int(),
  stock: z.number().int(),
  limitPerFirm: z.number().int(),
  status: z.enum(IntegralGoodsStatus),
  /** Pieces the caller's firm has redeemed (cancelled ones not counted); 0 for staff lists. */
  redeemedByFirm: z.number().int(),
});
export type IntegralGoods = z.infer<typeof IntegralGoods>;
export const IntegralGoodsPage = pageOf(IntegralGoods);
export type IntegralGoodsPage = z.infer<typeof IntegralGoodsPage>;
export const IntegralGoodsListRequest = z.strictObject({ ...pageFields(12, 100) });
export type IntegralGoodsListRequest = z.infer<typeof IntegralGoodsListRequest>;
export const IntegralGoodsIdRequest = z.strictObject({ goodsId: Id });
export type IntegralGoodsIdRequest = z.infer<typeof IntegralGoodsIdRequest>;

/** New goods without `goodsId`; `imageId` is an upload from `adminUpload`. */
export const SaveIntegralGoods = z.strictObject({
  goodsId: Id.optional(),
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(1000).default(''),
  imageId: z.string().max(64).optional(),
  points: z.number().int().min(1).max(10_000_000),
  stock: z.number().int().min(0).max(1_000_000),
  limitPerFirm: z.number().int().min(1).max(1_000_000),
  status: z.enum(IntegralGoodsStatus),
});
export type SaveIntegralGoods = z.infer<typeof SaveIntegralGoods>;

export const RedeemRequest = z.strictObject({ goodsId: Id, quantity: z.number().int().min(1).max(1000), consigneeId: Id });
export type RedeemRequest = z.infer<typeof RedeemRequest>;

/** Redemption status: W awaiting shipment (points spent), S shipped, T received, U cancelled (points refunded). */
export const RedemptionStatus = namedCodes(['W', 'S', 'T', 'U'] as const, { awaitingShipment: 'W', shipped: 'S', received: 'T', cancelled: 'U' });
export type RedemptionStatus = (typeof RedemptionStatus)[number];

export const Redemption = z.object({
  redemptionId: z.string(),
  goodsId: z.string(),
  goodsName: z.string(),
  thumbUrl: z.string().nullable(),
  quantity: z.number().int(),
  points: z.number().int(),
  status: z.enum(RedemptionStatus),
  recipients: z.string(),
  recipientsCellphone: z.string(),
  region: z.string(),
  addressName: z.string(),
  postCode: z.string(),
  trackingNo: z.string(),
  firmName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Redemption = z.infer<typeof Redemption>;
export const RedemptionPage = pageOf(Redemption);
export type RedemptionPage = z.infer<typeof RedemptionPage>;
export const RedemptionListRequest = z.strictObject({ status: z.enum(RedemptionStatus).optional(), ...pageFields(10, 100) });
export type RedemptionListRequest = z.infer<typeof RedemptionListRequest>;
export const RedemptionIdRequest = z.strictObject({ redemptionId: Id });
export type RedemptionIdRequest = z.infer<typeof RedemptionIdRequest>;
export const IntegralShipRequest = z.strictObject({ redemptionId: Id, trackingNo: z.string().trim().min(4).max(40) });
export type IntegralShipRequest = z.infer<typeof IntegralShipRequest>;

/** Reward application status: W awaiting review, T approved (points awarded), F rejected. */
export const RewardApplicationStatus = namedCodes(['W', 'T', 'F'] as const, { pending: 'W', approved: 'T', rejected: 'F' });
export type RewardApplicationStatus = (typeof RewardApplicationStatus)[number];

export const RewardApplyRequest = z.strictObject({ reason: z.string().trim().min(4).max(500) });
export type RewardApplyRequest = z.infer<typeof RewardApplyRequest>;
export const RewardApplication = z.object({
  applicationId: z.string(),
  firmName: z.string(),
  reason: z.string(),
  status: z.enum(RewardApplicationStatus),
  points: z.number().int(),
  decisionReason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string(),
});
export type RewardApplication = z.infer<typeof RewardApplication>;
export const RewardApplicationPage = pageOf(RewardApplication);
export type RewardApplicationPage = z.infer<typeof RewardApplicationPage>;
export const RewardApplicationListRequest = z.strictObject({ status: z.enum(RewardApplicationStatus).optional(), ...pageFields(10, 100) });
export type RewardApplicationListRequest = z.infer<typeof RewardApplicationListRequest>;
/** Approve with the points to award, or reject with the reason the firm reads. */
export const RewardDecisionRequest = z.strictObject({
  applicationId: Id,
  approve: z.boolean(),
  points: z.number().int().min(1).max(1_000_000).optional(),
  reason: z.string().trim().max(200).default(''),
});
export type RewardDecisionRequest = z.infer<typeof RewardDecisionRequest>;

/** Published by the mall when an order completes; the integral shop awards its purchase points. */
export const MALL_ORDER_COMPLETED = 'mall.order.completed';
export const MallOrderCompleted = z.object({ orderId: z.union([z.string(), z.number()]).transform(String), buyerFirmId: z.union([z.string(), z.number()]).transform(String), amount: z.string() });
export type MallOrderCompleted = z.infer<typeof MallOrderCompleted>;
