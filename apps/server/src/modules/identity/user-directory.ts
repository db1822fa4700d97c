import { eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/index';
import { users } from './identity.tables';

export interface UserDirectoryDeps {
  db: Db;
}

/**
 * Users by login account, for other modules' staff screens and searches. Passed to those modules
 * as a dependency, so they read users through identity and never its tables.
 */
export function createUserDirectory(deps: UserDirectoryDeps) {
  const { db } = deps;
  return {
    /** Login accounts (mobile number, else e-mail) of users. */
    async accountsOf(userIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await tx.select({ id: users.id, tel: users.tel, email: users.email }).from(users).where(inArray(users.id, [...userIds]));
      return new Map(rows.map((row) => [row.id, row.tel ?? row.email ?? '']));
    },

    /** When a user registered (and so accepted the terms then in force). */
    async registeredAt(userId: number, tx: DbOrTx = db): Promise<Date | undefined> {
      const [row] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.createdAt;
    },

    /** Users whose mobile number or e-mail contains the text. */
    async userIdsMatching(text: string, limit = 500): Promise<number[]> {
      const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.tel, pattern), ilike(users.email, pattern)))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
