import { Decimal } from '@tp/decimal';
import { formatAmount } from '@tp/decimal';

/** Decimal places of a step such as 0.01 (2) or 1 (0): numbers show at the market's precision. */
export function placesOf(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

export const showAt = (value: string, places: number) => formatAmount(value, places, { thousands: true });

/** A decimal shown at `places`, or a dash for zero: a market order has no limit price, an order without fills no average. */
export const showOrDash = (value: string, places: number) => (/^0(\.0*)?$/.test(value) ? '--' : showAt(value, places));

/** What a level's click puts in the order form: its price, and the amount resting from the best price up to it. */
export function pickedAt(levels: readonly (readonly [string, string])[], index: number): { price: string; amount: string } {
  let amount = Decimal.ZERO;
  for (let i = 0; i <= index && i < levels.length; i++) amount = amount.add(levels[i]![1]);
  return { price: levels[index]?.[0] ?? '0', amount: amount.toString() };
}

/** The prices (grouped like the book) at which the user has orders resting on one side. */
export function ownLevels(orders: readonly { side: 'buy' | 'sell'; price: string; waiting: boolean; type: string }[], side: 'buy' | 'sell', step: string): Set<string> {
  const out = new Set<string>();
  for (const o of orders) {
    if (o.side !== side || o.waiting || o.type === 'market' || o.type === 'stop_market') continue;
    out.add(Decimal.parse(o.price).div(step, 0, side === 'buy' ? 'floor' : 'ceil').mul(step).toString());
  }
  return out;
}
