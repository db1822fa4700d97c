import { describe, expect, it } from 'vitest';
import { exceeds, formatMoney, formatSignedMoney, isPayableAmount, newRequestId, truncateAmountInput } from './amount';

describe('capital amounts', () => {
  it('truncate what is typed to two decimals, never rounding', () => {
    expect(truncateAmountInput('12.349')).toBe('12.34');
    expect(truncateAmountInput('0.999')).toBe('0.99');
    expect(truncateAmountInput('007.5')).toBe('7.5');
    expect(truncateAmountInput('.5')).toBe('0.5');
    expect(truncateAmountInput('1,234.5a6')).toBe('1234.56');
    expect(truncateAmountInput('1.2.3')).toBe('1.23');
    expect(truncateAmountInput('abc')).toBe('');
  });

  it('accept only positive amounts with at most two decimals', () => {
    expect(isPayableAmount('0.01')).toBe(true);
    expect(isPayableAmount('1000')).toBe(true);
    expect(isPayableAmount('0')).toBe(false);
    expect(isPayableAmount('0.00')).toBe(false);
    expect(isPayableAmount('1.005')).toBe(false);
    expect(isPayableAmount('01')).toBe(false);
    expect(isPayableAmount('')).toBe(false);
  });

  it('show exact money with separators, truncated, and flows with their sign', () => {
    expect(formatMoney('1234567.899')).toBe('1,234,567.89');
    expect(formatMoney('0.1')).toBe('0.10');
    expect(formatMoney('0.30000000000000004')).toBe('0.30');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatSignedMoney('1000.5')).toBe('+1,000.50');
    expect(formatSignedMoney('-30')).toBe('-30.00');
  });

  it('compare exactly, without floats', () => {
    expect(exceeds('100.01', '100.009')).toBe(true);
    expect(exceeds('100', '100.00')).toBe(false);
    expect(exceeds('abc', '1')).toBe(false);
  });

  it('make request ids the server accepts', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(id);
  });
});
