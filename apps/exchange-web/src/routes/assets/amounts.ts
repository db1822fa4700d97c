import { Decimal, formatAmount } from '@tp/decimal';

/** An amount at the asset's precision, truncated, with thousands grouped; '' for an unknown value. */
export function showAmount(value: string | undefined, places: number): string {
  return value === undefined ? '' : formatAmount(value, places, { thousands: true });
}

/** Valuations in USDT show 2 places, as traders read them. */
export const showUsdt = (value: string | undefined) => showAmount(value, 2);

/** Whether `amount` is a plain positive number with at most `places` decimals and at most `max`. */
export function checkAmount(amount: string, places: number, max: string): 'format' | 'places' | 'max' | null {
  if (!/^(?:0|[1-9]\d*)(?:\.\d+)?$/.test(amount) || !Decimal.parse(amount).isPositive()) return 'format';
  if (Decimal.parse(amount).scale > places) return 'places';
  if (Decimal.parse(amount).gt(max)) return 'max';
  return null;
}
