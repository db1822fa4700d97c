import { OtcCoin, OtcCurrency, OtcPayMethod } from '@tp/contract';

export const COINS = OtcCoin.options;
export const CURRENCIES = OtcCurrency.options;
export const PAY_METHODS = OtcPayMethod.options;

/** Seconds as the merchant stats show them: whole minutes, or seconds under a minute (the text key and its number). */
export function releaseTime(seconds: number): { key: 'fiat.seconds' | 'fiat.minutes'; n: number } | undefined {
  if (seconds <= 0) return undefined;
  return seconds < 60 ? { key: 'fiat.seconds', n: seconds } : { key: 'fiat.minutes', n: Math.round(seconds / 60) };
}

export function completionRate(rate: string): string {
  return rate === '' ? '—' : `${(Number(rate) * 100).toFixed(2)}%`;
}
