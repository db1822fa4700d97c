import type { ApplyStatus, HoldStatus, InspectionStatus, PickupMode, PickupStatus } from '@tp/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray } from 'drizzle-orm';
import { type DbOrTx, insertReturning, ownedRowForUpdate } from '../../platform/db/index';
import { holdings, pickups, storageCommodityTypes, storageFeeAccruals, storages, warehouseHistory, warehouseReceipts, warehousingApplies } from './warehouse.tables';

export type StorageRow = typeof storages.$inferSelect;
export type NewStorage = typeof storages.$inferInsert;

/** Escapes LIKE wildcards so a search for "50%" means the text. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listStorages(
  db: DbOrTx,
  query: { name?: string | undefined; commodityTypeId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: StorageRow[]; total: number }> {
  const where = and(
    query.name ? ilike(storages.name, likeText(query.name)) : undefined,
    query.commodityTypeId === undefined
      ? undefined
      : inArray(storages.id, db.select({ id: storageCommodityTypes.storageId }).from(storageCommodityTypes).where(eq(storageCommodityTypes.commodityTypeId, query.commodityTypeId))),
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(storages).where(where).orderBy(asc(storages.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(storages).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function ensureStorage(db: DbOrTx, input: NewStorage): Promise<StorageRow | undefined> {
  await db.insert(storages).values(input).onConflictDoNothing();
  const [row] = await db.select().from(storages).where(eq(storages.name, input.name));
  return row;
}

/** The commodity type ids each of the given warehouses stores. */
export async function commodityTypesOfStorages(db: DbOrTx, storageIds: number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(storageIds.map((id) => [id, []]));
  if (storageIds.length === 0) return result;
  const rows = await db.select().from(storageCommodityTypes).where(inArray(storageCommodityTypes.storageId, storageIds)).orderBy(asc(storageCommodityTypes.commodityTypeId));
  for (const row of rows) result.get(row.storageId)?.push(row.commodityTypeId);
  return result;
}

export async function storageStores(db: DbOrTx, storageId: number, commodityTypeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: storageCommodityTypes.storageId })
    .from(storageCommodityTypes)
    .where(and(eq(storageCommodityTypes.storageId, storageId), eq(storageCommodityTypes.commodityTypeId, commodityTypeId)))
    .limit(1);
  return row !== undefined;
}

/** Replaces what a warehouse stores with exactly these commodity types. */
export async function setStorageCommodityTypes(db: DbOrTx, storageId: number, commodityTypeIds: number[]): Promise<void> {
  await db.delete(storageCommodityTypes).where(eq(storageCommodityTypes.storageId, storageId));
  if (commodityTypeIds.length) await db.insert(storageCommodityTypes).values(commodityTypeIds.map((commodityTypeId) => ({ storageId, commodityTypeId })));
}

// ---- warehousing, receipts, holdings, pickups --------------------------------------------------

export type ApplyRow = typeof warehousingApplies.$inferSelect;
export type ReceiptRow = typeof warehouseReceipts.$inferSelect;
export type HoldingRow = typeof holdings.$inferSelect;
export type PickupRow = typeof pickups.$inferSelect;

export async function insertApply(db: DbOrTx, input: typeof warehousingApplies.$inferInsert): Promise<ApplyRow> {
  return insertReturning(db, warehousingApplies, input, 'apply');
}

/** The application, locked; `firmId` scopes it to its owner (undefined for staff). */
export async function applyById(db: DbOrTx, id: number, firmId?: number): Promise<ApplyRow | undefined> {
  const where = firmId === undefined ? eq(warehousingApplies.id, id) : and(eq(warehousingApplies.id, id), eq(warehousingApplies.firmId, firmId), eq(warehousingApplies.deleted, false));
  const [row] = await db.select().from(warehousingApplies).where(where).for('update');
  return row;
}

export async function updateApply(db: DbOrTx, id: number, patch: Partial<ApplyRow>): Promise<void> {
  await db.update(warehousingApplies).set(patch).where(eq(warehousingApplies.id, id));
}

export async function listApplies(
  db: DbOrTx,
  q: { firmId?: number | undefined; status?: ApplyStatus | undefined; inspectionStatus?: InspectionStatus | undefined; offset: number; limit: number },
): Promise<{ rows: ApplyRow[]; total: number }> {
  const where = and(
    q.firmId === undefined ? undefined : and(eq(warehousingApplies.firmId, q.firmId), eq(warehousingApplies.deleted, false)),
    q.status === undefined ? undefined : eq(warehousingApplies.status, q.status),
    q.inspectionStatus === undefined ? undefined : eq(warehousingApplies.inspectionStatus, q.inspectionStatus),
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(warehousingApplies).where(where).orderBy(desc(warehousingApplies.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(warehousingApplies).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function storageById(db: DbOrTx, id: number): Promise<StorageRow | undefined> {
  const [row] = await db.select().from(storages).where(eq(storages.id, id));
  return row;
}

export async function allStorages(db: DbOrTx): Promise<StorageRow[]> {
  return db.select().from(storages).orderBy(asc(storages.id));
}

export async function saveStorage(db: DbOrTx, id: number | undefined, input: Omit<NewStorage, 'id' | 'createdAt'>, now: Date): Promise<StorageRow | undefined> {
  if (id === undefined) return (await db.insert(storages).values({ ...input, createdAt: now }).returning())[0];
  return (await db.update(storages).set(input).where(eq(storages.id, id)).returning())[0];
}

export async function deleteStorage(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(storages).where(eq(storages.id, id)).returning({ id: storages.id })).length > 0;
}

export async function storageInUse(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: warehousingApplies.id }).from(warehousingApplies).where(eq(warehousingApplies.storageId, id)).limit(1);
  return row !== undefined;
}

export async function insertReceipt(db: DbOrTx, input: typeof warehouseReceipts.$inferInsert): Promise<ReceiptRow> {
  return insertReturning(db, warehouseReceipts, input, 'receipt');
}

export async function receiptById(db: DbOrTx, id: number): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(warehouseReceipts).where(eq(warehouseReceipts.id, id)).for('update');
  return row;
}

