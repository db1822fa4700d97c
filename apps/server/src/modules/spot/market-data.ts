import { Decimal } from '@tp/decimal';
import { KlineInterval, type Kline, type Ticker24h, type TimeSharingPoint } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import * as repo from './spot.repo';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
export const INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': DAY,
  '1w': 7 * DAY,
};
/** Days and weeks start at midnight in Asia/Shanghai, the platform's trading day. */
const SHANGHAI_OFFSET = 8 * 60 * MINUTE;
/** 1970-01-01 was a Thursday: shifting by three more days puts week boundaries on Mondays. */
const MONDAY_OFFSET = 3 * DAY;

function shiftOf(interval: KlineInterval): number {
  return interval === '1d' ? SHANGHAI_OFFSET : interval === '1w' ? SHANGHAI_OFFSET + MONDAY_OFFSET : 0;
}

/** The start of the interval a moment falls in. */
export function bucketStart(at: number, interval: KlineInterval): number {
  const size = INTERVAL_MS[interval];
  const shift = shiftOf(interval);
  return Math.floor((at + shift) / size) * size - shift;
}

interface Candle {
  start: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
  quoteVolume: Decimal;
}

function candleOf(row: repo.CandleRow): Candle {
  return {
    start: row.start,
    open: Decimal.parse(row.open),
    high: Decimal.parse(row.high),
    low: Decimal.parse(row.low),
    close: Decimal.parse(row.close),
    volume: Decimal.parse(row.volume),
    quoteVolume: Decimal.parse(row.quoteVolume),
  };
}

function klineOf(c: Candle): Kline {
  return {
    belongTime: new Date(c.start).toISOString(),
    openPrice: c.open.toString(),
    highestPrice: c.high.toString(),
    lowestPrice: c.low.toString(),
    closePrice: c.close.toString(),
    volume: c.volume.toString(),
    quoteVolume: c.quoteVolume.toString(),
  };
}

/** Adds one trade to a candle, or starts the next one when the trade falls in a later interval. */
function fold(candle: Candle | undefined, start: number, price: Decimal, quantity: Decimal, quote: Decimal): Candle {
  if (!candle || candle.start !== start) return { start, open: price, high: price, low: price, close: price, volume: quantity, quoteVolume: quote };
  return {
    start,
    open: candle.open,
    high: price.gt(candle.high) ? price : candle.high,
    low: price.lt(candle.low) ? price : candle.low,
    close: price,
    volume: candle.volume.add(quantity),
    quoteVolume: candle.quoteVolume.add(quote),
  };
}

/** Candles of an interval from the database, oldest first; intervals without trades are left out. */
export async function loadKlines(db: DbOrTx, symbol: string, interval: KlineInterval, limit: number, now: number): Promise<Kline[]> {
  const from = bucketStart(now, interval) - (limit - 1) * INTERVAL_MS[interval];
  const rows = await repo.candles(db, { symbol, from: new Date(from), sizeMs: INTERVAL_MS[interval], shiftMs: shiftOf(interval), limit });
  return rows.reverse().map((row) => klineOf(candleOf(row)));
}

/** Today's (Shanghai day) minute prices with the running volume-weighted average price. */
export async function loadTimeSharing(db: DbOrTx, symbol: string, now: number, priceScale: number): Promise<TimeSharingPoint[]> {
  const from = bucketStart(now, '1d');
  const rows = await repo.candles(db, { symbol, from: new Date(from), sizeMs: MINUTE, shiftMs: 0, limit: 1440 });
  let volume = Decimal.ZERO;
  let quote = Decimal.ZERO;
  return rows.reverse().map((row) => {
    volume = volume.add(row.volume);
    quote = quote.add(row.quoteVolume);
    return {
      time: new Date(row.start).toISOString(),
      price: Decimal.parse(row.close).toString(),
      averagePrice: quote.div(volume, priceScale, 'half-up').toString(),
      volume: Decimal.parse(row.volume).toString(),
    };
  });
}

/**
 * A market's live statistics, kept in memory so every fill can push them without a query: the
 * current candle of each interval and the last 24 hours by the minute (the ticker's window,
 * moving a minute at a time). Loaded once from the stored trades when the server starts.
 */
export class MarketStats {
  private readonly current = new Map<KlineInterval, Candle>();
  /** Minute candles, oldest first, none older than the ticker's window. */
  private minutes: Candle[] = [];
  private lastPrice: Decimal | undefined;

  private constructor(readonly symbol: string) {}

  static async load(db: DbOrTx, symbol: string, now: number): Promise<MarketStats> {
    const stats = new MarketStats(symbol);
    const [last] = await repo.recentTrades(db, symbol, 1);
    if (last) stats.lastPrice = Decimal.parse(last.price);
    for (const interval of KlineInterval.options) {
      const [row] = await repo.candles(db, { symbol, from: new Date(bucketStart(now, interval)), sizeMs: INTERVAL_MS[interval], shiftMs: shiftOf(interval), limit: 1 });
      if (row) stats.current.set(interval, candleOf(row));
    }
    const minutes = await repo.candles(db, { symbol, from: new Date(bucketStart(now - DAY, '1m')), sizeMs: MINUTE, shiftMs: 0, limit: 1441 });
    stats.minutes = minutes.reverse().map(candleOf);
    return stats;
  }

  record(price: Decimal, quantity: Decimal, quote: Decimal, at: number): void {
    this.lastPrice = price;
    for (const interval of KlineInterval.options) {
      this.current.set(interval, fold(this.current.get(interval), bucketStart(at, interval), price, quantity, quote));
    }
    const start = bucketStart(at, '1m');
    const tail = this.minutes.at(-1);
    if (tail?.start === start) this.minutes[this.minutes.length - 1] = fold(tail, start, price, quantity, quote);
    else this.minutes.push(fold(undefined, start, price, quantity, quote));
  }

  /** The current candle of every interval that has one. */
  klines(): Partial<Record<KlineInterval, Kline>> {
    const out: Partial<Record<KlineInterval, Kline>> = {};
    for (const [interval, candle] of this.current) out[interval] = klineOf(candle);
    return out;
  }

  /** The last 24 hours to the minute; without trades in them, flat at the last price. */
  ticker(now: number): Ticker24h {
    const windowStart = bucketStart(now - DAY, '1m') + MINUTE;
    let drop = 0;
    while (drop < this.minutes.length && this.minutes[drop]!.start < windowStart) drop += 1;
    if (drop > 0) this.minutes = this.minutes.slice(drop);
    const first = this.minutes[0];
    const last = (this.lastPrice ?? Decimal.ZERO).toString();
    if (!first) return { symbol: this.symbol, last, open: last, high: last, low: last, volume: '0', quoteVolume: '0', quotechange: '0' };
    let { high, low } = first;
    let volume = Decimal.ZERO;
    let quoteVolume = Decimal.ZERO;
    for (const minute of this.minutes) {
      if (minute.high.gt(high)) high = minute.high;
      if (minute.low.lt(low)) low = minute.low;
      volume = volume.add(minute.volume);
      quoteVolume = quoteVolume.add(minute.quoteVolume);
    }
    const close = this.minutes.at(-1)!.close;
    return {
      symbol: this.symbol,
      last: close.toString(),
      open: first.open.toString(),
      high: high.toString(),
      low: low.toString(),
      volume: volume.toString(),
      quoteVolume: quoteVolume.toString(),
      quotechange: close.sub(first.open).mul('100').div(first.open, 2, 'half-up').toString(),
    };
  }
}
