import { ProductStatus, type ProductOrderStatus } from '@tp/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, insertReturning, ownedRowForUpdate } from '../../platform/db/index';
import { productCartLines, productHistory, productOrderHistory, productOrderItems, productOrders, productShops, products } from './product.tables';

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;
export type ShopRow = typeof productShops.$inferSelect;
export type OrderRow = typeof productOrders.$inferSelect;
export type OrderItemRow = typeof productOrderItems.$inferSelect;
export type CartLineRow = typeof productCartLines.$inferSelect;

// ---- shops -------------------------------------------------------------------------------------

export async function shopOf(db: DbOrTx, firmId: number): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(productShops).where(eq(productShops.firmId, firmId));
  return row;
}

export async function shopsOf(db: DbOrTx, firmIds: number[]): Promise<ShopRow[]> {
  if (firmIds.length === 0) return [];
  return db.select().from(productShops).where(inArray(productShops.firmId, firmIds));
}

export async function saveShop(db: DbOrTx, row: typeof productShops.$inferInsert): Promise<void> {
  const { firmId: _firmId, createdAt: _createdAt, ...patch } = row;
  await db.insert(productShops).values(row).onConflictDoUpdate({ target: productShops.firmId, set: patch });
}

export async function onSaleCount(db: DbOrTx, firmId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .where(and(eq(products.firmId, firmId), eq(products.status, ProductStatus.onSale)));
  return row?.total ?? 0;
}

// ---- products ----------------------------------------------------------------------------------

export async function insertProduct(db: DbOrTx, input: ProductInsert): Promise<ProductRow> {
  return insertReturning(db, products, input, 'product');
}

/** The product, locked for a transition; `firmId` scopes it to its owner, so another firm's id is not found. */
export async function productForUpdate(db: DbOrTx, id: number, firmId?: number): Promise<ProductRow | undefined> {
  return ownedRowForUpdate(db, products, id, firmId);
}

export async function productById(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function productsByIds(db: DbOrTx, ids: number[], lock = false): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  // Ordered by id: concurrent checkouts lock the same rows in the same order and cannot deadlock.
  const query = db.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
  return lock ? query.for('update') : query;
}

export async function updateProduct(db: DbOrTx, id: number, patch: Partial<ProductInsert>): Promise<void> {
  await db.update(products).set(patch).where(eq(products.id, id));
}

export async function insertHistory(db: DbOrTx, input: typeof productHistory.$inferInsert): Promise<void> {
  await db.insert(productHistory).values(input);
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ProductQuery {
  firmId?: number | undefined;
  statuses?: ProductStatus[] | undefined;
  commodityTypeId?: number | undefined;
  keyword?: string | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  sort?: 'new' | 'priceAsc' | 'priceDesc' | 'sales';
  offset: number;
  limit: number;
}

export async function listProducts(db: DbOrTx, q: ProductQuery): Promise<{ rows: ProductRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined) filters.push(eq(products.firmId, q.firmId));
  if (q.statuses?.length) filters.push(inArray(products.status, q.statuses));
  if (q.commodityTypeId !== undefined) filters.push(eq(products.commodityTypeId, q.commodityTypeId));
  if (q.minPrice) filters.push(gte(products.price, q.minPrice));
  if (q.maxPrice) filters.push(lte(products.price, q.maxPrice));
  if (q.keyword) {
    const like = likeOf(q.keyword);
    filters.push(or(ilike(products.name, like), ilike(products.specification, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const order =
    q.sort === 'priceAsc'
      ? [asc(products.price), desc(products.id)]
      : q.sort === 'priceDesc'
        ? [desc(products.price), desc(products.id)]
        : q.sort === 'sales'
          ? [desc(products.sold), desc(products.id)]
          : [desc(products.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...order)
      .offset(q.offset)
      .limit(q.limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

// ---- cart --------------------------------------------------------------------------------------

/** The user's cart; locked for a checkout, so a second checkout of the same cart waits and then finds it paid. */
export async function cartOf(db: DbOrTx, userId: number, lock = false): Promise<CartLineRow[]> {
  const query = db.select().from(productCartLines).where(eq(productCartLines.userId, userId)).orderBy(asc(productCartLines.createdAt), asc(productCartLines.productId));
  return lock ? query.for('update') : query;
}

/** Adding a product already in the cart adds to its quantity. */
export async function addToCart(db: DbOrTx, line: typeof productCartLines.$inferInsert): Promise<void> {
  await db
    .insert(productCartLines)
    .values(line)
    .onConflictDoUpdate({ target: [productCartLines.userId, productCartLines.productId], set: { quantity: sql`${productCartLines.quantity} + excluded.quantity` } });
}

export async function setCartQuantity(db: DbOrTx, userId: number, productId: number, quantity: number): Promise<number> {
  const rows = await db
    .update(productCartLines)
    .set({ quantity })
    .where(and(eq(productCartLines.userId, userId), eq(productCartLines.productId, productId)))
    .returning({ productId: productCartLines.productId });
  return rows.length;
}

export async function removeFromCart(db: DbOrTx, userId: number, productIds: number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const rows = await db
    .delete(productCartLines)
    .where(and(eq(productCartLines.userId, userId), inArray(productCartLines.productId, productIds)))
    .returning({ productId: productCartLines.productId });
  return rows.length;
}

// ---- orders ------------------------------------------------------------------------------------

export async function insertOrder(db: DbOrTx, input: typeof productOrders.$inferInsert): Promise<OrderRow> {
  return insertReturning(db, productOrders, input, 'product order');
}

export async function insertOrderItems(db: DbOrTx, rows: (typeof productOrderItems.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(productOrderItems).values(rows);
}

const sideWhere = (id: number, firmId: number, side: 'buyer' | 'seller' | 'either') =>
  and(
    eq(productOrders.id, id),
    side === 'buyer' ? eq(productOrders.buyerFirmId, firmId) : side === 'seller' ? eq(productOrders.sellerFirmId, firmId) : or(eq(productOrders.buyerFirmId, firmId), eq(productOrders.sellerFirmId, firmId)),
  );

/** The order when `firmId` is on the given side of it; locked for a transition unless `lock` is false. */
export async function orderOfFirm(db: DbOrTx, id: number, firmId: number, side: 'buyer' | 'seller' | 'either', lock = true): Promise<OrderRow | undefined> {
  const query = db.select().from(productOrders).where(sideWhere(id, firmId, side));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(db: DbOrTx, id: number, patch: Partial<typeof productOrders.$inferInsert>): Promise<void> {
  await db.update(productOrders).set(patch).where(eq(productOrders.id, id));
}

export async function itemsOf(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(productOrderItems).where(inArray(productOrderItems.orderId, orderIds)).orderBy(asc(productOrderItems.id));
}

export async function insertOrderHistory(db: DbOrTx, input: typeof productOrderHistory.$inferInsert): Promise<void> {
  await db.insert(productOrderHistory).values(input);
}

export async function listOrders(db: DbOrTx, q: { firmId: number; side: 'buyer' | 'seller'; status?: ProductOrderStatus | undefined; offset: number; limit: number }) {
  const filters: SQL[] = [q.side === 'buyer' ? eq(productOrders.buyerFirmId, q.firmId) : eq(productOrders.sellerFirmId, q.firmId)];
  if (q.status) filters.push(eq(productOrders.status, q.status));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db.select().from(productOrders).where(where).orderBy(desc(productOrders.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(productOrders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function ordersByIds(db: DbOrTx, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(productOrders).where(inArray(productOrders.id, ids)).orderBy(asc(productOrders.id));
}
