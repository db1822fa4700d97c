import { and, asc, count, desc, eq, gt, gte, lt, sql, sum } from 'drizzle-orm';
import { insertReturning, type DbOrTx } from '../../platform/db/index';
import { futuresDeals, futuresListings, futuresOrders, futuresPositions, futuresSettlements } from './futures.tables';

export type ListingRow = typeof futuresListings.$inferSelect;
export type OrderRow = typeof futuresOrders.$inferSelect;
export type PositionRow = typeof futuresPositions.$inferSelect;
export type DealRow = typeof futuresDeals.$inferSelect;
export type SettlementRow = typeof futuresSettlements.$inferSelect;
type Window = { offset: number; limit: number };

export async function listings(db: DbOrTx): Promise<ListingRow[]> {
  return db.select().from(futuresListings).orderBy(asc(futuresListings.id));
}

export async function listing(db: DbOrTx, id: number): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(futuresListings).where(eq(futuresListings.id, id));
  return row;
}

export async function listingByCode(db: DbOrTx, code: string): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(futuresListings).where(eq(futuresListings.code, code));
  return row;
}

export const insertListing = (db: DbOrTx, values: typeof futuresListings.$inferInsert) => insertReturning(db, futuresListings, values, 'futures listing');

/** Adds a listing unless its code is taken (instances starting together seed it once). */
export async function insertListingIfAbsent(db: DbOrTx, values: typeof futuresListings.$inferInsert): Promise<void> {
  await db.insert(futuresListings).values(values).onConflictDoNothing({ target: futuresListings.code });
}

export async function updateListing(db: DbOrTx, id: number, values: Partial<typeof futuresListings.$inferInsert>): Promise<ListingRow | undefined> {
  const [row] = await db.update(futuresListings).set(values).where(eq(futuresListings.id, id)).returning();
  return row;
}

export const insertOrder = (db: DbOrTx, values: typeof futuresOrders.$inferInsert) => insertReturning(db, futuresOrders, values, 'futures order');

export async function updateOrder(db: DbOrTx, id: number, values: Partial<typeof futuresOrders.$inferInsert>): Promise<OrderRow> {
  const [row] = await db.update(futuresOrders).set(values).where(eq(futuresOrders.id, id)).returning();
  if (!row) throw new Error(`futures order ${id} vanished`);
  return row;
}

/** The order, locked; only its owner's (another user's id is not found). */
export async function lockOrder(db: DbOrTx, id: number, userId?: number): Promise<OrderRow | undefined> {
  const where = userId === undefined ? eq(futuresOrders.id, id) : and(eq(futuresOrders.id, id), eq(futuresOrders.userId, userId));
  const [row] = await db.select().from(futuresOrders).where(where).for('update');
  return row;
}

export async function findOrder(db: DbOrTx, id: number, userId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(futuresOrders).where(and(eq(futuresOrders.id, id), eq(futuresOrders.userId, userId)));
  return row;
}

export async function openLimitOrders(db: DbOrTx, listingId: number): Promise<OrderRow[]> {
  return db.select().from(futuresOrders).where(and(eq(futuresOrders.listingId, listingId), eq(futuresOrders.open, true))).orderBy(asc(futuresOrders.id));
}

/** Lots already promised to closing orders still waiting on the position's side. */
export async function pendingCloseLots(db: DbOrTx, userId: number, listingId: number, side: 'long' | 'short'): Promise<number> {
  const [row] = await db
    .select({ lots: sum(sql`${futuresOrders.lots} - ${futuresOrders.filledLots}`) })
    .from(futuresOrders)
    .where(and(eq(futuresOrders.userId, userId), eq(futuresOrders.listingId, listingId), eq(futuresOrders.side, side), eq(futuresOrders.action, 'close'), eq(futuresOrders.open, true)));
  return Number(row?.lots ?? 0);
}

/** Lots waiting in opening orders on a side: they count toward the maximum position. */
export async function pendingOpenLots(db: DbOrTx, userId: number, listingId: number, side: 'long' | 'short'): Promise<number> {
  const [row] = await db
    .select({ lots: sum(sql`${futuresOrders.lots} - ${futuresOrders.filledLots}`) })
    .from(futuresOrders)
    .where(and(eq(futuresOrders.userId, userId), eq(futuresOrders.listingId, listingId), eq(futuresOrders.side, side), eq(futuresOrders.action, 'open'), eq(futuresOrders.open, true)));
  return Number(row?.lots ?? 0);
}

