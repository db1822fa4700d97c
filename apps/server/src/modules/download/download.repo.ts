import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { downloadDocuments } from './download.tables';

export type DocumentRow = typeof downloadDocuments.$inferSelect;

export async function liveDocuments(db: DbOrTx): Promise<DocumentRow[]> {
  return db.select().from(downloadDocuments).where(isNull(downloadDocuments.deletedAt)).orderBy(desc(downloadDocuments.id)).limit(200);
}

export async function liveDocument(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(downloadDocuments).where(and(eq(downloadDocuments.id, id), isNull(downloadDocuments.deletedAt)));
  return row;
}

export async function insertDocument(db: DbOrTx, row: typeof downloadDocuments.$inferInsert): Promise<DocumentRow> {
  const [created] = await db.insert(downloadDocuments).values(row).returning();
  return created!;
}

export async function withdraw(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  return (await db.update(downloadDocuments).set({ deletedAt: at }).where(and(eq(downloadDocuments.id, id), isNull(downloadDocuments.deletedAt))).returning({ id: downloadDocuments.id })).length > 0;
}
