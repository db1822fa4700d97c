import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { CaptchaChallenge, CodePurpose, SendCodeResult } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, withTransaction } from '../../platform/db/index';
import { RateLimitedError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import type { CodeSender } from './code-sender';
import { CodeWrongError, MESSAGES } from './identity.errors';
import * as repo from './identity.repo';
import { keyedHash, sameHash, sixDigitCode } from './secrets';

export const CAPTCHA_TTL_MS = 2 * 60_000;
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_PER_HOUR = 10;

export interface ChallengeServiceDeps {
  db: Db;
  clock: Clock;
  secret: string;
  sender: CodeSender;
  /** The anti-phishing phrase of the account a code goes to, when it belongs to a user who set one. */
  antiPhishingOf?: ((account: string) => Promise<string | undefined>) | undefined;
  /** Development and test only: where captcha answers are shown so automated tests can log in. */
  revealCaptcha?: ((captchaId: string, answer: string) => Promise<void>) | undefined;
}

/** Image captchas and SMS / e-mail verification codes: issuing, rate limits and single-use checks. */
export function createChallengeService(deps: ChallengeServiceDeps) {
  const { db, clock, secret, sender } = deps;
  const captchaHash = (id: string, answer: string) => keyedHash(secret, `captcha:${id}:${answer.trim().toLowerCase()}`);
  const codeHash = (account: string, purpose: string, code: string) => keyedHash(secret, `code:${account}:${purpose}:${code.trim()}`);

  return {
    async generateCaptcha(): Promise<CaptchaChallenge> {
      const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1il' });
      const captchaId = randomUUID();
      const now = clock.now();
      await repo.insertCaptcha(db, { id: captchaId, answerHash: captchaHash(captchaId, captcha.text), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS), createdAt: now });
      await deps.revealCaptcha?.(captchaId, captcha.text);
      return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
    },

    /** One guess per captcha: it is used up whether the answer is right or wrong. Case does not matter. */
    async checkCaptcha(captchaId: string, captchaCode: string): Promise<boolean> {
      const stored = await repo.consumeCaptcha(db, { captchaId, at: clock.now() });
      return stored !== undefined && sameHash(stored, captchaHash(captchaId, captchaCode));
    },

    /**
     * Issues a 6-digit code for the account, within the per-account limits (one a minute, ten an
     * hour). With `deliver: false` the code is recorded but not sent: callers use it for accounts
     * that do not exist, so the answer does not reveal which accounts do.
     */
    async issueCode(params: { account: string; channel: 'sms' | 'email'; purpose: CodePurpose; ip: string; deliver: boolean }): Promise<SendCodeResult> {
      const code = sixDigitCode();
      await withTransaction(db, async (tx) => {
        await repo.lockCodeAccount(tx, { account: params.account });
        const now = clock.now();
        const stats = await repo.codeSendStats(tx, { account: params.account, since: new Date(now.getTime() - 3_600_000) });
        if (stats.lastAt && now.getTime() - stats.lastAt.getTime() < CODE_RESEND_MS) {
          const seconds = Math.ceil((CODE_RESEND_MS - (now.getTime() - stats.lastAt.getTime())) / 1000);
          throw new RateLimitedError(
            text(`验证码发送过于频繁，请 ${seconds} 秒后再试`, `A code was sent less than a minute ago; try again in ${seconds} seconds`, `驗證碼發送過於頻繁，請 ${seconds} 秒後再試`),
          );
        }
        if (stats.sent >= CODE_MAX_PER_HOUR) {
          throw new RateLimitedError(
            text(
              `该账号 1 小时内最多获取 ${CODE_MAX_PER_HOUR} 次验证码，请稍后再试`,
              `At most ${CODE_MAX_PER_HOUR} codes an hour can be sent to this account; try again later`,
              `該帳號 1 小時內最多獲取 ${CODE_MAX_PER_HOUR} 次驗證碼，請稍後再試`,
            ),
          );
        }
        await repo.insertCode(tx, {
          account: params.account,
          channel: params.channel,
          purpose: params.purpose,
          codeHash: codeHash(params.account, params.purpose, code),
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          ip: params.ip,
          createdAt: now,
        });
      });
      if (params.deliver) {
        const antiPhishingCode = await deps.antiPhishingOf?.(params.account);
        await sender.send({ account: params.account, channel: params.channel, purpose: params.purpose, code, antiPhishingCode });
      }
      return { resendAfterSeconds: CODE_RESEND_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000 };
    },

    /**
     * Accepts the newest code of the account and purpose once; wrong guesses count, five use it up.
     * With `keep` a right code is not used up yet: the login checks the code, asks for the second
     * factor, and the user sends the same code again with it.
     */
    async verifyCode(params: { account: string; purpose: CodePurpose; code: string; keep?: boolean }): Promise<void> {
      const now = clock.now();
      const row = await repo.findLatestCode(db, { account: params.account, purpose: params.purpose });
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw new CodeWrongError();
      if (row.attempts >= CODE_MAX_ATTEMPTS) throw new CodeWrongError(MESSAGES.codeTooManyAttempts);
      if (!sameHash(row.codeHash, codeHash(params.account, params.purpose, params.code))) {
        await repo.countCodeAttempt(db, { codeId: row.id });
        throw new CodeWrongError();
      }
      if (params.keep) return;
      if (!(await repo.useCode(db, { codeId: row.id, at: now, maxAttempts: CODE_MAX_ATTEMPTS }))) throw new CodeWrongError();
    },
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
