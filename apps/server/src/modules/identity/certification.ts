import { eq, ilike, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { users } from './identity.tables';

/**
 * The verification states the session carries (`userCerStatus`, `highCerStatus`). The
 * verification module decides them; identity only stores what the session reads.
 */
export async function setCertificationStatus(db: DbOrTx, params: { userId: number; userCerStatus?: string; highCerStatus?: string }): Promise<void> {
  const patch: Partial<typeof users.$inferInsert> = {};
  if (params.userCerStatus !== undefined) patch.userCerStatus = params.userCerStatus;
  if (params.highCerStatus !== undefined) patch.highCerStatus = params.highCerStatus;
  if (Object.keys(patch).length > 0) await db.update(users).set(patch).where(eq(users.id, params.userId));
}

/** Login accounts (mobile number, else e-mail) of users, for staff screens. */
export async function accountsOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, tel: users.tel, email: users.email }).from(users).where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.tel ?? row.email ?? '']));
}

/** Users whose mobile number or e-mail contains the text, for staff searches. */
export async function userIdsMatching(db: DbOrTx, text: string, limit = 500): Promise<number[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.tel, pattern), ilike(users.email, pattern)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The user id of a login account (mobile number or e-mail), for wiring demo services. */
export async function findUserIdByAccount(db: DbOrTx, account: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(or(eq(users.tel, account), eq(users.email, account.toLowerCase()))).limit(1);
  return row?.id;
}
