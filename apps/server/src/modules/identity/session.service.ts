import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db/index';
import { SessionInvalidError, type AuthContext, type SessionResolver } from '../../platform/http/index';
import { SessionKickedError } from './identity.errors';
import * as repo from './identity.repo';
import { sessionCache } from './session-cache';
import { idOf, type RequestMeta } from './identity.schemas';
import { AccountStatus, RevokeReason } from './identity.states';
import { newSessionToken, sha256 } from './secrets';

/** lastSeenAt is written at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * A quarter of the idle limit when that is shorter: a session used more often than every three
 * quarters of the idle limit is always touched before it could count as idle, however short the
 * limit is configured.
 */
const touchIntervalFor = (idleMs: number) => Math.min(TOUCH_INTERVAL_MS, Math.floor(idleMs / 4));

export interface SessionServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'sessionIdleMs' | 'sessionAbsoluteMs'>;
}

type Owner = { kind: 'user'; userId: number } | { kind: 'staff'; staffId: number };

export function createSessionService(deps: SessionServiceDeps) {
  const { db, clock, config } = deps;

  async function recordRevocation(tx: DbOrTx, owner: Owner, sessionIds: number[], reason: RevokeReason, ip: string): Promise<void> {
    if (sessionIds.length === 0) return;
    await repo.insertAccountHistory(tx, {
      kind: owner.kind,
      userId: owner.kind === 'user' ? owner.userId : null,
      staffId: owner.kind === 'staff' ? owner.staffId : null,
      action: 'session.revoked',
      detail: { sessionIds, reason },
      ip,
      createdAt: clock.now(),
    });
  }

  async function revokeOne(tx: DbOrTx, row: repo.SessionRow, reason: RevokeReason, ip: string): Promise<void> {
    if (!(await repo.revokeSession(tx, { sessionId: row.id, reason, at: clock.now() }))) return;
    const owner: Owner = row.kind === 'user' ? { kind: 'user', userId: row.userId ?? 0 } : { kind: 'staff', staffId: row.staffId ?? 0 };
    await recordRevocation(tx, owner, [row.id], reason, ip);
  }

  const resolver: SessionResolver = {
    async resolve(input): Promise<AuthContext> {
      const found = await sessionCache.through(input.sessionStr, () => repo.findSessionByTokenHash(db, { tokenHash: sha256(input.sessionStr) }));
      const row = found?.session;
      if (!row || row.kind !== input.kind) throw new SessionInvalidError();
      if (row.revokedAt) throw row.revokedReason === RevokeReason.replaced ? new SessionKickedError() : new SessionInvalidError();
      const now = clock.now();
      if (now.getTime() >= row.expiresAt.getTime()) {
        await revokeOne(db, row, RevokeReason.expired, row.ip);
        throw new SessionInvalidError();
      }
      if (now.getTime() - row.lastSeenAt.getTime() >= config.sessionIdleMs) {
        await revokeOne(db, row, RevokeReason.idle, row.ip);
        throw new SessionInvalidError();
      }

      let auth: AuthContext;
      if (row.kind === 'user') {
        const userId = idOf(input.userId);
        if (userId === null || userId !== row.userId || input.firmId !== String(row.firmId)) throw new SessionInvalidError();
        const user = found.user;
        if (!user || user.firmId !== row.firmId) throw new SessionInvalidError();
        if (user.status !== AccountStatus.active) {
          await revokeOne(db, row, RevokeReason.disabled, row.ip);
          throw new SessionInvalidError();
        }
        auth = {
          kind: 'user',
          sessionId: String(row.id),
          userId: String(user.id),
          firmId: String(user.firmId),
          marketId: input.marketId,
          isMainAccount: user.isMainAccount,
          language: user.language,
        };
      } else {
        const staffId = idOf(input.userId);
        if (staffId === null || staffId !== row.staffId) throw new SessionInvalidError();
        const member = await repo.findStaff(db, { staffId });
        if (!member || member.status !== AccountStatus.active) throw new SessionInvalidError();
        auth = { kind: 'staff', sessionId: String(row.id), userId: String(member.id), firmId: '', marketId: input.marketId, isMainAccount: false, language: 'cn' };
      }

      if (now.getTime() - row.lastSeenAt.getTime() >= touchIntervalFor(config.sessionIdleMs)) {
        await repo.touchSession(db, { sessionId: row.id, at: now });
        // The cached row sees the touch too, so the next requests do not write it again.
        row.lastSeenAt = now;
      }
      return auth;
    },
  };

  return {
    resolver,

    /** Starts a session; only the token's hash is stored, the token itself goes back to the caller once. */
    async issue(
      tx: DbOrTx,
      params: ({ kind: 'user'; userId: number; firmId: number } | { kind: 'staff'; staffId: number }) & { marketId: string; meta: RequestMeta },
    ): Promise<{ sessionId: number; sessionStr: string }> {
      const now = clock.now();
      const sessionStr = newSessionToken();
      const sessionId = await repo.insertSession(tx, {
        tokenHash: sha256(sessionStr),
        kind: params.kind,
        userId: params.kind === 'user' ? params.userId : null,
        staffId: params.kind === 'staff' ? params.staffId : null,
        firmId: params.kind === 'user' ? params.firmId : null,
        marketId: params.marketId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + config.sessionAbsoluteMs),
        ip: params.meta.ip,
        userAgent: params.meta.userAgent.slice(0, 500),
      });
      return { sessionId, sessionStr };
    },

    async revoke(tx: DbOrTx, auth: AuthContext, reason: RevokeReason, meta: RequestMeta): Promise<void> {
      const sessionId = idOf(auth.sessionId);
      const ownerId = idOf(auth.userId);
      if (sessionId === null || ownerId === null) return;
      if (!(await repo.revokeSession(tx, { sessionId, reason, at: clock.now() }))) return;
      const owner: Owner = auth.kind === 'user' ? { kind: 'user', userId: ownerId } : { kind: 'staff', staffId: ownerId };
      await recordRevocation(tx, owner, [sessionId], reason, meta.ip);
    },

    /** Ends every live session of a user (but one, when given): at login, password change and reset. */
    async revokeAllOfUser(tx: DbOrTx, params: { userId: number; reason: RevokeReason; meta: RequestMeta; exceptSessionId?: number | undefined }): Promise<void> {
      const ids = await repo.revokeUserSessions(tx, { userId: params.userId, reason: params.reason, at: clock.now(), exceptSessionId: params.exceptSessionId });
      await recordRevocation(tx, { kind: 'user', userId: params.userId }, ids, params.reason, params.meta.ip);
    },

    async revokeAllOfStaff(tx: DbOrTx, params: { staffId: number; reason: RevokeReason; meta: RequestMeta }): Promise<void> {
      const ids = await repo.revokeStaffSessions(tx, { staffId: params.staffId, reason: params.reason, at: clock.now() });
      await recordRevocation(tx, { kind: 'staff', staffId: params.staffId }, ids, params.reason, params.meta.ip);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
