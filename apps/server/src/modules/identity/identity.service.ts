import { randomUUID } from 'node:crypto';
import {
  accountChannel,
  DEFAULT_MARKET_ID,
  type AdminDevOutboxRequest,
  type AdminListRequest,
  type AdminLoginRequest,
  type AdminProprietaryRequest,
  type AdminSession,
  type AdminStaff,
  type AdminUserRow,
  type CaptchaValidateResult,
  type CodeLoginRequest,
  type DevOutboxEntry,
  type LoginRequest,
  type Page,
  type QrResult,
  type QrTicket,
  type RegisterRequest,
  type SendCodeRequest,
  type SendCodeResult,
  type SessionInfo,
  type UserInfo,
} from '@tp/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { type Db, type DbOrTx, isUniqueViolation, withTransaction } from '../../platform/db/index';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, SessionInvalidError, type AuthContext } from '../../platform/http/index';
import type { FirmRecord, FirmService } from '../firm/index';
import { createChallengeService, type ChallengeService } from './challenge.service';
import { createConfiguredCodeSender, createDevOutboxWriter, type CodeSender, type IdentityLog } from './code-sender';
import {
  AccountLockedError,
  CaptchaRequiredError,
  CaptchaWrongError,
  CodeWrongError,
  InvalidAccountError,
  LoginFailedError,
  MESSAGES,
} from './identity.errors';
import * as repo from './identity.repo';
import {
  normalizeAccount,
  type ChangePasswordRequest,
  type ChangePhoneRequest,
  type ForgotPasswordRequest,
  type RequestMeta,
  type SetLanguageRequest,
  type SetPasswordRequest,
} from './identity.schemas';
import { createSessionService, type SessionService } from './session.service';
import { setProprietary } from './membership';
import { hashPassword, newInviteCode, verifyPassword } from './secrets';

/** After this many consecutive failures a login needs an image captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** After this many consecutive failures the account is locked for LOCK_MS. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
export const QR_TTL_MS = 2 * 60_000;
/** A confirmed QR ticket must be collected by the polling browser within this time. */
const QR_DELIVERY_MS = 60_000;

export interface IdentityServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'appSecret' | 'sessionIdleMs' | 'sessionAbsoluteMs' | 'isDevelopment' | 'adapters' | 'smtp'>;
  firm: Pick<FirmService, 'createFirm' | 'getFirm' | 'getFirms' | 'searchFirmIds'>;
  /** The SMS / e-mail gateway; development and test default to the dev outbox. */
  codeSender?: CodeSender | undefined;
  log: IdentityLog;
}

type ChangePassword = z.infer<typeof ChangePasswordRequest>;
type ChangePhone = z.infer<typeof ChangePhoneRequest>;
type ForgotPassword = z.infer<typeof ForgotPasswordRequest>;
type SetPassword = z.infer<typeof SetPasswordRequest>;

/** Who failed or succeeded, for the lockout policy shared by users and staff. */
interface LoginSubject {
  failedLoginCount: number;
  lockedUntil: Date | null;
  recordFailure(lockUntil: Date): Promise<{ failedLoginCount: number }>;
  resetFailures(): Promise<void>;
  history(result: string): Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');
const idOf = (value: string): number | null => (/^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

function displayName(account: string): string {
  return accountChannel(account) === 'sms' ? `${account.slice(0, 3)}****${account.slice(-4)}` : (account.split('@')[0] ?? account);
}

export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, clock, config, firm } = deps;
  const writeDevOutbox = config.isDevelopment ? createDevOutboxWriter({ db, clock, log: deps.log }) : undefined;
  const sender: CodeSender = deps.codeSender ?? createConfiguredCodeSender({ config, writeDevOutbox, log: deps.log });
  const challenge: ChallengeService = createChallengeService({
    db,
    clock,
    secret: config.appSecret,
    sender,
    revealCaptcha: writeDevOutbox && ((captchaId, answer) => writeDevOutbox({ account: captchaId, channel: 'captcha', purpose: 'captcha', code: answer })),
  });
  const sessions: SessionService = createSessionService({ db, clock, config });

  async function loginHistory(params: { kind: 'user' | 'staff'; account: string; userId?: number; staffId?: number; method: string; result: string; meta: RequestMeta }, tx: DbOrTx = db) {
    await repo.insertLoginHistory(tx, {
      kind: params.kind,
      account: params.account,
      userId: params.userId ?? null,
      staffId: params.staffId ?? null,
      method: params.method,
      result: params.result,
      ip: params.meta.ip,
      userAgent: params.meta.userAgent.slice(0, 500),
      createdAt: clock.now(),
    });
  }

