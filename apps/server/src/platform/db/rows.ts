import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Inserts one row and returns it as stored (ids and defaults filled in). An insert that returns
 * nothing is a bug, not a business case: it throws naming `what`.
 */
export async function insertReturning<T extends PgTable>(db: DbOrTx, table: T, values: T['$inferInsert'], what: string): Promise<T['$inferSelect']> {
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  if (!row) throw new Error(`${what} insert returned nothing`);
  return row;
}

type OwnedTable = PgTable & { id: AnyPgColumn; firmId: AnyPgColumn };

/** The row with `id`, locked for a transition; `firmId` scopes it to its owner, so another firm's id is not found. */
export async function ownedRowForUpdate<T extends OwnedTable>(db: DbOrTx, table: T, id: number, firmId?: number): Promise<T['$inferSelect'] | undefined> {
  const where = firmId === undefined ? eq(table.id, id) : and(eq(table.id, id), eq(table.firmId, firmId));
  const [row] = (await db.select().from(table as PgTable).where(where).for('update')) as T['$inferSelect'][];
  return row;
}
