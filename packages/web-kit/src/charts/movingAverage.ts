import { Decimal } from '@tp/decimal';
import type { Kline } from '@tp/contract';

/** The `n`-candle moving average of the closes, from the n-th candle on (exact, then shown). */
export function movingAverage(candles: readonly Kline[], n: number): { belongTime: string; value: string }[] {
  const out: { belongTime: string; value: string }[] = [];
  let sum = Decimal.ZERO;
  candles.forEach((candle, i) => {
    sum = sum.add(candle.closePrice);
    if (i >= n) sum = sum.sub(candles[i - n]!.closePrice);
    if (i >= n - 1) out.push({ belongTime: candle.belongTime, value: sum.div(String(n), 8, 'half-up').toString() });
  });
  return out;
}
