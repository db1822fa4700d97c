import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CodePurpose } from '@tp/contract';
import { type DbOrTx, insertReturning, preparedQuery } from '../../platform/db/index';
import { QrLoginStatus, type RevokeReason } from './identity.states';
import { sessionCache } from './session-cache';
import {
  accountHistory,
  captchas,
  devOutbox,
  loginHistory,
  qrLogins,
  sessions,
  staff,
  users,
  verificationCodes,
} from './identity.tables';

export type UserRow = typeof users.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type QrRow = typeof qrLogins.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type DevOutboxRow = typeof devOutbox.$inferSelect;

// ---- users ----

/** A login account is a mobile number or an e-mail address (e-mail compared lower-cased). */
export async function findUserByAccount(db: DbOrTx, params: { account: string }): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.tel, params.account), eq(users.email, params.account.toLowerCase())))
    .limit(1);
  return row;
}

const userById = preparedQuery((db) => db.select().from(users).where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare('identity_user_by_id'));

export async function findUser(db: DbOrTx, params: { userId: number }): Promise<UserRow | undefined> {
  const [row] = await userById(db, params);
  return row;
}

export async function findUserIdByInviteCode(db: DbOrTx, params: { inviteCode: string }): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, params.inviteCode)).limit(1);
  return row?.id;
}

export async function insertUser(db: DbOrTx, params: typeof users.$inferInsert): Promise<UserRow> {
  return insertReturning(db, users, params, 'user');
}

/**
 * One more failed login and, at `lockAfter` failures, a lock until `lockUntil`: one update, so
 * concurrent attempts count each other. Users and staff keep the same two columns.
 */
function failedLoginChange(table: typeof users | typeof staff, params: { lockAfter: number; lockUntil: Date }) {
  return {
    failedLoginCount: sql`${table.failedLoginCount} + 1`,
    lockedUntil: sql`case when ${table.failedLoginCount} + 1 >= ${params.lockAfter} then ${params.lockUntil.toISOString()}::timestamptz else ${table.lockedUntil} end`,
  };
}

/** Counts a failed login and, at `lockAfter` failures, locks until `lockUntil`. */
export async function recordUserLoginFailure(
  db: DbOrTx,
  params: { userId: number; lockAfter: number; lockUntil: Date },
): Promise<{ failedLoginCount: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(users)
    .set(failedLoginChange(users, params))
    .where(eq(users.id, params.userId))
    .returning({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil });
  if (!row) throw new Error('user vanished');
  return row;
}

export async function resetUserLoginFailures(db: DbOrTx, params: { userId: number }): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, params.userId));
}

export async function updateUserPassword(db: DbOrTx, params: { userId: number; passwordHash: string }): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: params.passwordHash, failedLoginCount: 0, lockedUntil: null })
    .where(eq(users.id, params.userId));
}

export async function updateUserTel(db: DbOrTx, params: { userId: number; tel: string }): Promise<void> {
  await db.update(users).set({ tel: params.tel }).where(eq(users.id, params.userId));
}

export async function updateUserLanguage(db: DbOrTx, params: { userId: number; language: 'cn' | 'en' | 'tw' }): Promise<void> {
  await db.update(users).set({ language: params.language }).where(eq(users.id, params.userId));
  sessionCache.changed({ userId: params.userId });
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchUsers(
  db: DbOrTx,
  params: { keyword?: string | undefined; firmIds: number[]; offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let where: SQL | undefined;
  if (params.keyword) {
    const like = `%${escapeLike(params.keyword)}%`;
    where = or(
      ilike(users.tel, like),
      ilike(users.email, like),
      ilike(users.userName, like),
      params.firmIds.length > 0 ? inArray(users.firmId, params.firmIds) : undefined,
    );
  }
  const rows = await db.select().from(users).where(where).orderBy(desc(users.id)).offset(params.offset).limit(params.limit);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---- platform staff ----

export async function findStaffByAccount(db: DbOrTx, params: { account: string }): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.account, params.account)).limit(1);
  return row;
}