  async function accountHistory(tx: DbOrTx, params: { userId?: number; staffId?: number; action: string; detail?: Record<string, unknown>; meta: RequestMeta }) {
    await repo.insertAccountHistory(tx, {
      kind: params.staffId === undefined ? 'user' : 'staff',
      userId: params.userId ?? null,
      staffId: params.staffId ?? null,
      action: params.action,
      detail: params.detail ?? {},
      ip: params.meta.ip,
      createdAt: clock.now(),
    });
  }

  /**
   * The lockout policy, before the password is even looked at: a locked account is refused with
   * the minutes left; from the 3rd consecutive failure a correct image captcha must come along.
   */
  async function guardAttempt(subject: LoginSubject, captcha: { captchaId?: string | undefined; captchaCode?: string | undefined }): Promise<void> {
    const now = clock.now();
    if (subject.lockedUntil && subject.lockedUntil.getTime() > now.getTime()) {
      await subject.history('locked');
      throw new AccountLockedError(Math.ceil((subject.lockedUntil.getTime() - now.getTime()) / 60_000));
    }
    if (subject.lockedUntil) {
      // The lock has run out: the count starts again.
      await subject.resetFailures();
      subject.failedLoginCount = 0;
    }
    if (subject.failedLoginCount >= CAPTCHA_AFTER_FAILURES) {
      if (!captcha.captchaId || !captcha.captchaCode) {
        await subject.history('captcha_required');
        throw new CaptchaRequiredError();
      }
      if (!(await challenge.checkCaptcha(captcha.captchaId, captcha.captchaCode))) {
        await subject.history('captcha_wrong');
        throw new CaptchaWrongError();
      }
    }
  }

  async function failAttempt(subject: LoginSubject, onLocked: () => Promise<void>): Promise<never> {
    await subject.history('wrong_password');
    const { failedLoginCount } = await subject.recordFailure(new Date(clock.now().getTime() + LOCK_MS));
    if (failedLoginCount >= LOCK_AFTER_FAILURES) {
      await onLocked();
      throw new AccountLockedError(LOCK_MS / 60_000);
    }
    if (failedLoginCount >= CAPTCHA_AFTER_FAILURES) throw new LoginFailedError(MESSAGES.loginFailedLeft, { left: LOCK_AFTER_FAILURES - failedLoginCount });
    throw new LoginFailedError();
  }

  function userSubject(user: repo.UserRow, account: string, method: string, meta: RequestMeta): LoginSubject {
    return {
      failedLoginCount: user.failedLoginCount,
      lockedUntil: user.lockedUntil,
      recordFailure: (lockUntil) => repo.recordUserLoginFailure(db, { userId: user.id, lockAfter: LOCK_AFTER_FAILURES, lockUntil }),
      resetFailures: () => repo.resetUserLoginFailures(db, { userId: user.id }),
      history: (result) => loginHistory({ kind: 'user', account, userId: user.id, method, result, meta }),
    };
  }

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

  function userInfo(user: repo.UserRow, record: FirmRecord): UserInfo {
    return {
      userId: String(user.id),
      tel: user.tel ?? '',
      email: user.email ?? '',
      userName: user.userName,
      firmId: String(user.firmId),
      firmCode: record.firmCode,
      firmName: record.name,
      userType: record.userType,
      isMainAccount: user.isMainAccount,
      myInviteCode: user.inviteCode,
      language: user.language,
      createdAt: user.createdAt.toISOString(),
    };
  }

  /** "Sessions are replaced at login": the user's other sessions end, a new one starts. */
  async function startUserSession(
    tx: DbOrTx,
    params: { user: repo.UserRow; account: string; method: string; marketId?: string | undefined; keepSessionId?: number | null | undefined; meta: RequestMeta },
  ): Promise<{ info: SessionInfo; sessionId: number }> {
    const { user, meta } = params;
    const marketId = params.marketId || DEFAULT_MARKET_ID;
    if (user.failedLoginCount > 0 || user.lockedUntil) await repo.resetUserLoginFailures(tx, { userId: user.id });
    await sessions.revokeAllOfUser(tx, { userId: user.id, reason: 'replaced', meta, exceptSessionId: params.keepSessionId ?? undefined });
    const { sessionStr, sessionId } = await sessions.issue(tx, { kind: 'user', userId: user.id, firmId: user.firmId, marketId, meta });
    await loginHistory({ kind: 'user', account: params.account, userId: user.id, method: params.method, result: 'success', meta }, tx);
    return { info: sessionInfo(user, await firmOf(user, tx), sessionStr, marketId), sessionId };
  }

