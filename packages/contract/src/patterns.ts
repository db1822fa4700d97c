// Plain regular expressions, kept apart from the zod schemas that use them: a form that validates
// with them (a login page) does not pull zod into its first load.

/** Mobile numbers are 11 digits starting with 1. */
export const MOBILE_RE = /^1\d{10}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** New passwords: 8-20 letters, digits or symbols, with at least a letter and a digit. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
/** The older rule, still accepted at login: 6-20 letters or digits. */
export const LEGACY_PASSWORD_RE = /^[A-Za-z0-9]{6,20}$/;

/** Which channel a login account uses: a mobile number gets SMS, an e-mail address gets e-mail. */
export function accountChannel(account: string): 'sms' | 'email' | null {
  if (MOBILE_RE.test(account)) return 'sms';
  if (EMAIL_RE.test(account)) return 'email';
  return null;
}