export async function findStaff(db: DbOrTx, params: { staffId: number }): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, params.staffId)).limit(1);
  return row;
}

export async function insertStaff(db: DbOrTx, params: typeof staff.$inferInsert): Promise<StaffRow> {
  return insertReturning(db, staff, params, 'staff');
}

export async function recordStaffLoginFailure(
  db: DbOrTx,
  params: { staffId: number; lockAfter: number; lockUntil: Date },
): Promise<{ failedLoginCount: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(staff)
    .set(failedLoginChange(staff, params))
    .where(eq(staff.id, params.staffId))
    .returning({ failedLoginCount: staff.failedLoginCount, lockedUntil: staff.lockedUntil });
  if (!row) throw new Error('staff vanished');
  return row;
}

export async function resetStaffLoginFailures(db: DbOrTx, params: { staffId: number }): Promise<void> {
  await db.update(staff).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(staff.id, params.staffId));
}

// ---- sessions ----

export async function insertSession(db: DbOrTx, params: typeof sessions.$inferInsert): Promise<number> {
  const [row] = await db.insert(sessions).values(params).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

const sessionByTokenHash = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('identity_session_by_token'),
);

/**
 * Every authenticated request asks this, so it is one prepared query: the session and, for a
 * user session, its user.
 */
export async function findSessionByTokenHash(db: DbOrTx, params: { tokenHash: string }): Promise<{ session: SessionRow; user: UserRow | null } | undefined> {
  const [row] = await sessionByTokenHash(db, params);
  return row;
}

/** Moves lastSeenAt forward only; concurrent requests never move it back. */
export async function touchSession(db: DbOrTx, params: { sessionId: number; at: Date }): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: params.at })
    .where(and(eq(sessions.id, params.sessionId), lt(sessions.lastSeenAt, params.at), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: DbOrTx, params: { sessionId: number; reason: RevokeReason; at: Date }): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: params.at, revokedReason: params.reason })
    .where(and(eq(sessions.id, params.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  sessionCache.changed({ sessionId: params.sessionId });
  return rows.length > 0;
}

/** Revokes every live session of the user (except one, when given); returns the revoked ids. */
export async function revokeUserSessions(
  db: DbOrTx,
  params: { userId: number; reason: RevokeReason; at: Date; exceptSessionId?: number | undefined },
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: params.at, revokedReason: params.reason })
    .where(
      and(
        eq(sessions.kind, 'user'),
        eq(sessions.userId, params.userId),
        isNull(sessions.revokedAt),
        params.exceptSessionId === undefined ? undefined : ne(sessions.id, params.exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  sessionCache.changed({ userId: params.userId });
  return rows.map((r) => r.id);
}

export async function revokeStaffSessions(db: DbOrTx, params: { staffId: number; reason: RevokeReason; at: Date }): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: params.at, revokedReason: params.reason })
    .where(and(eq(sessions.kind, 'staff'), eq(sessions.staffId, params.staffId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

// ---- captchas ----

export async function insertCaptcha(db: DbOrTx, params: typeof captchas.$inferInsert): Promise<void> {
  await db.insert(captchas).values(params);
}

/** Uses up a live captcha whatever the answer, so each image allows one guess; returns its answer hash. */
export async function consumeCaptcha(db: DbOrTx, params: { captchaId: string; at: Date }): Promise<string | undefined> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: params.at })
    .where(and(eq(captchas.id, params.captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, params.at)))
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash;
}

// ---- verification codes ----

/** Serializes code sends per account, so the per-account limits hold under concurrent requests. */
export async function lockCodeAccount(db: DbOrTx, params: { account: string }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${params.account}`}))`);
}

export async function codeSendStats(db: DbOrTx, params: { account: string; since: Date }): Promise<{ sent: number; lastAt: Date | null }> {
  const rows = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, params.account), gte(verificationCodes.createdAt, params.since)))
    .orderBy(desc(verificationCodes.createdAt));
  return { sent: rows.length, lastAt: rows[0]?.createdAt ?? null };
}

export async function insertCode(db: DbOrTx, params: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(params);
}

