import { formatAmount } from '@tp/decimal';

/** Decimal places of a step such as 0.01 (2) or 1 (0): numbers show at the market's precision. */
export function placesOf(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

export const showAt = (value: string, places: number) => formatAmount(value, places, { thousands: true });
