import { describe, expect, it } from 'vitest';
import { Decimal } from '@tp/decimal';
import { accrue, addDays, allocate, dayInterest, daysBetween } from '../src/modules/pledge/pledge.interest';

const d = (v: string) => Decimal.parse(v);

describe('pledge interest', () => {
  it('takes a day as 1/360 of the annual rate and truncates each day to the fen', () => {
    // 100000 × 0.065 / 360 = 18.0555…; 70000 × 0.065 / 360 = 12.6388…: truncated, never rounded up.
    expect(dayInterest(d('100000'), '0.065').toFixed(2)).toBe('18.05');
    expect(dayInterest(d('70000'), '0.065').toFixed(2)).toBe('12.63');
    expect(dayInterest(d('0.01'), '0.065').toFixed(2)).toBe('0.00');
  });

  it('accrues ordinary interest through the due day and penalty interest after it, across month ends', () => {
    const days = accrue({ principal: d('100000'), annualRate: '0.065', penaltyRate: '0.18', accruedThrough: '2026-01-30', dueDay: '2026-02-01' }, '2026-02-03');
    expect(days.map((x) => [x.day, x.interest.toFixed(2), x.penalty.toFixed(2)])).toEqual([
      ['2026-01-31', '18.05', '0.00'],
      ['2026-02-01', '18.05', '0.00'],
      ['2026-02-02', '0.00', '50.00'],
      ['2026-02-03', '0.00', '50.00'],
    ]);
    expect(accrue({ principal: d('0'), annualRate: '0.065', penaltyRate: '0.18', accruedThrough: '2026-01-30', dueDay: '2026-02-01' }, '2026-02-03')).toEqual([]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2026-01-05', '2026-04-05')).toBe(90);
  });

  it('settles penalty, then interest, then principal', () => {
    const owed = { penalty: d('150'), interest: d('541.5'), principal: d('100000') };
    expect(Object.values(allocate(d('100'), owed)).map((x) => x.toFixed(2))).toEqual(['100.00', '0.00', '0.00']);
    expect(Object.values(allocate(d('1000'), owed)).map((x) => x.toFixed(2))).toEqual(['150.00', '541.50', '308.50']);
  });
});
