import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { insertReturning } from '../../platform/db/index';
import { lockupLocks, lockupMonths } from './lockup.tables';

export type LockRow = typeof lockupLocks.$inferSelect;
export type MonthRow = typeof lockupMonths.$inferSelect;

export const insertLock = (db: DbOrTx, values: typeof lockupLocks.$inferInsert) => insertReturning(db, lockupLocks, values, 'lock-up');

export async function insertMonths(db: DbOrTx, values: (typeof lockupMonths.$inferInsert)[]): Promise<void> {
  await db.insert(lockupMonths).values(values);
}

export async function locksOf(db: DbOrTx, userId: number): Promise<LockRow[]> {
  return db.select().from(lockupLocks).where(eq(lockupLocks.userId, userId)).orderBy(desc(lockupLocks.id));
}

export async function monthsOf(db: DbOrTx, lockIds: readonly number[]): Promise<MonthRow[]> {
  if (lockIds.length === 0) return [];
  return db.select().from(lockupMonths).where(inArray(lockupMonths.lockId, [...lockIds])).orderBy(asc(lockupMonths.lockId), asc(lockupMonths.month));
}

/** Months due and unpaid, earliest first (a lock's months come due in order), with their lock's owner. */
export async function dueMonths(db: DbOrTx, now: Date, limit = 200): Promise<{ id: number; userId: number; dueAt: Date }[]> {
  return db
    .select({ id: lockupMonths.id, userId: lockupLocks.userId, dueAt: lockupMonths.dueAt })
    .from(lockupMonths)
    .innerJoin(lockupLocks, eq(lockupLocks.id, lockupMonths.lockId))
    .where(and(isNull(lockupMonths.paidAt), lte(lockupMonths.dueAt, now)))
    .orderBy(asc(lockupMonths.dueAt), asc(lockupMonths.month))
    .limit(limit);
}

export async function lockMonth(db: DbOrTx, id: number): Promise<MonthRow | undefined> {
  const [row] = await db.select().from(lockupMonths).where(eq(lockupMonths.id, id)).for('update');
  return row;
}

export async function lockLock(db: DbOrTx, id: number): Promise<LockRow | undefined> {
  const [row] = await db.select().from(lockupLocks).where(eq(lockupLocks.id, id)).for('update');
  return row;
}

export async function updateMonth(db: DbOrTx, id: number, values: Partial<typeof lockupMonths.$inferInsert>): Promise<void> {
  await db.update(lockupMonths).set(values).where(eq(lockupMonths.id, id));
}

export async function updateLock(db: DbOrTx, id: number, values: Partial<typeof lockupLocks.$inferInsert>): Promise<void> {
  await db.update(lockupLocks).set(values).where(eq(lockupLocks.id, id));
}
