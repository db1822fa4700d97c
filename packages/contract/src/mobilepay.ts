import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { DecimalString, LedgerDay } from './ledger';

/**
 * Payment by the two mobile payment providers (an Alipay-shaped and a WeChat-Pay-shaped one): the
 * payment a page shows as a QR code, its status poll, the providers' signed notifications, refunds,
 * the daily bill reconciliation and the back office's lists.
 */
export const MobilePayPath = {
  /** The payer's firm polls its payment (status, QR content, countdown). */
  status: '/api/mobilepay/status',
  /** Where each provider posts its signed notifications: `:channel` is alipay or wechat. */
  notify: '/api/mobilepay/notify/:channel',
  /** The sandbox provider's "scan to pay" page the QR code opens (outside production only). */
  sandboxPay: '/api/mobilepay/sandbox/:channel/pay/:tradeNo',
  adminPayments: '/api/admin/mobilepay/payments',
  adminRefunds: '/api/admin/mobilepay/refunds',
  /** Asks the provider for a payment's state now and applies a payment the notifications missed. */
  adminQuery: '/api/admin/mobilepay/payments/query',
  adminReconcile: '/api/admin/mobilepay/reconcile',
  adminDiffs: '/api/admin/mobilepay/reconcile/diffs',
  adminResolve: '/api/admin/mobilepay/reconcile/resolve',
  adminSandbox: '/api/admin/mobilepay/sandbox',
  adminSandboxControl: '/api/admin/mobilepay/sandbox/control',
} as const;

export const mobilePayNotifyPath = (channel: string) => MobilePayPath.notify.replace(':channel', channel);
export const mobilePaySandboxPayPath = (channel: string, tradeNo: string) =>
  MobilePayPath.sandboxPay.replace(':channel', channel).replace(':tradeNo', encodeURIComponent(tradeNo));

export const MobilePayCode = {
  unknownPayment: '-4501',
  notificationRefused: '-4502',
  amountMismatch: '-4503',
  notRefundable: '-4504',
  refundTooLarge: '-4505',
  providerBusy: '-4506',
  unknownChannel: '-4507',
  invalidAmount: '-4508',
} as const;

export const MOBILE_PAY_CHANNELS = ['alipay', 'wechat'] as const;
export const MobilePayChannel = z.enum(MOBILE_PAY_CHANNELS);
export type MobilePayChannel = z.infer<typeof MobilePayChannel>;

export const MOBILE_PAYMENT_STATUSES = ['pending', 'paid', 'closed', 'refunding', 'refunded'] as const;
export const MobilePaymentStatus = z.enum(MOBILE_PAYMENT_STATUSES);
export type MobilePaymentStatus = z.infer<typeof MobilePaymentStatus>;

export const MobileRefundStatus = z.enum(['pending', 'succeeded', 'failed']);
export type MobileRefundStatus = z.infer<typeof MobileRefundStatus>;

/** A payment waits this long for the payer to scan and pay before it is closed. */
export const MOBILE_PAYMENT_TTL_MS = 15 * 60_000;

const Id = z.string().regex(/^\d{1,18}$/);

export const MobilePaymentRequest = z.strictObject({ paymentId: Id });
export type MobilePaymentRequest = z.infer<typeof MobilePaymentRequest>;

