import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DefaultStatus,
  InvoiceStatus,
  ListingStatusAll,
  MarginEventType,
  PickStatus,
  type BargainStatus,
  type BsFlag,
  type ListingAuditStatus,
  type ListingSource,
  type ListingType,
  type MarketSort,
  type PickPayStatus,
} from '@tp/contract';
import { type DbOrTx, insertReturning, ownedRowForUpdate } from '../../platform/db/index';
import { listingBargains, listingCommodityMargins, listingMarginEvents, listingPicks, listingSettings, listings } from './listing.tables';

export type ListingRow = typeof listings.$inferSelect;
export type PickRow = typeof listingPicks.$inferSelect;
export type BargainRow = typeof listingBargains.$inferSelect;
export type EventRow = typeof listingMarginEvents.$inferSelect;
export type SettingsRow = typeof listingSettings.$inferSelect;
export type CommodityMarginRow = typeof listingCommodityMargins.$inferSelect;

export async function insertListing(db: DbOrTx, input: typeof listings.$inferInsert): Promise<ListingRow> {
  return insertReturning(db, listings, input, 'listing');
}

/** The listing, locked; `firmId` scopes it to its seller. */
export async function listingById(db: DbOrTx, id: number, firmId?: number): Promise<ListingRow | undefined> {
  return ownedRowForUpdate(db, listings, id, firmId);
}

export async function updateListing(db: DbOrTx, id: number, patch: Partial<ListingRow>): Promise<void> {
  await db.update(listings).set(patch).where(eq(listings.id, id));
}

export interface ListingFilter {
  firmId?: number | undefined;
  status?: ListingStatusAll | undefined;
  statuses?: ListingStatusAll[] | undefined;
  commodityTypeId?: number | undefined;
  commodityTypeIds?: number[] | undefined;
  gradeId?: number | undefined;
  origin?: string | undefined;
  storageId?: number | undefined;
  priceMin?: string | undefined;
  priceMax?: string | undefined;
  type?: ListingType | undefined;
  types?: ListingType[] | undefined;
  source?: ListingSource | undefined;
  bsFlag?: BsFlag | undefined;
  auditStatus?: ListingAuditStatus | undefined;
  sort?: (typeof MarketSort)[number] | undefined;
  /** Pinned listings first (the market). */
  pinnedFirst?: boolean;
  offset: number;
  limit: number;
}

