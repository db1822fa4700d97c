import { and, count, desc, eq, gte, inArray, max, sql, sum, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { walletAddressBook, walletAddresses, walletCustody, walletCustodyMoves, walletDeposits, walletRefills, walletSettings, walletWithdrawals } from './wallet.tables';

export type AddressRow = typeof walletAddresses.$inferSelect;
export type DepositRow = typeof walletDeposits.$inferSelect;
export type WithdrawalRow = typeof walletWithdrawals.$inferSelect;
export type BookRow = typeof walletAddressBook.$inferSelect;
export type CustodyRow = typeof walletCustody.$inferSelect;
export type RefillRow = typeof walletRefills.$inferSelect;

export async function findAddress(db: DbOrTx, userId: number, chain: string): Promise<AddressRow | undefined> {
  const [row] = await db.select().from(walletAddresses).where(and(eq(walletAddresses.userId, userId), eq(walletAddresses.chain, chain))).limit(1);
  return row;
}

export async function nextAddressIndex(db: DbOrTx, chain: string): Promise<number> {
  const [row] = await db.select({ top: max(walletAddresses.idx) }).from(walletAddresses).where(eq(walletAddresses.chain, chain));
  return (row?.top ?? -1) + 1;
}

export async function insertAddress(db: DbOrTx, row: typeof walletAddresses.$inferInsert): Promise<void> {
  await db.insert(walletAddresses).values(row);
}

export async function addressesIn(db: DbOrTx, chain: string, addresses: string[]): Promise<AddressRow[]> {
  if (addresses.length === 0) return [];
  return db.select().from(walletAddresses).where(and(eq(walletAddresses.chain, chain), inArray(walletAddresses.address, addresses)));
}

export async function activateAddress(db: DbOrTx, id: number): Promise<void> {
  await db.update(walletAddresses).set({ activated: true }).where(eq(walletAddresses.id, id));
}

export async function insertDepositIfAbsent(db: DbOrTx, row: typeof walletDeposits.$inferInsert): Promise<void> {
  await db.insert(walletDeposits).values(row).onConflictDoNothing();
}

export async function findDepositForUpdate(db: DbOrTx, chain: string, txid: string, vout: number): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(walletDeposits)
    .where(and(eq(walletDeposits.chain, chain), eq(walletDeposits.txid, txid), eq(walletDeposits.vout, vout)))
    .limit(1)
    .for('update');
  return row;
}

export async function updateDeposit(db: DbOrTx, id: number, patch: Partial<typeof walletDeposits.$inferInsert>): Promise<void> {
  await db.update(walletDeposits).set(patch).where(eq(walletDeposits.id, id));
}

