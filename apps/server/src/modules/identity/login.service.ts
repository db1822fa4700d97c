import type { CodeLoginRequest, LoginRequest, SessionInfo } from '@tp/contract';
import { withTransaction } from '../../platform/db/index';
import { ForbiddenError, type AuthContext } from '../../platform/http/index';
import type { IdentityContext } from './identity.context';
import { CodeWrongError, LoginFailedError, MESSAGES, SecondFactorRequiredError } from './identity.errors';
import * as repo from './identity.repo';
import { normalizeAccount, type RequestMeta } from './identity.schemas';
import { AccountStatus, LoginMethod, LoginResult, RevokeReason } from './identity.states';
import { LOCK_AFTER_FAILURES, LOCK_MS, type LoginSubject } from './login-policy';
import { verifyPassword } from './secrets';

/** Users' logins by password or SMS / e-mail code, and logout. */
export function createLoginService(ctx: Pick<IdentityContext, 'db' | 'challenge' | 'sessions' | 'policy' | 'history' | 'accounts' | 'twoFactor' | 'devices'>) {
  const { db, challenge, sessions, policy, history, accounts, twoFactor, devices } = ctx;

  function userSubject(user: repo.UserRow, account: string, method: LoginMethod, meta: RequestMeta): LoginSubject {
    return {
      failedLoginCount: user.failedLoginCount,
      lockedUntil: user.lockedUntil,
      recordFailure: (lockUntil) => repo.recordUserLoginFailure(db, { userId: user.id, lockAfter: LOCK_AFTER_FAILURES, lockUntil }),
      resetFailures: () => repo.resetUserLoginFailures(db, { userId: user.id }),
      history: (result) => history.login({ kind: 'user', account, userId: user.id, method, result, meta }),
    };
  }

  /**
   * The user behind a login account, past the lockout policy. An unknown account is recorded and
   * refused with the same error a wrong password or code gets, so guessing reveals no accounts.
   */
  async function attempt(
    account: string,
    method: LoginMethod,
    captcha: { captchaId?: string | undefined; captchaCode?: string | undefined },
    meta: RequestMeta,
    refusal: () => Error,
  ): Promise<{ user: repo.UserRow; subject: LoginSubject }> {
    const user = await repo.findUserByAccount(db, { account });
    if (!user) {
      await history.login({ kind: 'user', account, method, result: LoginResult.unknownAccount, meta });
      throw refusal();
    }
    const subject = userSubject(user, account, method, meta);
    await policy.guardAttempt(subject, captcha);
    return { user, subject };
  }

  /** A disabled account is refused only after its credentials were checked, so the refusal tells a guesser nothing. */
  async function refuseDisabled(user: repo.UserRow, subject: LoginSubject): Promise<void> {
    if (user.status === AccountStatus.active) return;
    await subject.history(LoginResult.disabled);
    throw new ForbiddenError(MESSAGES.disabled);
  }

  /**
   * The second step of a user with two-factor authentication on, once the first factor was right:
   * without a code the client is asked for one (the failure count of the password starts again, as
   * the password was right); a wrong code counts towards the second factor's own lock.
   */
  async function secondStep(user: repo.UserRow, subject: LoginSubject, totpCode: string | undefined): Promise<void> {
    if (!(await twoFactor.isEnabled(user.id))) return;
    if (!totpCode) {
      if (user.failedLoginCount > 0) await subject.resetFailures();
      await subject.history(LoginResult.secondFactorRequired);
      throw new SecondFactorRequiredError();
    }
    try {
      await twoFactor.requireSecondFactor(user.id, totpCode);
    } catch (err) {
      await subject.history(LoginResult.secondFactorWrong);
      throw err;
    }
  }

  /** Starts the session; a browser and address the user never signed in from before gets a notice. */
  async function signIn(user: repo.UserRow, account: string, method: LoginMethod, options: { marketId?: string | undefined; keepOtherSessions?: boolean | undefined }, meta: RequestMeta) {
    const known = await devices.isKnownDevice(user, meta);
    const info = await withTransaction(db, (tx) => accounts.startSession(tx, { user, account, method, marketId: options.marketId, keepOthers: options.keepOtherSessions, meta }));
    if (!known) await devices.noticeNewDevice(user, meta);
    return info;
  }

  return {
    async login(request: LoginRequest, meta: RequestMeta): Promise<SessionInfo> {
      const account = normalizeAccount(request.loginAccount);
      const { user, subject } = await attempt(account, LoginMethod.password, request, meta, () => new LoginFailedError());
      if (!user.passwordHash) {
        await subject.history(LoginResult.noPassword);
        throw new LoginFailedError(MESSAGES.noPassword);
      }
      if (!(await verifyPassword(user.passwordHash, request.password))) {
        await policy.failAttempt(subject, () => history.account(db, { userId: user.id, action: 'locked', detail: { minutes: LOCK_MS / 60_000 }, meta }));
      }
      await refuseDisabled(user, subject);
      await secondStep(user, subject, request.totpCode);
      return signIn(user, account, LoginMethod.password, request, meta);
    },

    async loginByCode(request: CodeLoginRequest, meta: RequestMeta): Promise<SessionInfo> {
      const account = normalizeAccount(request.loginAccount);
      const { user, subject } = await attempt(account, LoginMethod.code, request, meta, () => new CodeWrongError());
      // The code is used up only once the second factor (if any) passed too: the user sends it again with that.
      const verify = (keep: boolean) => challenge.verifyCode({ account, purpose: 'login', code: request.code, keep });
      try {
        await verify(true);
      } catch (err) {
        await subject.history(LoginResult.codeWrong);
        throw err;
      }
      await refuseDisabled(user, subject);
      await secondStep(user, subject, request.totpCode);
      await verify(false);
      return signIn(user, account, LoginMethod.code, request, meta);
    },

    async logout(auth: AuthContext, meta: RequestMeta): Promise<null> {
      await withTransaction(db, (tx) => sessions.revoke(tx, auth, RevokeReason.logout, meta));
      return null;
    },
  };
}
