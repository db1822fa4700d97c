import { asc, count, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { storages } from './warehouse.tables';

export type StorageRow = typeof storages.$inferSelect;
export type NewStorage = typeof storages.$inferInsert;

/** Escapes LIKE wildcards so a search for "50%" means the text. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listStorages(db: DbOrTx, query: { name?: string | undefined; offset: number; limit: number }): Promise<{ rows: StorageRow[]; total: number }> {
  const where = query.name ? ilike(storages.name, likeText(query.name)) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(storages).where(where).orderBy(asc(storages.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(storages).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function ensureStorage(db: DbOrTx, input: NewStorage): Promise<void> {
  await db.insert(storages).values(input).onConflictDoNothing();
}
