import { and, asc, count, desc, eq, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AfterSaleKindCode, AfterSaleStatus } from '@tp/contract';
import { type DbOrTx, insertReturning } from '../../platform/db/index';
import { afterSaleHistory, afterSaleRequests } from './aftersale.tables';

export type RequestRow = typeof afterSaleRequests.$inferSelect;
export type RequestInsert = typeof afterSaleRequests.$inferInsert;
export type HistoryRow = typeof afterSaleHistory.$inferSelect;

export const insertRequest = (db: DbOrTx, values: RequestInsert): Promise<RequestRow> => insertReturning(db, afterSaleRequests, values, 'after-sale request');

export async function requestById(db: DbOrTx, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(afterSaleRequests).where(eq(afterSaleRequests.id, id));
  return row;
}

/** The request locked for a transition. */
export async function requestForUpdate(db: DbOrTx, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(afterSaleRequests).where(eq(afterSaleRequests.id, id)).for('update');
  return row;
}

export async function updateRequest(db: DbOrTx, id: number, patch: Partial<RequestInsert>): Promise<RequestRow> {
  const [row] = await db.update(afterSaleRequests).set(patch).where(eq(afterSaleRequests.id, id)).returning();
  if (!row) throw new Error('after-sale request update returned nothing');
  return row;
}

/** The requests of one order, newest first. */
export async function requestsOfOrder(db: DbOrTx, kind: AfterSaleKindCode, orderId: string): Promise<RequestRow[]> {
  return db.select().from(afterSaleRequests).where(and(eq(afterSaleRequests.kind, kind), eq(afterSaleRequests.orderId, orderId))).orderBy(desc(afterSaleRequests.id));
}

/** Whether the order has a request still under way (not finished: refunded, completed or closed). */
export async function hasOpenRequest(db: DbOrTx, kind: AfterSaleKindCode, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: afterSaleRequests.id })
    .from(afterSaleRequests)
    .where(and(eq(afterSaleRequests.kind, kind), eq(afterSaleRequests.orderId, orderId), isNull(afterSaleRequests.finishedAt)))
    .limit(1);
  return row !== undefined;
}

export interface ListFilter {
  buyerFirmId?: number | undefined;
  sellerFirmId?: number | undefined;
  status?: AfterSaleStatus | undefined;
  offset: number;
  limit: number;
}

export async function listRequests(db: DbOrTx, q: ListFilter): Promise<{ rows: RequestRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.buyerFirmId !== undefined) filters.push(eq(afterSaleRequests.buyerFirmId, q.buyerFirmId));
  if (q.sellerFirmId !== undefined) filters.push(eq(afterSaleRequests.sellerFirmId, q.sellerFirmId));
  if (q.status !== undefined) filters.push(eq(afterSaleRequests.status, q.status));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db.select().from(afterSaleRequests).where(where).orderBy(desc(afterSaleRequests.id)).offset(q.offset).limit(q.limit);
  const [total] = await db.select({ n: count() }).from(afterSaleRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Open requests whose current step has timed out. */
export async function dueRequests(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: afterSaleRequests.id })
    .from(afterSaleRequests)
    .where(and(isNull(afterSaleRequests.finishedAt), isNotNull(afterSaleRequests.deadlineAt), lte(afterSaleRequests.deadlineAt, now), or(eq(afterSaleRequests.status, 'requested'), eq(afterSaleRequests.status, 'accepted'))))
    .orderBy(asc(afterSaleRequests.id))
    .limit(500);
  return rows.map((r) => r.id);
}

export async function insertHistory(db: DbOrTx, values: typeof afterSaleHistory.$inferInsert): Promise<void> {
  await db.insert(afterSaleHistory).values(values);
}

export async function historyOf(db: DbOrTx, requestId: number): Promise<HistoryRow[]> {
  return db.select().from(afterSaleHistory).where(eq(afterSaleHistory.requestId, requestId)).orderBy(asc(afterSaleHistory.id));
}
