import { z } from 'zod';
import { RowId, pageFields } from './envelope';

/**
 * Account security: two-factor authentication with an authenticator app (TOTP, RFC 6238) and
 * its recovery codes, the anti-phishing phrase the platform's messages carry, and the account's
 * signed-in sessions.
 */
export const SecurityPath = {
  status: '/api/user/security/status',
  totpSetup: '/api/user/security/totp/setup',
  totpEnable: '/api/user/security/totp/enable',
  totpDisable: '/api/user/security/totp/disable',
  antiPhishing: '/api/user/security/antiPhishing',
  sessions: '/api/user/security/sessions',
  revokeSession: '/api/user/security/sessions/revoke',
  revokeAllSessions: '/api/user/security/sessions/revokeAll',
} as const;

/** What the clients act on: the server asks for the second factor, refuses a wrong one, or has locked it after guesses. */
export const SecurityCode = {
  secondFactorRequired: '-1130',
  secondFactorWrong: '-1131',
  secondFactorLocked: '-1132',
} as const;

/** Digits an authenticator shows for each 30-second step. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_CODE_RE = /^\d{6}$/;
/** Recovery codes as shown (XXXX-XXXX); typed without the dash or in lower case they are accepted too. */
export const RECOVERY_CODE_RE = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/;

/**
 * The second factor as a request carries it: the authenticator's current code or one of the
 * recovery codes. Absent while two-factor authentication is off.
 */
export const SecondFactorCode = z.string().trim().regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/);
export const secondFactorField = { totpCode: SecondFactorCode.optional() };

export const SecurityStatus = z.object({
  twoFactor: z.boolean(),
  /** Recovery codes not used yet (0 while two-factor authentication is off). */
  recoveryCodesLeft: z.number().int(),
  /** Empty when none is set. */
  antiPhishingCode: z.string(),
});
export type SecurityStatus = z.infer<typeof SecurityStatus>;

/** A new authenticator secret: shown while setting up only, never again once confirmed. */
export const TotpSetup = z.object({
  /** Base32, for typing into an authenticator that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL to scan. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

export const EnableTotpRequest = z.strictObject({ code: z.string().trim().regex(TOTP_CODE_RE) });
export type EnableTotpRequest = z.infer<typeof EnableTotpRequest>;

/** Shown once, when two-factor authentication is turned on; each code signs in or confirms once. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const DisableTotpRequest = z.strictObject({ totpCode: SecondFactorCode });
export type DisableTotpRequest = z.infer<typeof DisableTotpRequest>;

export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 20;
/** Letters (any script), digits, dashes and underscores: nothing a forged message could imitate with markup. */
export const ANTI_PHISHING_RE = /^[\p{L}\p{N}_-]+$/u;
export const SetAntiPhishingRequest = z.strictObject({
  antiPhishingCode: z.string().trim().min(ANTI_PHISHING_MIN).max(ANTI_PHISHING_MAX).regex(ANTI_PHISHING_RE),
  ...secondFactorField,
});
export type SetAntiPhishingRequest = z.infer<typeof SetAntiPhishingRequest>;

export const SessionListRequest = z.strictObject(pageFields(20, 100));
export type SessionListRequest = z.input<typeof SessionListRequest>;

/** One live session of the account: where and on what it was signed in. */
export const UserSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

export const RevokeSessionRequest = z.strictObject({ sessionId: RowId });
export type RevokeSessionRequest = z.infer<typeof RevokeSessionRequest>;
