import { z } from 'zod';
import { secondFactorField } from './security';

/**
 * Payment passwords, separate from the login password: the fund (trade) password guards money
 * leaving an account and payment settings; the margin password guards margin payments on the
 * commodity platform (the spec's `marginPassWord`).
 */
export const PaymentPasswordPath = {
  status: '/api/user/paymentPassword/status',
  set: '/api/user/paymentPassword/set',
  update: '/api/user/paymentPassword/update',
  reset: '/api/user/paymentPassword/reset',
} as const;

export const PaymentPasswordKind = z.enum(['fund', 'margin']);
export type PaymentPasswordKind = z.infer<typeof PaymentPasswordKind>;

/** Six digits, as a bank card PIN: typed on a phone keypad, and kept apart from the login password. */
export const PAYMENT_PASSWORD_RE = /^\d{6}$/;
export const PaymentPassword = z.string().regex(PAYMENT_PASSWORD_RE);

export const PaymentPasswordStatus = z.object({ fund: z.boolean(), margin: z.boolean() });
export type PaymentPasswordStatus = z.infer<typeof PaymentPasswordStatus>;

/** Setting, changing or resetting a payment password is a security setting: with two-factor authentication on, it needs a code. */
export const SetPaymentPasswordRequest = z.strictObject({ kind: PaymentPasswordKind, password: PaymentPassword, ...secondFactorField });
export type SetPaymentPasswordRequest = z.infer<typeof SetPaymentPasswordRequest>;

export const UpdatePaymentPasswordRequest = z.strictObject({ kind: PaymentPasswordKind, oldPassword: z.string().min(1).max(20), password: PaymentPassword, ...secondFactorField });
export type UpdatePaymentPasswordRequest = z.infer<typeof UpdatePaymentPasswordRequest>;

/** Reset with a code sent (purpose `fundPassword`) to the user's own mobile number or e-mail. */
export const ResetPaymentPasswordRequest = z.strictObject({
  kind: PaymentPasswordKind,
  account: z.string().min(1).max(100),
  code: z.string().min(4).max(8),
  password: PaymentPassword,
  ...secondFactorField,
});
export type ResetPaymentPasswordRequest = z.infer<typeof ResetPaymentPasswordRequest>;
