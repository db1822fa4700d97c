import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  TOTP_CODE_RE,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type DisableTotpRequest,
  type EnableTotpRequest,
  type RecoveryCodes,
  type TotpSetup,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, withTransaction } from '../../platform/db/index';
import { BadRequestError, ConflictError } from '../../platform/http/index';
import type { IdentityHistory } from './identity.context';
import { SECURITY_MESSAGES, SecondFactorLockedError, SecondFactorRequiredError, SecondFactorWrongError } from './identity.errors';
import type * as repo from './identity.repo';
import type { RequestMeta } from './identity.schemas';
import * as security from './security.repo';
import { createTotpSecretBox, keyedHash, newRecoveryCode } from './secrets';

/** Five wrong codes in a row lock the second factor, as five wrong passwords lock a login. */
export const TOTP_LOCK_AFTER = 5;
export const TOTP_LOCK_MS = 15 * 60_000;
/** One step either side, for a phone clock that is a little off. */
const TOTP_WINDOW = 1;
/** What authenticator apps show above the account. */
const ISSUER = 'TP Exchange';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  appSecret: string;
  history: IdentityHistory;
}

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** Recovery codes compare without the dash and case-blind: people type them from paper. */
const normalizeRecoveryCode = (code: string) => code.replace(/-/g, '').toUpperCase();

/**
 * Two-factor authentication with an authenticator app (TOTP, RFC 6238): set-up with a QR code,
 * confirmation with a first code, ten one-time recovery codes, and the check every guarded action
 * makes (login, withdrawal, API keys, security settings). The secret is sealed at rest and shown
 * only while being set up.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, history } = deps;
  const box = createTotpSecretBox(deps.appSecret);
  const recoveryHash = (userId: number, code: string) => keyedHash(deps.appSecret, `recovery:${userId}:${normalizeRecoveryCode(code)}`);

  const isOn = (row: security.UserSecurityRow | undefined): row is security.UserSecurityRow & { totpSecret: string } =>
    row !== undefined && row.totpSecret !== null && row.totpEnabledAt !== null;

  /** The 30-second step a code belongs to, or null when it matches none near now. */
  function stepOf(secret: string, code: string): number | null {
    const timestamp = clock.now().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp, window: TOTP_WINDOW });
    return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  }

  async function refuse(userId: number): Promise<never> {
    const now = clock.now();
    const failed = await security.recordTotpFailure(db, { userId, lockAfter: TOTP_LOCK_AFTER, lockUntil: new Date(now.getTime() + TOTP_LOCK_MS), at: now });
    if (failed >= TOTP_LOCK_AFTER) throw new SecondFactorLockedError(TOTP_LOCK_MS / 60_000);
    throw new SecondFactorWrongError(TOTP_LOCK_AFTER - failed);
  }

  /**
   * Accepts a current authenticator code once (a replayed one is refused), or an unused recovery
   * code when allowed; wrong ones count towards the lock.
   */
  async function accept(row: security.UserSecurityRow & { totpSecret: string }, code: string, options: { recovery: boolean }): Promise<void> {
    const now = clock.now();
    if (row.totpLockedUntil && row.totpLockedUntil.getTime() > now.getTime()) {
      throw new SecondFactorLockedError(Math.ceil((row.totpLockedUntil.getTime() - now.getTime()) / 60_000));
    }
    const trimmed = code.trim();
    if (TOTP_CODE_RE.test(trimmed)) {
      const step = stepOf(box.open(row.userId, row.totpSecret), trimmed);
      if (step !== null && (await security.claimTotpStep(db, { userId: row.userId, step, at: now }))) return;
    } else if (options.recovery && (await security.useRecoveryCode(db, { userId: row.userId, codeHash: recoveryHash(row.userId, trimmed), at: now }))) {
      await security.updateUserSecurity(db, { userId: row.userId, at: now, set: { totpFailedCount: 0, totpLockedUntil: null } });
      return;
    }
    await refuse(row.userId);
  }

  async function freshRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
    const codes = new Set<string>();
    while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
    await security.replaceRecoveryCodes(tx, { userId, codeHashes: [...codes].map((code) => recoveryHash(userId, code)), at: clock.now() });
    return [...codes];
  }

  return {
    async isEnabled(userId: number): Promise<boolean> {
      return isOn(await security.findUserSecurity(db, { userId }));
    },

    /**
     * Guards an action of a user with two-factor authentication on: without a code the client is
     * asked for one, a wrong one is refused and counted. Users without it pass.
     */
    async requireSecondFactor(userId: number, code: string | undefined): Promise<void> {
      const row = await security.findUserSecurity(db, { userId });
      if (!isOn(row)) return;
      if (!code?.trim()) throw new SecondFactorRequiredError();
      await accept(row, code, { recovery: true });
    },

    /** A new secret to scan; replaces one set up earlier but never confirmed. */
    async setup(user: repo.UserRow): Promise<TotpSetup> {
      const secret = new Secret({ size: 20 }).base32;
      await withTransaction(db, async (tx) => {
        const row = await security.lockUserSecurity(tx, { userId: user.id, at: clock.now() });
        if (isOn(row)) throw new ConflictError(SECURITY_MESSAGES.totpAlreadyOn);
        await security.updateUserSecurity(tx, { userId: user.id, at: clock.now(), set: { totpSecret: box.seal(user.id, secret), totpEnabledAt: null, totpLastStep: 0 } });
      });
      const otpauthUrl = totpOf(secret, user.email ?? user.tel ?? String(user.id)).toString();
      return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { width: 220, margin: 1 }) };
    },

    /** Turns two-factor authentication on with a first code from the scanned secret; the recovery codes are shown this once. */
    async enable(userId: number, request: EnableTotpRequest, meta: RequestMeta): Promise<RecoveryCodes> {
      const row = await security.findUserSecurity(db, { userId });
      if (isOn(row)) throw new ConflictError(SECURITY_MESSAGES.totpAlreadyOn);
      if (!row?.totpSecret) throw new BadRequestError(SECURITY_MESSAGES.totpNotSetUp);
      await accept({ ...row, totpSecret: row.totpSecret }, request.code, { recovery: false });
      return withTransaction(db, async (tx) => {
        await security.updateUserSecurity(tx, { userId, at: clock.now(), set: { totpEnabledAt: clock.now() } });
        await history.account(tx, { userId, action: 'totp.enabled', meta });
        return { recoveryCodes: await freshRecoveryCodes(tx, userId) };
      });
    },

    /** Turning it off needs a current code or a recovery code; the secret and the codes are deleted. */
    async disable(userId: number, request: DisableTotpRequest, meta: RequestMeta): Promise<null> {
      const row = await security.findUserSecurity(db, { userId });
      if (!isOn(row)) throw new BadRequestError(SECURITY_MESSAGES.totpNotOn);
      await accept(row, request.totpCode, { recovery: true });
      await withTransaction(db, async (tx) => {
        await security.updateUserSecurity(tx, { userId, at: clock.now(), set: { totpSecret: null, totpEnabledAt: null, totpLastStep: 0 } });
        await security.replaceRecoveryCodes(tx, { userId, codeHashes: [], at: clock.now() });
        await history.account(tx, { userId, action: 'totp.disabled', meta });
      });
      return null;
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      return security.countUnusedRecoveryCodes(db, { userId });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
