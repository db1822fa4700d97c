import { describe, expect, it } from 'vitest';
import { ownLevels, pickedAt, placesOf, showAt, showOrDash } from './format';

describe('market precision', () => {
  it('reads the places of a step and shows numbers truncated to them', () => {
    expect(placesOf('0.01')).toBe(2);
    expect(placesOf('0.00001')).toBe(5);
    expect(placesOf('1')).toBe(0);
    expect(showAt('60000.129', 2)).toBe('60,000.12');
    expect(showAt('0.06', 5)).toBe('0.06000');
  });

  it('shows a dash where a market order has no price and an unfilled order no average', () => {
    expect(showOrDash('0', 2)).toBe('--');
    expect(showOrDash('59500', 2)).toBe('59,500.00');
  });
});

describe('the order book in the form', () => {
  const asks: [string, string][] = [
    ['60000', '0.1'],
    ['60001', '0.25'],
    ['60010', '1'],
  ];

  it('a level picks its price and the amount resting up to it', () => {
    expect(pickedAt(asks, 0)).toEqual({ price: '60000', amount: '0.1' });
    expect(pickedAt(asks, 2)).toEqual({ price: '60010', amount: '1.35' });
  });

  it('marks the levels where the user’s own orders rest, grouped like the book, leaving stop orders out', () => {
    const orders = [
      { side: 'sell' as const, price: '60000.5', waiting: false, type: 'limit' },
      { side: 'sell' as const, price: '61000', waiting: true, type: 'stop_limit' },
      { side: 'buy' as const, price: '59000.4', waiting: false, type: 'limit' },
    ];
    expect([...ownLevels(orders, 'sell', '1')]).toEqual(['60001']);
    expect([...ownLevels(orders, 'buy', '1')]).toEqual(['59000']);
  });
});
