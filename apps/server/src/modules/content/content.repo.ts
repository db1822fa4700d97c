import { and, count, desc, eq } from 'drizzle-orm';
import type { ContentColumnCode } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { contentColumns, contentItems } from './content.tables';

export type ContentColumnRow = typeof contentColumns.$inferSelect;
export type ContentItemRow = typeof contentItems.$inferSelect;

export async function listColumns(db: DbOrTx): Promise<ContentColumnRow[]> {
  return db.select().from(contentColumns).orderBy(contentColumns.id);
}

export async function ensureColumn(db: DbOrTx, input: { code: ContentColumnCode; name: string }): Promise<void> {
  await db.insert(contentColumns).values(input).onConflictDoNothing();
}

export async function listItems(db: DbOrTx, query: { columnId: number; offset: number; limit: number }): Promise<{ rows: ContentItemRow[]; total: number }> {
  const where = eq(contentItems.columnId, query.columnId);
  const [rows, [totals]] = await Promise.all([
    db.select().from(contentItems).where(where).orderBy(desc(contentItems.publishedAt), desc(contentItems.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(contentItems).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findItem(db: DbOrTx, by: { id: number } | { slug: string }): Promise<ContentItemRow | undefined> {
  const where = 'id' in by ? eq(contentItems.id, by.id) : eq(contentItems.slug, by.slug);
  const [row] = await db.select().from(contentItems).where(where).limit(1);
  return row;
}

/** Removes the items with this slug and exactly this body; an item staff wrote under the slug stays. */
export async function deleteItemBySlugAndBody(db: DbOrTx, slug: string, body: string): Promise<void> {
  await db.delete(contentItems).where(and(eq(contentItems.slug, slug), eq(contentItems.body, body)));
}

/** Seed helper: one item per (column, title). */
export async function ensureItem(db: DbOrTx, input: typeof contentItems.$inferInsert): Promise<void> {
  const [existing] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.columnId, input.columnId), eq(contentItems.title, input.title)))
    .limit(1);
  if (!existing) await db.insert(contentItems).values(input).onConflictDoNothing();
}