  const startSession = async (...args: Parameters<typeof startUserSession>) => (await startUserSession(...args)).info;

  async function currentUser(auth: AuthContext): Promise<repo.UserRow> {
    const userId = idOf(auth.userId);
    const user = auth.kind === 'user' && userId !== null ? await repo.findUser(db, { userId }) : undefined;
    if (!user) throw new SessionInvalidError();
    return user;
  }

  return {
    sessionResolver: sessions.resolver,

    generateCaptcha: () => challenge.generateCaptcha(),

    async validateCaptcha(answer: { captchaId: string; captchaCode: string }): Promise<CaptchaValidateResult> {
      if (!(await challenge.checkCaptcha(answer.captchaId, answer.captchaCode))) throw new CaptchaWrongError();
      return { valid: true };
    },

    /**
     * Sends an SMS or e-mail code. Register codes refuse registered accounts; login and reset codes
     * to unknown accounts are answered like any other but never sent; phone-change and fund-password
     * codes need a session and go only to the caller's own (or, for a new phone, an unused) number.
     */
    async sendCode(request: SendCodeRequest, auth: AuthContext | null, meta: RequestMeta): Promise<SendCodeResult> {
      const account = normalizeAccount(request.account);
      const channel = accountChannel(account);
      if (!channel) throw new InvalidAccountError();
      if (request.captchaId || request.captchaCode) {
        if (!request.captchaId || !request.captchaCode || !(await challenge.checkCaptcha(request.captchaId, request.captchaCode))) throw new CaptchaWrongError();
      }
      let deliver = true;
      switch (request.purpose) {
        case 'register':
          if (await repo.findUserByAccount(db, { account })) throw new ConflictError(MESSAGES.alreadyRegistered);
          break;
        case 'login':
        case 'reset':
          deliver = (await repo.findUserByAccount(db, { account })) !== undefined;
          break;
        case 'changePhoneOld':
        case 'fundPassword': {
          if (!auth) throw new SessionInvalidError();
          const user = await currentUser(auth);
          if (account !== user.tel && account !== user.email) throw new BadRequestError(MESSAGES.notYourAccount);
          break;
        }
        case 'changePhoneNew': {
          if (!auth) throw new SessionInvalidError();
          const user = await currentUser(auth);
          if (channel !== 'sms') throw new InvalidAccountError();
          if (account === user.tel) throw new BadRequestError(MESSAGES.samePhone);
          if (await repo.findUserByAccount(db, { account })) throw new ConflictError(MESSAGES.phoneInUse);
          break;
        }
      }
      return challenge.issueCode({ account, channel, purpose: request.purpose, ip: meta.ip, deliver });
    },

    /** Checks a code another module asked the user for (e.g. the fund password's SMS code). */
    verifyCode: (params: { account: string; purpose: 'fundPassword'; code: string }) =>
      challenge.verifyCode({ account: normalizeAccount(params.account), purpose: params.purpose, code: params.code }),

    /** Registers a personal (or enterprise) firm with its main account and logs it in. */
    async register(request: RegisterRequest, meta: RequestMeta): Promise<SessionInfo> {
      const account = normalizeAccount(request.loginAccount);
      const channel = accountChannel(account);
      if (!channel) throw new InvalidAccountError();
      if (await repo.findUserByAccount(db, { account })) throw new ConflictError(MESSAGES.alreadyRegistered);
      let invitedBy: number | null = null;
      if (request.invitationCode?.trim()) {
        invitedBy = (await repo.findUserIdByInviteCode(db, { inviteCode: request.invitationCode.trim().toUpperCase() })) ?? null;
        if (invitedBy === null) throw new BadRequestError(MESSAGES.inviteUnknown);
      }
      await challenge.verifyCode({ account, purpose: 'register', code: request.code });
      const passwordHash = await hashPassword(request.password);
      const userType = request.userType ?? 'personal';

      for (let attempt = 1; ; attempt++) {
        try {
          return await withTransaction(db, async (tx) => {
            const name = displayName(account);
            const created = await firm.createFirm(tx, { name, userType, actor: 'self-registration' });
            const user = await repo.insertUser(tx, {
              firmId: Number(created.firmId),
              tel: channel === 'sms' ? account : null,
              email: channel === 'email' ? account : null,
              userName: name,
              passwordHash,
              isMainAccount: true,
              language: 'cn',
              inviteCode: newInviteCode(),
              invitedBy,
              createdAt: clock.now(),
            });
            await accountHistory(tx, { userId: user.id, action: 'registered', detail: { firmId: user.firmId, userType, invitedBy }, meta });
            return startSession(tx, { user, account, method: 'register', marketId: request.marketId, meta });
          });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          if (attempt >= 3 || (await repo.findUserByAccount(db, { account }))) throw new ConflictError(MESSAGES.alreadyRegistered);
          // Otherwise two invite codes collided: try again with a new one.
        }
      }
    },

    async login(request: LoginRequest, meta: RequestMeta): Promise<SessionInfo> {
      const account = normalizeAccount(request.loginAccount);
      const user = await repo.findUserByAccount(db, { account });
      if (!user) {
        await loginHistory({ kind: 'user', account, method: 'password', result: 'unknown_account', meta });
        throw new LoginFailedError();
      }
      const subject = userSubject(user, account, 'password', meta);
      await guardAttempt(subject, request);
      if (!user.passwordHash) {
        await subject.history('no_password');
        throw new LoginFailedError(MESSAGES.noPassword);
      }
      if (!(await verifyPassword(user.passwordHash, request.password))) {
        await failAttempt(subject, () => accountHistory(db, { userId: user.id, action: 'locked', detail: { minutes: LOCK_MS / 60_000 }, meta }));
      }
      if (user.status !== 'active') {
        await subject.history('disabled');
        throw new ForbiddenError(MESSAGES.disabled);
      }
      return withTransaction(db, (tx) => startSession(tx, { user, account, method: 'password', marketId: request.marketId, meta }));
    },

    async loginByCode(request: CodeLoginRequest, meta: RequestMeta): Promise<SessionInfo> {
      const account = normalizeAccount(request.loginAccount);
      const user = await repo.findUserByAccount(db, { account });
      if (!user) {
        await loginHistory({ kind: 'user', account, method: 'code', result: 'unknown_account', meta });
        throw new CodeWrongError();
      }
      const subject = userSubject(user, account, 'code', meta);
      await guardAttempt(subject, request);
      try {
        await challenge.verifyCode({ account, purpose: 'login', code: request.code });
      } catch (err) {
        await subject.history('code_wrong');
        throw err;
      }
      if (user.status !== 'active') {
        await subject.history('disabled');
        throw new ForbiddenError(MESSAGES.disabled);
      }
      return withTransaction(db, (tx) => startSession(tx, { user, account, method: 'code', meta }));
    },

    async logout(auth: AuthContext, meta: RequestMeta): Promise<null> {
      await withTransaction(db, (tx) => sessions.revoke(tx, auth, 'logout', meta));
      return null;
    },

    async generateQr(meta: RequestMeta): Promise<QrTicket> {
      const uuid = randomUUID();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + QR_TTL_MS);
      await repo.insertQr(db, { uuid, status: 'waiting', expiresAt, ip: meta.ip, createdAt: now });
      return { uuid, content: `/QRCodeLogin?confirm=${uuid}`, expiresAt: expiresAt.toISOString() };
    },

