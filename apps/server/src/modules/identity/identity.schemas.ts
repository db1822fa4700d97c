import { z } from 'zod';
import {
  accountChannel,
  EMAIL_RE,
  MOBILE_RE,
  RegisterRequest,
  SendCodeRequest,
} from '@tp/contract';

// The request and answer schemas themselves are the contract's; routes import them from `@tp/contract`.

/** Cross-field rules the contract's object cannot state alone; the issue names the field so the message does. */
export const RegisterBody = RegisterRequest.superRefine((body, ctx) => {
  const re = body.registerWay === 'mobile' ? MOBILE_RE : EMAIL_RE;
  if (!re.test(body.loginAccount.trim())) {
    ctx.addIssue({ code: 'invalid_format', format: 'regex', path: ['loginAccount'], message: 'login account does not match the register way', input: body.loginAccount });
  }
});

export const SendCodeBody = SendCodeRequest.superRefine((body, ctx) => {
  if (!accountChannel(body.account.trim())) {
    ctx.addIssue({ code: 'invalid_format', format: 'regex', path: ['account'], message: 'account is neither a mobile number nor an e-mail address', input: body.account });
  }
});

/** Accounts are compared trimmed; e-mail addresses lower-cased. */
export function normalizeAccount(account: string): string {
  const trimmed = account.trim();
  return EMAIL_RE.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** A positive id from a session's string field (`userId`, `sessionId`), or null when it is not one. */
export const idOf = (value: string): number | null => (/^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

export const NoValue = z.null();

/** Where a request came from, for history rows and sessions. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}
