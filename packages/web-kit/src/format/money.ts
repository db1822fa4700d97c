import { Decimal, formatAmount } from '@tp/decimal';

type Amount = string | null | undefined;

/** What an empty cell shows instead of a number. */
export const NO_VALUE = '-';

const missing = (value: Amount): value is null | undefined | '' => value === null || value === undefined || value === '';

/** Money everywhere it is shown: thousands grouped, exactly two decimals, truncated (38505 → "38,505.00"). */
export function formatMoney(value: Amount): string {
  if (missing(value)) return NO_VALUE;
  return formatAmount(value, 2, { thousands: true });
}

/**
 * A price: thousands grouped, at least two decimals and at most three, truncated, so a third
 * decimal the server sent is never hidden nor rounded ("3850.5" → "3,850.50", "12.3456" → "12.345").
 */
export function formatPrice(value: Amount): string {
  if (missing(value)) return NO_VALUE;
  const cut = Decimal.parse(value).truncate(3);
  return formatAmount(cut, Math.max(cut.scale, 2), { thousands: true });
}

/** A quantity or weight: thousands grouped, exactly three decimals, truncated ("1250.5" → "1,250.500"). */
export function formatQuantity(value: Amount): string {
  if (missing(value)) return NO_VALUE;
  return formatAmount(value, 3, { thousands: true });
}