export async function receiptsOf(db: DbOrTx, ids: number[]): Promise<ReceiptRow[]> {
  return ids.length === 0 ? [] : db.select().from(warehouseReceipts).where(inArray(warehouseReceipts.id, ids));
}

export async function receiptOfApply(db: DbOrTx, applyId: number): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(warehouseReceipts).where(eq(warehouseReceipts.applyId, applyId));
  return row;
}

export async function appliesOf(db: DbOrTx, ids: number[]): Promise<ApplyRow[]> {
  return ids.length === 0 ? [] : db.select().from(warehousingApplies).where(inArray(warehousingApplies.id, ids));
}

export async function updateReceipt(db: DbOrTx, id: number, patch: Partial<ReceiptRow>): Promise<void> {
  await db.update(warehouseReceipts).set(patch).where(eq(warehouseReceipts.id, id));
}

export async function listReceipts(db: DbOrTx, q: { firmId: number; offset: number; limit: number }): Promise<{ rows: ReceiptRow[]; total: number }> {
  const where = eq(warehouseReceipts.firmId, q.firmId);
  const [rows, [totals]] = await Promise.all([
    db.select().from(warehouseReceipts).where(where).orderBy(desc(warehouseReceipts.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(warehouseReceipts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertHolding(db: DbOrTx, input: typeof holdings.$inferInsert): Promise<HoldingRow> {
  return insertReturning(db, holdings, input, 'holding');
}

/** The holding, locked; `firmId` scopes it to its owner. */
export async function holdingById(db: DbOrTx, id: number, firmId?: number): Promise<HoldingRow | undefined> {
  return ownedRowForUpdate(db, holdings, id, firmId);
}

export async function updateHolding(db: DbOrTx, id: number, patch: Partial<HoldingRow>): Promise<void> {
  await db.update(holdings).set(patch).where(eq(holdings.id, id));
}

export async function holdingsOfReceipt(db: DbOrTx, receiptId: number): Promise<HoldingRow[]> {
  return db.select().from(holdings).where(eq(holdings.receiptId, receiptId)).orderBy(asc(holdings.id));
}

/** A firm's holdings with goods in them: a part emptied by a split or merged back is not shown, nor counted. */
export async function listHoldings(db: DbOrTx, q: { firmId: number; status?: HoldStatus | undefined; offset: number; limit: number }): Promise<{ rows: HoldingRow[]; total: number }> {
  const where = and(eq(holdings.firmId, q.firmId), gt(holdings.quantity, '0'), q.status === undefined ? undefined : eq(holdings.status, q.status));
  const [rows, [totals]] = await Promise.all([
    db.select().from(holdings).where(where).orderBy(desc(holdings.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(holdings).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Holdings that pay storage: held or frozen goods still in the warehouse. */
export async function holdingsInStorage(db: DbOrTx): Promise<HoldingRow[]> {
  return db.select().from(holdings).where(inArray(holdings.status, ['0', '1'])).orderBy(asc(holdings.id));
}

export async function insertAccrual(db: DbOrTx, input: typeof storageFeeAccruals.$inferInsert): Promise<boolean> {
  const rows = await db.insert(storageFeeAccruals).values(input).onConflictDoNothing().returning({ id: storageFeeAccruals.id });
  return rows.length > 0;
}

export async function insertPickup(db: DbOrTx, input: typeof pickups.$inferInsert): Promise<PickupRow> {
  return insertReturning(db, pickups, input, 'pickup');
}

export async function pickupById(db: DbOrTx, id: number, firmId?: number): Promise<PickupRow | undefined> {
  return ownedRowForUpdate(db, pickups, id, firmId);
}

export async function pickupByCode(db: DbOrTx, code: string): Promise<PickupRow | undefined> {
  const [row] = await db.select().from(pickups).where(eq(pickups.pickupCode, code)).for('update');
  return row;
}

export async function updatePickup(db: DbOrTx, id: number, patch: Partial<PickupRow>): Promise<void> {
  await db.update(pickups).set(patch).where(eq(pickups.id, id));
}

export async function listPickups(
  db: DbOrTx,
  q: { firmId?: number | undefined; mode: PickupMode; status?: PickupStatus | undefined; offset: number; limit: number },
): Promise<{ rows: PickupRow[]; total: number }> {
  const where = and(eq(pickups.mode, q.mode), q.firmId === undefined ? undefined : eq(pickups.firmId, q.firmId), q.status === undefined ? undefined : eq(pickups.status, q.status));
  const [rows, [totals]] = await Promise.all([
    db.select().from(pickups).where(where).orderBy(desc(pickups.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(pickups).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertHistory(db: DbOrTx, input: typeof warehouseHistory.$inferInsert): Promise<void> {
  await db.insert(warehouseHistory).values(input);
}
