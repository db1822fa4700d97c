import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminMobileDiffsRequest, AdminMobilePaymentsRequest, AdminMobileRefundsRequest, MobilePayChannel } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { mobileHistory, mobileNotifications, mobilePayments, mobileReconDiffs, mobileReconRuns, mobileRefunds, type PaymentRow, type RefundRow } from './mobilepay.tables';

export type { PaymentRow, RefundRow };
export type DiffRow = typeof mobileReconDiffs.$inferSelect;

export async function insertPayment(tx: DbOrTx, values: typeof mobilePayments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(mobilePayments).values(values).returning();
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

export async function paymentById(tx: DbOrTx, id: number, lock = false): Promise<PaymentRow | undefined> {
  const q = tx.select().from(mobilePayments).where(eq(mobilePayments.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function paymentByOutTradeNo(tx: DbOrTx, outTradeNo: string, lock = false): Promise<PaymentRow | undefined> {
  const q = tx.select().from(mobilePayments).where(eq(mobilePayments.outTradeNo, outTradeNo)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updatePayment(tx: DbOrTx, id: number, patch: Partial<typeof mobilePayments.$inferInsert>): Promise<void> {
  await tx.update(mobilePayments).set(patch).where(eq(mobilePayments.id, id));
}

export async function insertRefund(tx: DbOrTx, values: typeof mobileRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(mobileRefunds).values(values).returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

export async function refundById(tx: DbOrTx, id: number, lock = false): Promise<RefundRow | undefined> {
  const q = tx.select().from(mobileRefunds).where(eq(mobileRefunds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function refundByOutRefundNo(tx: DbOrTx, outRefundNo: string, lock = false): Promise<RefundRow | undefined> {
  const q = tx.select().from(mobileRefunds).where(eq(mobileRefunds.outRefundNo, outRefundNo)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function refundsOfPayment(tx: DbOrTx, paymentId: number): Promise<RefundRow[]> {
  return tx.select().from(mobileRefunds).where(eq(mobileRefunds.paymentId, paymentId)).orderBy(mobileRefunds.id);
}

export async function updateRefund(tx: DbOrTx, id: number, patch: Partial<typeof mobileRefunds.$inferInsert>): Promise<void> {
  await tx.update(mobileRefunds).set(patch).where(eq(mobileRefunds.id, id));
}

export async function insertHistory(tx: DbOrTx, values: typeof mobileHistory.$inferInsert): Promise<void> {
  await tx.insert(mobileHistory).values(values);
}

export async function insertNotification(tx: DbOrTx, values: typeof mobileNotifications.$inferInsert): Promise<void> {
  await tx.insert(mobileNotifications).values(values);
}

export async function listPayments(db: DbOrTx, q: AdminMobilePaymentsRequest): Promise<{ rows: PaymentRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.channel) where.push(eq(mobilePayments.channel, q.channel));
  if (q.status) where.push(eq(mobilePayments.status, q.status));
  if (q.keyword) {
    const k = q.keyword;
    const byId = /^\d{1,15}$/.test(k) ? [eq(mobilePayments.id, Number(k)), eq(mobilePayments.firmId, Number(k))] : [];
    const any = or(eq(mobilePayments.outTradeNo, k), eq(mobilePayments.providerTradeNo, k), eq(mobilePayments.reference, k), ...byId);
    if (any) where.push(any);
  }
  const cond = where.length ? and(...where) : undefined;
  const rows = await db.select().from(mobilePayments).where(cond).orderBy(desc(mobilePayments.id)).limit(q.size).offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(mobilePayments).where(cond);
  return { rows, total: total?.n ?? 0 };
}

export async function listRefunds(db: DbOrTx, q: AdminMobileRefundsRequest): Promise<{ rows: RefundRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.channel) where.push(eq(mobileRefunds.channel, q.channel));
  if (q.status) where.push(eq(mobileRefunds.status, q.status));
  const cond = where.length ? and(...where) : undefined;
  const rows = await db.select().from(mobileRefunds).where(cond).orderBy(desc(mobileRefunds.id)).limit(q.size).offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(mobileRefunds).where(cond);
  return { rows, total: total?.n ?? 0 };
}

/** Payments confirmed within [from, to): what the provider's bill of that day must list. */
export async function paidBetween(db: DbOrTx, channel: MobilePayChannel, from: Date, to: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(mobilePayments)
    .where(and(eq(mobilePayments.channel, channel), gte(mobilePayments.paidAt, from), lt(mobilePayments.paidAt, to)));
}

export async function refundsSettledBetween(db: DbOrTx, channel: MobilePayChannel, from: Date, to: Date): Promise<RefundRow[]> {
  return db
    .select()
    .from(mobileRefunds)
    .where(and(eq(mobileRefunds.channel, channel), eq(mobileRefunds.status, 'succeeded'), gte(mobileRefunds.settledAt, from), lt(mobileRefunds.settledAt, to)));
}

export async function paymentsByOutTradeNos(db: DbOrTx, outTradeNos: string[]): Promise<PaymentRow[]> {
  if (!outTradeNos.length) return [];
  return db.select().from(mobilePayments).where(inArray(mobilePayments.outTradeNo, outTradeNos));
}

export async function refundsByOutRefundNos(db: DbOrTx, outRefundNos: string[]): Promise<RefundRow[]> {
  if (!outRefundNos.length) return [];
  return db.select().from(mobileRefunds).where(inArray(mobileRefunds.outRefundNo, outRefundNos));
}

export async function insertReconRun(db: DbOrTx, values: typeof mobileReconRuns.$inferInsert): Promise<void> {
  await db.insert(mobileReconRuns).values(values);
}

/** Flags a difference once: the same line and kind found again keeps the first row. */
export async function insertDiff(db: DbOrTx, values: typeof mobileReconDiffs.$inferInsert): Promise<void> {
  await db.insert(mobileReconDiffs).values(values).onConflictDoNothing();
}

export async function listDiffs(db: DbOrTx, q: AdminMobileDiffsRequest): Promise<{ rows: DiffRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.channel) where.push(eq(mobileReconDiffs.channel, q.channel));
  if (q.open === true) where.push(eq(mobileReconDiffs.resolution, ''));
  if (q.open === false) where.push(sql`${mobileReconDiffs.resolution} <> ''`);
  const cond = where.length ? and(...where) : undefined;
  const rows = await db.select().from(mobileReconDiffs).where(cond).orderBy(desc(mobileReconDiffs.id)).limit(q.size).offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(mobileReconDiffs).where(cond);
  return { rows, total: total?.n ?? 0 };
}

export async function diffById(db: DbOrTx, id: number, lock = false): Promise<DiffRow | undefined> {
  const q = db.select().from(mobileReconDiffs).where(eq(mobileReconDiffs.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateDiff(db: DbOrTx, id: number, patch: Partial<typeof mobileReconDiffs.$inferInsert>): Promise<void> {
  await db.update(mobileReconDiffs).set(patch).where(eq(mobileReconDiffs.id, id));
}
