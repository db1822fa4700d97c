import { describe, expect, it } from 'vitest';
import { daysValid, duplicateRows, fieldPath, ratioValid, timeValid, toFormValues, toSettings, type FeeFormValues } from './feeSettings';
import { advanceHoursValid, awaitsAudit, canForceOff, reasonValid } from './rules';

const filled: FeeFormValues = {
  feeRate: '0.002',
  defaultBuyerMarginRatio: '0.1',
  defaultSellerMarginRatio: '0.1',
  balanceDays: '3',
  graceDays: '2',
  forfeitPlatformShare: '0.2',
  marketCloseTime: '15:00',
  commodities: [{ commodityTypeId: '1', buyerMarginRatio: '0.15', sellerMarginRatio: '0.2', graceDays: '1' }],
};

describe('fee settings form', () => {
  it('takes rates from 0 to 1 with up to four decimals and refuses anything else', () => {
    for (const ok of ['0', '1', '0.002', '0.1', '0.9999', '1.0', ' 0.25 ']) expect(ratioValid(ok), ok).toBe(true);
    for (const bad of ['', '.5', '0.00001', '1.5', '2', '-0.1', '50%', '0,1', 'abc', '1.0001']) expect(ratioValid(bad), bad).toBe(false);
  });

  it('takes whole days within the bounds, never rounding a fraction', () => {
    expect(daysValid('1', 1, 30)).toBe(true);
    expect(daysValid('30', 1, 30)).toBe(true);
    expect(daysValid('0', 1, 30)).toBe(false);
    expect(daysValid('0', 0, 30)).toBe(true);
    expect(daysValid('31', 0, 30)).toBe(false);
    expect(daysValid('2.5', 0, 30)).toBe(false);
    expect(daysValid('', 0, 30)).toBe(false);
  });

  it('takes a market close between 00:00 and 23:59', () => {
    expect(timeValid('15:00')).toBe(true);
    expect(timeValid('23:59')).toBe(true);
    expect(timeValid('24:00')).toBe(false);
    expect(timeValid('9:00')).toBe(false);
  });

  it('points at the second row naming a commodity already set above', () => {
    expect(duplicateRows([{ commodityTypeId: '1' }, { commodityTypeId: '2' }, { commodityTypeId: '1' }, { commodityTypeId: undefined }])).toEqual([2]);
    expect(duplicateRows([{ commodityTypeId: '1' }, { commodityTypeId: '2' }])).toEqual([]);
  });

  it('sends the typed values as the wire wants them: ratios as text, days as numbers', () => {
    expect(toSettings({ ...filled, feeRate: ' 0.003 ' })).toEqual({
      feeRate: '0.003',
      defaultBuyerMarginRatio: '0.1',
      defaultSellerMarginRatio: '0.1',
      balanceDays: 3,
      graceDays: 2,
      forfeitPlatformShare: '0.2',
      marketCloseTime: '15:00',
      commodities: [{ commodityTypeId: '1', buyerMarginRatio: '0.15', sellerMarginRatio: '0.2', graceDays: 1 }],
    });
  });

  it('sends nothing when a value would be refused, including an empty day box and a repeated commodity', () => {
    expect(toSettings({ ...filled, feeRate: '0.00001' })).toBeNull();
    expect(toSettings({ ...filled, graceDays: '' })).toBeNull();
    expect(toSettings({ ...filled, commodities: [{ commodityTypeId: undefined, buyerMarginRatio: '0.1', sellerMarginRatio: '0.1', graceDays: '1' }] })).toBeNull();
    const row = filled.commodities[0]!;
    expect(toSettings({ ...filled, commodities: [row, { ...row, buyerMarginRatio: '0.3' }] })).toBeNull();
  });

  it('shows saved settings as they were saved, so an unchanged form saves the same settings', () => {
    const saved = toSettings(filled);
    expect(saved).not.toBeNull();
    expect(toSettings(toFormValues(saved!))).toEqual(saved);
  });

  it("puts a server's field error under the row and field it names", () => {
    expect(fieldPath('commodities.0.buyerMarginRatio')).toEqual(['commodities', 0, 'buyerMarginRatio']);
    expect(fieldPath('feeRate')).toEqual(['feeRate']);
  });
});

describe('listing back-office rules', () => {
  it('wants a reason of two characters or more, at most 200', () => {
    expect(reasonValid(' 假 ')).toBe(false);
    expect(reasonValid('虚假挂牌')).toBe(true);
    expect(reasonValid('理'.repeat(201))).toBe(false);
  });

  it('offers approval only on listings waiting for audit, and forced off-shelf only on listed ones', () => {
    expect(awaitsAudit({ status: 'A', auditStatus: 'P' })).toBe(true);
    expect(awaitsAudit({ status: 'O', auditStatus: 'T' })).toBe(false);
    expect(awaitsAudit({ status: 'U', auditStatus: 'F' })).toBe(false);
    expect(['A', 'O', 'Z', 'T', 'U'].filter((status) => canForceOff({ status }))).toEqual(['O']);
  });

  it('moves the sandbox clock by a positive number of hours with up to two decimals', () => {
    expect(advanceHoursValid('24')).toBe(true);
    expect(advanceHoursValid('0.5')).toBe(true);
    expect(advanceHoursValid('0')).toBe(false);
    expect(advanceHoursValid('1.234')).toBe(false);
    expect(advanceHoursValid('-3')).toBe(false);
    expect(advanceHoursValid('99999')).toBe(false);
  });
});
