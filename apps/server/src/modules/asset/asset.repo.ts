import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { exchangeAssets } from './asset.tables';

export type AssetRow = typeof exchangeAssets.$inferSelect;

export async function listAssets(db: DbOrTx): Promise<AssetRow[]> {
  return db.select().from(exchangeAssets).where(eq(exchangeAssets.enabled, true)).orderBy(asc(exchangeAssets.sortOrder), asc(exchangeAssets.code));
}

/** Adds an asset that is missing; an existing one keeps what staff set. */
export async function ensureAsset(db: DbOrTx, row: typeof exchangeAssets.$inferInsert): Promise<void> {
  await db.insert(exchangeAssets).values(row).onConflictDoNothing();
}
