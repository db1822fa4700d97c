import type { DisableTotpRequest, EnableTotpRequest, Page, RecoveryCodes, SecurityStatus, SessionListRequest, SetAntiPhishingRequest, TotpSetup, UserSession } from '@tp/contract';
import type { z } from 'zod';
import { pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { NotFoundError, type AuthContext } from '../../platform/http/index';
import type { CodeSender } from './code-sender';
import type { IdentityContext } from './identity.context';
import { SECURITY_MESSAGES } from './identity.errors';
import * as repo from './identity.repo';
import { idOf, type RequestMeta } from './identity.schemas';
import { RevokeReason } from './identity.states';
import * as security from './security.repo';
import type { TwoFactorService } from './two-factor.service';

export interface AccountSecurityDeps extends Pick<IdentityContext, 'db' | 'clock' | 'sessions' | 'history' | 'accounts'> {
  twoFactor: TwoFactorService;
  sender: Pick<CodeSender, 'notify'>;
  /** Sessions idle this long no longer let requests in, so they are not listed. */
  sessionIdleMs: number;
}

/** The user agent as the login history keeps it. */
const agentOf = (meta: RequestMeta) => meta.userAgent.slice(0, 500);

/**
 * A user's security settings: two-factor authentication, the anti-phishing phrase, the signed-in
 * sessions, and the notice of a sign-in from a browser and address not used before.
 */
export function createAccountSecurityService(deps: AccountSecurityDeps) {
  const { db, clock, sessions, history, accounts, twoFactor } = deps;

  async function antiPhishingCodeOf(userId: number): Promise<string | undefined> {
    return (await security.findUserSecurity(db, { userId }))?.antiPhishingCode ?? undefined;
  }

  return {
    antiPhishingCodeOf,

    /** For messages addressed by account (codes): the phrase of the user behind it, if any. */
    async antiPhishingOf(account: string): Promise<string | undefined> {
      const user = await repo.findUserByAccount(db, { account });
      return user ? antiPhishingCodeOf(user.id) : undefined;
    },

    /** Asked before the session starts: has this user signed in from this browser at this address? */
    isKnownDevice(user: repo.UserRow, meta: RequestMeta): Promise<boolean> {
      return security.hasSignedInFrom(db, { userId: user.id, ip: meta.ip, userAgent: agentOf(meta) });
    },

    /** Tells the user of a sign-in from a new device: by e-mail, or by SMS for an account without one. */
    async noticeNewDevice(user: repo.UserRow, meta: RequestMeta): Promise<void> {
      const account = user.email ?? user.tel;
      if (!account) return;
      await deps.sender.notify({
        account,
        channel: user.email ? 'email' : 'sms',
        kind: 'newDevice',
        params: { ip: meta.ip, userAgent: agentOf(meta), at: clock.now().toISOString().slice(0, 19).replace('T', ' ') },
        antiPhishingCode: await antiPhishingCodeOf(user.id),
      });
    },

    async securityStatus(auth: AuthContext): Promise<SecurityStatus> {
      const user = await accounts.currentUser(auth);
      const row = await security.findUserSecurity(db, { userId: user.id });
      const twoFactorOn = await twoFactor.isEnabled(user.id);
      return {
        twoFactor: twoFactorOn,
        recoveryCodesLeft: twoFactorOn ? await twoFactor.recoveryCodesLeft(user.id) : 0,
        antiPhishingCode: row?.antiPhishingCode ?? '',
      };
    },

    async setupTotp(auth: AuthContext): Promise<TotpSetup> {
      return twoFactor.setup(await accounts.currentUser(auth));
    },

    async enableTotp(auth: AuthContext, request: EnableTotpRequest, meta: RequestMeta): Promise<RecoveryCodes> {
      return twoFactor.enable((await accounts.currentUser(auth)).id, request, meta);
    },

    async disableTotp(auth: AuthContext, request: DisableTotpRequest, meta: RequestMeta): Promise<null> {
      return twoFactor.disable((await accounts.currentUser(auth)).id, request, meta);
    },

    /** A security setting: with two-factor authentication on, it needs a code. */
    async setAntiPhishing(auth: AuthContext, request: SetAntiPhishingRequest, meta: RequestMeta): Promise<null> {
      const user = await accounts.currentUser(auth);
      await twoFactor.requireSecondFactor(user.id, request.totpCode);
      await withTransaction(db, async (tx) => {
        await security.lockUserSecurity(tx, { userId: user.id, at: clock.now() });
        await security.updateUserSecurity(tx, { userId: user.id, at: clock.now(), set: { antiPhishingCode: request.antiPhishingCode } });
        // The phrase itself stays out of the history: it is worth something to a phisher.
        await history.account(tx, { userId: user.id, action: 'antiPhishing.set', meta });
      });
      return null;
    },

    /** The user's sessions that still let requests in, most recently used first; the caller's own is marked. */
    async listSessions(auth: AuthContext, request: z.output<typeof SessionListRequest>): Promise<Page<UserSession>> {
      const user = await accounts.currentUser(auth);
      const now = clock.now();
      const { rows, total } = await security.listLiveUserSessions(db, {
        userId: user.id,
        now,
        seenSince: new Date(now.getTime() - deps.sessionIdleMs),
        ...pageWindow(request),
      });
      const content = rows.map((row) => ({
        id: String(row.id),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        current: String(row.id) === auth.sessionId,
      }));
      return pageOf(content, total, request);
    },

    /** Logs one of the user's own sessions out; another user's session id is refused as unknown. */
    async revokeSession(auth: AuthContext, request: { sessionId: string }, meta: RequestMeta): Promise<null> {
      const user = await accounts.currentUser(auth);
      const sessionId = idOf(request.sessionId);
      await withTransaction(db, async (tx) => {
        const revoked = sessionId !== null && (await security.revokeOwnSession(tx, { userId: user.id, sessionId, reason: RevokeReason.logout, at: clock.now() }));
        if (!revoked) throw new NotFoundError(SECURITY_MESSAGES.sessionNotFound);
        await history.account(tx, { userId: user.id, action: 'session.revoked', detail: { sessionIds: [sessionId], reason: RevokeReason.logout }, meta });
      });
      return null;
    },

    /** "Log out everywhere": every session of the user ends, this one included, on every server instance. */
    async revokeAllSessions(auth: AuthContext, meta: RequestMeta): Promise<null> {
      const user = await accounts.currentUser(auth);
      await withTransaction(db, (tx) => sessions.revokeAllOfUser(tx, { userId: user.id, reason: RevokeReason.logout, meta }));
      return null;
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
