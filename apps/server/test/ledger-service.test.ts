import { describe, expect, it } from 'vitest';
import { checkAmount, checkPostings, flowWindow } from '../src/modules/ledger/ledger.rules';
import { InvalidAmountError, isClearingAccount, LedgerUsageError, UnbalancedJournalError, type AccountRef } from '../src/modules/ledger/index';
import { shanghaiDay, shanghaiDayStart } from '../src/platform/time';

const firm = (ownerId: string, kind = 'available', currency = 'CNY'): AccountRef => ({ ownerType: 'firm', ownerId, currency, kind });

describe('ledger rules', () => {
  it('accepts canonical amounts within the currency scale', () => {
    expect(checkAmount('12.30', 'CNY').toString()).toBe('12.3');
    expect(checkAmount('-0.01', 'CNY').toString()).toBe('-0.01');
    expect(checkAmount('0.00000001', 'USDT').toString()).toBe('0.00000001');
    expect(checkAmount('3', 'INTEGRAL').toString()).toBe('3');
    expect(checkAmount('99999999999999999999.99', 'CNY').toString()).toBe('99999999999999999999.99');
  });

  it.each([['0'], ['0.00'], ['1.001'], ['abc'], ['1e5'], [' 1'], ['+1'], ['.5'], ['100000000000000000000'], [12 as unknown as string]])(
    'refuses %j as a CNY amount',
    (amount) => {
      expect(() => checkAmount(amount, 'CNY')).toThrow(InvalidAmountError);
    },
  );

  it('refuses fractions of an integral point', () => {
    expect(() => checkAmount('1.5', 'INTEGRAL')).toThrow(InvalidAmountError);
  });

  it('requires the legs to sum to zero per currency', () => {
    expect(() => checkPostings([{ account: firm('a'), amount: '-1' }, { account: firm('b'), amount: '0.99' }])).toThrow(UnbalancedJournalError);
    expect(() =>
      checkPostings([
        { account: firm('a', 'available', 'CNY'), amount: '-1' },
        { account: firm('b', 'available', 'USDT'), amount: '1' },
      ]),
    ).toThrow(/does not balance in (CNY|USDT)/);
    const legs = checkPostings([
      { account: firm('a', 'available', 'CNY'), amount: '-100' },
      { account: firm('b', 'available', 'CNY'), amount: '100' },
      { account: firm('b', 'available', 'BTC'), amount: '-0.5' },
      { account: firm('a', 'available', 'BTC'), amount: '0.5' },
    ]);
    expect(legs).toHaveLength(4);
  });

  it('refuses one-legged journals and malformed accounts', () => {
    expect(() => checkPostings([{ account: firm('a'), amount: '1' }])).toThrow(LedgerUsageError);
    expect(() => checkPostings([{ account: firm(''), amount: '-1' }, { account: firm('b'), amount: '1' }])).toThrow(LedgerUsageError);
    expect(() => checkPostings([{ account: firm('a', 'available', 'cny'), amount: '-1' }, { account: firm('b', 'available', 'cny'), amount: '1' }])).toThrow(
      LedgerUsageError,
    );
    expect(() =>
      checkPostings([
        { account: { ownerType: 'bank' as 'firm', ownerId: 'x', currency: 'CNY', kind: 'available' }, amount: '-1' },
        { account: firm('b'), amount: '1' },
      ]),
    ).toThrow(LedgerUsageError);
  });

  it('lets only platform clearing accounts go negative', () => {
    expect(isClearingAccount({ ownerType: 'platform', kind: 'bank_clearing_icbc' })).toBe(true);
    expect(isClearingAccount({ ownerType: 'platform', kind: 'chain_clearing' })).toBe(true);
    expect(isClearingAccount({ ownerType: 'platform', kind: 'fee_income' })).toBe(false);
    expect(isClearingAccount({ ownerType: 'firm', kind: 'bank_clearing_icbc' })).toBe(false);
  });

  it('counts days in Asia/Shanghai', () => {
    expect(shanghaiDay(new Date('2026-01-04T15:59:59.999Z'))).toBe('2026-01-04');
    expect(shanghaiDay(new Date('2026-01-04T16:00:00.000Z'))).toBe('2026-01-05');
    expect(shanghaiDayStart('2026-01-05').toISOString()).toBe('2026-01-04T16:00:00.000Z');
    expect(() => shanghaiDayStart('2026-02-30')).toThrow(/Invalid date/);
  });

  it('maps current and history to createdAt windows', () => {
    const now = new Date('2026-01-05T02:00:00.000Z'); // 10:00 in Shanghai
    expect(flowWindow({ mode: 'current' }, now)).toEqual({ from: new Date('2026-01-04T16:00:00.000Z'), until: new Date('2026-01-05T16:00:00.000Z') });
    expect(flowWindow({ mode: 'history' }, now)).toEqual({ until: new Date('2026-01-04T16:00:00.000Z') });
    expect(flowWindow({ mode: 'history', from: '2026-01-01', to: '2026-01-02' }, now)).toEqual({
      from: new Date('2025-12-31T16:00:00.000Z'),
      until: new Date('2026-01-02T16:00:00.000Z'),
    });
    // History never reaches into today, even when asked to.
    expect(flowWindow({ mode: 'history', from: '2026-01-01', to: '2026-01-09' }, now).until).toEqual(new Date('2026-01-04T16:00:00.000Z'));
  });
});
