import { Decimal, type DecimalInput } from './decimal';

/** Significant digits of the 14-digit print format. */
export const PRINT_SIGNIFICANT_DIGITS = 14;

/**
 * The 14-digit print format: at most 14 significant digits, like `Number#toPrecision(14)` but
 * exact, never in exponent form, with trailing fractional zeros trimmed, and — because this is
 * money — excess digits are truncated toward zero, never rounded:
 * "123456789012.3456" → "123456789012.34", "1.10" → "1.1", "0.000123456789012345" →
 * "0.00012345678901234". Leading zeros are not significant. An integer part longer than 14
 * digits keeps its magnitude: the digits past the 14th print as 0.
 */
export function toPrintFormat(amount: DecimalInput): string {
  const value = Decimal.from(amount);
  const { coefficient, scale } = value;
  const magnitude = coefficient < 0n ? -coefficient : coefficient;
  const excess = magnitude.toString().length - PRINT_SIGNIFICANT_DIGITS;
  if (excess <= 0) return value.toString();
  const kept = coefficient / 10n ** BigInt(excess); // BigInt division truncates toward zero
  if (excess <= scale) return Decimal.fromUnits(kept, scale - excess).toString();
  return Decimal.fromUnits(kept * 10n ** BigInt(excess - scale), 0).toString();
}

export interface FormatAmountOptions {
  /** Group integer digits by thousands with ",". Default false. */
  thousands?: boolean;
}

/**
 * Display string with exactly `places` fractional digits, truncated toward zero (never rounded):
 * ("1234567.899", 2, { thousands: true }) → "1,234,567.89".
 */
export function formatAmount(
  value: DecimalInput,
  places: number,
  options: FormatAmountOptions = {},
): string {
  const fixed = Decimal.from(value).toFixed(places);
  if (options.thousands !== true) return fixed;
  const negative = fixed.startsWith('-');
  const body = negative ? fixed.slice(1) : fixed;
  const dot = body.indexOf('.');
  const integerPart = dot === -1 ? body : body.slice(0, dot);
  const rest = dot === -1 ? '' : body.slice(dot);
  const grouped = integerPart.replace(/\B(?=(\d{3})+$)/g, ',');
  return (negative ? '-' : '') + grouped + rest;
}
