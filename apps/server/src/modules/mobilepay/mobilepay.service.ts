import { randomBytes } from 'node:crypto';
import { Decimal } from '@tp/decimal';
import {
  JournalType,
  MOBILE_PAYMENT_TTL_MS,
  WsTopic,
  mobilePayNotifyPath,
  type AdminMobilePayment,
  type AdminMobilePaymentsRequest,
  type AdminMobileRefund,
  type AdminMobileRefundsRequest,
  type MobilePayChannel,
  type MobilePaymentStatus,
  type MobilePaymentView,
  type Page,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import type { AuthContext } from '../../platform/http/index';
import type { Scheduler } from '../../platform/scheduler/index';
import { FUND_CURRENCY, PLATFORM_OWNER, Postings, firmFund, firmFundPair, type AccountRef, type LedgerService } from '../ledger/index';
import { InvalidPaymentAmountError, NotRefundableError, ProviderBusyError, RefundTooLargeError, UnknownChannelError, UnknownPaymentError } from './mobilepay.errors';
import * as repo from './mobilepay.repo';
import { NotificationRejected, ProviderCallFailed, type InboundNotification, type MobilePayProvider, type NotificationAck, type ProviderNotice } from './providers/provider';

export type { MobilePayChannel };

/** What a purpose's handler is told when its payment is confirmed. */
export interface MobilePaidEvent {
  paymentId: string;
  purpose: string;
  reference: string;
  firmId: string;
  amount: string;
  channel: MobilePayChannel;
}

/**
 * Pays the purpose's object (e.g. a mall order) from the firm's fund account, which the payment has
 * just credited, in the same transaction. Throwing leaves the money in the fund account.
 */
export interface MobilePayPurposeHandler {
  onPaid(tx: DbOrTx, event: MobilePaidEvent): Promise<void>;
}

export interface CreateMobilePaymentInput {
  channel: MobilePayChannel;
  purpose: string;
  reference: string;
  firmId: string;
  userId: string;
  amount: string;
  subject: string;
}

export interface RefundMobilePaymentInput {
  paymentId: string;
  amount: string;
  reason: string;
  /** The caller's own reference (e.g. a return's id); the same reference twice is one refund. */
  reference: string;
}

export const MobilePayJobs = {
  /** At a payment's expiry: a last query, then the order is closed at the provider. */
  expire: 'mobilepay.expire',
  /** Hands a refund to its provider after the transaction that asked for it commits. */
  refund: 'mobilepay.refund.submit',
  /** Asks the provider about a refund whose notification has not come. */
  refundCheck: 'mobilepay.refund.check',
  reconcile: 'mobilepay.reconcile',
} as const;

export const MobilePayEvents = { changed: 'mobilepay.changed' } as const;

export const CLEARING_KIND: Readonly<Record<MobilePayChannel, string>> = {
  alipay: 'mobilepay_clearing_alipay',
  wechat: 'mobilepay_clearing_wechat',
};

/** The platform's account mirroring what a provider holds for us; it runs negative by what it collected. */
export const clearingAccount = (channel: MobilePayChannel): AccountRef => ({ ...PLATFORM_OWNER, currency: FUND_CURRENCY, kind: CLEARING_KIND[channel] });

export interface MobilePayServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  /** The providers in use; a channel without one is not offered. */
  providers: Readonly<Partial<Record<MobilePayChannel, MobilePayProvider>>>;
  scheduler: Pick<Scheduler, 'schedule'>;
  publisher: Pick<OutboxPublisher, 'flush'>;
  /** The address providers post notifications to (this server as the outside sees it). */
  publicUrl: string;
}

const REFUND_CHECK_AFTER_MS = 60_000;
/** The status poll asks the provider itself at most this often per payment. */
const POLL_QUERY_EVERY_MS = 5_000;

