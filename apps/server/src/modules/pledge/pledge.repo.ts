import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FinanceStatus, PledgeStatus } from '@tp/contract';
import { insertReturning, type DbOrTx } from '../../platform/db/index';
import { pledgeBillDays, pledgeFinances, pledgeFunders, pledgeHistory, pledgeNotices, pledgeProducts, pledgeRepayments, pledgeSales } from './pledge.tables';

export type FunderRow = typeof pledgeFunders.$inferSelect;
export type ProductRow = typeof pledgeProducts.$inferSelect;
export type FinanceRow = typeof pledgeFinances.$inferSelect;
export type FinanceInsert = typeof pledgeFinances.$inferInsert;
export type BillDayRow = typeof pledgeBillDays.$inferSelect;
export type RepaymentRow = typeof pledgeRepayments.$inferSelect;
export type HistoryRow = typeof pledgeHistory.$inferSelect;
export type SaleRow = typeof pledgeSales.$inferSelect;
export type NoticeRow = typeof pledgeNotices.$inferSelect;

export async function funders(db: DbOrTx): Promise<FunderRow[]> {
  return db.select().from(pledgeFunders).orderBy(asc(pledgeFunders.id));
}

export async function funderById(db: DbOrTx, id: number): Promise<FunderRow | undefined> {
  const [row] = await db.select().from(pledgeFunders).where(eq(pledgeFunders.id, id));
  return row;
}

export async function funderOfFirm(db: DbOrTx, firmId: number): Promise<FunderRow | undefined> {
  const [row] = await db.select().from(pledgeFunders).where(eq(pledgeFunders.firmId, firmId));
  return row;
}

export async function upsertFunder(db: DbOrTx, values: typeof pledgeFunders.$inferInsert): Promise<FunderRow> {
  const [row] = await db
    .insert(pledgeFunders)
    .values(values)
    .onConflictDoUpdate({ target: pledgeFunders.firmId, set: { name: values.name, graceDays: values.graceDays, active: values.active, updatedAt: values.updatedAt } })
    .returning();
  if (!row) throw new Error('pledge funder upsert returned nothing');
  return row;
}

export async function products(db: DbOrTx, funderId?: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(pledgeProducts)
    .where(funderId === undefined ? undefined : eq(pledgeProducts.funderId, funderId))
    .orderBy(asc(pledgeProducts.funderId), asc(pledgeProducts.commodityTypeId));
}

export async function productOf(db: DbOrTx, funderId: number, commodityTypeId: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(pledgeProducts).where(and(eq(pledgeProducts.funderId, funderId), eq(pledgeProducts.commodityTypeId, commodityTypeId)));
  return row;
}

export async function productById(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(pledgeProducts).where(eq(pledgeProducts.id, id));
  return row;
}

export async function upsertProduct(db: DbOrTx, values: typeof pledgeProducts.$inferInsert): Promise<ProductRow> {
  const { funderId: _f, commodityTypeId: _c, createdAt: _at, ...set } = values;
  const [row] = await db
    .insert(pledgeProducts)
    .values(values)
    .onConflictDoUpdate({ target: [pledgeProducts.funderId, pledgeProducts.commodityTypeId], set })
    .returning();
  if (!row) throw new Error('pledge product upsert returned nothing');
  return row;
}

export const insertFinance = (db: DbOrTx, values: FinanceInsert) => insertReturning(db, pledgeFinances, values, 'pledge finance');

export async function updateFinance(db: DbOrTx, id: number, set: Partial<FinanceInsert>): Promise<void> {
  await db.update(pledgeFinances).set(set).where(eq(pledgeFinances.id, id));
}

/** The finance with `id`, locked; scoped to the borrower or the funder when given, so another party's id is not found. */
export async function financeForUpdate(db: DbOrTx, id: number, scope: { firmId?: number; funderId?: number } = {}): Promise<FinanceRow | undefined> {
  const [row] = await db.select().from(pledgeFinances).where(and(eq(pledgeFinances.id, id), ...ownerWhere(scope))).for('update');
  return row;
}

export async function financeById(db: DbOrTx, id: number, scope: { firmId?: number; funderId?: number } = {}): Promise<FinanceRow | undefined> {
  const [row] = await db.select().from(pledgeFinances).where(and(eq(pledgeFinances.id, id), ...ownerWhere(scope)));
  return row;
}

