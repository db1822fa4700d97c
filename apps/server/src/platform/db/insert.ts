import type { PgTable } from 'drizzle-orm/pg-core';
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
