import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { listingPicks, listings } from './listing.tables';

export type ListingRow = typeof listings.$inferSelect;
export type PickRow = typeof listingPicks.$inferSelect;

export async function insertListing(db: DbOrTx, input: typeof listings.$inferInsert): Promise<ListingRow> {
  const [row] = await db.insert(listings).values(input).returning();
  if (!row) throw new Error('listing insert returned nothing');
  return row;
}

/** The listing, locked; `firmId` scopes it to its seller. */
export async function listingById(db: DbOrTx, id: number, firmId?: number): Promise<ListingRow | undefined> {
  const where = firmId === undefined ? eq(listings.id, id) : and(eq(listings.id, id), eq(listings.firmId, firmId));
  const [row] = await db.select().from(listings).where(where).for('update');
  return row;
}

export async function updateListing(db: DbOrTx, id: number, patch: Partial<ListingRow>): Promise<void> {
  await db.update(listings).set(patch).where(eq(listings.id, id));
}

export async function listListings(
  db: DbOrTx,
  q: { firmId?: number | undefined; status?: string | undefined; commodityTypeId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: ListingRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined) filters.push(eq(listings.firmId, q.firmId));
  if (q.status !== undefined) filters.push(eq(listings.status, q.status));
  if (q.commodityTypeId !== undefined) filters.push(eq(listings.commodityTypeId, q.commodityTypeId));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(listings).where(where).orderBy(desc(listings.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertPick(db: DbOrTx, input: typeof listingPicks.$inferInsert): Promise<PickRow> {
  const [row] = await db.insert(listingPicks).values(input).returning();
  if (!row) throw new Error('pick insert returned nothing');
  return row;
}

const partyOf = (firmId: number, side: 'buyer' | 'seller' | 'either') =>
  side === 'buyer' ? eq(listingPicks.buyerFirmId, firmId) : side === 'seller' ? eq(listingPicks.sellerFirmId, firmId) : or(eq(listingPicks.buyerFirmId, firmId), eq(listingPicks.sellerFirmId, firmId));

/** The pick, locked, when the firm is a party to it on `side`. */
export async function pickOfFirm(db: DbOrTx, id: number, firmId: number, side: 'buyer' | 'seller' | 'either', lock = true): Promise<PickRow | undefined> {
  const query = db.select().from(listingPicks).where(and(eq(listingPicks.id, id), partyOf(firmId, side)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updatePick(db: DbOrTx, id: number, patch: Partial<PickRow>): Promise<void> {
  await db.update(listingPicks).set(patch).where(eq(listingPicks.id, id));
}

export async function pendingPicks(db: DbOrTx, listingId: number): Promise<PickRow[]> {
  return db.select().from(listingPicks).where(and(eq(listingPicks.listingId, listingId), eq(listingPicks.status, 'W')));
}

export async function listPicks(
  db: DbOrTx,
  q: { firmId: number; side: 'buyer' | 'seller'; status?: string | undefined; listingId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: PickRow[]; total: number }> {
  const filters: SQL[] = [partyOf(q.firmId, q.side)!];
  if (q.status !== undefined) filters.push(eq(listingPicks.status, q.status));
  if (q.listingId !== undefined) filters.push(eq(listingPicks.listingId, q.listingId));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db.select().from(listingPicks).where(where).orderBy(desc(listingPicks.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(listingPicks).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function listingsByIds(db: DbOrTx, ids: number[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(listings).where(inArray(listings.id, ids));
}
