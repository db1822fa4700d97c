import { describe, expect, it } from 'vitest';
import { amountOf } from './shared';

describe('amountOf', () => {
  it('truncates price × quantity to 2 decimals, as the server does', () => {
    expect(amountOf('1234.56', '0.333')).toBe('411.10');
    expect(amountOf('1234.56', '15')).toBe('18518.40');
    expect(amountOf('0.1', '0.3')).toBe('0.03');
  });

  it('shows nothing for an incomplete quantity', () => {
    expect(amountOf('10', '')).toBe('');
    expect(amountOf('10', '1.')).toBe('');
    expect(amountOf('10', undefined)).toBe('');
  });
});