    /** A logged-in user (on the phone) approves the browser that shows this QR code. */
    async confirmQr(auth: AuthContext, request: { uuid: string }, meta: RequestMeta): Promise<null> {
      const user = await currentUser(auth);
      const now = clock.now();
      const row = await repo.findQr(db, { uuid: request.uuid });
      if (!row || row.status !== 'waiting' || row.expiresAt.getTime() <= now.getTime()) {
        if (row?.status === 'waiting') await repo.expireQr(db, { uuid: row.uuid });
        throw new BadRequestError(MESSAGES.qrInvalid);
      }
      const sessionId = idOf(auth.sessionId) ?? 0;
      if (!(await repo.confirmQr(db, { uuid: row.uuid, userId: user.id, confirmingSessionId: sessionId, at: now }))) throw new BadRequestError(MESSAGES.qrInvalid);
      await accountHistory(db, { userId: user.id, action: 'qr.confirmed', detail: { uuid: row.uuid }, meta });
      return null;
    },

    /** The browser's poll: waiting, expired, or confirmed with a fresh session, handed out exactly once. */
    async qrResult(request: { uuid: string }, meta: RequestMeta): Promise<QrResult> {
      const now = clock.now();
      const row = await repo.findQr(db, { uuid: request.uuid });
      if (!row) return { status: 'expired' };
      if (row.status === 'waiting') {
        if (row.expiresAt.getTime() > now.getTime()) return { status: 'waiting' };
        await repo.expireQr(db, { uuid: row.uuid });
        return { status: 'expired' };
      }
      if (row.status === 'expired') return { status: 'expired' };
      if (row.deliveredAt) return { status: 'confirmed' };
      const session = await withTransaction(db, async (tx) => {
        const claim = await repo.claimQrDelivery(tx, { uuid: row.uuid, at: now, confirmedAfter: new Date(now.getTime() - QR_DELIVERY_MS) });
        if (!claim) return null;
        const user = await repo.findUser(tx, { userId: claim.userId });
        if (!user || user.status !== 'active') return null;
        const started = await startUserSession(tx, { user, account: user.tel ?? user.email ?? '', method: 'qr', keepSessionId: claim.confirmingSessionId, meta });
        await repo.setQrSession(tx, { uuid: row.uuid, sessionId: started.sessionId });
        return started.info;
      });
      return session ? { status: 'confirmed', session } : { status: row.deliveredAt ? 'confirmed' : 'expired' };
    },

