import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, formatQuantity } from './money';

describe('formatMoney', () => {
  it.each([
    ['38505', '38,505.00'],
    ['38505.00', '38,505.00'],
    ['3850.5', '3,850.50'],
    ['1234567.899', '1,234,567.89'],
    ['999.999', '999.99'],
    ['0', '0.00'],
    ['-75000.129', '-75,000.12'],
    ['123456789012.345', '123,456,789,012.34'],
  ])('shows %s as %s: thousands grouped, two decimals, truncated', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it.each([null, undefined, ''])('shows a dash for a missing amount (%s)', (value) => {
    expect(formatMoney(value)).toBe('-');
  });
});

describe('formatPrice', () => {
  it.each([
    ['1500', '1,500.00'],
    ['3850.5', '3,850.50'],
    ['3850.505', '3,850.505'],
    ['12.3456', '12.345'],
    ['1234.5600', '1,234.56'],
    ['0.1', '0.10'],
  ])('shows %s as %s: two to three decimals, truncated', (value, shown) => {
    expect(formatPrice(value)).toBe(shown);
  });

  it('shows a dash for a missing price', () => {
    expect(formatPrice(null)).toBe('-');
  });
});

describe('formatQuantity', () => {
  it.each([
    ['50', '50.000'],
    ['1250.5', '1,250.500'],
    ['100.2999', '100.299'],
  ])('shows %s as %s: three decimals, truncated', (value, shown) => {
    expect(formatQuantity(value)).toBe(shown);
  });
});
