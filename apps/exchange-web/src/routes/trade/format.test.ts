import { describe, expect, it } from 'vitest';
import { placesOf, showAt } from './format';

describe('market precision', () => {
  it('reads the places of a step and shows numbers truncated to them', () => {
    expect(placesOf('0.01')).toBe(2);
    expect(placesOf('0.00001')).toBe(5);
    expect(placesOf('1')).toBe(0);
    expect(showAt('60000.129', 2)).toBe('60,000.12');
    expect(showAt('0.06', 5)).toBe('0.06000');
  });
});
