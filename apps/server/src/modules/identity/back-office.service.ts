import {
  DEFAULT_MARKET_ID,
  type AdminDevOutboxRequest,
  type AdminListRequest,
  type AdminLoginRequest,
  type AdminProprietaryRequest,
  type AdminSession,
  type AdminStaff,
  type AdminUserRow,
  type DevOutboxEntry,
  type Page,
} from '@tp/contract';
import { pageWindow, withTransaction } from '../../platform/db/index';
import { ForbiddenError, NotFoundError, SessionInvalidError, type AuthContext } from '../../platform/http/index';
import { userIdentity, type IdentityContext } from './identity.context';
import { LoginFailedError, MESSAGES } from './identity.errors';
import * as repo from './identity.repo';
import { idOf, normalizeAccount, type RequestMeta } from './identity.schemas';
import { AccountStatus, LoginMethod, LoginResult, RevokeReason } from './identity.states';
import { LOCK_AFTER_FAILURES, LOCK_MS, type LoginSubject } from './login-policy';
import { setProprietary } from './membership';
import { verifyPassword } from './secrets';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

function toOutboxEntry(row: repo.DevOutboxRow): DevOutboxEntry {
  return { account: row.account, channel: row.channel, purpose: row.purpose, code: row.code, createdAt: row.createdAt.toISOString() };
}

/** The back office's side of identity: staff login, the user list, proprietary members and the dev outbox. */
export function createBackOfficeService(ctx: Pick<IdentityContext, 'db' | 'clock' | 'firm' | 'sessions' | 'policy' | 'history'>) {
  const { db, clock, firm, sessions, policy, history } = ctx;

  return {
    async adminLogin(request: AdminLoginRequest, meta: RequestMeta): Promise<AdminSession> {
      const account = request.account.trim();
      const member = await repo.findStaffByAccount(db, { account });
      const method = LoginMethod.password;
      if (!member) {
        await history.login({ kind: 'staff', account, method, result: LoginResult.unknownAccount, meta });
        throw new LoginFailedError();
      }
      const subject: LoginSubject = {
        failedLoginCount: member.failedLoginCount,
        lockedUntil: member.lockedUntil,
        recordFailure: (lockUntil) => repo.recordStaffLoginFailure(db, { staffId: member.id, lockAfter: LOCK_AFTER_FAILURES, lockUntil }),
        resetFailures: () => repo.resetStaffLoginFailures(db, { staffId: member.id }),
        history: (result) => history.login({ kind: 'staff', account, staffId: member.id, method, result, meta }),
      };
      await policy.guardAttempt(subject, request);
      if (!(await verifyPassword(member.passwordHash, request.password))) {
        await policy.failAttempt(subject, () => history.account(db, { staffId: member.id, action: 'locked', detail: { minutes: LOCK_MS / 60_000 }, meta }));
      }
      if (member.status !== AccountStatus.active) {
        await subject.history(LoginResult.disabled);
        throw new ForbiddenError(MESSAGES.disabled);
      }
      return withTransaction(db, async (tx) => {
        if (member.failedLoginCount > 0 || member.lockedUntil) await repo.resetStaffLoginFailures(tx, { staffId: member.id });
        await sessions.revokeAllOfStaff(tx, { staffId: member.id, reason: RevokeReason.replaced, meta });
        const { sessionStr } = await sessions.issue(tx, { kind: 'staff', staffId: member.id, marketId: DEFAULT_MARKET_ID, meta });
        await history.login({ kind: 'staff', account, staffId: member.id, method, result: LoginResult.success, meta }, tx);
        return { sessionStr, staffId: String(member.id), name: member.name, role: member.role };
      });
    },

    async adminLogout(auth: AuthContext, meta: RequestMeta): Promise<null> {
      await withTransaction(db, (tx) => sessions.revoke(tx, auth, RevokeReason.logout, meta));
      return null;
    },

    async adminMe(auth: AuthContext): Promise<AdminStaff> {
      const staffId = idOf(auth.userId);
      const member = auth.kind === 'staff' && staffId !== null ? await repo.findStaff(db, { staffId }) : undefined;
      if (!member) throw new SessionInvalidError();
      return { staffId: String(member.id), account: member.account, name: member.name, role: member.role };
    },

    async adminUsers(request: AdminListRequest): Promise<Page<AdminUserRow>> {
      const keyword = request.keyword || undefined;
      const firmIds = keyword ? (await firm.searchFirmIds(keyword)).map(Number) : [];
      const { rows, total } = await repo.searchUsers(db, { keyword, firmIds, ...pageWindow(request) });
      const firms = await firm.getFirms(rows.map((r) => String(r.firmId)));
      const content = rows.map((u): AdminUserRow => {
        const f = firms.get(String(u.firmId));
        return {
          ...userIdentity(u),
          firmCode: f?.firmCode ?? '',
          firmName: f?.name ?? '',
          userType: f?.userType ?? 'personal',
          isMainAccount: u.isMainAccount,
          status: u.status,
          lockedUntil: u.lockedUntil && u.lockedUntil.getTime() > clock.now().getTime() ? iso(u.lockedUntil) : '',
          proprietary: u.proprietary,
          createdAt: u.createdAt.toISOString(),
        };
      });
      return { content, total, page: request.page, size: request.size };
    },

    /** Marks or unmarks a proprietary member (barred from trading). */
    async adminSetProprietary(auth: AuthContext, request: AdminProprietaryRequest): Promise<null> {
      if (!(await setProprietary(db, { userId: Number(request.userId), proprietary: request.proprietary, staffId: auth.userId }))) throw new NotFoundError();
      return null;
    },

    async adminDevOutbox(request: AdminDevOutboxRequest): Promise<Page<DevOutboxEntry>> {
      const { rows, total } = await repo.listDevOutbox(db, { account: request.account ? normalizeAccount(request.account) : undefined, ...pageWindow(request) });
      return { content: rows.map(toOutboxEntry), total, page: request.page, size: request.size };
    },

    /** Development and test only (the route does not exist in production): the newest 50 messages to an account. */
    async devOutbox(account: string): Promise<DevOutboxEntry[]> {
      const { rows } = await repo.listDevOutbox(db, { account: normalizeAccount(account), offset: 0, limit: 50 });
      return rows.map(toOutboxEntry);
    },
  };
}
