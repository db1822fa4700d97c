import { accountChannel, type CaptchaValidateResult, type RegisterRequest, type SendCodeRequest, type SendCodeResult, type SessionInfo } from '@tp/contract';
import { isUniqueViolation, withTransaction } from '../../platform/db/index';
import { BadRequestError, ConflictError, SessionInvalidError, type AuthContext } from '../../platform/http/index';
import type { IdentityContext } from './identity.context';
import { CaptchaWrongError, InvalidAccountError, MESSAGES } from './identity.errors';
import * as repo from './identity.repo';
import { normalizeAccount, type RequestMeta } from './identity.schemas';
import { LoginMethod } from './identity.states';
import { hashPassword, newInviteCode } from './secrets';

/** The name a new account starts with: the masked mobile number, or the e-mail's local part. */
function displayName(account: string): string {
  return accountChannel(account) === 'sms' ? `${account.slice(0, 3)}****${account.slice(-4)}` : (account.split('@')[0] ?? account);
}

/** Image captchas, SMS / e-mail codes, and registration of a new firm with its main account. */
export function createRegistrationService(ctx: Pick<IdentityContext, 'db' | 'clock' | 'firm' | 'challenge' | 'history' | 'accounts'>) {
  const { db, clock, firm, challenge, history, accounts } = ctx;

  return {
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
          const user = await accounts.currentUser(auth);
          if (account !== user.tel && account !== user.email) throw new BadRequestError(MESSAGES.notYourAccount);
          break;
        }
        case 'changePhoneNew': {
          if (!auth) throw new SessionInvalidError();
          const user = await accounts.currentUser(auth);
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
            await history.account(tx, { userId: user.id, action: 'registered', detail: { firmId: user.firmId, userType, invitedBy }, meta });
            return accounts.startSession(tx, { user, account, method: LoginMethod.register, marketId: request.marketId, meta });
          });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          if (attempt >= 3 || (await repo.findUserByAccount(db, { account }))) throw new ConflictError(MESSAGES.alreadyRegistered);
          // Otherwise two invite codes collided: try again with a new one.
        }
      }
    },
  };
}
