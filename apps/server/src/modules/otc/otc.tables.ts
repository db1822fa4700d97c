import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OtcAdSide, OtcAppealStatus, OtcMerchantStatus, OtcNoticeKind, OtcOrderStatus, OtcPayMethod, OtcPriceType } from '@tp/contract';
import { amount, at, blank, createdAt, identityKey, statusChange, timestamps, userIdColumn } from '../../platform/db/columns';

/** A numeric id of another row or user, under its own column name. */
const idColumn = (name: string) => bigint(name, { mode: 'number' });

/** A user's fiat identity: the nickname (set once) and the contact settings counterparts read. */
export const otcProfiles = pgTable(
  'otc_profiles',
  {
    userId: userIdColumn().primaryKey(),
    nickname: text('nickname'),
    mobile: blank('mobile'),
    email: blank('email'),
    qq: blank('qq'),
    wechat: blank('wechat'),
    whatsapp: blank('whatsapp'),
    others: blank('others'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('otc_profiles_nickname_uq').on(t.nickname)],
);

/** How a seller is paid: a bank card, Alipay or WeChat, per fiat currency. */
export const otcPaymentMethods = pgTable(
  'otc_payment_methods',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    method: text('method').$type<OtcPayMethod>().notNull(),
    currency: text('currency').notNull(),
    accountName: text('account_name').notNull(),
    account: text('account').notNull(),
    bankName: blank('bank_name'),
    bankBranch: blank('bank_branch'),
    qrImageId: blank('qr_image_id'),
    remarks: blank('remarks'),
    deleted: boolean('deleted').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('otc_payment_methods_user_idx').on(t.userId, t.currency)],
);