export async function ordersOf(db: DbOrTx, userId: number, filter: { open?: boolean | undefined; listingId?: number | undefined }, window: Window): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    eq(futuresOrders.userId, userId),
    filter.open === undefined ? undefined : eq(futuresOrders.open, filter.open),
    filter.listingId === undefined ? undefined : eq(futuresOrders.listingId, filter.listingId),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(futuresOrders).where(where).orderBy(desc(futuresOrders.id)).offset(window.offset).limit(window.limit),
    db.select({ n: count() }).from(futuresOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The user's position on a listing's side, locked; created at zero lots on first use. */
export async function lockPosition(db: DbOrTx, values: { userId: number; listingId: number; side: 'long' | 'short'; now: Date; mode: 'market' | 'limit' }): Promise<PositionRow> {
  await db
    .insert(futuresPositions)
    .values({ userId: values.userId, listingId: values.listingId, side: values.side, lots: 0, averagePrice: '0', openPrice: '0', openedAt: values.now, margin: '0', mode: values.mode, createdAt: values.now, updatedAt: values.now })
    .onConflictDoNothing({ target: [futuresPositions.userId, futuresPositions.listingId, futuresPositions.side] });
  const [row] = await db
    .select()
    .from(futuresPositions)
    .where(and(eq(futuresPositions.userId, values.userId), eq(futuresPositions.listingId, values.listingId), eq(futuresPositions.side, values.side)))
    .for('update');
  if (!row) throw new Error('futures position vanished');
  return row;
}

export async function lockPositionById(db: DbOrTx, id: number, userId?: number): Promise<PositionRow | undefined> {
  const where = userId === undefined ? eq(futuresPositions.id, id) : and(eq(futuresPositions.id, id), eq(futuresPositions.userId, userId));
  const [row] = await db.select().from(futuresPositions).where(where).for('update');
  return row;
}

export async function updatePosition(db: DbOrTx, id: number, values: Partial<typeof futuresPositions.$inferInsert>): Promise<PositionRow> {
  const [row] = await db.update(futuresPositions).set(values).where(eq(futuresPositions.id, id)).returning();
  if (!row) throw new Error(`futures position ${id} vanished`);
  return row;
}

export async function openPositionsOf(db: DbOrTx, userId: number): Promise<PositionRow[]> {
  return db.select().from(futuresPositions).where(and(eq(futuresPositions.userId, userId), gt(futuresPositions.lots, 0))).orderBy(asc(futuresPositions.id));
}

export async function openPositionsOn(db: DbOrTx, listingId: number): Promise<PositionRow[]> {
  return db.select().from(futuresPositions).where(and(eq(futuresPositions.listingId, listingId), gt(futuresPositions.lots, 0))).orderBy(asc(futuresPositions.id));
}

/** Every open position held since before `before`, for the day's settlement. */
export async function positionsHeldBefore(db: DbOrTx, before: Date): Promise<PositionRow[]> {
  return db.select().from(futuresPositions).where(and(gt(futuresPositions.lots, 0), lt(futuresPositions.openedAt, before))).orderBy(asc(futuresPositions.userId), asc(futuresPositions.id));
}

export async function allOpenPositions(db: DbOrTx, window: Window): Promise<{ rows: PositionRow[]; total: number }> {
  const where = gt(futuresPositions.lots, 0);
  const [rows, [total]] = await Promise.all([
    db.select().from(futuresPositions).where(where).orderBy(desc(futuresPositions.id)).offset(window.offset).limit(window.limit),
    db.select({ n: count() }).from(futuresPositions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const insertDeal = (db: DbOrTx, values: typeof futuresDeals.$inferInsert) => insertReturning(db, futuresDeals, values, 'futures deal');

export async function dealsOf(db: DbOrTx, filter: { userId?: number; dealType?: 'liquidation' }, window: Window): Promise<{ rows: DealRow[]; total: number }> {
  const where = and(
    filter.userId === undefined ? undefined : eq(futuresDeals.userId, filter.userId),
    filter.dealType === undefined ? undefined : eq(futuresDeals.dealType, filter.dealType),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(futuresDeals).where(where).orderBy(desc(futuresDeals.id)).offset(window.offset).limit(window.limit),
    db.select({ n: count() }).from(futuresDeals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A user's realised P&L and fees over [from, until). */
export async function dealTotals(db: DbOrTx, userId: number, from: Date, until: Date): Promise<{ pnl: string; fees: string }> {
  const [row] = await db
    .select({ pnl: sum(futuresDeals.realizedPnl), fees: sum(futuresDeals.fee) })
    .from(futuresDeals)
    .where(and(eq(futuresDeals.userId, userId), gte(futuresDeals.createdAt, from), lt(futuresDeals.createdAt, until)));
  return { pnl: row?.pnl ?? '0', fees: row?.fees ?? '0' };
}

/** Records the user's settlement of the day once; false when it was already recorded. */
export async function insertSettlement(db: DbOrTx, values: typeof futuresSettlements.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(futuresSettlements)
    .values(values)
    .onConflictDoNothing({ target: [futuresSettlements.userId, futuresSettlements.day, futuresSettlements.currency] })
    .returning({ id: futuresSettlements.id });
  return rows.length > 0;
}

export async function settlementsOf(db: DbOrTx, userId: number, window: Window): Promise<{ rows: SettlementRow[]; total: number }> {
  const where = eq(futuresSettlements.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(futuresSettlements).where(where).orderBy(desc(futuresSettlements.day), desc(futuresSettlements.id)).offset(window.offset).limit(window.limit),
    db.select({ n: count() }).from(futuresSettlements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPositionOf(db: DbOrTx, id: number, userId: number): Promise<PositionRow | undefined> {
  const [row] = await db.select().from(futuresPositions).where(and(eq(futuresPositions.id, id), eq(futuresPositions.userId, userId)));
  return row;
}

export async function updateSettlement(db: DbOrTx, userId: number, day: string, currency: string, values: Partial<typeof futuresSettlements.$inferInsert>): Promise<void> {
  await db
    .update(futuresSettlements)
    .set(values)
    .where(and(eq(futuresSettlements.userId, userId), eq(futuresSettlements.day, day), eq(futuresSettlements.currency, currency)));
}

/** A closed position's waiting closing orders end with it: there is nothing left for them to close. */
export async function cancelWaitingCloses(db: DbOrTx, position: Pick<PositionRow, 'userId' | 'listingId' | 'side'>, now: Date): Promise<OrderRow[]> {
  return db
    .update(futuresOrders)
    .set({ status: 'cancelled', open: false, updatedAt: now })
    .where(
      and(
        eq(futuresOrders.userId, position.userId),
        eq(futuresOrders.listingId, position.listingId),
        eq(futuresOrders.side, position.side),
        eq(futuresOrders.action, 'close'),
        eq(futuresOrders.open, true),
      ),
    )
    .returning();
}