    async forgotPassword(request: ForgotPassword, meta: RequestMeta): Promise<null> {
      const account = normalizeAccount(request.loginAccount);
      const user = await repo.findUserByAccount(db, { account });
      if (!user) throw new CodeWrongError();
      await challenge.verifyCode({ account, purpose: 'reset', code: request.code });
      const passwordHash = await hashPassword(request.password);
      await withTransaction(db, async (tx) => {
        await repo.updateUserPassword(tx, { userId: user.id, passwordHash });
        await accountHistory(tx, { userId: user.id, action: 'password.reset', meta });
        await sessions.revokeAllOfUser(tx, { userId: user.id, reason: 'password_reset', meta });
      });
      return null;
    },

    /** Changing the password ends every session of the user, this one included: the client logs in again. */
    async changePassword(auth: AuthContext, request: ChangePassword, meta: RequestMeta): Promise<null> {
      const user = await currentUser(auth);
      if (!(await verifyPassword(user.passwordHash, request.oldPassword))) throw new BadRequestError(MESSAGES.oldPasswordWrong);
      const passwordHash = await hashPassword(request.password);
      await withTransaction(db, async (tx) => {
        await repo.updateUserPassword(tx, { userId: user.id, passwordHash });
        await accountHistory(tx, { userId: user.id, action: 'password.changed', meta });
        await sessions.revokeAllOfUser(tx, { userId: user.id, reason: 'password_changed', meta });
      });
      return null;
    },

    /** A first password for an account that has none (staff added by their firm). */
    async setPassword(auth: AuthContext, request: SetPassword, meta: RequestMeta): Promise<null> {
      const user = await currentUser(auth);
      if (user.passwordHash) throw new ConflictError(MESSAGES.passwordAlreadySet);
      const passwordHash = await hashPassword(request.password);
      await withTransaction(db, async (tx) => {
        await repo.updateUserPassword(tx, { userId: user.id, passwordHash });
        await accountHistory(tx, { userId: user.id, action: 'password.set', meta });
      });
      return null;
    },

    async checkPassword(auth: AuthContext): Promise<{ hasPassword: boolean }> {
      const user = await currentUser(auth);
      return { hasPassword: user.passwordHash !== null };
    },