/** Pictures uploaded for fiat trading (QR codes, proofs, chat, evidence, merchant documents) and who uploaded them. */
export const otcImages = pgTable(
  'otc_images',
  {
    uploadId: text('upload_id').primaryKey(),
    userId: userIdColumn().notNull(),
    /** The firm the upload is filed under (the upload store's owner), to open it for a counterpart. */
    firmId: text('firm_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('otc_images_user_idx').on(t.userId)],
);

export const otcMerchants = pgTable(
  'otc_merchants',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    status: text('status').$type<Exclude<OtcMerchantStatus, 'none'>>().notNull(),
    documents: jsonb('documents').$type<string[]>().notNull(),
    asset: text('asset').notNull(),
    deposit: amount('deposit').notNull(),
    reason: blank('reason'),
    reviewedBy: blank('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    ...timestamps(),
  },
  (t) => [
    index('otc_merchants_user_idx').on(t.userId, t.id),
    // One live application or membership per user; rejected and quit ones stay as history.
    uniqueIndex('otc_merchants_open_uq').on(t.userId).where(sql`${t.status} in ('submitted', 'approved')`),
    check('otc_merchants_status', sql`${t.status} in ('submitted', 'approved', 'rejected', 'quit')`),
  ],
);

export const otcAds = pgTable(
  'otc_ads',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    side: text('side').$type<OtcAdSide>().notNull(),
    coin: text('coin').notNull(),
    currency: text('currency').notNull(),
    priceType: text('price_type').$type<OtcPriceType>().notNull(),
    price: amount('price').notNull(),
    floatPercent: amount('float_percent').notNull(),
    minAmount: amount('min_amount').notNull(),
    maxAmount: amount('max_amount').notNull(),
    totalVolume: amount('total_volume').notNull(),
    /** Coins still open to new orders; a sell ad holds exactly this much in its owner's frozen fiat book. */
    remaining: amount('remaining').notNull(),
    paymentMethods: jsonb('payment_methods').$type<OtcPayMethod[]>().notNull(),
    note: blank('note'),
    seniorRequired: boolean('senior_required').notNull(),
    status: text('status').$type<'active' | 'withdrawn'>().notNull(),
    takenDownReason: blank('taken_down_reason'),
    ...timestamps(),
  },
  (t) => [
    index('otc_ads_market_idx').on(t.status, t.side, t.coin, t.currency),
    index('otc_ads_user_idx').on(t.userId, t.id),
    check('otc_ads_remaining', sql`${t.remaining} >= 0`),
  ],
);

export const otcOrders = pgTable(
  'otc_orders',
  {
    id: identityKey(),
    orderNo: text('order_no').notNull(),
    adId: idColumn('ad_id').notNull(),
    adSide: text('ad_side').$type<OtcAdSide>().notNull(),
    buyerUserId: idColumn('buyer_user_id').notNull(),
    sellerUserId: idColumn('seller_user_id').notNull(),
    /** The ad's owner, one of the two. */
    merchantUserId: idColumn('merchant_user_id').notNull(),
    coin: text('coin').notNull(),
    currency: text('currency').notNull(),
    volume: amount('volume').notNull(),
    amount: amount('amount').notNull(),
    price: amount('price').notNull(),
    paymentMethod: text('payment_method').$type<OtcPayMethod>().notNull(),
    /** The seller's payment setting the buyer pays to, copied at ordering so a later edit never redirects a payment. */
    payment: jsonb('payment').$type<Record<string, string>>().notNull(),
    remarks: blank('remarks'),
    status: text('status').$type<OtcOrderStatus>().notNull(),
    appealStatus: text('appeal_status').$type<OtcAppealStatus>().notNull().default('none'),
    appealType: blank('appeal_type'),
    appealReason: blank('appeal_reason'),
    appealBy: text('appeal_by').$type<'' | 'buyer' | 'seller'>().notNull().default(''),
    appealImages: jsonb('appeal_images').$type<string[]>().notNull().default([]),
    appealDecision: text('appeal_decision').$type<'' | 'release' | 'cancel'>().notNull().default(''),
    appealDecisionReason: blank('appeal_decision_reason'),
    appealDecidedBy: blank('appeal_decided_by'),
    proofImageId: blank('proof_image_id'),
    cancelledBy: blank('cancelled_by'),
    cancelReason: blank('cancel_reason'),
    expireAt: at('expire_at').notNull(),
    paidAt: at('paid_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    appealAt: at('appeal_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('otc_orders_no_uq').on(t.orderNo),
    index('otc_orders_buyer_idx').on(t.buyerUserId, t.id),
    index('otc_orders_seller_idx').on(t.sellerUserId, t.id),
    index('otc_orders_merchant_idx').on(t.merchantUserId, t.status),
    index('otc_orders_ad_idx').on(t.adId, t.status),
    index('otc_orders_status_idx').on(t.status, t.expireAt),
    check('otc_orders_status', sql`${t.status} in ('unpaid', 'paid', 'completed', 'cancelled', 'appeal', 'expired', 'invalid')`),
  ],
);

/** Every state change of an order: who, when, from, to, why. */
export const otcOrderHistory = pgTable(
  'otc_order_history',
  {
    id: identityKey(),
    orderId: idColumn('order_id').notNull(),
    ...statusChange<OtcOrderStatus>(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('otc_order_history_order_idx').on(t.orderId, t.id)],
);

export const otcMessages = pgTable(
  'otc_messages',
  {
    id: identityKey(),
    orderId: idColumn('order_id').notNull(),
    senderKind: text('sender_kind').$type<'user' | 'staff'>().notNull(),
    senderId: text('sender_id').notNull(),
    body: blank('body'),
    imageId: blank('image_id'),
    createdAt: createdAt(),
  },
  (t) => [index('otc_messages_order_idx').on(t.orderId, t.id)],
);

/** The user's notification list of fiat events. */
export const otcNotices = pgTable(
  'otc_notices',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    kind: text('kind').$type<OtcNoticeKind>().notNull(),
    orderId: idColumn('order_id'),
    orderNo: blank('order_no'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otc_notices_user_idx').on(t.userId, t.id)],
);
