import { MallGoodsStatus, type MallOrderStatus, type MallSort } from '@tp/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, insertReturning, ownedRowForUpdate } from '../../platform/db/index';
import { mallClasses, mallGoods, mallGoodsHistory, mallOrderHistory, mallOrders } from './mall.tables';

export type ClassRow = typeof mallClasses.$inferSelect;
export type GoodsRow = typeof mallGoods.$inferSelect;
export type GoodsInsert = typeof mallGoods.$inferInsert;
export type OrderRow = typeof mallOrders.$inferSelect;
export type OrderInsert = typeof mallOrders.$inferInsert;

// ---- classes -----------------------------------------------------------------------------------

export async function listClasses(db: DbOrTx, enabledOnly: boolean): Promise<ClassRow[]> {
  return db
    .select()
    .from(mallClasses)
    .where(enabledOnly ? eq(mallClasses.enabled, true) : undefined)
    .orderBy(asc(mallClasses.sort), asc(mallClasses.id));
}

export async function classById(db: DbOrTx, id: number): Promise<ClassRow | undefined> {
  const [row] = await db.select().from(mallClasses).where(eq(mallClasses.id, id));
  return row;
}

export async function insertClass(db: DbOrTx, input: typeof mallClasses.$inferInsert): Promise<ClassRow> {
  return insertReturning(db, mallClasses, input, 'mall class');
}

export async function updateClass(db: DbOrTx, id: number, patch: Partial<typeof mallClasses.$inferInsert>): Promise<number> {
  return (await db.update(mallClasses).set(patch).where(eq(mallClasses.id, id)).returning({ id: mallClasses.id })).length;
}

// ---- goods -------------------------------------------------------------------------------------

export async function insertGoods(db: DbOrTx, input: GoodsInsert): Promise<GoodsRow> {
  return insertReturning(db, mallGoods, input, 'mall goods');
}

export async function goodsById(db: DbOrTx, id: number): Promise<GoodsRow | undefined> {
  const [row] = await db.select().from(mallGoods).where(eq(mallGoods.id, id));
  return row;
}

/** Locked for a transition; `firmId` scopes it to its owner, so another firm's id is not found. */
export async function goodsForUpdate(db: DbOrTx, id: number, firmId?: number): Promise<GoodsRow | undefined> {
  return ownedRowForUpdate(db, mallGoods, id, firmId);
}

export async function updateGoods(db: DbOrTx, id: number, patch: Partial<GoodsInsert>): Promise<void> {
  await db.update(mallGoods).set(patch).where(eq(mallGoods.id, id));
}

/**
 * Takes `quantity` pieces of goods on sale in one conditional update: concurrent orders queue on the
 * row and each sees the stock the previous one left, so the stock never goes below zero.
 */
export async function takeStock(db: DbOrTx, id: number, quantity: number): Promise<GoodsRow | undefined> {
  const [row] = await db
    .update(mallGoods)
    .set({ stock: sql`${mallGoods.stock} - ${quantity}`, sold: sql`${mallGoods.sold} + ${quantity}` })
    .where(and(eq(mallGoods.id, id), eq(mallGoods.status, MallGoodsStatus.onSale), gte(mallGoods.stock, quantity)))
    .returning();
  return row;
}

export async function returnStock(db: DbOrTx, id: number, quantity: number): Promise<void> {
  await db
    .update(mallGoods)
    .set({ stock: sql`${mallGoods.stock} + ${quantity}`, sold: sql`greatest(${mallGoods.sold} - ${quantity}, 0)` })
    .where(eq(mallGoods.id, id));
}

export async function insertGoodsHistory(db: DbOrTx, input: typeof mallGoodsHistory.$inferInsert): Promise<void> {
  await db.insert(mallGoodsHistory).values(input);
}

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface GoodsQuery {
  firmId?: number | undefined;
  status?: MallGoodsStatus | undefined;
  classId?: number | undefined;
  keyword?: string | undefined;
  sort?: MallSort;
  offset: number;
  limit: number;
}

export async function listGoods(db: DbOrTx, q: GoodsQuery): Promise<{ rows: GoodsRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined) filters.push(eq(mallGoods.firmId, q.firmId));
  if (q.status) filters.push(eq(mallGoods.status, q.status));
  if (q.classId !== undefined) filters.push(eq(mallGoods.classId, q.classId));
  if (q.keyword) filters.push(or(ilike(mallGoods.name, likeOf(q.keyword)), ilike(mallGoods.description, likeOf(q.keyword)))!);
  const where = filters.length ? and(...filters) : undefined;
  const order =
    q.sort === 'priceAsc'
      ? [asc(mallGoods.price), desc(mallGoods.id)]
      : q.sort === 'priceDesc'
        ? [desc(mallGoods.price), desc(mallGoods.id)]
        : q.sort === 'sales'
          ? [desc(mallGoods.sold), desc(mallGoods.id)]
          : [desc(mallGoods.id)];
  const rows = await db
    .select()
    .from(mallGoods)
    .where(where)
    .orderBy(...order)
    .offset(q.offset)
    .limit(q.limit);
  const [totals] = await db.select({ total: count() }).from(mallGoods).where(where);
  return { rows, total: totals?.total ?? 0 };
}

// ---- orders ------------------------------------------------------------------------------------

export async function insertOrder(db: DbOrTx, input: OrderInsert): Promise<OrderRow> {
  return insertReturning(db, mallOrders, input, 'mall order');
}

const sideFilter = (firmId: number, side: 'buyer' | 'seller' | 'either') =>
  side === 'buyer' ? eq(mallOrders.buyerFirmId, firmId) : side === 'seller' ? eq(mallOrders.sellerFirmId, firmId) : or(eq(mallOrders.buyerFirmId, firmId), eq(mallOrders.sellerFirmId, firmId))!;

/** The order as one party sees it (another firm's id is not found); locked when it is to move. */
export async function orderOfFirm(db: DbOrTx, id: number, firmId: number, side: 'buyer' | 'seller' | 'either', lock: boolean): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(mallOrders)
    .where(and(eq(mallOrders.id, id), sideFilter(firmId, side)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function orderById(db: DbOrTx, id: number, lock = false): Promise<OrderRow | undefined> {
  const query = db.select().from(mallOrders).where(eq(mallOrders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(db: DbOrTx, id: number, patch: Partial<OrderInsert>): Promise<void> {
  await db.update(mallOrders).set(patch).where(eq(mallOrders.id, id));
}

export async function insertOrderHistory(db: DbOrTx, input: typeof mallOrderHistory.$inferInsert): Promise<void> {
  await db.insert(mallOrderHistory).values(input);
}

export interface OrderQuery {
  firmId?: number | undefined;
  side?: 'buyer' | 'seller';
  status?: MallOrderStatus | undefined;
  offset: number;
  limit: number;
}

export async function listOrders(db: DbOrTx, q: OrderQuery): Promise<{ rows: OrderRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined) filters.push(sideFilter(q.firmId, q.side ?? 'either'));
  if (q.status) filters.push(eq(mallOrders.status, q.status));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db.select().from(mallOrders).where(where).orderBy(desc(mallOrders.id)).offset(q.offset).limit(q.limit);
  const [totals] = await db.select({ total: count() }).from(mallOrders).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function goodsByIds(db: DbOrTx, ids: number[]): Promise<GoodsRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(mallGoods).where(inArray(mallGoods.id, [...new Set(ids)]));
}
