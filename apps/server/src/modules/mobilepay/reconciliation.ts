import { Decimal } from '@tp/decimal';
import type { AdminMobileDiffsRequest, AdminMobileResolveRequest, MobilePayChannel, MobileReconDiff, MobileReconRun, Page } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db } from '../../platform/db/index';
import { NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { ProviderBusyError } from './mobilepay.errors';
import type { MobilePayService } from './mobilepay.service';
import * as repo from './mobilepay.repo';
import { ProviderCallFailed, type BillLine } from './providers/provider';

const DAY_MS = 86_400_000;

export interface MobileReconciliation {
  /** Compares the provider's bill of `day` with our payments and refunds of that day; differences are flagged for staff. */
  reconcile(channel: MobilePayChannel, day: string): Promise<MobileReconRun>;
  diffs(q: AdminMobileDiffsRequest): Promise<Page<MobileReconDiff>>;
  resolve(auth: AuthContext, body: AdminMobileResolveRequest): Promise<MobileReconDiff>;
}

export function createMobileReconciliation(deps: { db: Db; clock: Clock; service: Pick<MobilePayService, 'providerOf' | 'queryAndApply'> }): MobileReconciliation {
  const { db, clock } = deps;

  const toDiff = (r: repo.DiffRow): MobileReconDiff => ({
    id: String(r.id),
    channel: r.channel,
    day: r.day,
    lineKind: r.lineKind,
    outTradeNo: r.outTradeNo,
    providerTradeNo: r.providerTradeNo,
    kind: r.kind,
    providerAmount: r.providerAmount === null ? null : Decimal.parse(r.providerAmount).toFixed(2),
    platformAmount: r.platformAmount === null ? null : Decimal.parse(r.platformAmount).toFixed(2),
    platformStatus: r.platformStatus,
    resolution: r.resolution,
    resolvedBy: r.resolvedBy,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  });

  async function reconcile(channel: MobilePayChannel, day: string): Promise<MobileReconRun> {
    let bill: BillLine[];
    try {
      bill = await deps.service.providerOf(channel).bill(day);
    } catch (err) {
      if (err instanceof ProviderCallFailed) throw new ProviderBusyError();
      throw err;
    }
    const start = new Date(`${day}T00:00:00.000+08:00`);
    const end = new Date(start.getTime() + DAY_MS);
    const now = clock.now();
    let matched = 0;
    let differences = 0;
    const flag = async (values: Omit<Parameters<typeof repo.insertDiff>[1], 'channel' | 'day' | 'createdAt'>) => {
      differences += 1;
      await repo.insertDiff(db, { ...values, channel, day, createdAt: now });
    };

    // Payments: every bill line must be a payment we count as paid, for the same amount, and back.
    const billPayments = bill.filter((l) => l.kind === 'payment');
    const ours = new Map((await repo.paymentsByOutTradeNos(db, billPayments.map((l) => l.outTradeNo))).map((p) => [p.outTradeNo, p]));
    for (const line of billPayments) {
      const payment = ours.get(line.outTradeNo);
      if (!payment?.paidAt) {
        await flag({ lineKind: 'payment', outTradeNo: line.outTradeNo, providerTradeNo: line.providerTradeNo, kind: 'missing_on_platform', providerAmount: line.amount, platformAmount: payment?.amount ?? null, platformStatus: payment?.status ?? '' });
      } else if (!Decimal.parse(line.amount).eq(payment.amount)) {
        await flag({ lineKind: 'payment', outTradeNo: line.outTradeNo, providerTradeNo: line.providerTradeNo, kind: 'amount_mismatch', providerAmount: line.amount, platformAmount: payment.amount, platformStatus: payment.status });
      } else matched += 1;
    }
    const billed = new Set(billPayments.map((l) => l.outTradeNo));
    for (const payment of await repo.paidBetween(db, channel, start, end)) {
      if (!billed.has(payment.outTradeNo)) {
        await flag({ lineKind: 'payment', outTradeNo: payment.outTradeNo, providerTradeNo: payment.providerTradeNo, kind: 'missing_at_provider', providerAmount: null, platformAmount: payment.amount, platformStatus: payment.status });
      }
    }

    // Refunds paid out that day, by our refund number.
    const billRefunds = bill.filter((l) => l.kind === 'refund');
    const ourRefunds = new Map((await repo.refundsByOutRefundNos(db, billRefunds.map((l) => l.outRefundNo))).map((r) => [r.outRefundNo, r]));
    for (const line of billRefunds) {
      const refund = ourRefunds.get(line.outRefundNo);
      if (!refund || refund.status !== 'succeeded') {
        await flag({ lineKind: 'refund', outTradeNo: line.outRefundNo, providerTradeNo: line.providerTradeNo, kind: 'missing_on_platform', providerAmount: line.amount, platformAmount: refund?.amount ?? null, platformStatus: refund?.status ?? '' });
      } else if (!Decimal.parse(line.amount).eq(refund.amount)) {
        await flag({ lineKind: 'refund', outTradeNo: line.outRefundNo, providerTradeNo: line.providerTradeNo, kind: 'amount_mismatch', providerAmount: line.amount, platformAmount: refund.amount, platformStatus: refund.status });
      } else matched += 1;
    }
    const billedRefunds = new Set(billRefunds.map((l) => l.outRefundNo));
    for (const refund of await repo.refundsSettledBetween(db, channel, start, end)) {
      if (!billedRefunds.has(refund.outRefundNo)) {
        await flag({ lineKind: 'refund', outTradeNo: refund.outRefundNo, providerTradeNo: refund.providerRefundNo, kind: 'missing_at_provider', providerAmount: null, platformAmount: refund.amount, platformStatus: refund.status });
      }
    }
    await repo.insertReconRun(db, { channel, day, matched, differences, ranAt: now });
    return { channel, day, matched, differences, ranAt: now.toISOString() };
  }

  async function diffs(q: AdminMobileDiffsRequest): Promise<Page<MobileReconDiff>> {
    const { rows, total } = await repo.listDiffs(db, q);
    return { content: rows.map(toDiff), total, page: q.page, size: q.size };
  }

  async function resolve(auth: AuthContext, body: AdminMobileResolveRequest): Promise<MobileReconDiff> {
    const found = await repo.diffById(db, Number(body.id));
    if (!found || found.resolution) throw new NotFoundError(text('差异记录不存在或已处理', 'No such open difference', '差異記錄不存在或已處理'));
    let resolution: 'applied' | 'dismissed' = 'dismissed';
    // Applying asks the provider again: a payment it confirms is credited once, through the one path every notification takes.
    if (body.action === 'apply' && found.lineKind === 'payment' && found.kind === 'missing_on_platform') {
      const payment = (await repo.paymentsByOutTradeNos(db, [found.outTradeNo]))[0];
      if (payment) {
        try {
          const outcome = await deps.service.queryAndApply(payment, `staff:${auth.userId}`);
          if (outcome === 'applied' || outcome === 'duplicate') resolution = 'applied';
        } catch (err) {
          if (err instanceof ProviderCallFailed) throw new ProviderBusyError();
          throw err;
        }
      }
    }
    await withTransaction(db, async (tx) => {
      await repo.updateDiff(tx, found.id, { resolution, resolvedBy: String(auth.userId), note: body.note, resolvedAt: clock.now() });
    });
    const row = await repo.diffById(db, found.id);
    return toDiff(row ?? found);
  }

  return { reconcile, diffs, resolve };
}
