import type { Clock } from '../../platform/clock';
import type { ChallengeService } from './challenge.service';
import { AccountLockedError, CaptchaRequiredError, CaptchaWrongError, LoginFailedError, MESSAGES } from './identity.errors';
import { LoginResult } from './identity.states';

/** After this many consecutive failures a login needs an image captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** After this many consecutive failures the account is locked for LOCK_MS. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

/** Who failed or succeeded, for the lockout policy shared by users and staff. */
export interface LoginSubject {
  failedLoginCount: number;
  lockedUntil: Date | null;
  recordFailure(lockUntil: Date): Promise<{ failedLoginCount: number }>;
  resetFailures(): Promise<void>;
  history(result: LoginResult): Promise<void>;
}

/** The lockout policy of user and staff logins: captcha after three failures, a lock after five. */
export function createLoginPolicy(deps: { clock: Clock; challenge: Pick<ChallengeService, 'checkCaptcha'> }) {
  const { clock, challenge } = deps;
  return {
    /**
     * Before the password is even looked at: a locked account is refused with the minutes left;
     * from the 3rd consecutive failure a correct image captcha must come along.
     */
    async guardAttempt(subject: LoginSubject, captcha: { captchaId?: string | undefined; captchaCode?: string | undefined }): Promise<void> {
      const now = clock.now();
      if (subject.lockedUntil && subject.lockedUntil.getTime() > now.getTime()) {
        await subject.history(LoginResult.locked);
        throw new AccountLockedError(Math.ceil((subject.lockedUntil.getTime() - now.getTime()) / 60_000));
      }
      if (subject.lockedUntil) {
        // The lock has run out: the count starts again.
        await subject.resetFailures();
        subject.failedLoginCount = 0;
      }
      if (subject.failedLoginCount >= CAPTCHA_AFTER_FAILURES) {
        if (!captcha.captchaId || !captcha.captchaCode) {
          await subject.history(LoginResult.captchaRequired);
          throw new CaptchaRequiredError();
        }
        if (!(await challenge.checkCaptcha(captcha.captchaId, captcha.captchaCode))) {
          await subject.history(LoginResult.captchaWrong);
          throw new CaptchaWrongError();
        }
      }
    },

    /** A wrong password: counted, and at the fifth the account locks (`onLocked` records it). */
    async failAttempt(subject: LoginSubject, onLocked: () => Promise<void>): Promise<never> {
      await subject.history(LoginResult.wrongPassword);
      const { failedLoginCount } = await subject.recordFailure(new Date(clock.now().getTime() + LOCK_MS));
      if (failedLoginCount >= LOCK_AFTER_FAILURES) {
        await onLocked();
        throw new AccountLockedError(LOCK_MS / 60_000);
      }
      if (failedLoginCount >= CAPTCHA_AFTER_FAILURES) throw new LoginFailedError(MESSAGES.loginFailedLeft, { left: LOCK_AFTER_FAILURES - failedLoginCount });
      throw new LoginFailedError();
    },
  };
}

export type LoginPolicy = ReturnType<typeof createLoginPolicy>;
