import { and, asc, count, desc, eq, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { AuctionOrderStatus, DefaultStatus, PickPayStatus, type AuctionAuditStatus, type AuctionStatus, type EnrolStatus } from '@tp/contract';
import { type DbOrTx, insertReturning, ownedRowForUpdate, textArray } from '../../platform/db/index';
import { auctionBids, auctionEnrolments, auctionHistory, auctionItems, auctionOrders, auctionProxies } from './auction.tables';

export type ItemRow = typeof auctionItems.$inferSelect;
export type EnrolmentRow = typeof auctionEnrolments.$inferSelect;
export type BidRow = typeof auctionBids.$inferSelect;
export type ProxyRow = typeof auctionProxies.$inferSelect;
export type OrderRow = typeof auctionOrders.$inferSelect;

export const insertItem = (db: DbOrTx, values: typeof auctionItems.$inferInsert): Promise<ItemRow> => insertReturning(db, auctionItems, values, 'auction item');

/** The lot, locked: changes other than the bid writer's groups (which are fenced on the lot's version instead) go through this lock. */
export const itemForUpdate = (db: DbOrTx, id: number, firmId?: number): Promise<ItemRow | undefined> => ownedRowForUpdate(db, auctionItems, id, firmId);

export async function itemById(db: DbOrTx, id: number): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(auctionItems).where(eq(auctionItems.id, id));
  return row;
}

/** Changes the lot; its version moves on, so a group of bids validated before the change is not written. */
export async function updateItem(db: DbOrTx, id: number, patch: Partial<ItemRow>): Promise<void> {
  await db
    .update(auctionItems)
    .set({ ...patch, version: sql`${auctionItems.version} + 1` })
    .where(eq(auctionItems.id, id));
}

/** The lot's version alone: whether a writer's copy of the lot is still current. */
export async function versionOf(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ version: auctionItems.version }).from(auctionItems).where(eq(auctionItems.id, id));
  return row?.version;
}

