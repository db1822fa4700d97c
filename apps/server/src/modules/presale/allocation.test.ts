import { describe, expect, it } from 'vitest';
import { allocateProRata, splitStages } from './allocation';

describe('pro-rata allocation to the smallest unit', () => {
  it('worked example: 100.00 tokens for 30.00 + 50.00 + 70.00 requested gives 20.00, 33.33 and 46.67', () => {
    // In hundredths: 3000·10000/15000 = 2000 (remainder 0), 5000·10000/15000 = 3333 (remainder 5000),
    // 7000·10000/15000 = 4666 (remainder 10000); one unit is left and goes to the largest remainder.
    expect(allocateProRata([3000n, 5000n, 7000n], 10000n)).toEqual([2000n, 3333n, 4667n]);
  });

  it('gives everyone what they asked for when not oversubscribed', () => {
    expect(allocateProRata([100n, 250n], 1000n)).toEqual([100n, 250n]);
  });

  it('breaks a tie of remainders in favour of the earlier subscription and never allocates more than the amount', () => {
    expect(allocateProRata([1n, 1n, 1n], 2n)).toEqual([1n, 1n, 0n]);
    const requested = Array.from({ length: 97 }, (_, i) => BigInt(1 + ((i * 7919) % 1000)));
    const won = allocateProRata(requested, 12345n);
    expect(won.reduce((a, b) => a + b, 0n)).toBe(12345n);
    won.forEach((units, i) => expect(units <= requested[i]!).toBe(true));
  });
});

describe('unlock stages', () => {
  it('splits by percentage and lets the last stage take the rounding', () => {
    expect(splitStages(1001n, ['30', '30', '40'])).toEqual([300n, 300n, 401n]);
    expect(splitStages(10n, ['33.33', '33.33', '33.34'])).toEqual([3n, 3n, 4n]);
  });
});
