import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { quotationDeals } from './quotation.tables';

export type DealRow = typeof quotationDeals.$inferSelect;
export type NewDeal = typeof quotationDeals.$inferInsert;

/** Records a deal once: a repeat of the same `(source, sourceRef)` returns undefined. */
export async function insertDeal(db: DbOrTx, deal: NewDeal): Promise<DealRow | undefined> {
  const [row] = await db.insert(quotationDeals).values(deal).onConflictDoNothing().returning();
  return row;
}

/** The latest deal of each commodity (before `before` when given). */
export async function lastDeals(db: DbOrTx, before?: Date, commodityTypeId?: number): Promise<DealRow[]> {
  const where = and(before ? lt(quotationDeals.dealAt, before) : undefined, commodityTypeId === undefined ? undefined : eq(quotationDeals.commodityTypeId, commodityTypeId));
  const rows = await db
    .selectDistinctOn([quotationDeals.commodityTypeId])
    .from(quotationDeals)
    .where(where)
    .orderBy(quotationDeals.commodityTypeId, desc(quotationDeals.dealAt), desc(quotationDeals.id));
  return rows;
}

export interface DayFigures {
  commodityTypeId: number;
  openPrice: string;
  highestPrice: string;
  lowestPrice: string;
  volume: string;
  amount: string;
}

/** Each commodity's figures from `from` on: the first price, the extremes and the totals. */
export async function dayFigures(db: DbOrTx, from: Date, commodityTypeId?: number): Promise<DayFigures[]> {
  const d = quotationDeals;
  return db
    .select({
      commodityTypeId: d.commodityTypeId,
      openPrice: sql<string>`(array_agg(${d.price} order by ${d.dealAt}, ${d.id}))[1]`,
      highestPrice: sql<string>`max(${d.price})`,
      lowestPrice: sql<string>`min(${d.price})`,
      volume: sql<string>`sum(${d.volume})`,
      amount: sql<string>`sum(${d.amount})`,
    })
    .from(d)
    .where(and(gte(d.dealAt, from), commodityTypeId === undefined ? undefined : eq(d.commodityTypeId, commodityTypeId)))
    .groupBy(d.commodityTypeId);
}

/** One commodity's deals from `from` on, oldest first. */
export async function dealsSince(db: DbOrTx, commodityTypeId: number, from: Date): Promise<DealRow[]> {
  return db
    .select()
    .from(quotationDeals)
    .where(and(eq(quotationDeals.commodityTypeId, commodityTypeId), gte(quotationDeals.dealAt, from)))
    .orderBy(asc(quotationDeals.dealAt), asc(quotationDeals.id));
}

/** One commodity's latest deals, newest first. */
export async function recentDeals(db: DbOrTx, commodityTypeId: number, limit: number): Promise<DealRow[]> {
  return db
    .select()
    .from(quotationDeals)
    .where(eq(quotationDeals.commodityTypeId, commodityTypeId))
    .orderBy(desc(quotationDeals.dealAt), desc(quotationDeals.id))
    .limit(limit);
}

export interface CandleRow {
  bucket: number;
  openPrice: string;
  closePrice: string;
  highestPrice: string;
  lowestPrice: string;
  volume: string;
  amount: string;
}

/**
 * The latest `limit` candles of a commodity, newest first. A deal falls in bucket
 * floor((epoch seconds + shift) / size), so days and weeks start on Shanghai time.
 */
export async function candles(db: DbOrTx, commodityTypeId: number, sizeSeconds: number, shiftSeconds: number, limit: number): Promise<CandleRow[]> {
  const d = quotationDeals;
  // Inlined integers (from the period table, never input): PostgreSQL matches GROUP BY to the select list by text, so bound parameters would differ.
  const bucket = sql<number>`floor((extract(epoch from ${d.dealAt}) + ${sql.raw(String(Math.trunc(shiftSeconds)))}) / ${sql.raw(String(Math.trunc(sizeSeconds)))})::bigint`;
  const rows = await db
    .select({
      bucket,
      openPrice: sql<string>`(array_agg(${d.price} order by ${d.dealAt}, ${d.id}))[1]`,
      closePrice: sql<string>`(array_agg(${d.price} order by ${d.dealAt} desc, ${d.id} desc))[1]`,
      highestPrice: sql<string>`max(${d.price})`,
      lowestPrice: sql<string>`min(${d.price})`,
      volume: sql<string>`sum(${d.volume})`,
      amount: sql<string>`sum(${d.amount})`,
    })
    .from(d)
    .where(eq(d.commodityTypeId, commodityTypeId))
    .groupBy(bucket)
    .orderBy(desc(bucket))
    .limit(limit);
  return rows.map((r) => ({ ...r, bucket: Number(r.bucket) }));
}
