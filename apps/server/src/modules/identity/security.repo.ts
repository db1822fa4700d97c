import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { sessionCache } from './session-cache';
import { loginHistory, recoveryCodes, sessions, userSecurity } from './identity.tables';
import { LoginResult, type RevokeReason } from './identity.states';

export type UserSecurityRow = typeof userSecurity.$inferSelect;

export async function findUserSecurity(db: DbOrTx, params: { userId: number }): Promise<UserSecurityRow | undefined> {
  const [row] = await db.select().from(userSecurity).where(eq(userSecurity.userId, params.userId)).limit(1);
  return row;
}

/** The user's row, created on first use and locked for the rest of the transaction. */
export async function lockUserSecurity(db: DbOrTx, params: { userId: number; at: Date }): Promise<UserSecurityRow> {
  await db.insert(userSecurity).values({ userId: params.userId, updatedAt: params.at }).onConflictDoNothing();
  const [row] = await db.select().from(userSecurity).where(eq(userSecurity.userId, params.userId)).for('update');
  if (!row) throw new Error(`user_security row of ${params.userId} missing`);
  return row;
}

export async function updateUserSecurity(
  db: DbOrTx,
  params: { userId: number; at: Date; set: Partial<Omit<typeof userSecurity.$inferInsert, 'userId' | 'updatedAt'>> },
): Promise<void> {
  await db
    .update(userSecurity)
    .set({ ...params.set, updatedAt: params.at })
    .where(eq(userSecurity.userId, params.userId));
}

/**
 * Accepts a code's time step once: the step moves forward only, so the same code (or an older
 * one) replayed, even by two requests at once, is refused.
 */
export async function claimTotpStep(db: DbOrTx, params: { userId: number; step: number; at: Date }): Promise<boolean> {
  const rows = await db
    .update(userSecurity)
    .set({ totpLastStep: params.step, totpFailedCount: 0, totpLockedUntil: null, updatedAt: params.at })
    .where(and(eq(userSecurity.userId, params.userId), lt(userSecurity.totpLastStep, params.step)))
    .returning({ userId: userSecurity.userId });
  return rows.length > 0;
}

/** Counts a wrong code; at `lockAfter` consecutive ones the second factor locks until `lockUntil`. */
export async function recordTotpFailure(db: DbOrTx, params: { userId: number; lockAfter: number; lockUntil: Date; at: Date }): Promise<number> {
  const [row] = await db
    .update(userSecurity)
    .set({
      totpFailedCount: sql`${userSecurity.totpFailedCount} + 1`,
      totpLockedUntil: sql`case when ${userSecurity.totpFailedCount} + 1 >= ${params.lockAfter} then ${params.lockUntil.toISOString()}::timestamptz else null end`,
      updatedAt: params.at,
    })
    .where(eq(userSecurity.userId, params.userId))
    .returning({ failed: userSecurity.totpFailedCount });
  return row?.failed ?? 0;
}

// ---- recovery codes ----

export async function replaceRecoveryCodes(db: DbOrTx, params: { userId: number; codeHashes: string[]; at: Date }): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, params.userId));
  if (params.codeHashes.length === 0) return;
  await db.insert(recoveryCodes).values(params.codeHashes.map((codeHash) => ({ userId: params.userId, codeHash, createdAt: params.at })));
}

/** Uses one unused recovery code of the user; false when none matches. */
export async function useRecoveryCode(db: DbOrTx, params: { userId: number; codeHash: string; at: Date }): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: params.at })
    .where(and(eq(recoveryCodes.userId, params.userId), eq(recoveryCodes.codeHash, params.codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, params: { userId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, params.userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ---- sessions and devices ----

/** A user's sessions that still let requests in: not revoked, not past their end, not idle. */
export async function listLiveUserSessions(
  db: DbOrTx,
  params: { userId: number; now: Date; seenSince: Date; offset: number; limit: number },
): Promise<{ rows: (typeof sessions.$inferSelect)[]; total: number }> {
  const where = and(
    eq(sessions.kind, 'user'),
    eq(sessions.userId, params.userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, params.now),
    gt(sessions.lastSeenAt, params.seenSince),
  );
  const rows = await db.select().from(sessions).where(where).orderBy(desc(sessions.lastSeenAt), desc(sessions.id)).offset(params.offset).limit(params.limit);
  const [total] = await db.select({ n: count() }).from(sessions).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Revokes one session of the user's own; false when it is not theirs or has ended already. */
export async function revokeOwnSession(db: DbOrTx, params: { userId: number; sessionId: number; reason: RevokeReason; at: Date }): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: params.at, revokedReason: params.reason })
    .where(and(eq(sessions.id, params.sessionId), eq(sessions.kind, 'user'), eq(sessions.userId, params.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  sessionCache.changed({ sessionId: params.sessionId });
  return rows.length > 0;
}

/** Whether the user has signed in before from this browser (user agent) at this address. */
export async function hasSignedInFrom(db: DbOrTx, params: { userId: number; ip: string; userAgent: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: loginHistory.id })
    .from(loginHistory)
    .where(
      and(
        eq(loginHistory.userId, params.userId),
        eq(loginHistory.result, LoginResult.success),
        eq(loginHistory.ip, params.ip),
        eq(loginHistory.userAgent, params.userAgent),
      ),
    )
    .limit(1);
  return row !== undefined;
}
