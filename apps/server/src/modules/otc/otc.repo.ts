import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OtcAdSide, OtcAppealStatus, OtcMerchantStatus, OtcOrderStatus, OtcPayMethod } from '@tp/contract';
import { insertReturning, type DbOrTx } from '../../platform/db/index';
import { otcAds, otcImages, otcMerchants, otcMessages, otcNotices, otcOrderHistory, otcOrders, otcPaymentMethods, otcProfiles } from './otc.tables';

export type ProfileRow = typeof otcProfiles.$inferSelect;
export type PaymentMethodRow = typeof otcPaymentMethods.$inferSelect;
export type MerchantRow = typeof otcMerchants.$inferSelect;
export type AdRow = typeof otcAds.$inferSelect;
export type OrderRow = typeof otcOrders.$inferSelect;
export type MessageRow = typeof otcMessages.$inferSelect;
export type NoticeRow = typeof otcNotices.$inferSelect;
export type ImageRow = typeof otcImages.$inferSelect;

/** Orders whose coins are still held in escrow. */
export const OPEN_ORDER_STATUSES: OtcOrderStatus[] = ['unpaid', 'paid', 'appeal'];

export async function findProfile(db: DbOrTx, userId: number, forUpdate = false): Promise<ProfileRow | undefined> {
  const query = db.select().from(otcProfiles).where(eq(otcProfiles.userId, userId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function profilesOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, ProfileRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(otcProfiles).where(inArray(otcProfiles.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function upsertProfile(db: DbOrTx, row: typeof otcProfiles.$inferInsert): Promise<void> {
  const { userId: _, ...set } = row;
  await db.insert(otcProfiles).values(row).onConflictDoUpdate({ target: otcProfiles.userId, set });
}

export async function paymentMethodsOf(db: DbOrTx, userId: number, currency?: string): Promise<PaymentMethodRow[]> {
  const where = and(eq(otcPaymentMethods.userId, userId), eq(otcPaymentMethods.deleted, false), currency ? eq(otcPaymentMethods.currency, currency) : undefined);
  return db.select().from(otcPaymentMethods).where(where).orderBy(asc(otcPaymentMethods.id));
}

export async function findPaymentMethod(db: DbOrTx, userId: number, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(otcPaymentMethods)
    .where(and(eq(otcPaymentMethods.id, id), eq(otcPaymentMethods.userId, userId), eq(otcPaymentMethods.deleted, false)))
    .limit(1);
  return row;
}

export async function insertPaymentMethod(db: DbOrTx, row: typeof otcPaymentMethods.$inferInsert): Promise<PaymentMethodRow> {
  return insertReturning(db, otcPaymentMethods, row, 'otc payment method');
}

export async function updatePaymentMethod(db: DbOrTx, userId: number, id: number, set: Partial<typeof otcPaymentMethods.$inferInsert>): Promise<void> {
  await db.update(otcPaymentMethods).set(set).where(and(eq(otcPaymentMethods.id, id), eq(otcPaymentMethods.userId, userId)));
}

export async function insertImage(db: DbOrTx, row: typeof otcImages.$inferInsert): Promise<void> {
  await db.insert(otcImages).values(row).onConflictDoNothing();
}

export async function imagesOf(db: DbOrTx, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(otcImages).where(inArray(otcImages.uploadId, [...ids]));
}

export async function latestMerchant(db: DbOrTx, userId: number): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(otcMerchants).where(eq(otcMerchants.userId, userId)).orderBy(desc(otcMerchants.id)).limit(1);
  return row;
}

export async function merchantForUpdate(db: DbOrTx, id: number): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(otcMerchants).where(eq(otcMerchants.id, id)).for('update');
  return row;
}

export async function insertMerchant(db: DbOrTx, row: typeof otcMerchants.$inferInsert): Promise<MerchantRow> {
  return insertReturning(db, otcMerchants, row, 'otc merchant');
}

export async function updateMerchant(db: DbOrTx, id: number, set: Partial<typeof otcMerchants.$inferInsert>): Promise<void> {
  await db.update(otcMerchants).set(set).where(eq(otcMerchants.id, id));
}

export async function listMerchants(db: DbOrTx, query: { status?: Exclude<OtcMerchantStatus, 'none'> | undefined; offset: number; limit: number }) {
  const where = query.status ? eq(otcMerchants.status, query.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(otcMerchants).where(where).orderBy(desc(otcMerchants.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(otcMerchants).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertAd(db: DbOrTx, row: typeof otcAds.$inferInsert): Promise<AdRow> {
  return insertReturning(db, otcAds, row, 'otc ad');
}

export async function findAd(db: DbOrTx, id: number, forUpdate = false): Promise<AdRow | undefined> {
  const query = db.select().from(otcAds).where(eq(otcAds.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateAd(db: DbOrTx, id: number, set: Partial<typeof otcAds.$inferInsert>): Promise<void> {
  await db.update(otcAds).set(set).where(eq(otcAds.id, id));
}

export async function marketAds(
  db: DbOrTx,
  query: { side: OtcAdSide; coin: string; currency: string; amount?: string | undefined; paymentMethod?: OtcPayMethod | undefined; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(otcAds.status, 'active'), eq(otcAds.side, query.side), eq(otcAds.coin, query.coin), eq(otcAds.currency, query.currency), sql`${otcAds.remaining} > 0`];
  if (query.amount) conditions.push(lte(otcAds.minAmount, query.amount), gte(otcAds.maxAmount, query.amount));
  if (query.paymentMethod) conditions.push(sql`${otcAds.paymentMethods} @> ${JSON.stringify([query.paymentMethod])}::jsonb`);
  const where = and(...conditions);
  // Sellers cheapest first for a buyer; buyers dearest first for a seller.
  const byPrice = query.side === 'sell' ? asc(otcAds.price) : desc(otcAds.price);
  const [rows, [totals]] = await Promise.all([
    db.select().from(otcAds).where(where).orderBy(byPrice, asc(otcAds.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(otcAds).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function listAds(db: DbOrTx, query: { userId?: number | undefined; status?: 'active' | 'withdrawn' | undefined; offset: number; limit: number }) {
  const where = and(query.userId === undefined ? undefined : eq(otcAds.userId, query.userId), query.status ? eq(otcAds.status, query.status) : undefined);
  const [rows, [totals]] = await Promise.all([
    db.select().from(otcAds).where(where).orderBy(desc(otcAds.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(otcAds).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function countActiveAds(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(otcAds).where(and(eq(otcAds.userId, userId), eq(otcAds.status, 'active')));
  return row?.n ?? 0;
}

export async function countOpenOrders(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otcOrders)
    .where(and(or(eq(otcOrders.buyerUserId, userId), eq(otcOrders.sellerUserId, userId)), inArray(otcOrders.status, OPEN_ORDER_STATUSES)));
  return row?.n ?? 0;
}

export async function insertOrder(db: DbOrTx, row: typeof otcOrders.$inferInsert): Promise<OrderRow> {
  return insertReturning(db, otcOrders, row, 'otc order');
}

export async function findOrder(db: DbOrTx, id: number, forUpdate = false): Promise<OrderRow | undefined> {
  const query = db.select().from(otcOrders).where(eq(otcOrders.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(db: DbOrTx, id: number, set: Partial<typeof otcOrders.$inferInsert>): Promise<OrderRow> {
  const [row] = await db.update(otcOrders).set(set).where(eq(otcOrders.id, id)).returning();
  if (!row) throw new Error('otc order update returned nothing');
  return row;
}

export async function ordersOfUser(db: DbOrTx, query: { userId: number; status?: OtcOrderStatus | undefined; offset: number; limit: number }) {
  const where = and(or(eq(otcOrders.buyerUserId, query.userId), eq(otcOrders.sellerUserId, query.userId)), query.status ? eq(otcOrders.status, query.status) : undefined);
  const [rows, [totals]] = await Promise.all([
    db.select().from(otcOrders).where(where).orderBy(desc(otcOrders.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(otcOrders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function appealOrders(db: DbOrTx, query: { appealStatus?: OtcAppealStatus | undefined; offset: number; limit: number }) {
  const where = query.appealStatus ? eq(otcOrders.appealStatus, query.appealStatus) : sql`${otcOrders.appealStatus} <> 'none'`;
  const [rows, [totals]] = await Promise.all([
    db.select().from(otcOrders).where(where).orderBy(desc(otcOrders.appealAt), desc(otcOrders.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(otcOrders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Unpaid orders of an ad (staff taking an ad down invalidates them). */
export async function unpaidOrdersOfAd(db: DbOrTx, adId: number): Promise<OrderRow[]> {
  return db.select().from(otcOrders).where(and(eq(otcOrders.adId, adId), eq(otcOrders.status, 'unpaid'))).orderBy(asc(otcOrders.id));
}

/** Unpaid orders whose time ran out at `now`. */
export async function dueUnpaidOrders(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db.select({ id: otcOrders.id }).from(otcOrders).where(and(eq(otcOrders.status, 'unpaid'), lte(otcOrders.expireAt, now))).orderBy(asc(otcOrders.id));
  return rows.map((row) => row.id);
}

/** The buyer's own cancellations and expired orders since `since`. */
export async function cancellationsSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otcOrders)
    .where(
      and(
        eq(otcOrders.buyerUserId, userId),
        gte(otcOrders.cancelledAt, since),
        or(and(eq(otcOrders.status, 'cancelled'), eq(otcOrders.cancelledBy, 'buyer')), eq(otcOrders.status, 'expired')),
      ),
    );
  return row?.n ?? 0;
}

export interface MerchantStatsRow {
  userId: number;
  completed: number;
  ended: number;
  releaseSeconds: number;
}

/** Completed orders, ended orders and the average release time of each merchant, as the ad owner. */
export async function merchantStats(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, MerchantStatsRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: otcOrders.merchantUserId,
      completed: sql<number>`count(*) filter (where ${otcOrders.status} = 'completed')`.mapWith(Number),
      ended: sql<number>`count(*) filter (where ${otcOrders.status} in ('completed', 'cancelled', 'expired'))`.mapWith(Number),
      releaseSeconds: sql<number>`coalesce(avg(extract(epoch from ${otcOrders.completedAt} - ${otcOrders.paidAt})) filter (where ${otcOrders.status} = 'completed' and ${otcOrders.paidAt} is not null), 0)`.mapWith(Number),
    })
    .from(otcOrders)
    .where(inArray(otcOrders.merchantUserId, [...userIds]))
    .groupBy(otcOrders.merchantUserId);
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function insertHistory(db: DbOrTx, row: typeof otcOrderHistory.$inferInsert): Promise<void> {
  await db.insert(otcOrderHistory).values(row);
}

export async function messagesOf(db: DbOrTx, orderId: number): Promise<MessageRow[]> {
  return db.select().from(otcMessages).where(eq(otcMessages.orderId, orderId)).orderBy(asc(otcMessages.id)).limit(500);
}

export async function insertMessage(db: DbOrTx, row: typeof otcMessages.$inferInsert): Promise<MessageRow> {
  return insertReturning(db, otcMessages, row, 'otc message');
}

/** Whether the picture belongs to the order: a proof, evidence or chat picture of it. */
export async function orderHasImage(db: DbOrTx, order: OrderRow, imageId: string): Promise<boolean> {
  if (order.proofImageId === imageId || order.appealImages.includes(imageId) || order.payment.qrImageId === imageId) return true;
  const [row] = await db.select({ id: otcMessages.id }).from(otcMessages).where(and(eq(otcMessages.orderId, order.id), eq(otcMessages.imageId, imageId))).limit(1);
  return row !== undefined;
}

export async function insertNotices(db: DbOrTx, rows: (typeof otcNotices.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(otcNotices).values(rows);
}

export async function noticesOf(db: DbOrTx, query: { userId: number; offset: number; limit: number }) {
  const where = eq(otcNotices.userId, query.userId);
  const [rows, [totals], [unread]] = await Promise.all([
    db.select().from(otcNotices).where(where).orderBy(desc(otcNotices.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(otcNotices).where(where),
    db.select({ n: count() }).from(otcNotices).where(and(where, isNull(otcNotices.readAt))),
  ]);
  return { rows, total: totals?.total ?? 0, unread: unread?.n ?? 0 };
}

export async function readNotices(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(otcNotices).set({ readAt: at }).where(and(eq(otcNotices.userId, userId), isNull(otcNotices.readAt)));
}
