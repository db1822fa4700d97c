import { describe, expect, it } from 'vitest';
import { reasonValid } from '../../components/ReviewDecision';
import { LEVEL_FILTERS, waitsAt } from './review';

describe('certification review levels', () => {
  it('member review decides status 1, risk control status 4, nothing else', () => {
    const all = ['1', '2', '3', '4', '5'] as const;
    expect(all.filter((s) => waitsAt('member', s))).toEqual(['1']);
    expect(all.filter((s) => waitsAt('risk', s))).toEqual(['4']);
  });

  it('opens each page on its own queue', () => {
    expect(LEVEL_FILTERS.member[0]).toBe('1');
    expect(LEVEL_FILTERS.risk[0]).toBe('4');
  });

  it('wants a reason of two characters or more for a rejection', () => {
    expect(reasonValid(' 模 ')).toBe(false);
    expect(reasonValid('模糊')).toBe(true);
  });
});
