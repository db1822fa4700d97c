import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, blank, createdAt, firmIdColumn, identityKey, statusChange, timestamps, userIdColumn } from '../../platform/db/columns';

type Channel = 'alipay' | 'wechat';
type PaymentStatus = 'pending' | 'paid' | 'closed' | 'refunding' | 'refunded';
type RefundStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A payment a firm makes through a mobile payment provider for something another module sells
 * (`purpose` + `reference`, e.g. a mall order). `outTradeNo` is our number at the provider,
 * `providerTradeNo` the provider's own once it confirms the payment.
 */
export const mobilePayments = pgTable(
  'mobilepay_payments',
  {
    id: identityKey(),
    channel: text('channel').$type<Channel>().notNull(),
    purpose: text('purpose').notNull(),
    reference: text('reference').notNull(),
    firmId: firmIdColumn().notNull(),
    userId: userIdColumn().notNull(),
    amount: amount('amount').notNull(),
    refundedAmount: amount('refunded_amount').notNull().default('0'),
    subject: text('subject').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    providerTradeNo: blank('provider_trade_no'),
    status: text('status').$type<PaymentStatus>().notNull(),
    qrContent: text('qr_content').notNull(),
    payPageUrl: text('pay_page_url').notNull(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    /** When the status poll last asked the provider (it asks at most every few seconds). */
    queriedAt: at('queried_at'),
    /** Set when the purpose's handler refused the paid payment: the money stays in the firm's fund account. */
    handlerError: blank('handler_error'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('mobilepay_payments_out_trade_no_uq').on(t.outTradeNo),
    uniqueIndex('mobilepay_payments_provider_trade_no_uq').on(t.channel, t.providerTradeNo).where(sql`${t.providerTradeNo} <> ''`),
    index('mobilepay_payments_firm_idx').on(t.firmId, t.id),
    index('mobilepay_payments_reference_idx').on(t.purpose, t.reference),
    index('mobilepay_payments_status_idx').on(t.status, t.id),
    check('mobilepay_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A refund of (part of) a paid payment; its money is frozen until the provider answers. */
export const mobileRefunds = pgTable(
  'mobilepay_refunds',
  {
    id: identityKey(),
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    firmId: firmIdColumn().notNull(),
    outRefundNo: text('out_refund_no').notNull(),
    providerRefundNo: blank('provider_refund_no'),
    amount: amount('amount').notNull(),
    reason: blank('reason'),
    reference: blank('reference'),
    status: text('status').$type<RefundStatus>().notNull(),
    failReason: blank('fail_reason'),
    ...timestamps(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('mobilepay_refunds_out_refund_no_uq').on(t.outRefundNo),
    index('mobilepay_refunds_payment_idx').on(t.paymentId, t.id),
    index('mobilepay_refunds_status_idx').on(t.status, t.id),
    check('mobilepay_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Every notification that passed verification, with what it did (applied once, then duplicates). */
export const mobileNotifications = pgTable(
  'mobilepay_notifications',
  {
    id: identityKey(),
    channel: text('channel').$type<Channel>().notNull(),
    kind: text('kind').$type<'payment' | 'refund'>().notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    providerTradeNo: blank('provider_trade_no'),
    /** `refused`: verified, but its amount differs from our record. */
    outcome: text('outcome').$type<'applied' | 'duplicate' | 'unknown' | 'refused'>().notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [index('mobilepay_notifications_trade_idx').on(t.outTradeNo, t.id)],
);

/** Each state change of a payment or a refund: who, when, from, to, why. */
export const mobileHistory = pgTable(
  'mobilepay_history',
  {
    id: identityKey(),
    objectType: text('object_type').$type<'payment' | 'refund'>().notNull(),
    objectId: bigint('object_id', { mode: 'number' }).notNull(),
    ...statusChange(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('mobilepay_history_object_idx').on(t.objectType, t.objectId, t.id)],
);

/** One comparison of a provider's daily bill with the platform's payments and refunds. */
export const mobileReconRuns = pgTable(
  'mobilepay_recon_runs',
  {
    id: identityKey(),
    channel: text('channel').$type<Channel>().notNull(),
    day: text('day').notNull(),
    matched: integer('matched').notNull(),
    differences: integer('differences').notNull(),
    ranAt: at('ran_at').notNull(),
  },
  (t) => [index('mobilepay_recon_runs_idx').on(t.channel, t.day, t.id)],
);

/** A difference between a bill and the platform, flagged once and resolved by staff. */
export const mobileReconDiffs = pgTable(
  'mobilepay_recon_diffs',
  {
    id: identityKey(),
    channel: text('channel').$type<Channel>().notNull(),
    day: text('day').notNull(),
    lineKind: text('line_kind').$type<'payment' | 'refund'>().notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    providerTradeNo: blank('provider_trade_no'),
    kind: text('kind').$type<'missing_on_platform' | 'missing_at_provider' | 'amount_mismatch'>().notNull(),
    providerAmount: amount('provider_amount'),
    platformAmount: amount('platform_amount'),
    platformStatus: blank('platform_status'),
    resolution: text('resolution').$type<'' | 'applied' | 'dismissed'>().notNull().default(''),
    resolvedBy: blank('resolved_by'),
    note: blank('note'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [uniqueIndex('mobilepay_recon_diffs_uq').on(t.channel, t.lineKind, t.outTradeNo, t.kind), index('mobilepay_recon_diffs_open_idx').on(t.resolution, t.id)],
);

/**
 * The sandbox providers' own books, kept like a real provider keeps them: the orders they were
 * asked to collect, their refunds, and their keys (generated on first use, never in the code).
 */
export const sandboxMobileOrders = pgTable(
  'sandbox_mobilepay_orders',
  {
    id: identityKey(),
    channel: text('channel').$type<Channel>().notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    providerTradeNo: text('provider_trade_no').notNull(),
    amount: amount('amount').notNull(),
    subject: text('subject').notNull(),
    notifyPath: text('notify_path').notNull(),
    status: text('status').$type<'waiting' | 'paid' | 'closed'>().notNull(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_mobilepay_orders_uq').on(t.channel, t.outTradeNo), uniqueIndex('sandbox_mobilepay_orders_trade_uq').on(t.providerTradeNo)],
);

export const sandboxMobileRefunds = pgTable(
  'sandbox_mobilepay_refunds',
  {
    id: identityKey(),
    channel: text('channel').$type<Channel>().notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    outRefundNo: text('out_refund_no').notNull(),
    providerRefundNo: text('provider_refund_no').notNull(),
    amount: amount('amount').notNull(),
    status: text('status').$type<'processing' | 'succeeded' | 'failed'>().notNull(),
    notifyPath: text('notify_path').notNull(),
    createdAt: createdAt(),
    answeredAt: at('answered_at'),
  },
  (t) => [uniqueIndex('sandbox_mobilepay_refunds_uq').on(t.channel, t.outRefundNo)],
);

/** Key material of one sandbox side: `merchant` (the platform's signing key) or `provider` (the provider's). */
export const sandboxMobileKeys = pgTable(
  'sandbox_mobilepay_keys',
  {
    channel: text('channel').$type<Channel>().notNull(),
    side: text('side').$type<'merchant' | 'provider'>().notNull(),
    privateKeyPem: text('private_key_pem').notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    serialNo: text('serial_no').notNull(),
    /** WeChat's APIv3 key (32 bytes, base64) that encrypts notification resources; '' for Alipay. */
    symmetricKey: blank('symmetric_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_mobilepay_keys_pk').on(t.channel, t.side)],
);

/** What the back office and tests told a sandbox provider to do next. */
export const sandboxMobileControls = pgTable('sandbox_mobilepay_controls', {
  channel: text('channel').$type<Channel>().primaryKey(),
  dropNotifications: integer('drop_notifications').notNull().default(0),
  failRefunds: integer('fail_refunds').notNull().default(0),
  updatedAt: at('updated_at').notNull(),
});

export type PaymentRow = typeof mobilePayments.$inferSelect;
export type RefundRow = typeof mobileRefunds.$inferSelect;
