import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { contractDocuments, contractSignatures, contracts } from './contract.tables';

export type ContractRow = typeof contracts.$inferSelect;
export type SignatureRow = typeof contractSignatures.$inferSelect;
export type DocumentRow = typeof contractDocuments.$inferSelect;

/** `%`/`_` typed by a user match themselves, not any text. */
const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The new contract, or undefined when its number is already taken (the caller draws another); the transaction stays usable either way. */
export async function insertContractUnlessNumberTaken(db: DbOrTx, input: typeof contracts.$inferInsert): Promise<ContractRow | undefined> {
  const [row] = await db.insert(contracts).values(input).onConflictDoNothing({ target: contracts.contractNo }).returning();
  return row;
}

export async function contractByPick(db: DbOrTx, pickId: number): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(contracts).where(eq(contracts.pickId, pickId));
  return row;
}

/** The contract if `firmId` is one of its parties (any contract when `firmId` is null: staff); `lock` takes the row for update. */
export async function contractOf(db: DbOrTx, id: number, firmId: number | null, lock = false): Promise<ContractRow | undefined> {
  const where = firmId === null ? eq(contracts.id, id) : and(eq(contracts.id, id), or(eq(contracts.sellerFirmId, firmId), eq(contracts.buyerFirmId, firmId)));
  const query = db.select().from(contracts).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function contractByNo(db: DbOrTx, contractNo: string): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(contracts).where(eq(contracts.contractNo, contractNo));
  return row;
}

export async function listContracts(
  db: DbOrTx,
  q: { sellerFirmId?: number; buyerFirmId?: number; status?: string | undefined; contractNo?: string | undefined; commodityName?: string | undefined; firmName?: string | undefined; offset: number; limit: number },
): Promise<{ rows: ContractRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.sellerFirmId !== undefined) filters.push(eq(contracts.sellerFirmId, q.sellerFirmId));
  if (q.buyerFirmId !== undefined) filters.push(eq(contracts.buyerFirmId, q.buyerFirmId));
  if (q.status !== undefined) filters.push(eq(contracts.status, q.status));
  if (q.contractNo) filters.push(ilike(contracts.contractNo, like(q.contractNo)));
  if (q.commodityName) filters.push(ilike(contracts.commodityName, like(q.commodityName)));
  if (q.firmName) filters.push(or(ilike(contracts.sellerName, like(q.firmName)), ilike(contracts.buyerName, like(q.firmName)))!);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(contracts).where(where).orderBy(desc(contracts.id)).offset(q.offset).limit(q.limit),
    db.select({ total: count() }).from(contracts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function updateContract(db: DbOrTx, id: number, patch: Partial<ContractRow>): Promise<void> {
  await db.update(contracts).set(patch).where(eq(contracts.id, id));
}

/** Records the first rendering; a concurrent identical one changes nothing (rendering is deterministic). */
export async function setFirstDocument(db: DbOrTx, contractId: number, sha256: string, pdf: Buffer, at: Date): Promise<void> {
  await db.insert(contractDocuments).values({ contractId, version: 0, sha256, pdf, createdAt: at }).onConflictDoNothing();
  await db.update(contracts).set({ documentHash: sha256 }).where(and(eq(contracts.id, contractId), isNull(contracts.documentHash)));
}

export async function insertDocument(db: DbOrTx, input: typeof contractDocuments.$inferInsert): Promise<void> {
  await db.insert(contractDocuments).values(input);
}

export async function documentOf(db: DbOrTx, contractId: number, sha256: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(contractDocuments)
    .where(and(eq(contractDocuments.contractId, contractId), eq(contractDocuments.sha256, sha256)));
  return row;
}

/** Versions (number and hash) of a contract's document, oldest first. */
export async function versionsOf(db: DbOrTx, contractId: number): Promise<{ version: number; sha256: string }[]> {
  return db
    .select({ version: contractDocuments.version, sha256: contractDocuments.sha256 })
    .from(contractDocuments)
    .where(eq(contractDocuments.contractId, contractId))
    .orderBy(asc(contractDocuments.version));
}

/** The contract a document with this hash belongs to, if any. */
export async function contractIdByHash(db: DbOrTx, sha256: string): Promise<number | undefined> {
  const [row] = await db.select({ contractId: contractDocuments.contractId }).from(contractDocuments).where(eq(contractDocuments.sha256, sha256)).limit(1);
  return row?.contractId;
}

export async function signaturesOf(db: DbOrTx, contractId: number): Promise<SignatureRow[]> {
  return db.select().from(contractSignatures).where(eq(contractSignatures.contractId, contractId)).orderBy(asc(contractSignatures.version));
}

export async function insertSignature(db: DbOrTx, input: typeof contractSignatures.$inferInsert): Promise<void> {
  await db.insert(contractSignatures).values(input);
}
