import { and, eq, inArray, sql } from 'drizzle-orm';
import { ResultCode } from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import type { Db, DbOrTx } from '../../platform/db/index';
import { preparedQuery, withTransaction } from '../../platform/db/index';
import { fixedError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { users } from './identity.tables';

export class ProprietaryMemberError extends fixedError(ResultCode.forbidden, 403, text('自营会员不能交易', 'Proprietary members cannot trade', '自營會員不能交易')) {}

/** Every order path calls this: proprietary members are barred from trading. */
const proprietaryOf = preparedQuery((db) =>
  db.select({ proprietary: users.proprietary }).from(users).where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare('identity_proprietary_of'),
);

export async function assertNotProprietary(db: DbOrTx, userId: number): Promise<void> {
  const [row] = await proprietaryOf(db, { userId });
  if (row?.proprietary) throw new ProprietaryMemberError();
}

/** `assertNotProprietary` for many users at once: the refusal of each proprietary member. */
export async function proprietaryRefusals(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, ProprietaryMemberError>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.proprietary, true)));
  return new Map(rows.map((row) => [row.id, new ProprietaryMemberError()]));
}

/** Staff mark or unmark a user as a proprietary member; audited with the staff member. */
export async function setProprietary(db: Db, params: { userId: number; proprietary: boolean; staffId: string }): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const [before] = await tx.select({ proprietary: users.proprietary }).from(users).where(eq(users.id, params.userId)).limit(1);
    if (!before) return false;
    await tx.update(users).set({ proprietary: params.proprietary }).where(eq(users.id, params.userId));
    await appendAudit(tx, {
      actorKind: 'staff',
      actorId: params.staffId,
      action: 'identity.proprietary.update',
      objectType: 'user',
      objectId: String(params.userId),
      detail: { before: before.proprietary, after: params.proprietary },
    });
    return true;
  });
}
