import type { ChangePasswordRequest, ChangePhoneRequest, ForgotPasswordRequest, SetLanguageRequest, SetPasswordRequest, UserInfo } from '@tp/contract';
import type { z } from 'zod';
import { isUniqueViolation, withTransaction } from '../../platform/db/index';
import { BadRequestError, ConflictError, type AuthContext } from '../../platform/http/index';
import type { IdentityContext } from './identity.context';
import { CodeWrongError, MESSAGES } from './identity.errors';
import * as repo from './identity.repo';
import { normalizeAccount, type RequestMeta } from './identity.schemas';
import { RevokeReason } from './identity.states';
import { hashPassword, verifyPassword } from './secrets';

type ChangePassword = z.infer<typeof ChangePasswordRequest>;
type ChangePhone = z.infer<typeof ChangePhoneRequest>;
type ForgotPassword = z.infer<typeof ForgotPasswordRequest>;
type SetPassword = z.infer<typeof SetPasswordRequest>;

/** A user's own account: the login password (forgotten, changed, first set), mobile number, language and profile. */
export function createAccountSettingsService(ctx: Pick<IdentityContext, 'db' | 'challenge' | 'sessions' | 'history' | 'accounts' | 'twoFactor'>) {
  const { db, challenge, sessions, history, accounts, twoFactor } = ctx;

  /** Stores a new login password with its history entry; a reset or change also ends the user's sessions. */
  async function storePassword(userId: number, password: string, change: { action: string; endSessions?: RevokeReason }, meta: RequestMeta): Promise<void> {
    const passwordHash = await hashPassword(password);
    await withTransaction(db, async (tx) => {
      await repo.updateUserPassword(tx, { userId, passwordHash });
      await history.account(tx, { userId, action: change.action, meta });
      if (change.endSessions) await sessions.revokeAllOfUser(tx, { userId, reason: change.endSessions, meta });
    });
  }

  return {
    /**
     * A new login password proven by the code sent to the account and, with two-factor
     * authentication on, by the authenticator code as well: the phone alone does not take the account.
     * The SMS / e-mail code is checked first and kept, and only then is the second factor asked
     * for. Asked the other way round, anyone typing an account could learn from -1130 whether it
     * has two-factor authentication on; this way only someone who received the code learns it.
     * The code is used up once the second factor passed, so the user sends it again with that.
     */
    async forgotPassword(request: ForgotPassword, meta: RequestMeta): Promise<null> {
      const account = normalizeAccount(request.loginAccount);
      const user = await repo.findUserByAccount(db, { account });
      if (!user) throw new CodeWrongError();
      const verify = (keep: boolean) => challenge.verifyCode({ account, purpose: 'reset', code: request.code, keep });
      await verify(true);
      await twoFactor.requireSecondFactor(user.id, request.totpCode);
      await verify(false);
      await storePassword(user.id, request.password, { action: 'password.reset', endSessions: RevokeReason.passwordReset }, meta);
      return null;
    },

    /** Changing the password ends every session of the user, this one included: the client logs in again. */
    async changePassword(auth: AuthContext, request: ChangePassword, meta: RequestMeta): Promise<null> {
      const user = await accounts.currentUser(auth);
      if (!(await verifyPassword(user.passwordHash, request.oldPassword))) throw new BadRequestError(MESSAGES.oldPasswordWrong);
      await storePassword(user.id, request.password, { action: 'password.changed', endSessions: RevokeReason.passwordChanged }, meta);
      return null;
    },

    /** A first password for an account that has none (staff added by their firm). */
    async setPassword(auth: AuthContext, request: SetPassword, meta: RequestMeta): Promise<null> {
      const user = await accounts.currentUser(auth);
      if (user.passwordHash) throw new ConflictError(MESSAGES.passwordAlreadySet);
      await storePassword(user.id, request.password, { action: 'password.set' }, meta);
      return null;
    },

    async checkPassword(auth: AuthContext): Promise<{ hasPassword: boolean }> {
      const user = await accounts.currentUser(auth);
      return { hasPassword: user.passwordHash !== null };
    },

    /** Moves the account to a new mobile number: a code to the current number (or e-mail) and one to the new number. */
    async changePhone(auth: AuthContext, request: ChangePhone, meta: RequestMeta): Promise<UserInfo> {
      const user = await accounts.currentUser(auth);
      const newPhone = request.newPhone.trim();
      if (newPhone === user.tel) throw new BadRequestError(MESSAGES.samePhone);
      if (await repo.findUserByAccount(db, { account: newPhone })) throw new ConflictError(MESSAGES.phoneInUse);
      await challenge.verifyCode({ account: user.tel ?? user.email ?? '', purpose: 'changePhoneOld', code: request.oldCode });
      await challenge.verifyCode({ account: newPhone, purpose: 'changePhoneNew', code: request.newCode });
      try {
        await withTransaction(db, async (tx) => {
          await repo.updateUserTel(tx, { userId: user.id, tel: newPhone });
          await history.account(tx, { userId: user.id, action: 'phone.changed', detail: { from: user.tel, to: newPhone }, meta });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(MESSAGES.phoneInUse);
        throw err;
      }
      return accounts.userInfo({ ...user, tel: newPhone }, await accounts.firmOf(user));
    },

    async userInfo(auth: AuthContext): Promise<UserInfo> {
      const user = await accounts.currentUser(auth);
      return accounts.userInfo(user, await accounts.firmOf(user));
    },

    async setLanguage(auth: AuthContext, request: SetLanguageRequest, meta: RequestMeta): Promise<null> {
      const user = await accounts.currentUser(auth);
      await withTransaction(db, async (tx) => {
        await repo.updateUserLanguage(tx, { userId: user.id, language: request.language });
        await history.account(tx, { userId: user.id, action: 'language.changed', detail: { from: user.language, to: request.language }, meta });
      });
      return null;
    },
  };
}
