import { and, asc, count, desc, eq, lte, max } from 'drizzle-orm';
import type { ContentColumnCode, LegalKind } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { contentColumns, contentItems, legalAcceptances, legalDocuments } from './content.tables';

export type ContentColumnRow = typeof contentColumns.$inferSelect;
export type ContentItemRow = typeof contentItems.$inferSelect;
export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

export async function listColumns(db: DbOrTx): Promise<ContentColumnRow[]> {
  return db.select().from(contentColumns).orderBy(contentColumns.id);
}

export async function ensureColumn(db: DbOrTx, input: { code: ContentColumnCode; name: string }): Promise<void> {
  await db.insert(contentColumns).values(input).onConflictDoNothing();
}

export async function listItems(db: DbOrTx, query: { columnId: number; offset: number; limit: number; pinnedOnly?: boolean }): Promise<{ rows: ContentItemRow[]; total: number }> {
  const where = query.pinnedOnly ? and(eq(contentItems.columnId, query.columnId), eq(contentItems.pinned, true)) : eq(contentItems.columnId, query.columnId);
  const [rows, [totals]] = await Promise.all([
    db.select().from(contentItems).where(where).orderBy(desc(contentItems.pinned), desc(contentItems.publishedAt), desc(contentItems.id)).offset(query.offset).limit(query.limit),
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

export async function columnIdOf(db: DbOrTx, code: ContentColumnCode): Promise<number | undefined> {
  const [row] = await db.select({ id: contentColumns.id }).from(contentColumns).where(eq(contentColumns.code, code)).limit(1);
  return row?.id;
}

export async function insertItem(db: DbOrTx, input: typeof contentItems.$inferInsert): Promise<ContentItemRow> {
  const [row] = await db.insert(contentItems).values(input).returning();
  return row!;
}

export async function updateItem(db: DbOrTx, id: number, input: Pick<ContentItemRow, 'title' | 'summary' | 'body' | 'pinned' | 'translations'>): Promise<ContentItemRow | undefined> {
  const [row] = await db.update(contentItems).set(input).where(eq(contentItems.id, id)).returning();
  return row;
}

export async function deleteItem(db: DbOrTx, id: number): Promise<void> {
  await db.delete(contentItems).where(eq(contentItems.id, id));
}

/** The version in force of a legal text: the newest one. */
export async function currentLegal(db: DbOrTx, kind: LegalKind): Promise<LegalDocumentRow | undefined> {
  const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.kind, kind)).orderBy(desc(legalDocuments.version)).limit(1);
  return row;
}

export async function legalVersions(db: DbOrTx, kind: LegalKind): Promise<LegalDocumentRow[]> {
  return db.select().from(legalDocuments).where(eq(legalDocuments.kind, kind)).orderBy(desc(legalDocuments.version));
}

/** Appends the next version; the unique (kind, version) refuses a concurrent publication of the same number. */
export async function insertLegalVersion(db: DbOrTx, input: Omit<typeof legalDocuments.$inferInsert, 'version'>): Promise<LegalDocumentRow> {
  const [last] = await db.select({ version: max(legalDocuments.version) }).from(legalDocuments).where(eq(legalDocuments.kind, input.kind));
  const [row] = await db.insert(legalDocuments).values({ ...input, version: (last?.version ?? 0) + 1 }).returning();
  return row!;
}

export async function acceptLegal(db: DbOrTx, input: typeof legalAcceptances.$inferInsert): Promise<void> {
  await db.insert(legalAcceptances).values(input).onConflictDoNothing();
}

export async function latestAcceptance(db: DbOrTx, userId: number, kind: LegalKind): Promise<number | null> {
  const [row] = await db.select({ version: max(legalAcceptances.version) }).from(legalAcceptances).where(and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.kind, kind)));
  return row?.version ?? null;
}

/** The version that was in force at a moment: the newest published by then, else the first. */
export async function legalVersionAt(db: DbOrTx, kind: LegalKind, at: Date): Promise<number | undefined> {
  const [inForce] = await db.select({ version: legalDocuments.version }).from(legalDocuments).where(and(eq(legalDocuments.kind, kind), lte(legalDocuments.publishedAt, at))).orderBy(desc(legalDocuments.version)).limit(1);
  if (inForce) return inForce.version;
  const [first] = await db.select({ version: legalDocuments.version }).from(legalDocuments).where(eq(legalDocuments.kind, kind)).orderBy(asc(legalDocuments.version)).limit(1);
  return first?.version;
}
