import type { MobilePayChannel } from '@tp/contract';

/** What a provider's notification (or its answer to a query) says about one of our payments or refunds. */
export type ProviderNotice =
  | { kind: 'payment'; outTradeNo: string; providerTradeNo: string; amount: string; state: 'paid' | 'closed'; at: Date }
  | { kind: 'refund'; outTradeNo: string; outRefundNo: string; providerRefundNo: string; amount: string; state: 'succeeded' | 'failed'; at: Date };

/** A payment as the provider's order query reports it. */
export interface ProviderOrder {
  state: 'waiting' | 'paid' | 'closed' | 'unknown';
  providerTradeNo: string;
  amount: string;
  paidAt: Date | null;
}

/** One line of a provider's daily bill: a collected payment or a refund paid out that day. */
export interface BillLine {
  kind: 'payment' | 'refund';
  outTradeNo: string;
  providerTradeNo: string;
  /** Our refund number for a refund line, '' for a payment. */
  outRefundNo: string;
  amount: string;
}

/** An HTTP request as it reached our notify endpoint: the raw body (signatures cover its exact bytes). */
export interface InboundNotification {
  headers: Readonly<Record<string, string | undefined>>;
  rawBody: string;
}

/** How we answer the provider: each expects its own words, or it sends again. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A mobile payment provider as the platform sees it. The Alipay- and WeChat-Pay-shaped clients in
 * this folder implement it over their gateways; the sandbox providers ship a gateway of each shape.
 */
export interface MobilePayProvider {
  readonly channel: MobilePayChannel;
  /** Opens a QR-code payment: `qrContent` is what the payer scans, `payPageUrl` the page it opens. */
  createPayment(input: { outTradeNo: string; amount: string; subject: string; expiresAt: Date; notifyUrl: string }): Promise<{ qrContent: string; payPageUrl: string }>;
  /** Verifies the signature (and freshness) and reads the notification; throws `NotificationRejected` otherwise. */
  parseNotification(input: InboundNotification, now: Date): ProviderNotice;
  ack(accepted: boolean, message?: string): NotificationAck;
  queryOrder(outTradeNo: string): Promise<ProviderOrder>;
  /** Closes an unpaid order so it can no longer be paid. */
  closeOrder(outTradeNo: string): Promise<void>;
  /** Asks for a refund; the answer comes as a refund notification (or a later refund query). */
  refund(input: { outTradeNo: string; outRefundNo: string; amount: string; total: string; reason: string; notifyUrl: string }): Promise<void>;
  queryRefund(outTradeNo: string, outRefundNo: string): Promise<ProviderNotice | undefined>;
  /** The bill of a day (Asia/Shanghai, `YYYY-MM-DD`). */
  bill(day: string): Promise<BillLine[]>;
}

/** A notification that failed verification: bad signature, stale timestamp, wrong merchant, unreadable body. */
export class NotificationRejected extends Error {
  constructor(readonly reason: 'signature' | 'stale' | 'merchant' | 'malformed') {
    super(`notification rejected: ${reason}`);
    this.name = 'NotificationRejected';
  }
}

/** The provider answered a call with an error (or not at all). */
export class ProviderCallFailed extends Error {
  constructor(readonly providerCode: string, message: string) {
    super(message);
    this.name = 'ProviderCallFailed';
  }
}

/** `key=value&...` of the non-empty parameters sorted by key: what Alipay (RSA2) signs. */
export function sortedQueryString(params: Readonly<Record<string, string | undefined>>, omit: readonly string[] = []): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}