/** The newest unused code for the account and purpose; a new code supersedes older ones. */
export async function findLatestCode(db: DbOrTx, params: { account: string; purpose: CodePurpose }): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, params.account), eq(verificationCodes.purpose, params.purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function countCodeAttempt(db: DbOrTx, params: { codeId: number }): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, params.codeId));
}

/** Marks the code used; false when a concurrent request used it first. */
export async function useCode(db: DbOrTx, params: { codeId: number; at: Date; maxAttempts: number }): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: params.at })
    .where(
      and(
        eq(verificationCodes.id, params.codeId),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, params.at),
        lt(verificationCodes.attempts, params.maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

// ---- dev outbox ----

export async function insertDevOutbox(db: DbOrTx, params: typeof devOutbox.$inferInsert): Promise<void> {
  await db.insert(devOutbox).values(params);
}

export async function listDevOutbox(
  db: DbOrTx,
  params: { account?: string | undefined; offset: number; limit: number },
): Promise<{ rows: DevOutboxRow[]; total: number }> {
  const where = params.account ? eq(devOutbox.account, params.account) : undefined;
  const rows = await db.select().from(devOutbox).where(where).orderBy(desc(devOutbox.id)).offset(params.offset).limit(params.limit);
  const [total] = await db.select({ n: count() }).from(devOutbox).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---- QR login ----

export async function insertQr(db: DbOrTx, params: typeof qrLogins.$inferInsert): Promise<void> {
  await db.insert(qrLogins).values(params);
}

export async function findQr(db: DbOrTx, params: { uuid: string }): Promise<QrRow | undefined> {
  const [row] = await db.select().from(qrLogins).where(eq(qrLogins.uuid, params.uuid)).limit(1);
  return row;
}

export async function expireQr(db: DbOrTx, params: { uuid: string }): Promise<void> {
  await db.update(qrLogins).set({ status: QrLoginStatus.expired }).where(and(eq(qrLogins.uuid, params.uuid), eq(qrLogins.status, QrLoginStatus.waiting)));
}

export async function confirmQr(
  db: DbOrTx,
  params: { uuid: string; userId: number; confirmingSessionId: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(qrLogins)
    .set({ status: QrLoginStatus.confirmed, confirmedByUserId: params.userId, confirmingSessionId: params.confirmingSessionId, confirmedAt: params.at })
    .where(and(eq(qrLogins.uuid, params.uuid), eq(qrLogins.status, QrLoginStatus.waiting), gt(qrLogins.expiresAt, params.at)))
    .returning({ uuid: qrLogins.uuid });
  return rows.length > 0;
}

/** Claims a confirmed ticket for delivery, once; the caller then issues the session. */
export async function claimQrDelivery(
  db: DbOrTx,
  params: { uuid: string; at: Date; confirmedAfter: Date },
): Promise<{ userId: number; confirmingSessionId: number | null } | undefined> {
  const [row] = await db
    .update(qrLogins)
    .set({ deliveredAt: params.at })
    .where(
      and(
        eq(qrLogins.uuid, params.uuid),
        eq(qrLogins.status, QrLoginStatus.confirmed),
        isNull(qrLogins.deliveredAt),
        gt(qrLogins.confirmedAt, params.confirmedAfter),
      ),
    )
    .returning({ userId: qrLogins.confirmedByUserId, confirmingSessionId: qrLogins.confirmingSessionId });
  if (!row || row.userId === null) return undefined;
  return { userId: row.userId, confirmingSessionId: row.confirmingSessionId };
}

export async function setQrSession(db: DbOrTx, params: { uuid: string; sessionId: number }): Promise<void> {
  await db.update(qrLogins).set({ sessionId: params.sessionId }).where(eq(qrLogins.uuid, params.uuid));
}

// ---- history ----

export async function insertLoginHistory(db: DbOrTx, params: typeof loginHistory.$inferInsert): Promise<void> {
  await db.insert(loginHistory).values(params);
}

export async function insertAccountHistory(db: DbOrTx, params: typeof accountHistory.$inferInsert): Promise<void> {
  await db.insert(accountHistory).values(params);
}
