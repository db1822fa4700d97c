import { QrStatus, UserStatus, type RealNameStatus, type SeniorStatus as ContractSeniorStatus } from '@tp/contract';
import type { z } from 'zod';

/**
 * The states identity stores, by name. The values are the contract's (and the database's): code
 * compares against these names, the wire and the tables keep the letters and words.
 */

/** Users and back-office staff alike: an account logs in while active. */
export const AccountStatus = UserStatus.enum;
export type AccountStatus = z.infer<typeof UserStatus>;

/** A QR login ticket: shown, approved by a logged-in phone, or run out. */
export const QrLoginStatus = QrStatus.enum;
export type QrLoginStatus = z.infer<typeof QrStatus>;

/** The session's `userCerStatus`; the verification module decides it, identity stores it. */
export const RealNameState = { notVerified: '0', verified: '1' } as const satisfies Record<string, z.infer<typeof RealNameStatus>>;
export type RealNameState = z.infer<typeof RealNameStatus>;

/** The session's `highCerStatus`; the verification module decides it, identity stores it. */
export const SeniorState = { notSubmitted: '0', inReview: '1', passed: '2', failed: '3' } as const satisfies Record<string, ContractSeniorStatus>;
export type SeniorState = ContractSeniorStatus;

/** Why a session ended, kept on the session row and in the account history. */
export const RevokeReason = {
  logout: 'logout',
  /** A newer login of the same account: the client says "logged in elsewhere". */
  replaced: 'replaced',
  passwordChanged: 'password_changed',
  passwordReset: 'password_reset',
  idle: 'idle',
  expired: 'expired',
  disabled: 'disabled',
} as const;
export type RevokeReason = (typeof RevokeReason)[keyof typeof RevokeReason];

/** How a login was attempted, in the login history. */
export const LoginMethod = { password: 'password', code: 'code', qr: 'qr', register: 'register' } as const;
export type LoginMethod = (typeof LoginMethod)[keyof typeof LoginMethod];

/** How a login attempt ended, in the login history. */
export const LoginResult = {
  success: 'success',
  wrongPassword: 'wrong_password',
  unknownAccount: 'unknown_account',
  locked: 'locked',
  captchaRequired: 'captcha_required',
  captchaWrong: 'captcha_wrong',
  codeWrong: 'code_wrong',
  disabled: 'disabled',
  noPassword: 'no_password',
  /** The first factor was right; the account's second factor was asked for. */
  secondFactorRequired: 'second_factor_required',
  secondFactorWrong: 'second_factor_wrong',
} as const;
export type LoginResult = (typeof LoginResult)[keyof typeof LoginResult];
