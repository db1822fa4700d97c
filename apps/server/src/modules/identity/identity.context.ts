import { DEFAULT_MARKET_ID, type SessionInfo, type UserInfo } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import { SessionInvalidError, type AuthContext } from '../../platform/http/index';
import type { FirmRecord, FirmService } from '../firm/index';
import type { ChallengeService } from './challenge.service';
import * as repo from './identity.repo';
import { idOf, type RequestMeta } from './identity.schemas';
import { LoginResult, RevokeReason, type LoginMethod } from './identity.states';
import type { LoginPolicy } from './login-policy';
import type { SessionService } from './session.service';
import type { AccountSecurityService } from './account-security.service';
import type { TwoFactorService } from './two-factor.service';

/** Who a user is, as both the user's own profile and the back office's user list show it. */
export const userIdentity = (user: repo.UserRow) => ({
  userId: String(user.id),
  tel: user.tel ?? '',
  email: user.email ?? '',
  userName: user.userName,
  firmId: String(user.firmId),
});

/** What the identity services share: storage, the clock, the firm directory, codes, sessions and the history they write. */
export interface IdentityContext {
  db: Db;
  clock: Clock;
  firm: Pick<FirmService, 'createFirm' | 'getFirm' | 'getFirms' | 'searchFirmIds'>;
  challenge: ChallengeService;
  sessions: SessionService;
  policy: LoginPolicy;
  history: IdentityHistory;
  accounts: UserAccounts;
  twoFactor: Pick<TwoFactorService, 'requireSecondFactor' | 'isEnabled'>;
  /** Which browsers and addresses a user has signed in from, and the notice of a new one. */
  devices: Pick<AccountSecurityService, 'isKnownDevice' | 'noticeNewDevice'>;
}

export interface LoginHistoryEntry {
  kind: 'user' | 'staff';
  account: string;
  userId?: number;
  staffId?: number;
  method: LoginMethod;
  result: LoginResult;
  meta: RequestMeta;
}

export interface AccountHistoryEntry {
  userId?: number;
  staffId?: number;
  action: string;
  detail?: Record<string, unknown>;
  meta: RequestMeta;
}

/** The append-only login and account histories. */
export function createIdentityHistory(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async login(entry: LoginHistoryEntry, tx: DbOrTx = db): Promise<void> {
      await repo.insertLoginHistory(tx, {
        kind: entry.kind,
        account: entry.account,
        userId: entry.userId ?? null,
        staffId: entry.staffId ?? null,
        method: entry.method,
        result: entry.result,
        ip: entry.meta.ip,
        userAgent: entry.meta.userAgent.slice(0, 500),
        createdAt: clock.now(),
      });
    },

    async account(tx: DbOrTx, entry: AccountHistoryEntry): Promise<void> {
      await repo.insertAccountHistory(tx, {
        kind: entry.staffId === undefined ? 'user' : 'staff',
        userId: entry.userId ?? null,
        staffId: entry.staffId ?? null,
        action: entry.action,
        detail: entry.detail ?? {},
        ip: entry.meta.ip,
        createdAt: clock.now(),
      });
    },
  };
}

export type IdentityHistory = ReturnType<typeof createIdentityHistory>;

/** The signed-in user, their firm, and starting a user's session: what every user-facing identity service needs. */
export function createUserAccounts(deps: Pick<IdentityContext, 'db' | 'firm' | 'sessions' | 'history'>) {
  const { db, firm, sessions, history } = deps;

  async function firmOf(user: repo.UserRow, tx: DbOrTx = db): Promise<FirmRecord> {
    const record = await firm.getFirm(String(user.firmId), tx);
    if (!record) throw new Error(`user ${user.id} has no firm ${user.firmId}`);
    return record;
  }

  function sessionInfo(user: repo.UserRow, record: FirmRecord, sessionStr: string, marketId: string): SessionInfo {
    return {
      isLogin: true,
      userId: String(user.id),
      sessionStr,
      tel: user.tel ?? '',
      firmId: String(user.firmId),
      firmCode: record.firmCode,
      marketId,
      userType: record.userType,
      userCerStatus: user.userCerStatus,
      nickNameStatus: user.nickNameStatus,
      highCerStatus: user.highCerStatus,
      isMainAccount: user.isMainAccount,
      language: user.language,
    };
  }

  /** "Sessions are replaced at login" unless asked to keep them: the user's other sessions end, a new one starts. */
  async function startUserSession(
    tx: DbOrTx,
    params: {
      user: repo.UserRow;
      account: string;
      method: LoginMethod;
      marketId?: string | undefined;
      keepSessionId?: number | null | undefined;
      /** The user's other sessions stay (the exchange's several devices). */
      keepOthers?: boolean | undefined;
      meta: RequestMeta;
    },
  ): Promise<{ info: SessionInfo; sessionId: number }> {
    const { user, meta } = params;
    const marketId = params.marketId || DEFAULT_MARKET_ID;
    if (user.failedLoginCount > 0 || user.lockedUntil) await repo.resetUserLoginFailures(tx, { userId: user.id });
    if (!params.keepOthers) await sessions.revokeAllOfUser(tx, { userId: user.id, reason: RevokeReason.replaced, meta, exceptSessionId: params.keepSessionId ?? undefined });
    const { sessionStr, sessionId } = await sessions.issue(tx, { kind: 'user', userId: user.id, firmId: user.firmId, marketId, meta });
    await history.login({ kind: 'user', account: params.account, userId: user.id, method: params.method, result: LoginResult.success, meta }, tx);
    return { info: sessionInfo(user, await firmOf(user, tx), sessionStr, marketId), sessionId };
  }

  return {
    firmOf,
    startUserSession,
    startSession: async (...args: Parameters<typeof startUserSession>) => (await startUserSession(...args)).info,

    async currentUser(auth: AuthContext): Promise<repo.UserRow> {
      const userId = idOf(auth.userId);
      const user = auth.kind === 'user' && userId !== null ? await repo.findUser(db, { userId }) : undefined;
      if (!user) throw new SessionInvalidError();
      return user;
    },

    userInfo(user: repo.UserRow, record: FirmRecord): UserInfo {
      return {
        ...userIdentity(user),
        firmCode: record.firmCode,
        firmName: record.name,
        userType: record.userType,
        isMainAccount: user.isMainAccount,
        myInviteCode: user.inviteCode,
        language: user.language,
        createdAt: user.createdAt.toISOString(),
      };
    },
  };
}

export type UserAccounts = ReturnType<typeof createUserAccounts>;