function ownerWhere(scope: { firmId?: number; funderId?: number }): SQL[] {
  const where: SQL[] = [];
  if (scope.firmId !== undefined) where.push(eq(pledgeFinances.firmId, scope.firmId));
  if (scope.funderId !== undefined) where.push(eq(pledgeFinances.funderId, scope.funderId));
  return where;
}

export async function listFinances(
  db: DbOrTx,
  q: { firmId?: number; funderId?: number; financeStatus?: FinanceStatus; financeStatuses?: FinanceStatus[]; pledgeStatus?: PledgeStatus; awaitingWarehouse?: boolean; offset: number; limit: number },
): Promise<{ rows: FinanceRow[]; total: number }> {
  const where: SQL[] = ownerWhere(q);
  if (q.financeStatus) where.push(eq(pledgeFinances.financeStatus, q.financeStatus));
  if (q.financeStatuses) where.push(inArray(pledgeFinances.financeStatus, q.financeStatuses));
  if (q.pledgeStatus) where.push(eq(pledgeFinances.pledgeStatus, q.pledgeStatus));
  if (q.awaitingWarehouse) where.push(isNull(pledgeFinances.warehouseConfirmedAt), eq(pledgeFinances.financeStatus, '0'));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db.select().from(pledgeFinances).where(condition).orderBy(desc(pledgeFinances.id)).offset(q.offset).limit(q.limit);
  const [total] = await db.select({ n: count() }).from(pledgeFinances).where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Loans whose interest or margin the daily job looks at. */
export async function runningFinanceIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: pledgeFinances.id })
    .from(pledgeFinances)
    .where(inArray(pledgeFinances.financeStatus, ['1', '4']))
    .orderBy(asc(pledgeFinances.id));
  return rows.map((r) => r.id);
}

export async function insertBillDays(db: DbOrTx, rows: (typeof pledgeBillDays.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(pledgeBillDays).values(rows).onConflictDoNothing();
}

export async function billDays(db: DbOrTx, financeId: number): Promise<BillDayRow[]> {
  return db.select().from(pledgeBillDays).where(eq(pledgeBillDays.financeId, financeId)).orderBy(asc(pledgeBillDays.day));
}

export const insertRepayment = (db: DbOrTx, values: typeof pledgeRepayments.$inferInsert) => insertReturning(db, pledgeRepayments, values, 'pledge repayment');

export async function repayments(db: DbOrTx, financeIds: number[]): Promise<RepaymentRow[]> {
  if (financeIds.length === 0) return [];
  return db.select().from(pledgeRepayments).where(inArray(pledgeRepayments.financeId, financeIds)).orderBy(desc(pledgeRepayments.id));
}

export async function insertHistory(db: DbOrTx, values: typeof pledgeHistory.$inferInsert): Promise<void> {
  await db.insert(pledgeHistory).values(values);
}

export async function history(db: DbOrTx, financeId: number): Promise<HistoryRow[]> {
  return db.select().from(pledgeHistory).where(eq(pledgeHistory.financeId, financeId)).orderBy(asc(pledgeHistory.id));
}

export const insertSale = (db: DbOrTx, values: typeof pledgeSales.$inferInsert) => insertReturning(db, pledgeSales, values, 'pledge sale');

/** The listing's pledged-goods record, locked; undefined for a listing of goods that were not pledged. */
export async function saleOfListingForUpdate(db: DbOrTx, listingId: number): Promise<SaleRow | undefined> {
  const [row] = await db.select().from(pledgeSales).where(eq(pledgeSales.listingId, listingId)).for('update');
  return row;
}

export async function updateSale(db: DbOrTx, id: number, set: Partial<typeof pledgeSales.$inferInsert>): Promise<void> {
  await db.update(pledgeSales).set(set).where(eq(pledgeSales.id, id));
}

export const insertNotice = (db: DbOrTx, values: typeof pledgeNotices.$inferInsert) => insertReturning(db, pledgeNotices, values, 'pledge notice');

export async function listNotices(db: DbOrTx, firmId: number, offset: number, limit: number): Promise<{ rows: NoticeRow[]; total: number }> {
  const rows = await db.select().from(pledgeNotices).where(eq(pledgeNotices.firmId, firmId)).orderBy(desc(pledgeNotices.id)).offset(offset).limit(limit);
  const [total] = await db.select({ n: count() }).from(pledgeNotices).where(eq(pledgeNotices.firmId, firmId));
  return { rows, total: Number(total?.n ?? 0) };
}
