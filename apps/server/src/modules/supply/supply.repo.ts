import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, insertReturning, ownedRowForUpdate } from '../../platform/db/index';
import { supplyNoteHistory, supplyNotes } from './supply.tables';

export type NoteRow = typeof supplyNotes.$inferSelect;
export type NoteInsert = typeof supplyNotes.$inferInsert;

export async function insertNote(db: DbOrTx, input: NoteInsert): Promise<NoteRow> {
  return insertReturning(db, supplyNotes, input, 'supply note');
}

/** The note, locked for a transition; `firmId` scopes it to its owner, so another firm's id is not found. */
export async function noteForUpdate(db: DbOrTx, id: number, firmId?: number): Promise<NoteRow | undefined> {
  return ownedRowForUpdate(db, supplyNotes, id, firmId);
}

export async function noteById(db: DbOrTx, id: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(supplyNotes).where(eq(supplyNotes.id, id));
  return row;
}

export async function updateNote(db: DbOrTx, id: number, patch: Partial<NoteInsert>): Promise<void> {
  await db.update(supplyNotes).set(patch).where(eq(supplyNotes.id, id));
}

export async function insertHistory(db: DbOrTx, input: typeof supplyNoteHistory.$inferInsert): Promise<void> {
  await db.insert(supplyNoteHistory).values(input);
}

export async function historyOf(db: DbOrTx, noteId: number) {
  return db.select().from(supplyNoteHistory).where(eq(supplyNoteHistory.noteId, noteId)).orderBy(supplyNoteHistory.id);
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface NoteQuery {
  firmId?: number | undefined;
  status?: string | undefined;
  kind?: string | undefined;
  commodityTypeId?: number | undefined;
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

/** Pinned notes first (latest pin first), then the newest. */
export async function listNotes(db: DbOrTx, q: NoteQuery): Promise<{ rows: NoteRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.firmId !== undefined) filters.push(eq(supplyNotes.firmId, q.firmId));
  if (q.status !== undefined) filters.push(eq(supplyNotes.status, q.status));
  if (q.kind !== undefined) filters.push(eq(supplyNotes.kind, q.kind));
  if (q.commodityTypeId !== undefined) filters.push(eq(supplyNotes.commodityTypeId, q.commodityTypeId));
  if (q.keyword) {
    const like = likeOf(q.keyword);
    filters.push(
      or(
        ilike(supplyNotes.title, like),
        ilike(supplyNotes.commodityName, like),
        ilike(supplyNotes.brand, like),
        ilike(supplyNotes.specifications, like),
        ilike(supplyNotes.companyName, like),
        ilike(supplyNotes.address, like),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(supplyNotes)
      .where(where)
      .orderBy(sql`${supplyNotes.topAt} desc nulls last`, desc(supplyNotes.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ total: count() }).from(supplyNotes).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
