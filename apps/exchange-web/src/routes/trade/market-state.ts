import { Decimal } from '@tp/decimal';
import type { DepthSnapshot, DepthUpdate, Kline, SpotTrade } from '@tp/contract';

type Level = [string, string];

/** Most trades the page keeps: the spec's "first 500". */
export const TRADES_KEPT = 500;

function mergeLevels(levels: readonly Level[], changes: readonly Level[], descending: boolean): Level[] {
  const byPrice = new Map(levels.map(([price, qty]) => [price, qty]));
  for (const [price, qty] of changes) {
    if (Decimal.parse(qty).isZero()) byPrice.delete(price);
    else byPrice.set(price, qty);
  }
  const sorted = [...byPrice.entries()].sort((a, b) => Decimal.parse(a[0]).cmp(b[0]));
  return descending ? sorted.reverse() : sorted;
}

/**
 * Applies a pushed book change. Changes the snapshot already holds (`seq` not after its own) are
 * skipped; a missing number means pushes were lost, and the caller reloads the snapshot.
 */
export function applyDepth(book: DepthSnapshot, update: DepthUpdate): DepthSnapshot | 'gap' {
  if (update.seq <= book.seq) return book;
  if (update.seq !== book.seq + 1) return 'gap';
  return { symbol: book.symbol, seq: update.seq, bids: mergeLevels(book.bids, update.bids, true), asks: mergeLevels(book.asks, update.asks, false) };
}

/**
 * Groups levels into steps of `step` (bids down, asks up, as exchanges show them), summing the
 * quantities; the price shown is the group's edge.
 */
export function aggregateLevels(levels: readonly Level[], step: string, side: 'bid' | 'ask'): Level[] {
  const groups = new Map<string, Decimal>();
  for (const [price, qty] of levels) {
    const units = Decimal.parse(price).div(step, 0, side === 'bid' ? 'floor' : 'ceil');
    const edge = units.mul(step).toString();
    groups.set(edge, (groups.get(edge) ?? Decimal.ZERO).add(qty));
  }
  return [...groups.entries()].map(([price, qty]) => [price, qty.toString()]);
}

/** New trades first, no trade twice, at most `TRADES_KEPT`. */
export function mergeTrades(current: readonly SpotTrade[], incoming: readonly SpotTrade[]): SpotTrade[] {
  const seen = new Set(current.map((t) => t.id));
  const fresh = incoming.filter((t) => !seen.has(t.id)).sort((a, b) => Number(b.id) - Number(a.id));
  return [...fresh, ...current].slice(0, TRADES_KEPT);
}

/** Puts the current candle in place: replaces the one with the same start, or appends a newer one. */
export function mergeKline(candles: readonly Kline[], latest: Kline): Kline[] {
  const last = candles.at(-1);
  if (last?.belongTime === latest.belongTime) return [...candles.slice(0, -1), latest];
  if (last && Date.parse(latest.belongTime) < Date.parse(last.belongTime)) return [...candles];
  return [...candles, latest];
}

/** The K-line's moving averages are shared with the commodity platform's quotations. */
export { movingAverage } from '@tp/web-kit';

/** Cumulative quantity from the best price outwards: the depth chart's two curves. */
export function cumulative(levels: readonly Level[]): Level[] {
  let total = Decimal.ZERO;
  return levels.map(([price, qty]) => {
    total = total.add(qty);
    return [price, total.toString()];
  });
}
