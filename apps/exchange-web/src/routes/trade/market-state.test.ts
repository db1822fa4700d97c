import { describe, expect, it } from 'vitest';
import type { DepthSnapshot, Kline, SpotTrade } from '@tp/contract';
import { aggregateLevels, applyDepth, cumulative, mergeKline, mergeTrades, movingAverage, TRADES_KEPT } from './market-state';

const book: DepthSnapshot = { symbol: 'BTCUSDT', seq: 10, bids: [['100', '1'], ['99', '2']], asks: [['101', '1.5'], ['102', '3']] };

describe('live order book', () => {
  it('applies the next change, removes emptied levels and keeps both sides sorted', () => {
    const next = applyDepth(book, { symbol: 'BTCUSDT', seq: 11, bids: [['100.5', '0.2'], ['99', '0']], asks: [['101', '0'], ['103', '1']] });
    expect(next).toEqual({ symbol: 'BTCUSDT', seq: 11, bids: [['100.5', '0.2'], ['100', '1']], asks: [['102', '3'], ['103', '1']] });
  });

  it('skips changes the snapshot already holds and reports a gap when one is missing', () => {
    expect(applyDepth(book, { symbol: 'BTCUSDT', seq: 9, bids: [['100', '0']], asks: [] })).toBe(book);
    expect(applyDepth(book, { symbol: 'BTCUSDT', seq: 12, bids: [], asks: [] })).toBe('gap');
  });

  it('groups levels by a coarser step, bids down and asks up', () => {
    expect(aggregateLevels([['100.7', '1'], ['100.2', '2'], ['99.9', '1']], '1', 'bid')).toEqual([['100', '3'], ['99', '1']]);
    expect(aggregateLevels([['100.2', '1'], ['100.7', '2'], ['101.5', '1']], '1', 'ask')).toEqual([['101', '3'], ['102', '1']]);
  });

  it('sums depth outwards from the best price', () => {
    expect(cumulative([['100', '1'], ['99', '2.5']])).toEqual([['100', '1'], ['99', '3.5']]);
  });
});

describe('live trades and candles', () => {
  const trade = (id: number): SpotTrade => ({ id: String(id), price: '100', quantity: '1', takerSide: 'buy', time: '2026-11-23T00:00:00.000Z' });

  it('puts new trades first, once each, keeping the latest 500', () => {
    const current = Array.from({ length: TRADES_KEPT }, (_, i) => trade(TRADES_KEPT - i));
    const merged = mergeTrades(current, [trade(TRADES_KEPT), trade(TRADES_KEPT + 1)]);
    expect(merged).toHaveLength(TRADES_KEPT);
    expect(merged.slice(0, 2).map((t) => t.id)).toEqual([String(TRADES_KEPT + 1), String(TRADES_KEPT)]);
  });

  const candle = (minute: number, close: string): Kline => ({
    belongTime: new Date(Date.UTC(2026, 10, 23, 0, minute)).toISOString(),
    openPrice: close,
    highestPrice: close,
    lowestPrice: close,
    closePrice: close,
    volume: '1',
    quoteVolume: close,
  });

  it('updates the current candle in place and starts the next one', () => {
    const candles = [candle(0, '10'), candle(1, '11')];
    expect(mergeKline(candles, candle(1, '12')).map((c) => c.closePrice)).toEqual(['10', '12']);
    expect(mergeKline(candles, candle(2, '13')).map((c) => c.closePrice)).toEqual(['10', '11', '13']);
    expect(mergeKline(candles, candle(0, '9'))).toEqual(candles);
  });

  it('averages the last n closes exactly', () => {
    const candles = ['10', '11', '12', '13.5'].map((close, i) => candle(i, close));
    expect(movingAverage(candles, 3).map((p) => p.value)).toEqual(['11', '12.16666667']);
  });
});
