import { Decimal } from '@tp/decimal';
import { LISTING_PRICE_PATTERN, type AuctionItem } from '@tp/contract';

/** price × weight, truncated to 2 decimals as the server computes the winning amount; '' while the price is incomplete. */
export function amountAt(price: string, weight: string): string {
  if (!LISTING_PRICE_PATTERN.test(price)) return '';
  return Decimal.parse(price).mul(weight).truncate(2).toFixed(2);
}

/** What a countdown counts to: the start while in notice, the end while bidding. */
export function countdownTarget(item: Pick<AuctionItem, 'status' | 'startTime' | 'endTime'>): number | null {
  if (item.status === '0') return Date.parse(item.startTime);
  if (item.status === '1') return Date.parse(item.endTime);
  return null;
}

export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return d > 0 ? `${d}d ${hms}` : hms;
}
