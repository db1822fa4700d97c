import { PayState, SignState, type FundDealflag, type PayStatus } from '@tp/contract';
import { and, count, desc, eq, gte, inArray, lt, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { bankHistory, bankNotifications, bankReconDiffs, bankReconRuns, bankRequests, bankSigns, bankTransfers } from './bank.tables';

export type SignRow = typeof bankSigns.$inferSelect;
export type TransferRow = typeof bankTransfers.$inferSelect;
export type RequestRow = typeof bankRequests.$inferSelect;
export type DiffRow = typeof bankReconDiffs.$inferSelect;

// ---- signs ----------------------------------------------------------------------------------

export async function signsOfFirm(db: DbOrTx, firmId: number, bankId?: string): Promise<SignRow[]> {
  return db
    .select()
    .from(bankSigns)
    .where(and(eq(bankSigns.firmId, firmId), bankId ? eq(bankSigns.bankId, bankId) : undefined))
    .orderBy(desc(bankSigns.id));
}

/** The firm's live (not terminated) sign on a channel. */
export async function liveSign(db: DbOrTx, firmId: number, bankId: string, forUpdate = false): Promise<SignRow | undefined> {
  const query = db.select().from(bankSigns).where(and(eq(bankSigns.firmId, firmId), eq(bankSigns.bankId, bankId), ne(bankSigns.status, SignState.terminated))).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A sign of this firm only: another firm's id finds nothing. */
export async function signOfFirm(db: DbOrTx, firmId: number, id: number, forUpdate = false): Promise<SignRow | undefined> {
  const query = db.select().from(bankSigns).where(and(eq(bankSigns.id, id), eq(bankSigns.firmId, firmId))).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function signById(db: DbOrTx, id: number): Promise<SignRow | undefined> {
  const [row] = await db.select().from(bankSigns).where(eq(bankSigns.id, id)).limit(1).for('update');
  return row;
}

export async function insertSign(db: DbOrTx, row: typeof bankSigns.$inferInsert): Promise<SignRow> {
  const [inserted] = await db.insert(bankSigns).values(row).returning();
  if (!inserted) throw new Error('sign insert returned nothing');
  return inserted;
}

export async function updateSign(db: DbOrTx, id: number, patch: Partial<typeof bankSigns.$inferInsert>): Promise<void> {
  await db.update(bankSigns).set(patch).where(eq(bankSigns.id, id));
}

export async function signedBanksOf(db: DbOrTx, firmIds: number[]): Promise<Map<number, string[]>> {
  if (firmIds.length === 0) return new Map();
  const rows = await db.select({ firmId: bankSigns.firmId, bankId: bankSigns.bankId }).from(bankSigns).where(and(inArray(bankSigns.firmId, firmIds), eq(bankSigns.status, SignState.signed)));
  const result = new Map<number, string[]>();
  for (const r of rows) result.set(r.firmId, [...(result.get(r.firmId) ?? []), r.bankId]);
  return result;
}

// ---- transfers ------------------------------------------------------------------------------

export async function insertTransfer(db: DbOrTx, row: typeof bankTransfers.$inferInsert): Promise<TransferRow> {
  const [inserted] = await db.insert(bankTransfers).values(row).returning();
  if (!inserted) throw new Error('transfer insert returned nothing');
  return inserted;
}

export async function transferByRequestId(db: DbOrTx, firmId: number, requestId: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(bankTransfers).where(and(eq(bankTransfers.firmId, firmId), eq(bankTransfers.requestId, requestId))).limit(1);
  return row;
}

/** A transfer of this firm only: another firm's id finds nothing. */
export async function transferOfFirm(db: DbOrTx, firmId: number, id: number, forUpdate = false): Promise<TransferRow | undefined> {
  const query = db.select().from(bankTransfers).where(and(eq(bankTransfers.id, id), eq(bankTransfers.firmId, firmId))).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function transferById(db: DbOrTx, id: number, forUpdate = false): Promise<TransferRow | undefined> {
  const query = db.select().from(bankTransfers).where(eq(bankTransfers.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateTransfer(db: DbOrTx, id: number, patch: Partial<typeof bankTransfers.$inferInsert>): Promise<void> {
  await db.update(bankTransfers).set(patch).where(eq(bankTransfers.id, id));
}

export async function transfersOfFirm(
  db: DbOrTx,
  query: { firmId: number; bankId?: string | undefined; fundDealflag?: string | undefined; status?: string | undefined; offset: number; limit: number },
) {
  const where = and(
    eq(bankTransfers.firmId, query.firmId),
    query.bankId ? eq(bankTransfers.bankId, query.bankId) : undefined,
    query.fundDealflag ? eq(bankTransfers.fundDealflag, query.fundDealflag as FundDealflag) : undefined,
    query.status ? eq(bankTransfers.status, query.status as PayStatus) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(bankTransfers).where(where).orderBy(desc(bankTransfers.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(bankTransfers).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function payingOfSign(db: DbOrTx, signId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bankTransfers).where(and(eq(bankTransfers.signId, signId), eq(bankTransfers.status, PayState.paying)));
  return row?.n ?? 0;
}

/** Settled transfers of a channel whose bank request was answered within [from, until). */
export async function settledRequestsBetween(db: DbOrTx, bankId: string, from: Date, until: Date): Promise<RequestRow[]> {
  return db
    .select()
    .from(bankRequests)
    .where(
      and(
        eq(bankRequests.bankId, bankId),
        inArray(bankRequests.kind, ['deposit', 'withdraw']),
        eq(bankRequests.status, 'succeeded'),
        gte(bankRequests.answeredAt, from),
        lt(bankRequests.answeredAt, until),
      ),
    );
}

// ---- bank requests --------------------------------------------------------------------------

export async function insertRequest(db: DbOrTx, row: typeof bankRequests.$inferInsert): Promise<void> {
  await db.insert(bankRequests).values(row);
}

export async function findRequest(db: DbOrTx, requestNo: string, forUpdate = false): Promise<RequestRow | undefined> {
  const query = db.select().from(bankRequests).where(eq(bankRequests.requestNo, requestNo)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findRequests(db: DbOrTx, requestNos: string[]): Promise<RequestRow[]> {
  if (requestNos.length === 0) return [];
  return db.select().from(bankRequests).where(inArray(bankRequests.requestNo, requestNos));
}

export async function updateRequest(db: DbOrTx, requestNo: string, patch: Partial<typeof bankRequests.$inferInsert>): Promise<void> {
  await db.update(bankRequests).set(patch).where(eq(bankRequests.requestNo, requestNo));
}

export async function listRequests(db: DbOrTx, query: { status?: string | undefined; bankId?: string | undefined; kind?: string | undefined; offset: number; limit: number }) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(bankRequests.status, query.status as RequestRow['status']));
  if (query.bankId) conditions.push(eq(bankRequests.bankId, query.bankId));
  if (query.kind) conditions.push(eq(bankRequests.kind, query.kind as RequestRow['kind']));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(bankRequests).where(where).orderBy(desc(bankRequests.createdAt), desc(bankRequests.requestNo)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(bankRequests).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

// ---- notifications and history --------------------------------------------------------------

/** false when the (bank, notification id) pair was seen before: a replay. */
export async function insertNotification(db: DbOrTx, row: typeof bankNotifications.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(bankNotifications).values(row).onConflictDoNothing().returning({ id: bankNotifications.id });
  return inserted.length > 0;
}

export async function markNotification(db: DbOrTx, bankId: string, notifyId: string, outcome: 'applied' | 'duplicate'): Promise<void> {
  await db.update(bankNotifications).set({ outcome }).where(and(eq(bankNotifications.bankId, bankId), eq(bankNotifications.notifyId, notifyId)));
}

export async function insertHistory(db: DbOrTx, row: typeof bankHistory.$inferInsert): Promise<void> {
  await db.insert(bankHistory).values(row);
}

// ---- reconciliation -------------------------------------------------------------------------

export async function insertRun(db: DbOrTx, row: typeof bankReconRuns.$inferInsert): Promise<typeof bankReconRuns.$inferSelect> {
  const [inserted] = await db.insert(bankReconRuns).values(row).returning();
  if (!inserted) throw new Error('reconciliation run insert returned nothing');
  return inserted;
}

export async function updateRun(db: DbOrTx, id: number, patch: Partial<typeof bankReconRuns.$inferInsert>): Promise<void> {
  await db.update(bankReconRuns).set(patch).where(eq(bankReconRuns.id, id));
}

/** Flags a difference once: the same (bank, request, kind) found again is not a new difference. */
export async function insertDiff(db: DbOrTx, row: typeof bankReconDiffs.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(bankReconDiffs).values(row).onConflictDoNothing().returning({ id: bankReconDiffs.id });
  return inserted.length > 0;
}

export async function listDiffs(db: DbOrTx, query: { open?: boolean | undefined; offset: number; limit: number }) {
  const where = query.open === undefined ? undefined : query.open ? eq(bankReconDiffs.resolution, '') : ne(bankReconDiffs.resolution, '');
  const [rows, [totals]] = await Promise.all([
    db.select().from(bankReconDiffs).where(where).orderBy(desc(bankReconDiffs.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(bankReconDiffs).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findDiff(db: DbOrTx, id: number, forUpdate = false): Promise<DiffRow | undefined> {
  const query = db.select().from(bankReconDiffs).where(eq(bankReconDiffs.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateDiff(db: DbOrTx, id: number, patch: Partial<typeof bankReconDiffs.$inferInsert>): Promise<void> {
  await db.update(bankReconDiffs).set(patch).where(eq(bankReconDiffs.id, id));
}

