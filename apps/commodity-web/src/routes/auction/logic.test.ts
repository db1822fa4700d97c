import { describe, expect, it } from 'vitest';
import { amountAt, countdownTarget, formatLeft } from './logic';

describe('auction countdowns and amounts', () => {
  const lot = { startTime: '2026-01-05T02:00:00.000Z', endTime: '2026-01-05T03:00:00.000Z' };

  it('counts to the start in public notice, to the end while bidding, and to nothing after', () => {
    expect(countdownTarget({ ...lot, status: '0' })).toBe(Date.parse(lot.startTime));
    expect(countdownTarget({ ...lot, status: '1' })).toBe(Date.parse(lot.endTime));
    expect(countdownTarget({ ...lot, status: '2' })).toBeNull();
    expect(countdownTarget({ ...lot, status: 'U' })).toBeNull();
  });

  it('shows hours, minutes and seconds, days when there are any, and never a negative time', () => {
    expect(formatLeft(5 * 60_000 + 7_500)).toBe('00:05:07');
    expect(formatLeft(26 * 3_600_000 + 61_000)).toBe('1d 02:01:01');
    expect(formatLeft(-2_000)).toBe('00:00:00');
  });

  it('works out a bid’s amount on the weight as the server does, truncated, and nothing for a price still being typed', () => {
    expect(amountAt('120', '100.200')).toBe('12024.00');
    expect(amountAt('99.99', '0.333')).toBe('33.29');
    expect(amountAt('12.', '100.200')).toBe('');
  });
});
