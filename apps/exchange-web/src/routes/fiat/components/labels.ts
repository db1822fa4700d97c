import { OtcCoin, OtcCurrency, OtcPayMethod } from '@tp/contract';

export const COINS = OtcCoin.options;
export const CURRENCIES = OtcCurrency.options;
export const PAY_METHODS = OtcPayMethod.options;

/** Seconds as the merchant stats show them: whole minutes, or seconds under a minute. */
export function releaseTime(seconds: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (seconds <= 0) return '—';
  return seconds < 60 ? t('fiat.seconds', { n: seconds }) : t('fiat.minutes', { n: Math.round(seconds / 60) });
}

export function completionRate(rate: string): string {
  return rate === '' ? '—' : `${(Number(rate) * 100).toFixed(2)}%`;
}