export async function depositsOfUser(db: DbOrTx, query: { userId: number; asset?: string | undefined; offset: number; limit: number }) {
  const where = and(eq(walletDeposits.userId, query.userId), query.asset ? eq(walletDeposits.asset, query.asset) : undefined);
  const [rows, [totals]] = await Promise.all([
    db.select().from(walletDeposits).where(where).orderBy(desc(walletDeposits.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(walletDeposits).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function withdrawalsOfUser(db: DbOrTx, query: { userId: number; asset?: string | undefined; offset: number; limit: number }) {
  const where = and(eq(walletWithdrawals.userId, query.userId), query.asset ? eq(walletWithdrawals.asset, query.asset) : undefined);
  const [rows, [totals]] = await Promise.all([
    db.select().from(walletWithdrawals).where(where).orderBy(desc(walletWithdrawals.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(walletWithdrawals).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findWithdrawalByRequest(db: DbOrTx, userId: number, requestId: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(walletWithdrawals).where(and(eq(walletWithdrawals.userId, userId), eq(walletWithdrawals.requestId, requestId))).limit(1);
  return row;
}

export async function insertWithdrawal(db: DbOrTx, row: typeof walletWithdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [inserted] = await db.insert(walletWithdrawals).values(row).returning();
  if (!inserted) throw new Error('withdrawal insert returned nothing');
  return inserted;
}

export async function findWithdrawal(db: DbOrTx, id: number, forUpdate = false): Promise<WithdrawalRow | undefined> {
  const query = db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateWithdrawal(db: DbOrTx, id: number, patch: Partial<typeof walletWithdrawals.$inferInsert>): Promise<void> {
  await db.update(walletWithdrawals).set(patch).where(eq(walletWithdrawals.id, id));
}

export async function withdrawalsWithStatus(db: DbOrTx, status: WithdrawalRow['status']): Promise<WithdrawalRow[]> {
  return db.select().from(walletWithdrawals).where(eq(walletWithdrawals.status, status)).orderBy(walletWithdrawals.id).limit(500);
}

export async function adminWithdrawals(db: DbOrTx, query: { status?: WithdrawalRow['status'] | undefined; userIds?: number[] | undefined; offset: number; limit: number }) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(walletWithdrawals.status, query.status));
  if (query.userIds) conditions.push(inArray(walletWithdrawals.userId, query.userIds.length ? query.userIds : [-1]));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(walletWithdrawals).where(where).orderBy(desc(walletWithdrawals.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(walletWithdrawals).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function listBook(db: DbOrTx, userId: number): Promise<BookRow[]> {
  return db.select().from(walletAddressBook).where(eq(walletAddressBook.userId, userId)).orderBy(walletAddressBook.id);
}

export async function insertBook(db: DbOrTx, row: typeof walletAddressBook.$inferInsert): Promise<void> {
  await db.insert(walletAddressBook).values(row).onConflictDoNothing();
}

/** Deletes only the caller's own entry; false when there was none. */
export async function deleteBook(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const gone = await db.delete(walletAddressBook).where(and(eq(walletAddressBook.id, id), eq(walletAddressBook.userId, userId))).returning({ id: walletAddressBook.id });
  return gone.length > 0;
}

export async function custodyForUpdate(db: DbOrTx, asset: string, at: Date): Promise<CustodyRow> {
  await db.insert(walletCustody).values({ asset, updatedAt: at }).onConflictDoNothing();
  const [row] = await db.select().from(walletCustody).where(eq(walletCustody.asset, asset)).limit(1).for('update');
  if (!row) throw new Error(`custody row of ${asset} vanished`);
  return row;
}

export async function setCustody(db: DbOrTx, asset: string, hot: string, cold: string, at: Date): Promise<void> {
  await db.update(walletCustody).set({ hot, cold, updatedAt: at }).where(eq(walletCustody.asset, asset));
}

export async function listCustody(db: DbOrTx): Promise<CustodyRow[]> {
  return db.select().from(walletCustody).orderBy(walletCustody.asset);
}

export async function insertMove(db: DbOrTx, row: typeof walletCustodyMoves.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(walletCustodyMoves).values(row).returning({ id: walletCustodyMoves.id });
  if (!inserted) throw new Error('custody move insert returned nothing');
  return inserted.id;
}

/** What the rebalance job has moved from cold storage to the hot wallet by itself since `since`. */
export async function autoRefilledSince(db: DbOrTx, asset: string, since: Date): Promise<string> {
  const [row] = await db
    .select({ total: sum(walletCustodyMoves.amount) })
    .from(walletCustodyMoves)
    .where(and(eq(walletCustodyMoves.asset, asset), eq(walletCustodyMoves.direction, 'cold_to_hot'), eq(walletCustodyMoves.actor, 'rebalance'), gte(walletCustodyMoves.createdAt, since)));
  return row?.total ?? '0';
}

/** Approved withdrawals of the asset (all assets when omitted) whose amount the hot wallet does not hold yet. */
export async function waitingForHot(db: DbOrTx, asset?: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ asset: walletWithdrawals.asset, total: sum(walletWithdrawals.amount) })
    .from(walletWithdrawals)
    .where(and(eq(walletWithdrawals.status, 'processing'), eq(walletWithdrawals.hotHeld, false), asset ? eq(walletWithdrawals.asset, asset) : undefined))
    .groupBy(walletWithdrawals.asset);
  return new Map(rows.map((r) => [r.asset, r.total ?? '0']));
}

export async function pendingRefillForUpdate(db: DbOrTx, asset: string): Promise<RefillRow | undefined> {
  const [row] = await db.select().from(walletRefills).where(and(eq(walletRefills.asset, asset), eq(walletRefills.status, 'pending'))).limit(1).for('update');
  return row;
}

export async function insertRefill(db: DbOrTx, row: typeof walletRefills.$inferInsert): Promise<void> {
  await db.insert(walletRefills).values(row);
}

export async function findRefill(db: DbOrTx, id: number, forUpdate = false): Promise<RefillRow | undefined> {
  const query = db.select().from(walletRefills).where(eq(walletRefills.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateRefill(db: DbOrTx, id: number, patch: Partial<typeof walletRefills.$inferInsert>): Promise<void> {
  await db.update(walletRefills).set(patch).where(eq(walletRefills.id, id));
}

export async function refillsPage(db: DbOrTx, query: { status?: RefillRow['status'] | undefined; asset?: string | undefined; offset: number; limit: number }) {
  const where = and(query.status ? eq(walletRefills.status, query.status) : undefined, query.asset ? eq(walletRefills.asset, query.asset) : undefined);
  const [rows, [totals]] = await Promise.all([
    db.select().from(walletRefills).where(where).orderBy(desc(walletRefills.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(walletRefills).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function whitelistOnly(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ on: walletSettings.whitelistOnly }).from(walletSettings).where(eq(walletSettings.userId, userId)).limit(1);
  return row?.on ?? false;
}

export async function saveSettings(db: DbOrTx, userId: number, whitelist: boolean, at: Date): Promise<void> {
  await db
    .insert(walletSettings)
    .values({ userId, whitelistOnly: whitelist, updatedAt: at })
    .onConflictDoUpdate({ target: walletSettings.userId, set: { whitelistOnly: sql`excluded.whitelist_only`, updatedAt: at } });
}

export async function findBookEntry(db: DbOrTx, userId: number, asset: string, address: string): Promise<BookRow | undefined> {
  const [row] = await db
    .select()
    .from(walletAddressBook)
    .where(and(eq(walletAddressBook.userId, userId), eq(walletAddressBook.asset, asset), eq(walletAddressBook.address, address)))
    .limit(1);
  return row;
}

export async function lastMoves(db: DbOrTx): Promise<Map<string, Date>> {
  const rows = await db.select({ asset: walletCustodyMoves.asset, at: max(walletCustodyMoves.createdAt) }).from(walletCustodyMoves).groupBy(walletCustodyMoves.asset);
  return new Map(rows.filter((r) => r.at).map((r) => [r.asset, r.at as Date]));
}
