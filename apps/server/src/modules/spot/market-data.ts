import { Decimal } from '@tp/decimal';
import type { Kline, KlineInterval, Ticker24h } from '@tp/contract';
import type { TradeRow } from './spot.repo';

const MINUTE = 60_000;
export const INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 10080 * MINUTE,
};
/** Days and weeks start at midnight in Asia/Shanghai, the platform's trading day; weeks on Monday. */
const SHANGHAI_OFFSET = 8 * 60 * MINUTE;
/** 1970-01-01 was a Thursday: shifting by three days puts week boundaries on Mondays. */
const MONDAY_OFFSET = 3 * 1440 * MINUTE;

/** The start of the interval a moment falls in. */
export function bucketStart(at: number, interval: KlineInterval): number {
  const size = INTERVAL_MS[interval];
  const shift = interval === '1d' ? SHANGHAI_OFFSET : interval === '1w' ? SHANGHAI_OFFSET + MONDAY_OFFSET : 0;
  return Math.floor((at + shift) / size) * size - shift;
}

/** Candles from trades (oldest first); intervals without trades are left out. */
export function klinesOf(trades: readonly TradeRow[], interval: KlineInterval): Kline[] {
  const candles = new Map<number, { open: Decimal; high: Decimal; low: Decimal; close: Decimal; volume: Decimal }>();
  for (const trade of trades) {
    const start = bucketStart(trade.createdAt.getTime(), interval);
    const price = Decimal.parse(trade.price);
    const candle = candles.get(start);
    if (!candle) {
      candles.set(start, { open: price, high: price, low: price, close: price, volume: Decimal.parse(trade.quantity) });
      continue;
    }
    if (price.gt(candle.high)) candle.high = price;
    if (price.lt(candle.low)) candle.low = price;
    candle.close = price;
    candle.volume = candle.volume.add(trade.quantity);
  }
  return [...candles.entries()].map(([start, c]) => ({
    belongTime: new Date(start).toISOString(),
    openPrice: c.open.toString(),
    highestPrice: c.high.toString(),
    lowestPrice: c.low.toString(),
    closePrice: c.close.toString(),
    volume: c.volume.toString(),
  }));
}

/** The 24-hour ticker from the window's trades (oldest first); all zeros without trades. */
export function tickerOf(symbol: string, trades: readonly TradeRow[]): Ticker24h {
  const first = trades[0];
  const last = trades.at(-1);
  if (!first || !last) return { symbol, last: '0', open: '0', high: '0', low: '0', volume: '0', quoteVolume: '0', quotechange: '0' };
  let high = Decimal.parse(first.price);
  let low = high;
  let volume = Decimal.ZERO;
  let quoteVolume = Decimal.ZERO;
  for (const trade of trades) {
    const price = Decimal.parse(trade.price);
    if (price.gt(high)) high = price;
    if (price.lt(low)) low = price;
    volume = volume.add(trade.quantity);
    quoteVolume = quoteVolume.add(trade.quoteQuantity);
  }
  const open = Decimal.parse(first.price);
  const close = Decimal.parse(last.price);
  return {
    symbol,
    last: close.toString(),
    open: open.toString(),
    high: high.toString(),
    low: low.toString(),
    volume: volume.toString(),
    quoteVolume: quoteVolume.toString(),
    quotechange: close.sub(open).mul('100').div(open, 2, 'half-up').toString(),
  };
}
