import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { users } from './identity.tables';
import type { RealNameState, SeniorState } from './identity.states';

/**
 * The verification states the session carries (`userCerStatus`, `highCerStatus`). The
 * verification module decides them; identity only stores what the session reads.
 */
export async function setCertificationStatus(db: DbOrTx, params: { userId: number; userCerStatus?: RealNameState; highCerStatus?: SeniorState }): Promise<void> {
  const patch: Partial<typeof users.$inferInsert> = {};
  if (params.userCerStatus !== undefined) patch.userCerStatus = params.userCerStatus;
  if (params.highCerStatus !== undefined) patch.highCerStatus = params.highCerStatus;
  if (Object.keys(patch).length > 0) await db.update(users).set(patch).where(eq(users.id, params.userId));
}

/** The user id of a login account (mobile number or e-mail), for wiring demo services. */
export async function findUserIdByAccount(db: DbOrTx, account: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(or(eq(users.tel, account), eq(users.email, account.toLowerCase()))).limit(1);
  return row?.id;
}