export async function listListings(db: DbOrTx, q: ListingFilter): Promise<{ rows: ListingRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined) filters.push(eq(listings.firmId, q.firmId));
  if (q.status !== undefined) filters.push(eq(listings.status, q.status));
  if (q.statuses !== undefined) filters.push(inArray(listings.status, q.statuses));
  if (q.commodityTypeId !== undefined) filters.push(eq(listings.commodityTypeId, q.commodityTypeId));
  if (q.commodityTypeIds !== undefined) filters.push(q.commodityTypeIds.length ? inArray(listings.commodityTypeId, q.commodityTypeIds) : sql`false`);
  if (q.gradeId !== undefined) filters.push(eq(listings.gradeId, q.gradeId));
  if (q.origin !== undefined && q.origin !== '') filters.push(ilike(listings.origin, `%${q.origin.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (q.storageId !== undefined) filters.push(eq(listings.storageId, q.storageId));
  if (q.priceMin !== undefined) filters.push(gte(listings.price, q.priceMin));
  if (q.priceMax !== undefined) filters.push(lte(listings.price, q.priceMax));
  if (q.type !== undefined) filters.push(eq(listings.type, q.type));
  if (q.types !== undefined) filters.push(inArray(listings.type, q.types));
  if (q.source !== undefined) filters.push(eq(listings.source, q.source));
  if (q.bsFlag !== undefined) filters.push(eq(listings.bsFlag, q.bsFlag));
  if (q.auditStatus !== undefined) filters.push(eq(listings.auditStatus, q.auditStatus));
  const where = filters.length ? and(...filters) : undefined;
  const order: SQL[] = q.pinnedFirst ? [sql`${listings.topAt} desc nulls last`] : [];
  if (q.sort === 'price_asc') order.push(asc(listings.price));
  else if (q.sort === 'price_desc') order.push(desc(listings.price));
  else if (q.sort === 'quantity') order.push(desc(listings.remaining));
  order.push(desc(listings.id));
  const [rows, [totals]] = await Promise.all([
    db.select().from(listings).where(where).orderBy(...order).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertPick(db: DbOrTx, input: typeof listingPicks.$inferInsert): Promise<PickRow> {
  return insertReturning(db, listingPicks, input, 'pick');
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
  return db.select().from(listingPicks).where(and(eq(listingPicks.listingId, listingId), eq(listingPicks.status, PickStatus.toConfirm)));
}

export async function listPicks(
  db: DbOrTx,
  q: {
    firmId?: number | undefined;
    side?: 'buyer' | 'seller' | undefined;
    status?: PickStatus | undefined;
    listingId?: number | undefined;
    payStatus?: PickPayStatus | undefined;
    invoiceStatus?: InvoiceStatus | undefined;
    /** The picked listing's source (W, J, C). */
    source?: ListingSource | undefined;
    /** Back office: picks with a default on that side (W or F, or the given status). */
    defaultSide?: 'buyer' | 'seller' | 'either' | undefined;
    defaultStatus?: DefaultStatus | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: PickRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined && q.side !== undefined) filters.push(partyOf(q.firmId, q.side)!);
  if (q.status !== undefined) filters.push(eq(listingPicks.status, q.status));
  if (q.payStatus !== undefined) filters.push(eq(listingPicks.payStatus, q.payStatus));
  if (q.invoiceStatus !== undefined) filters.push(eq(listingPicks.invoiceStatus, q.invoiceStatus));
  if (q.defaultSide !== undefined) {
    const states = q.defaultStatus !== undefined ? [q.defaultStatus] : [DefaultStatus.delayed, DefaultStatus.defaulted];
    const buyer = inArray(listingPicks.buyerDefault, states);
    const seller = inArray(listingPicks.sellerDefault, states);
    filters.push(q.defaultSide === 'buyer' ? buyer : q.defaultSide === 'seller' ? seller : or(buyer, seller)!);
  }
  if (q.listingId !== undefined) filters.push(eq(listingPicks.listingId, q.listingId));
  if (q.source !== undefined) filters.push(inArray(listingPicks.listingId, db.select({ id: listings.id }).from(listings).where(eq(listings.source, q.source))));
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

/** Picks of a listing that are not over yet (awaiting confirmation, or confirmed and not settled). */
export async function openPicks(db: DbOrTx, listingId: number): Promise<PickRow[]> {
  return db
    .select()
    .from(listingPicks)
    .where(and(eq(listingPicks.listingId, listingId), or(eq(listingPicks.status, PickStatus.toConfirm), and(eq(listingPicks.status, PickStatus.confirmed), isNull(listingPicks.settledAt)))));
}

export async function pickById(db: DbOrTx, id: number, lock = true): Promise<PickRow | undefined> {
  const query = db.select().from(listingPicks).where(eq(listingPicks.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Confirmed picks a default sweep may have to move: unpaid margin picks, undelivered presales, uninvoiced picks. */
export async function sweepCandidates(db: DbOrTx): Promise<PickRow[]> {
  return db
    .select()
    .from(listingPicks)
    .where(
      and(
        eq(listingPicks.status, PickStatus.confirmed),
        or(isNull(listingPicks.settledAt), eq(listingPicks.invoiceStatus, InvoiceStatus.notIssued)),
        or(ne(listingPicks.buyerDefault, DefaultStatus.defaulted), ne(listingPicks.sellerDefault, DefaultStatus.defaulted)),
      ),
    )
    .orderBy(asc(listingPicks.id));
}

export async function autoRevokeCandidates(db: DbOrTx, before: Date): Promise<ListingRow[]> {
  return db
    .select()
    .from(listings)
    .where(and(eq(listings.autoRevoke, true), eq(listings.status, ListingStatusAll.listed), lte(listings.createdAt, before)))
    .orderBy(asc(listings.id));
}

export async function insertEvent(db: DbOrTx, input: typeof listingMarginEvents.$inferInsert): Promise<void> {
  await db.insert(listingMarginEvents).values(input);
}

/** The pick's events, preceded by the listing's own (list order, released remainder) up to the pick's end. */
export async function eventsOfPick(db: DbOrTx, pick: PickRow): Promise<EventRow[]> {
  return db
    .select()
    .from(listingMarginEvents)
    .where(or(eq(listingMarginEvents.pickId, pick.id), and(eq(listingMarginEvents.listingId, pick.listingId), isNull(listingMarginEvents.pickId), eq(listingMarginEvents.eventType, MarginEventType.listOrder))))
    .orderBy(asc(listingMarginEvents.id));
}

export async function insertBargain(db: DbOrTx, input: typeof listingBargains.$inferInsert): Promise<BargainRow> {
  return insertReturning(db, listingBargains, input, 'bargain');
}

/** The offer, when the firm is its offerer or the listing's owner. */
export async function bargainOfFirm(db: DbOrTx, id: number, firmId: number, lock = true): Promise<BargainRow | undefined> {
  const query = db
    .select()
    .from(listingBargains)
    .where(and(eq(listingBargains.id, id), or(eq(listingBargains.offererFirmId, firmId), eq(listingBargains.ownerFirmId, firmId))));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateBargain(db: DbOrTx, id: number, patch: Partial<BargainRow>): Promise<void> {
  await db.update(listingBargains).set(patch).where(eq(listingBargains.id, id));
}

export async function listBargains(
  db: DbOrTx,
  q: { firmId: number; role: 'offerer' | 'owner'; status?: BargainStatus | undefined; listingId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: BargainRow[]; total: number }> {
  const filters: SQL[] = [q.role === 'offerer' ? eq(listingBargains.offererFirmId, q.firmId) : eq(listingBargains.ownerFirmId, q.firmId)];
  if (q.status !== undefined) filters.push(eq(listingBargains.status, q.status));
  if (q.listingId !== undefined) filters.push(eq(listingBargains.listingId, q.listingId));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db.select().from(listingBargains).where(where).orderBy(desc(listingBargains.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(listingBargains).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function loadSettings(db: DbOrTx): Promise<{ row: SettingsRow | undefined; commodities: CommodityMarginRow[] }> {
  const [row] = await db.select().from(listingSettings).where(eq(listingSettings.id, 1));
  const commodities = await db.select().from(listingCommodityMargins).orderBy(asc(listingCommodityMargins.commodityTypeId));
  return { row, commodities };
}

export async function saveSettings(db: DbOrTx, row: SettingsRow, commodities: CommodityMarginRow[]): Promise<void> {
  await db.insert(listingSettings).values(row).onConflictDoUpdate({ target: listingSettings.id, set: { ...row } });
  await db.delete(listingCommodityMargins);
  if (commodities.length) await db.insert(listingCommodityMargins).values(commodities);
}
