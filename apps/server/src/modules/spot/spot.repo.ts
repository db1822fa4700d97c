import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { spotMarkets, spotOrders, spotRiskDisclosures, spotTrades } from './spot.tables';

export type MarketRow = typeof spotMarkets.$inferSelect;
export type OrderRow = typeof spotOrders.$inferSelect;
export type TradeRow = typeof spotTrades.$inferSelect;

export async function listMarkets(db: DbOrTx): Promise<MarketRow[]> {
  return db.select().from(spotMarkets).orderBy(spotMarkets.symbol);
}

export async function ensureMarket(db: DbOrTx, row: typeof spotMarkets.$inferInsert): Promise<void> {
  await db.insert(spotMarkets).values(row).onConflictDoNothing();
}

export async function openOrders(db: DbOrTx, symbol: string): Promise<OrderRow[]> {
  return db.select().from(spotOrders).where(and(eq(spotOrders.symbol, symbol), eq(spotOrders.open, true))).orderBy(spotOrders.id);
}

export async function openOrdersOfUser(db: DbOrTx, userId: number, symbol?: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.userId, userId), eq(spotOrders.open, true), symbol ? eq(spotOrders.symbol, symbol) : undefined))
    .orderBy(desc(spotOrders.id));
}

export async function historyOfUser(db: DbOrTx, query: { userId: number; symbol?: string | undefined; offset: number; limit: number }) {
  const where = and(eq(spotOrders.userId, query.userId), query.symbol ? eq(spotOrders.symbol, query.symbol) : undefined);
  const [rows, [totals]] = await Promise.all([
    db.select().from(spotOrders).where(where).orderBy(desc(spotOrders.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(spotOrders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findByClientId(db: DbOrTx, userId: number, clientOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(spotOrders).where(and(eq(spotOrders.userId, userId), eq(spotOrders.clientOrderId, clientOrderId))).limit(1);
  return row;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(spotOrders).where(eq(spotOrders.id, id)).limit(1);
  return row;
}

export async function insertOrder(db: DbOrTx, row: typeof spotOrders.$inferInsert): Promise<OrderRow> {
  const [inserted] = await db.insert(spotOrders).values(row).returning();
  if (!inserted) throw new Error('order insert returned nothing');
  return inserted;
}

export async function updateOrder(db: DbOrTx, id: number, patch: Partial<typeof spotOrders.$inferInsert>): Promise<void> {
  await db.update(spotOrders).set(patch).where(eq(spotOrders.id, id));
}

export async function insertTrade(db: DbOrTx, row: typeof spotTrades.$inferInsert): Promise<TradeRow> {
  const [inserted] = await db.insert(spotTrades).values(row).returning();
  if (!inserted) throw new Error('trade insert returned nothing');
  return inserted;
}

export async function recentTrades(db: DbOrTx, symbol: string, limit: number): Promise<TradeRow[]> {
  return db.select().from(spotTrades).where(eq(spotTrades.symbol, symbol)).orderBy(desc(spotTrades.id)).limit(limit);
}

export async function findDisclosure(db: DbOrTx, userId: number, version: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: spotRiskDisclosures.acceptedAt })
    .from(spotRiskDisclosures)
    .where(and(eq(spotRiskDisclosures.userId, userId), eq(spotRiskDisclosures.version, version)))
    .limit(1);
  return row?.at;
}

export async function acceptDisclosure(db: DbOrTx, userId: number, version: string, at: Date): Promise<void> {
  await db.insert(spotRiskDisclosures).values({ userId, version, acceptedAt: at }).onConflictDoNothing();
}

/** Trades since `from`, oldest first (the ticker's window and the K-lines' source). */
export async function tradesSince(db: DbOrTx, symbol: string, from: Date, limit = 100_000): Promise<TradeRow[]> {
  return db
    .select()
    .from(spotTrades)
    .where(and(eq(spotTrades.symbol, symbol), gte(spotTrades.createdAt, from)))
    .orderBy(asc(spotTrades.id))
    .limit(limit);
}
