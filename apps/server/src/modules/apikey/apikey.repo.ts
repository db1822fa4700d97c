import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { apiKeys } from './apikey.tables';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const listed = {
  id: apiKeys.id,
  userId: apiKeys.userId,
  label: apiKeys.label,
  apiKey: apiKeys.apiKey,
  scopes: apiKeys.scopes,
  ipWhitelist: apiKeys.ipWhitelist,
  expiresAt: apiKeys.expiresAt,
  createdAt: apiKeys.createdAt,
};
export type ListedApiKey = Omit<ApiKeyRow, 'secretCipher'>;

export async function insertKey(db: DbOrTx, row: typeof apiKeys.$inferInsert): Promise<ListedApiKey> {
  const [inserted] = await db.insert(apiKeys).values(row).returning(listed);
  if (!inserted) throw new Error('api key insert returned nothing');
  return inserted;
}

export async function countKeys(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  return row?.n ?? 0;
}

export async function listKeys(db: DbOrTx, userId: number): Promise<ListedApiKey[]> {
  return db.select(listed).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.id));
}

export async function deleteKey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return deleted.length > 0;
}

/** The one lookup without an owner: the key is what tells who the caller is. */
export async function findByKey(db: DbOrTx, apiKey: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.apiKey, apiKey)).limit(1);
  return row;
}

/** Serializes key creation per user, so two requests at once cannot pass the limit together. */
export async function lockUserKeys(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`);
}
