import { Decimal } from '@tp/decimal';
import type { FuturesSide } from '@tp/contract';
import type { ListingRow } from './futures.repo';

/**
 * The arithmetic of contract trading, apart from any storage: notional, margin, fees, profit and
 * loss, the price a market order fills at, and how a position's close splits its money.
 * Amounts the platform charges round up to the currency's places, amounts it pays round down.
 */

/** Average prices keep this many places; they are never posted, only multiplied. */
export const PRICE_PLACES = 8;

type Rules = Pick<ListingRow, 'unit' | 'marginAlgorithm' | 'marginCoefficient' | 'feeAlgorithm' | 'openFee' | 'closeFee' | 'priceDifference' | 'overnightFee' | 'maintenanceRate'>;

export const notional = (rules: Pick<Rules, 'unit'>, price: Decimal, lots: number): Decimal => price.mul(String(lots)).mul(rules.unit);

/** Fixed per lot, or a fraction of the notional. */
function byAlgorithm(algorithm: 'fixed' | 'percent', coefficient: string, rules: Rules, price: Decimal, lots: number, places: number): Decimal {
  const raw = algorithm === 'fixed' ? Decimal.parse(coefficient).mul(String(lots)) : notional(rules, price, lots).mul(coefficient);
  return raw.quantize(places, 'ceil');
}

export const marginOf = (rules: Rules, price: Decimal, lots: number, places: number): Decimal => byAlgorithm(rules.marginAlgorithm, rules.marginCoefficient, rules, price, lots, places);

export const feeOf = (rules: Rules, kind: 'open' | 'close' | 'overnight', price: Decimal, lots: number, places: number): Decimal =>
  byAlgorithm(rules.feeAlgorithm, kind === 'open' ? rules.openFee : kind === 'close' ? rules.closeFee : rules.overnightFee, rules, price, lots, places);

/** Opening a long or closing a short buys; the others sell. */
export const buys = (side: FuturesSide, action: 'open' | 'close'): boolean => (side === 'long') === (action === 'open');

/** A market order buys at the mark plus the price difference and sells at the mark minus it. */
export const marketPrice = (rules: Pick<Rules, 'priceDifference'>, mark: Decimal, buying: boolean): Decimal => (buying ? mark.add(rules.priceDifference) : mark.sub(rules.priceDifference));

/** A resting limit order fills once the mark reaches it: at or under a buy, at or over a sell. */
export const crosses = (limit: Decimal, mark: Decimal, buying: boolean): boolean => (buying ? mark.lte(limit) : mark.gte(limit));

/** Profit (positive) or loss of `lots` of a position entered at `entry`, valued at `exit`. */
export function pnlOf(rules: Pick<Rules, 'unit'>, side: FuturesSide, entry: Decimal, exit: Decimal, lots: number, places: number): Decimal {
  const move = side === 'long' ? exit.sub(entry) : entry.sub(exit);
  return notional(rules, move, lots).quantize(places, 'floor');
}

export function averagePrice(held: { lots: number; price: Decimal }, added: { lots: number; price: Decimal }): Decimal {
  if (held.lots === 0) return added.price;
  const total = held.price.mul(String(held.lots)).add(added.price.mul(String(added.lots)));
  return total.div(String(held.lots + added.lots), PRICE_PLACES, 'half-up');
}

/** The part of a position's margin that `lots` of its `held` lots carry; the last lot takes what is left. */
export const marginShare = (margin: Decimal, lots: number, held: number, places: number): Decimal =>
  lots >= held ? margin : margin.mul(String(lots)).div(String(held), places, 'floor');

/** Margin plus floating P&L under this share of the margin has the position compulsorily closed. */
export function underMaintenance(rules: Pick<Rules, 'maintenanceRate'>, margin: Decimal, pnl: Decimal): boolean {
  return margin.add(pnl).lt(margin.mul(rules.maintenanceRate));
}

export interface CloseSplit {
  /** To the user's contract account. */
  credit: Decimal;
  /** The platform's closing fee, as far as the position's money covers it. */
  fee: Decimal;
  /** A loss beyond the margin: borne by the platform's risk account, never left on the user. */
  shortfall: Decimal;
}

/**
 * Where the money of closing goes: the released margin plus the P&L, less the fee, back to the
 * user; the fee only as far as that covers it; a loss the margin cannot cover is the shortfall.
 */
export function splitClose(margin: Decimal, pnl: Decimal, fee: Decimal): CloseSplit {
  const net = margin.add(pnl);
  if (net.isNegative()) return { credit: Decimal.ZERO, fee: Decimal.ZERO, shortfall: net.neg() };
  const charged = net.gte(fee) ? fee : net;
  return { credit: net.sub(charged), fee: charged, shortfall: Decimal.ZERO };
}