export function createMobilePayService(deps: MobilePayServiceDeps) {
  const { db, clock, ledger } = deps;
  const handlers = new Map<string, MobilePayPurposeHandler>();

  const providerOf = (channel: string): MobilePayProvider => {
    const provider = deps.providers[channel as MobilePayChannel];
    if (!provider) throw new UnknownChannelError();
    return provider;
  };
  const notifyUrl = (channel: MobilePayChannel) => `${deps.publicUrl}${mobilePayNotifyPath(channel)}`;
  const serial = (prefix: string) => `${prefix}${clock.now().getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
  const money = (value: string) => Decimal.parse(value).toString();

  async function history(tx: DbOrTx, objectType: 'payment' | 'refund', objectId: number, from: string, to: string, actor: string, reason = ''): Promise<void> {
    await repo.insertHistory(tx, { objectType, objectId, fromStatus: from, toStatus: to, actor, reason, createdAt: clock.now() });
  }

  async function push(tx: DbOrTx, payment: repo.PaymentRow, status: MobilePaymentStatus): Promise<void> {
    await appendEvent(tx, {
      type: MobilePayEvents.changed,
      topic: WsTopic.firm(String(payment.firmId)),
      push: 'order',
      payload: { kind: 'mobilePayment', paymentId: String(payment.id), purpose: payment.purpose, reference: payment.reference, status },
    });
  }

  function registerMobilePayPurpose(purpose: string, handler: MobilePayPurposeHandler): void {
    handlers.set(purpose, handler);
  }

  /** Opens a payment at the provider and records it in the caller's transaction (or on its own). */
  async function createMobilePayment(tx: DbOrTx, input: CreateMobilePaymentInput): Promise<{ paymentId: string; qrContent: string; payPageUrl: string; expiresAt: string }> {
    const provider = providerOf(input.channel);
    const amount = /^\d{1,16}(\.\d{1,2})?$/.test(input.amount) ? Decimal.parse(input.amount) : undefined;
    if (!amount?.isPositive()) throw new InvalidPaymentAmountError();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + MOBILE_PAYMENT_TTL_MS);
    const outTradeNo = serial(input.channel === 'alipay' ? 'MPA' : 'MPW');
    const subject = input.subject.slice(0, 120);
    let opened: { qrContent: string; payPageUrl: string };
    try {
      opened = await provider.createPayment({ outTradeNo, amount: amount.toString(), subject, expiresAt, notifyUrl: notifyUrl(input.channel) });
    } catch (err) {
      if (err instanceof ProviderCallFailed) throw new ProviderBusyError();
      throw err;
    }
    const row = await repo.insertPayment(tx, {
      channel: input.channel,
      purpose: input.purpose,
      reference: input.reference,
      firmId: Number(input.firmId),
      userId: Number(input.userId),
      amount: amount.toString(),
      subject,
      outTradeNo,
      status: 'pending',
      qrContent: opened.qrContent,
      payPageUrl: opened.payPageUrl,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await history(tx, 'payment', row.id, '', 'pending', `user:${input.userId}`);
    // A payment nobody pays is closed at its expiry, once, by whichever instance runs the job.
    await deps.scheduler.schedule(tx, { name: MobilePayJobs.expire, key: String(row.id), runAt: expiresAt, payload: { paymentId: row.id }, maxAttempts: 20 });
    return { paymentId: String(row.id), qrContent: opened.qrContent, payPageUrl: opened.payPageUrl, expiresAt: expiresAt.toISOString() };
  }

  async function mobilePaymentStatus(tx: DbOrTx, paymentId: string): Promise<MobilePaymentStatus> {
    const row = /^\d{1,15}$/.test(paymentId) ? await repo.paymentById(tx, Number(paymentId)) : undefined;
    if (!row) throw new UnknownPaymentError();
    return row.status;
  }

  // ---- what providers say: one path for notifications, queries and reconciliation ------------

  type Outcome = 'applied' | 'duplicate' | 'unknown' | 'refused';

  async function applyPayment(tx: DbOrTx, notice: Extract<ProviderNotice, { kind: 'payment' }>, actor: string): Promise<Outcome> {
    const payment = await repo.paymentByOutTradeNo(tx, notice.outTradeNo, true);
    if (!payment) return 'unknown';
    if (notice.state === 'closed') {
      if (payment.status !== 'pending') return 'duplicate';
      await repo.updatePayment(tx, payment.id, { status: 'closed', updatedAt: clock.now() });
      await history(tx, 'payment', payment.id, 'pending', 'closed', actor, 'closed at the provider');
      await push(tx, payment, 'closed');
      return 'applied';
    }
    // Paid once: later deliveries of the same trade change nothing.
    if (payment.paidAt) return 'duplicate';
    if (!Decimal.parse(notice.amount).eq(payment.amount)) return 'refused';
    const amount = money(payment.amount);
    const channel = payment.channel;
    const now = clock.now();
    await ledger.post(tx, {
      idempotencyKey: `mobilepay.pay:${payment.id}`,
      type: JournalType.mobilepayPay,
      description: notice.providerTradeNo,
      businessRef: String(payment.id),
      postings: [
        { account: clearingAccount(channel), amount: `-${amount}` },
        { account: firmFund(payment.firmId), amount },
      ],
    });
    await repo.updatePayment(tx, payment.id, { status: 'paid', providerTradeNo: notice.providerTradeNo, paidAt: notice.at.getTime() > 0 ? notice.at : now, updatedAt: now });
    await history(tx, 'payment', payment.id, payment.status, 'paid', actor);
    const handler = handlers.get(payment.purpose);
    if (handler) {
      const event: MobilePaidEvent = { paymentId: String(payment.id), purpose: payment.purpose, reference: payment.reference, firmId: String(payment.firmId), amount, channel };
      try {
        // A savepoint: an order that can no longer be paid (cancelled meanwhile) leaves the money credited.
        await tx.transaction((inner) => handler.onPaid(inner as unknown as DbOrTx, event));
      } catch (err) {
        await repo.updatePayment(tx, payment.id, { handlerError: (err instanceof Error ? err.message : String(err)).slice(0, 500) });
      }
    }
    await push(tx, payment, 'paid');
    return 'applied';
  }

  /** The payment's status after its refunds: refunded in full, still refunding, or paid. */
  async function settledStatus(tx: DbOrTx, payment: repo.PaymentRow, refunded: Decimal): Promise<MobilePaymentStatus> {
    if (refunded.gte(payment.amount)) return 'refunded';
    const refunds = await repo.refundsOfPayment(tx, payment.id);
    return refunds.some((r) => r.status === 'pending') ? 'refunding' : 'paid';
  }

  async function applyRefund(tx: DbOrTx, notice: Extract<ProviderNotice, { kind: 'refund' }>, actor: string): Promise<Outcome> {
    const found = await repo.refundByOutRefundNo(tx, notice.outRefundNo);
    if (!found) return 'unknown';
    // Payment before refund, always: the same lock order as a new refund takes.
    const payment = await repo.paymentById(tx, found.paymentId, true);
    const refund = await repo.refundById(tx, found.id, true);
    if (!payment || !refund) return 'unknown';
    if (refund.status !== 'pending') return 'duplicate';
    if (notice.state === 'succeeded' && !Decimal.parse(notice.amount).eq(refund.amount)) return 'refused';
    const amount = money(refund.amount);
    const now = clock.now();
    let refunded = Decimal.parse(payment.refundedAmount);
    if (notice.state === 'succeeded') {
      await ledger.post(tx, {
        idempotencyKey: `mobilepay.refund:${refund.id}`,
        type: JournalType.mobilepayRefund,
        description: notice.providerRefundNo,
        businessRef: String(payment.id),
        postings: Postings.settleFrozen({ from: firmFund(payment.firmId, 'frozen'), to: clearingAccount(payment.channel), amount }),
      });
      refunded = refunded.add(amount);
      await repo.updateRefund(tx, refund.id, { status: 'succeeded', providerRefundNo: notice.providerRefundNo, settledAt: notice.at.getTime() > 0 ? notice.at : now, updatedAt: now });
    } else {
      await ledger.post(tx, {
        idempotencyKey: `mobilepay.refund.release:${refund.id}`,
        type: JournalType.mobilepayRefundRelease,
        description: notice.providerRefundNo,
        businessRef: String(payment.id),
        postings: Postings.release(firmFundPair(payment.firmId), amount),
      });
      await repo.updateRefund(tx, refund.id, { status: 'failed', providerRefundNo: notice.providerRefundNo, failReason: 'refused by the provider', updatedAt: now });
    }
    await history(tx, 'refund', refund.id, 'pending', notice.state === 'succeeded' ? 'succeeded' : 'failed', actor);
    const status = await settledStatus(tx, payment, refunded);
    await repo.updatePayment(tx, payment.id, { refundedAmount: refunded.toString(), status, updatedAt: now });
    if (status !== payment.status) await history(tx, 'payment', payment.id, payment.status, status, actor);
    await push(tx, payment, status);
    return 'applied';
  }

  /** Applies what a provider said, once; `tx` when the caller already holds one. */
  async function applyNotice(notice: ProviderNotice, actor: string, tx?: DbOrTx): Promise<Outcome> {
    const work = (t: DbOrTx) => (notice.kind === 'payment' ? applyPayment(t, notice, actor) : applyRefund(t, notice, actor));
    const outcome = tx ? await work(tx) : await withTransaction(db, work);
    if (!tx) await deps.publisher.flush();
    return outcome;
  }

  /** A provider's notification as it reached the notify endpoint; the answer is what the provider expects. */
  async function notify(channel: string, inbound: InboundNotification): Promise<NotificationAck> {
    const provider = providerOf(channel);
    let notice: ProviderNotice;
    try {
      notice = provider.parseNotification(inbound, clock.now());
    } catch (err) {
      if (err instanceof NotificationRejected) return provider.ack(false, err.reason);
      throw err;
    }
    const outcome = await withTransaction(db, async (tx) => {
      const result = await applyNotice(notice, `provider:${channel}`, tx);
      await repo.insertNotification(tx, {
        channel: provider.channel,
        kind: notice.kind,
        outTradeNo: notice.outTradeNo,
        providerTradeNo: notice.kind === 'payment' ? notice.providerTradeNo : notice.providerRefundNo,
        outcome: result,
        payload: { ...notice, at: notice.at.toISOString() },
        receivedAt: clock.now(),
      });
      return result;
    });
    await deps.publisher.flush();
    // A refused amount is not ours to accept; an unknown trade is answered so the provider stops.
    return outcome === 'refused' ? provider.ack(false, 'amount') : provider.ack(true);
  }

  /** Asks the provider about a pending payment and applies a payment it confirms (late or lost notifications). */
  async function queryAndApply(payment: repo.PaymentRow, actor: string): Promise<Outcome | 'waiting'> {
    const order = await providerOf(payment.channel).queryOrder(payment.outTradeNo);
    if (order.state !== 'paid') return 'waiting';
    return applyNotice({ kind: 'payment', outTradeNo: payment.outTradeNo, providerTradeNo: order.providerTradeNo, amount: order.amount, state: 'paid', at: order.paidAt ?? clock.now() }, actor);
  }

  function toView(row: repo.PaymentRow): MobilePaymentView {
    return {
      paymentId: String(row.id),
      channel: row.channel,
      status: row.status,
      amount: Decimal.parse(row.amount).toFixed(2),
      subject: row.subject,
      qrContent: row.qrContent,
      payPageUrl: row.payPageUrl,
      expiresAt: row.expiresAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  }

  /** The payer's firm reads its payment; a pending one is checked with the provider every few seconds. */
  async function view(auth: AuthContext, paymentId: string): Promise<MobilePaymentView> {
    let row = await repo.paymentById(db, Number(paymentId));
    if (!row || String(row.firmId) !== String(auth.firmId)) throw new UnknownPaymentError();
    const now = clock.now();
    if (row.status === 'pending' && (!row.queriedAt || now.getTime() - row.queriedAt.getTime() >= POLL_QUERY_EVERY_MS)) {
      await repo.updatePayment(db, row.id, { queriedAt: now });
      try {
        if ((await queryAndApply(row, 'query')) === 'applied') row = (await repo.paymentById(db, row.id)) ?? row;
      } catch (err) {
        // The provider unreachable: the page keeps polling, the notification may still come.
        if (!(err instanceof ProviderCallFailed)) throw err;
      }
    }
    return toView(row);
  }

  // ---- refunds ----------------------------------------------------------------------------------

  /**
   * Refunds (part of) a paid payment to the payer, in the caller's transaction. The money must be
   * back in the payer firm's fund account (available) first, e.g. the cancelled order's payment
   * returned: it is held there until the provider answers, then paid back to the provider's
   * clearing account (or released if the provider refuses).
   */
  async function refundMobilePayment(tx: DbOrTx, input: RefundMobilePaymentInput): Promise<{ refundId: string }> {
    const payment = /^\d{1,15}$/.test(input.paymentId) ? await repo.paymentById(tx, Number(input.paymentId), true) : undefined;
    if (!payment) throw new UnknownPaymentError();
    const amount = /^\d{1,16}(\.\d{1,2})?$/.test(input.amount) ? Decimal.parse(input.amount) : undefined;
    if (!amount?.isPositive()) throw new InvalidPaymentAmountError();
    const refunds = await repo.refundsOfPayment(tx, payment.id);
    const same = input.reference ? refunds.find((r) => r.reference === input.reference && r.status !== 'failed') : undefined;
    if (same) return { refundId: String(same.id) };
    if (payment.status !== 'paid' && payment.status !== 'refunding') throw new NotRefundableError();
    const committed = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum.add(r.amount), Decimal.ZERO);
    if (committed.add(amount).gt(payment.amount)) throw new RefundTooLargeError();
    const now = clock.now();
    const refund = await repo.insertRefund(tx, {
      paymentId: payment.id,
      channel: payment.channel,
      firmId: payment.firmId,
      outRefundNo: serial('MPR'),
      amount: amount.toString(),
      reason: input.reason.slice(0, 200),
      reference: input.reference.slice(0, 100),
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    // The money going back is held from now on, so it is still there when the provider pays it out.
    await ledger.post(tx, {
      idempotencyKey: `mobilepay.refund.freeze:${refund.id}`,
      type: JournalType.mobilepayRefundFreeze,
      description: refund.outRefundNo,
      businessRef: String(payment.id),
      postings: Postings.freeze(firmFundPair(payment.firmId), amount.toString()),
    });
    await history(tx, 'refund', refund.id, '', 'pending', 'system', input.reason);
    if (payment.status !== 'refunding') {
      await repo.updatePayment(tx, payment.id, { status: 'refunding', updatedAt: now });
      await history(tx, 'payment', payment.id, payment.status, 'refunding', 'system', input.reason);
    }
    await deps.scheduler.schedule(tx, { name: MobilePayJobs.refund, key: String(refund.id), runAt: now, payload: { refundId: refund.id }, maxAttempts: 20 });
    await deps.scheduler.schedule(tx, { name: MobilePayJobs.refundCheck, key: String(refund.id), runAt: new Date(now.getTime() + REFUND_CHECK_AFTER_MS), payload: { refundId: refund.id }, maxAttempts: 30 });
    return { refundId: String(refund.id) };
  }

  /** Job: hands a refund to its provider. A provider's refusal fails it (the money is released); no answer retries. */
  async function submitRefund(refundId: number): Promise<void> {
    const refund = await repo.refundById(db, refundId);
    if (!refund || refund.status !== 'pending') return;
    const payment = await repo.paymentById(db, refund.paymentId);
    if (!payment) return;
    try {
      await providerOf(refund.channel).refund({
        outTradeNo: payment.outTradeNo,
        outRefundNo: refund.outRefundNo,
        amount: money(refund.amount),
        total: money(payment.amount),
        reason: refund.reason,
        notifyUrl: notifyUrl(refund.channel),
      });
    } catch (err) {
      if (err instanceof ProviderCallFailed && err.providerCode !== 'unreachable' && err.providerCode !== 'sign') {
        await applyNotice({ kind: 'refund', outTradeNo: payment.outTradeNo, outRefundNo: refund.outRefundNo, providerRefundNo: '', amount: money(refund.amount), state: 'failed', at: clock.now() }, 'system');
        return;
      }
      throw err;
    }
  }

  /** Job: a refund still pending a minute on is asked about; still processing, the job retries later. */
  async function checkRefund(refundId: number): Promise<void> {
    const refund = await repo.refundById(db, refundId);
    if (!refund || refund.status !== 'pending') return;
    const payment = await repo.paymentById(db, refund.paymentId);
    if (!payment) return;
    const notice = await providerOf(refund.channel).queryRefund(payment.outTradeNo, refund.outRefundNo);
    if (!notice) throw new Error(`refund ${refund.outRefundNo} is still processing`);
    await applyNotice(notice, 'query');
  }

  /** Job: at expiry a payment is asked about once more, then closed at the provider and here. */
  async function expire(paymentId: number): Promise<void> {
    const payment = await repo.paymentById(db, paymentId);
    if (!payment || payment.status !== 'pending') return;
    if ((await queryAndApply(payment, 'system')) === 'applied') return;
    await providerOf(payment.channel).closeOrder(payment.outTradeNo);
    // Paid in the moment between the query and the close: the provider's query tells.
    if ((await queryAndApply(payment, 'system')) === 'applied') return;
    await applyNotice({ kind: 'payment', outTradeNo: payment.outTradeNo, providerTradeNo: '', amount: money(payment.amount), state: 'closed', at: clock.now() }, 'system');
  }

  // ---- back office ------------------------------------------------------------------------------

  const toAdminPayment = (r: repo.PaymentRow): AdminMobilePayment => ({
    paymentId: String(r.id),
    channel: r.channel,
    purpose: r.purpose,
    reference: r.reference,
    firmId: String(r.firmId),
    userId: String(r.userId),
    amount: Decimal.parse(r.amount).toFixed(2),
    refundedAmount: Decimal.parse(r.refundedAmount).toFixed(2),
    subject: r.subject,
    outTradeNo: r.outTradeNo,
    providerTradeNo: r.providerTradeNo,
    status: r.status,
    expiresAt: r.expiresAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  });

  const toAdminRefund = (r: repo.RefundRow): AdminMobileRefund => ({
    refundId: String(r.id),
    paymentId: String(r.paymentId),
    channel: r.channel,
    firmId: String(r.firmId),
    outRefundNo: r.outRefundNo,
    providerRefundNo: r.providerRefundNo,
    amount: Decimal.parse(r.amount).toFixed(2),
    reason: r.reason,
    reference: r.reference,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
  });

  async function payments(q: AdminMobilePaymentsRequest): Promise<Page<AdminMobilePayment>> {
    const { rows, total } = await repo.listPayments(db, q);
    return { content: rows.map(toAdminPayment), total, page: q.page, size: q.size };
  }

  async function refunds(q: AdminMobileRefundsRequest): Promise<Page<AdminMobileRefund>> {
    const { rows, total } = await repo.listRefunds(db, q);
    return { content: rows.map(toAdminRefund), total, page: q.page, size: q.size };
  }

  /** Staff ask the provider now (a payer says they paid): a confirmed payment is applied once. */
  async function adminQuery(paymentId: string): Promise<AdminMobilePayment> {
    const payment = await repo.paymentById(db, Number(paymentId));
    if (!payment) throw new UnknownPaymentError();
    if (payment.status === 'pending' || payment.status === 'closed') {
      try {
        await queryAndApply(payment, 'staff');
      } catch (err) {
        if (err instanceof ProviderCallFailed) throw new ProviderBusyError();
        throw err;
      }
    }
    const row = await repo.paymentById(db, payment.id);
    return toAdminPayment(row ?? payment);
  }

  /** The channels a payer may choose here. */
  const channels = (): MobilePayChannel[] => (['alipay', 'wechat'] as const).filter((c) => deps.providers[c] !== undefined);

  return {
    channels,
    registerMobilePayPurpose,
    createMobilePayment,
    refundMobilePayment,
    mobilePaymentStatus,
    notify,
    view,
    applyNotice,
    queryAndApply,
    submitRefund,
    checkRefund,
    expire,
    payments,
    refunds,
    adminQuery,
    providerOf,
  };
}

export type MobilePayService = ReturnType<typeof createMobilePayService>;