export interface ItemFilter {
  firmId?: number | undefined;
  status?: AuctionStatus | undefined;
  statuses?: AuctionStatus[] | undefined;
  auditStatus?: AuctionAuditStatus | undefined;
  unsold?: boolean | undefined;
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

export async function listItems(db: DbOrTx, q: ItemFilter): Promise<{ rows: ItemRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined) filters.push(eq(auctionItems.firmId, q.firmId));
  if (q.status !== undefined) filters.push(eq(auctionItems.status, q.status));
  if (q.statuses !== undefined) filters.push(inArray(auctionItems.status, q.statuses));
  if (q.auditStatus !== undefined) filters.push(eq(auctionItems.auditStatus, q.auditStatus));
  if (q.unsold !== undefined) filters.push(eq(auctionItems.unsold, q.unsold));
  if (q.keyword) filters.push(ilike(auctionItems.commodityName, `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db.select().from(auctionItems).where(where).orderBy(asc(auctionItems.endTime), desc(auctionItems.id)).offset(q.offset).limit(q.limit);
  const [total] = await db.select({ n: count() }).from(auctionItems).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Lots whose clock has reached their next phase (notice, bidding or end) and that have not moved yet. */
export async function dueLots(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: auctionItems.id })
    .from(auctionItems)
    .where(
      or(
        and(eq(auctionItems.status, 'N'), eq(auctionItems.auditStatus, 'T'), lte(auctionItems.showTime, now)),
        and(eq(auctionItems.status, '0'), lte(auctionItems.startTime, now)),
        and(eq(auctionItems.status, '1'), lte(auctionItems.endTime, now)),
      ),
    )
    .orderBy(asc(auctionItems.id));
  return rows.map((r) => r.id);
}

export async function itemsByIds(db: DbOrTx, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(auctionItems).where(inArray(auctionItems.id, ids));
}

export async function insertHistory(db: DbOrTx, values: typeof auctionHistory.$inferInsert): Promise<void> {
  await db.insert(auctionHistory).values(values);
}

export async function historyOf(db: DbOrTx, itemId: number) {
  return db.select().from(auctionHistory).where(eq(auctionHistory.itemId, itemId)).orderBy(asc(auctionHistory.id));
}

export const insertEnrolment = (db: DbOrTx, values: typeof auctionEnrolments.$inferInsert): Promise<EnrolmentRow> => insertReturning(db, auctionEnrolments, values, 'auction enrolment');

export async function enrolmentOf(db: DbOrTx, itemId: number, firmId: number): Promise<EnrolmentRow | undefined> {
  const [row] = await db.select().from(auctionEnrolments).where(and(eq(auctionEnrolments.itemId, itemId), eq(auctionEnrolments.firmId, firmId)));
  return row;
}

export async function enrolmentsOfItem(db: DbOrTx, itemId: number): Promise<EnrolmentRow[]> {
  return db.select().from(auctionEnrolments).where(eq(auctionEnrolments.itemId, itemId)).orderBy(asc(auctionEnrolments.id));
}

export async function enrolmentsOfFirm(db: DbOrTx, firmId: number, itemIds: number[]): Promise<EnrolmentRow[]> {
  if (itemIds.length === 0) return [];
  return db.select().from(auctionEnrolments).where(and(eq(auctionEnrolments.firmId, firmId), inArray(auctionEnrolments.itemId, itemIds)));
}

export async function updateEnrolment(db: DbOrTx, id: number, patch: Partial<EnrolmentRow>): Promise<void> {
  await db.update(auctionEnrolments).set(patch).where(eq(auctionEnrolments.id, id));
}

export async function listEnrolments(db: DbOrTx, q: { firmId: number; status?: EnrolStatus | undefined; offset: number; limit: number }) {
  const where = and(eq(auctionEnrolments.firmId, q.firmId), q.status === undefined ? undefined : eq(auctionEnrolments.status, q.status));
  const rows = await db
    .select({ enrolment: auctionEnrolments, item: auctionItems })
    .from(auctionEnrolments)
    .innerJoin(auctionItems, eq(auctionItems.id, auctionEnrolments.itemId))
    .where(where)
    .orderBy(desc(auctionEnrolments.id))
    .offset(q.offset)
    .limit(q.limit);
  const [total] = await db.select({ n: count() }).from(auctionEnrolments).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function insertBid(db: DbOrTx, values: typeof auctionBids.$inferInsert): Promise<void> {
  await db.insert(auctionBids).values(values);
}

/** The enrolments of these firms on the lot. */
export async function enrolmentsOf(db: DbOrTx, itemId: number, firmIds: number[]): Promise<EnrolmentRow[]> {
  if (firmIds.length === 0) return [];
  return db.select().from(auctionEnrolments).where(and(eq(auctionEnrolments.itemId, itemId), inArray(auctionEnrolments.firmId, firmIds)));
}

/** What a group of accepted bids leaves the lot at; `expected` is the lot as the group found it. */
export interface BidGroup {
  itemId: number;
  /** The lot's version the group was validated against. */
  expected: number;
  after: { currentPrice: string; leaderFirmId: number; leaderNo: number; bidCount: number; endTime: Date; updatedAt: Date };
  bids: { seq: number; firmId: number; bidderNo: number; price: string; proxy: boolean; createdAt: Date }[];
}

/**
 * Writes a group of bids with one statement: the lot's row moves to the group's outcome (its version
 * one on) and the bids are inserted, only while the lot is still bidding at the version the group
 * was validated against. That condition is the fence: when anything else changed the lot or its
 * proxies in between (its end, a staff stop, a proxy, bids through another instance), nothing is
 * written and false comes back.
 */
export async function commitBids(db: DbOrTx, g: BidGroup): Promise<boolean> {
  const iso = (d: Date) => d.toISOString();
  const col = (values: readonly (string | number | boolean)[]) => sql`${textArray(values)}::text[]`;
  const result = (await db.execute(sql`
    with lot as (
      update ${auctionItems}
      set current_price = ${g.after.currentPrice}, leader_firm_id = ${g.after.leaderFirmId}, leader_no = ${g.after.leaderNo}, bid_count = ${g.after.bidCount},
          end_time = ${iso(g.after.endTime)}::timestamptz, updated_at = ${iso(g.after.updatedAt)}::timestamptz, version = version + 1
      where id = ${g.itemId} and status = '1' and version = ${g.expected}
      returning id
    ), placed as (
      insert into ${auctionBids} (item_id, seq, firm_id, bidder_no, price, proxy, created_at)
      select lot.id, b.seq, b.firm_id, b.bidder_no, b.price, b.proxy, b.created_at
      from lot, unnest(
        ${col(g.bids.map((b) => b.seq))}::int[], ${col(g.bids.map((b) => b.firmId))}::bigint[], ${col(g.bids.map((b) => b.bidderNo))}::int[],
        ${col(g.bids.map((b) => b.price))}::numeric[], ${col(g.bids.map((b) => b.proxy))}::boolean[], ${col(g.bids.map((b) => iso(b.createdAt)))}::timestamptz[]
      ) as b(seq, firm_id, bidder_no, price, proxy, created_at)
      returning 1
    )
    select (select count(*) from lot)::int as lots, (select count(*) from placed)::int as bids
  `)) as unknown as { rows: { lots: number | string; bids: number | string }[] };
  const row = result.rows[0];
  return Number(row?.lots ?? 0) === 1;
}

export async function listBids(db: DbOrTx, itemId: number, window: { offset: number; limit: number }): Promise<{ rows: BidRow[]; total: number }> {
  const rows = await db.select().from(auctionBids).where(eq(auctionBids.itemId, itemId)).orderBy(desc(auctionBids.seq)).offset(window.offset).limit(window.limit);
  const [total] = await db.select({ n: count() }).from(auctionBids).where(eq(auctionBids.itemId, itemId));
  return { rows, total: total?.n ?? 0 };
}

export async function proxyOf(db: DbOrTx, itemId: number, firmId: number): Promise<ProxyRow | undefined> {
  const [row] = await db.select().from(auctionProxies).where(and(eq(auctionProxies.itemId, itemId), eq(auctionProxies.firmId, firmId)));
  return row;
}

/** The lot's proxies, the highest maximum first (the earlier one first among equals: it was there first). */
export async function proxiesOfItem(db: DbOrTx, itemId: number): Promise<ProxyRow[]> {
  return db.select().from(auctionProxies).where(eq(auctionProxies.itemId, itemId)).orderBy(desc(auctionProxies.maxPrice), asc(auctionProxies.id));
}

export async function saveProxy(db: DbOrTx, values: typeof auctionProxies.$inferInsert): Promise<void> {
  await db
    .insert(auctionProxies)
    .values(values)
    .onConflictDoUpdate({ target: [auctionProxies.itemId, auctionProxies.firmId], set: { maxPrice: values.maxPrice, updatedAt: values.updatedAt } });
}

export const insertOrder = (db: DbOrTx, values: typeof auctionOrders.$inferInsert): Promise<OrderRow> => insertReturning(db, auctionOrders, values, 'auction order');

/** The winning order, locked; `firmId` with `side` scopes it to that party. */
export async function orderForUpdate(db: DbOrTx, id: number, party?: { firmId: number; side: 'buyer' | 'seller' }): Promise<OrderRow | undefined> {
  const own = party ? eq(party.side === 'buyer' ? auctionOrders.buyerFirmId : auctionOrders.sellerFirmId, party.firmId) : undefined;
  const [row] = await db.select().from(auctionOrders).where(and(eq(auctionOrders.id, id), own)).for('update');
  return row;
}

export async function orderById(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(auctionOrders).where(eq(auctionOrders.id, id));
  return row;
}

export async function orderOfItem(db: DbOrTx, itemId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(auctionOrders).where(eq(auctionOrders.itemId, itemId));
  return row;
}

export async function updateOrder(db: DbOrTx, id: number, patch: Partial<OrderRow>): Promise<void> {
  await db.update(auctionOrders).set(patch).where(eq(auctionOrders.id, id));
}

export async function listOrders(db: DbOrTx, q: { firmId: number; side: 'buyer' | 'seller'; offset: number; limit: number }) {
  const where = eq(q.side === 'buyer' ? auctionOrders.buyerFirmId : auctionOrders.sellerFirmId, q.firmId);
  const rows = await db.select({ order: auctionOrders, item: auctionItems }).from(auctionOrders).innerJoin(auctionItems, eq(auctionItems.id, auctionOrders.itemId)).where(where).orderBy(desc(auctionOrders.id)).offset(q.offset).limit(q.limit);
  const [total] = await db.select({ n: count() }).from(auctionOrders).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Winning orders whose balance is overdue and not yet defaulted. */
export async function overdueOrders(db: DbOrTx, now: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(auctionOrders)
    .where(
      and(
        inArray(auctionOrders.status, [AuctionOrderStatus.toConfirm, AuctionOrderStatus.confirmed]),
        eq(auctionOrders.payStatus, PickPayStatus.firstPaid),
        or(eq(auctionOrders.buyerDefault, DefaultStatus.none), eq(auctionOrders.buyerDefault, DefaultStatus.delayed)),
        lt(auctionOrders.balanceDueAt, now),
      ),
    );
}

/** Margin-buy orders whose winning seller has not confirmed by its deadline and has not yet defaulted. */
export async function unconfirmedOrders(db: DbOrTx, now: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(auctionOrders)
    .where(
      and(
        eq(auctionOrders.status, AuctionOrderStatus.toConfirm),
        or(eq(auctionOrders.sellerDefault, DefaultStatus.none), eq(auctionOrders.sellerDefault, DefaultStatus.delayed)),
        lt(auctionOrders.confirmDueAt, now),
      ),
    );
}
