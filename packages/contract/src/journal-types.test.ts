import { describe, expect, it } from 'vitest';
import { COMMODITY_JOURNAL_TYPES, EXCHANGE_JOURNAL_TYPES, INTEGRAL_JOURNAL_TYPES, JOURNAL_TYPES, PLATFORM_JOURNAL_TYPES } from './journal-types';

describe('journal types', () => {
  // The ledger writes no other type, so each is worded by a statement (both apps test their texts) or never shown.
  it('every type the ledger accepts is shown by a statement or moves only platform custody', () => {
    const placed = new Set([...COMMODITY_JOURNAL_TYPES, ...EXCHANGE_JOURNAL_TYPES, ...INTEGRAL_JOURNAL_TYPES, ...PLATFORM_JOURNAL_TYPES]);
    expect(JOURNAL_TYPES.filter((type) => !placed.has(type))).toEqual([]);
  });

  it('keeps integrals out of the fund account statements', () => {
    for (const type of INTEGRAL_JOURNAL_TYPES) expect(COMMODITY_JOURNAL_TYPES).not.toContain(type);
  });

  it('keeps custody moves out of every user statement', () => {
    for (const type of PLATFORM_JOURNAL_TYPES) {
      expect(COMMODITY_JOURNAL_TYPES).not.toContain(type);
      expect(EXCHANGE_JOURNAL_TYPES).not.toContain(type);
    }
  });
});