    /** Moves the account to a new mobile number: a code to the current number (or e-mail) and one to the new number. */
    async changePhone(auth: AuthContext, request: ChangePhone, meta: RequestMeta): Promise<UserInfo> {
      const user = await currentUser(auth);
      const newPhone = request.newPhone.trim();
      if (newPhone === user.tel) throw new BadRequestError(MESSAGES.samePhone);
      if (await repo.findUserByAccount(db, { account: newPhone })) throw new ConflictError(MESSAGES.phoneInUse);
      await challenge.verifyCode({ account: user.tel ?? user.email ?? '', purpose: 'changePhoneOld', code: request.oldCode });
      await challenge.verifyCode({ account: newPhone, purpose: 'changePhoneNew', code: request.newCode });
      try {
        await withTransaction(db, async (tx) => {
          await repo.updateUserTel(tx, { userId: user.id, tel: newPhone });
          await accountHistory(tx, { userId: user.id, action: 'phone.changed', detail: { from: user.tel, to: newPhone }, meta });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(MESSAGES.phoneInUse);
        throw err;
      }
      return userInfo({ ...user, tel: newPhone }, await firmOf(user));
    },

    async userInfo(auth: AuthContext): Promise<UserInfo> {
      const user = await currentUser(auth);
      return userInfo(user, await firmOf(user));
    },

    async setLanguage(auth: AuthContext, request: SetLanguageRequest, meta: RequestMeta): Promise<null> {
      const user = await currentUser(auth);
      await withTransaction(db, async (tx) => {
        await repo.updateUserLanguage(tx, { userId: user.id, language: request.language });
        await accountHistory(tx, { userId: user.id, action: 'language.changed', detail: { from: user.language, to: request.language }, meta });
      });
      return null;
    },

    // ---- back office ----

    async adminLogin(request: AdminLoginRequest, meta: RequestMeta): Promise<AdminSession> {
      const account = request.account.trim();
      const member = await repo.findStaffByAccount(db, { account });
      if (!member) {
        await loginHistory({ kind: 'staff', account, method: 'password', result: 'unknown_account', meta });
        throw new LoginFailedError();
      }
      const subject: LoginSubject = {
        failedLoginCount: member.failedLoginCount,
        lockedUntil: member.lockedUntil,
        recordFailure: (lockUntil) => repo.recordStaffLoginFailure(db, { staffId: member.id, lockAfter: LOCK_AFTER_FAILURES, lockUntil }),
        resetFailures: () => repo.resetStaffLoginFailures(db, { staffId: member.id }),
        history: (result) => loginHistory({ kind: 'staff', account, staffId: member.id, method: 'password', result, meta }),
      };
      await guardAttempt(subject, request);
      if (!(await verifyPassword(member.passwordHash, request.password))) {
        await failAttempt(subject, () => accountHistory(db, { staffId: member.id, action: 'locked', detail: { minutes: LOCK_MS / 60_000 }, meta }));
      }
      if (member.status !== 'active') {
        await subject.history('disabled');
        throw new ForbiddenError(MESSAGES.disabled);
      }
      return withTransaction(db, async (tx) => {
        if (member.failedLoginCount > 0 || member.lockedUntil) await repo.resetStaffLoginFailures(tx, { staffId: member.id });
        await sessions.revokeAllOfStaff(tx, { staffId: member.id, reason: 'replaced', meta });
        const { sessionStr } = await sessions.issue(tx, { kind: 'staff', staffId: member.id, marketId: DEFAULT_MARKET_ID, meta });
        await loginHistory({ kind: 'staff', account, staffId: member.id, method: 'password', result: 'success', meta }, tx);
        return { sessionStr, staffId: String(member.id), name: member.name, role: member.role };
      });
    },

    async adminLogout(auth: AuthContext, meta: RequestMeta): Promise<null> {
      await withTransaction(db, (tx) => sessions.revoke(tx, auth, 'logout', meta));
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
      const { rows, total } = await repo.searchUsers(db, { keyword, firmIds, offset: request.page * request.size, limit: request.size });
      const firms = await firm.getFirms(rows.map((r) => String(r.firmId)));
      const content = rows.map((u): AdminUserRow => {
        const f = firms.get(String(u.firmId));
        return {
          userId: String(u.id),
          tel: u.tel ?? '',
          email: u.email ?? '',
          userName: u.userName,
          firmId: String(u.firmId),
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
      const { rows, total } = await repo.listDevOutbox(db, { account: request.account ? normalizeAccount(request.account) : undefined, offset: request.page * request.size, limit: request.size });
      return { content: rows.map(toOutboxEntry), total, page: request.page, size: request.size };
    },

    /** Development and test only (the route does not exist in production): the newest 50 messages to an account. */
    async devOutbox(account: string): Promise<DevOutboxEntry[]> {
      const { rows } = await repo.listDevOutbox(db, { account: normalizeAccount(account), offset: 0, limit: 50 });
      return rows.map(toOutboxEntry);
    },
  };
}

function toOutboxEntry(row: repo.DevOutboxRow): DevOutboxEntry {
  return { account: row.account, channel: row.channel, purpose: row.purpose, code: row.code, createdAt: row.createdAt.toISOString() };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
