import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../platform/db/index';
import { realNameVerifications, seniorVerifications } from './verification.tables';

export type RealNameRow = typeof realNameVerifications.$inferSelect;
export type SeniorRow = typeof seniorVerifications.$inferSelect;

const realNameOf = preparedQuery((db) =>
  db.select().from(realNameVerifications).where(eq(realNameVerifications.userId, sql.placeholder('userId'))).limit(1).prepare('verification_real_name_of'),
);

/** Asked before every order, so the query is prepared once. */
export async function findRealName(db: DbOrTx, userId: number): Promise<RealNameRow | undefined> {
  const [row] = await realNameOf(db, { userId });
  return row;
}

/** Which of the users have a real-name verification. */
export async function realNameVerifiedAmong(db: DbOrTx, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select({ userId: realNameVerifications.userId }).from(realNameVerifications).where(inArray(realNameVerifications.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}

export async function insertRealName(db: DbOrTx, row: RealNameRow): Promise<void> {
  await db.insert(realNameVerifications).values(row);
}

export async function latestSenior(db: DbOrTx, userId: number): Promise<SeniorRow | undefined> {
  const [row] = await db.select().from(seniorVerifications).where(eq(seniorVerifications.userId, userId)).orderBy(desc(seniorVerifications.id)).limit(1);
  return row;
}

export async function insertSenior(db: DbOrTx, row: typeof seniorVerifications.$inferInsert): Promise<SeniorRow> {
  const [inserted] = await db.insert(seniorVerifications).values(row).returning();
  if (!inserted) throw new Error('senior verification insert returned nothing');
  return inserted;
}

export async function findSenior(db: DbOrTx, id: number, forUpdate = false): Promise<SeniorRow | undefined> {
  const query = db.select().from(seniorVerifications).where(eq(seniorVerifications.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function decideSenior(db: DbOrTx, params: { id: number; status: 'passed' | 'failed'; reason: string; reviewedBy: string; at: Date }): Promise<void> {
  await db
    .update(seniorVerifications)
    .set({ status: params.status, reason: params.reason, reviewedBy: params.reviewedBy, reviewedAt: params.at })
    .where(eq(seniorVerifications.id, params.id));
}

export async function listSenior(
  db: DbOrTx,
  query: { status?: 'review' | 'passed' | 'failed' | undefined; userIds?: number[] | undefined; offset: number; limit: number },
): Promise<{ rows: SeniorRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(seniorVerifications.status, query.status));
  if (query.userIds) conditions.push(inArray(seniorVerifications.userId, query.userIds.length ? query.userIds : [-1]));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(seniorVerifications).where(where).orderBy(desc(seniorVerifications.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(seniorVerifications).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
