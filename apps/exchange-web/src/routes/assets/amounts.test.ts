import { describe, expect, it } from 'vitest';
import { checkAmount, showAmount, showUsdt } from './amounts';

describe('asset amounts', () => {
  it('shows amounts truncated to the asset precision with grouped thousands', () => {
    expect(showAmount('1234567.123456789', 8)).toBe('1,234,567.12345678');
    expect(showAmount('0.99999999', 2)).toBe('0.99');
    expect(showUsdt('62100')).toBe('62,100.00');
  });

  it('accepts only plain positive amounts within precision and balance', () => {
    expect(checkAmount('100', 6, '10000')).toBeNull();
    expect(checkAmount('0.000001', 6, '1')).toBeNull();
    expect(checkAmount('0', 6, '1')).toBe('format');
    expect(checkAmount('-1', 6, '1')).toBe('format');
    expect(checkAmount('1e3', 6, '10000')).toBe('format');
    expect(checkAmount('1.0000001', 6, '10')).toBe('places');
    expect(checkAmount('10000.01', 6, '10000')).toBe('max');
  });
});