/** What the payment panel shows. */
export const MobilePaymentView = z.object({
  paymentId: z.string(),
  channel: MobilePayChannel,
  status: MobilePaymentStatus,
  amount: DecimalString,
  subject: z.string(),
  qrContent: z.string(),
  payPageUrl: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
export type MobilePaymentView = z.infer<typeof MobilePaymentView>;

export const AdminMobilePaymentsRequest = z.strictObject({
  channel: MobilePayChannel.optional(),
  status: MobilePaymentStatus.optional(),
  keyword: z.string().trim().max(64).default(''),
  ...pageFields(),
});
export type AdminMobilePaymentsRequest = z.infer<typeof AdminMobilePaymentsRequest>;

export const AdminMobilePayment = z.object({
  paymentId: z.string(),
  channel: MobilePayChannel,
  purpose: z.string(),
  reference: z.string(),
  firmId: z.string(),
  userId: z.string(),
  amount: DecimalString,
  refundedAmount: DecimalString,
  subject: z.string(),
  outTradeNo: z.string(),
  providerTradeNo: z.string(),
  status: MobilePaymentStatus,
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMobilePayment = z.infer<typeof AdminMobilePayment>;
export const AdminMobilePaymentPage = pageOf(AdminMobilePayment);

export const AdminMobileRefundsRequest = z.strictObject({
  channel: MobilePayChannel.optional(),
  status: MobileRefundStatus.optional(),
  ...pageFields(),
});
export type AdminMobileRefundsRequest = z.infer<typeof AdminMobileRefundsRequest>;

export const AdminMobileRefund = z.object({
  refundId: z.string(),
  paymentId: z.string(),
  channel: MobilePayChannel,
  firmId: z.string(),
  outRefundNo: z.string(),
  providerRefundNo: z.string(),
  amount: DecimalString,
  reason: z.string(),
  reference: z.string(),
  status: MobileRefundStatus,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type AdminMobileRefund = z.infer<typeof AdminMobileRefund>;
export const AdminMobileRefundPage = pageOf(AdminMobileRefund);

export const AdminMobileReconcileRequest = z.strictObject({ channel: MobilePayChannel, day: LedgerDay });
export type AdminMobileReconcileRequest = z.infer<typeof AdminMobileReconcileRequest>;

export const MobileReconRun = z.object({ channel: MobilePayChannel, day: z.string(), matched: z.number().int(), differences: z.number().int(), ranAt: z.string() });
export type MobileReconRun = z.infer<typeof MobileReconRun>;

/**
 * `missing_on_platform`: the provider's bill has it, our record is not paid (or not there);
 * `missing_at_provider`: we count it paid, the bill does not; `amount_mismatch`: both, different amounts.
 */
export const MobileReconDiffKind = z.enum(['missing_on_platform', 'missing_at_provider', 'amount_mismatch']);
export type MobileReconDiffKind = z.infer<typeof MobileReconDiffKind>;

export const AdminMobileDiffsRequest = z.strictObject({ channel: MobilePayChannel.optional(), open: z.boolean().optional(), ...pageFields() });
export type AdminMobileDiffsRequest = z.infer<typeof AdminMobileDiffsRequest>;

export const MobileReconDiff = z.object({
  id: z.string(),
  channel: MobilePayChannel,
  day: z.string(),
  /** `payment` or `refund` line of the bill. */
  lineKind: z.enum(['payment', 'refund']),
  outTradeNo: z.string(),
  providerTradeNo: z.string(),
  kind: MobileReconDiffKind,
  providerAmount: DecimalString.nullable(),
  platformAmount: DecimalString.nullable(),
  platformStatus: z.string(),
  resolution: z.enum(['', 'applied', 'dismissed']),
  resolvedBy: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type MobileReconDiff = z.infer<typeof MobileReconDiff>;
export const MobileReconDiffPage = pageOf(MobileReconDiff);

/** `apply`: ask the provider and apply what it answers (money moves exactly once); `dismiss`: note it and close. */
export const AdminMobileResolveRequest = z.strictObject({ id: Id, action: z.enum(['apply', 'dismiss']), note: z.string().trim().max(200).default('') });
export type AdminMobileResolveRequest = z.infer<typeof AdminMobileResolveRequest>;

export const AdminMobileQueryRequest = z.strictObject({ paymentId: Id });

export const MobileSandboxState = z.object({ channel: MobilePayChannel, dropNotifications: z.number().int(), failRefunds: z.number().int(), pendingNotifications: z.number().int() });
export type MobileSandboxState = z.infer<typeof MobileSandboxState>;

/**
 * `dropNotifications`: the next `count` notifications are never delivered (the status poll and the
 * reconciliation must find the payment); `failRefunds`: the next `count` refunds fail at the provider;
 * `reset`: back to normal.
 */
export const MobileSandboxControlRequest = z.strictObject({
  channel: MobilePayChannel,
  action: z.enum(['dropNotifications', 'failRefunds', 'reset']),
  count: z.number().int().min(1).max(100).default(1),
});
export type MobileSandboxControlRequest = z.infer<typeof MobileSandboxControlRequest>;
