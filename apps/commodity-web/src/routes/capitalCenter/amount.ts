import { Decimal } from '@tp/decimal';
import { formatMoney } from '@tp/web-kit';

/** Money on the capital center: two decimals, truncated (never rounded), as the spec asks. */
export const MONEY_PLACES = 2;

/**
 * What an amount field keeps of what was typed: digits and one point, at most two decimals
 * (further digits are cut off, not rounded), no leading zeros; '' for nothing usable.
 */
export function truncateAmountInput(typed: string): string {
  const cleaned = typed.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, 12);
  if (dot === -1) return whole;
  const fraction = cleaned.slice(dot + 1).replace(/\./g, '').slice(0, MONEY_PLACES);
  return `${whole === '' ? '0' : whole}.${fraction}`;
}

/** True for an amount the server accepts: more than zero, at most two decimals. */
export function isPayableAmount(value: string): boolean {
  return /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/.test(value) && Decimal.parse(value).isPositive();
}

/** An exact decimal string shown as money: the platform's one money format. */
export { formatMoney };

/** A flow amount with its sign: "+1,000.50", "-30.00". */
export function formatSignedMoney(value: string): string {
  const formatted = formatMoney(value);
  return formatted.startsWith('-') ? formatted : `+${formatted}`;
}

/** Whether `amount` is more than `available` (both exact decimal strings). */
export function exceeds(amount: string, available: string): boolean {
  return isPayableAmount(amount) && Decimal.parse(amount).gt(available);
}

/** A fresh idempotency key for one money request: retrying the same submit moves money once. */
export function newRequestId(): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, '') ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `cc${random}`.slice(0, 40);
}
