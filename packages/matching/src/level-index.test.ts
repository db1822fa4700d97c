import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LevelIndex } from './level-index';
import { IdIndex } from './number-table';

type Op = { add: boolean; key: number };

/** Keys from a range wide enough to need many chunks, with adds and removes interleaved. */
const ops = fc.array(
  fc.record({ add: fc.integer({ min: 0, max: 9 }).map((n) => n < 6), key: fc.integer({ min: -3000, max: 3000 }) }),
  { minLength: 1, maxLength: 3000, size: 'max' },
);

describe('LevelIndex', () => {
  it('matches a sorted array under random inserts and removes', () => {
    fc.assert(
      fc.property(ops, (list: Op[]) => {
        const index = new LevelIndex();
        const model = new Map<number, number>();
        let nextLevel = 1;
        for (const { add, key } of list) {
          const found = index.find(key);
          expect(found).toBe(model.get(key) ?? 0);
          if (add && found === 0) {
            index.insertFound(key, nextLevel);
            model.set(key, nextLevel++);
          } else if (!add && found !== 0) {
            index.remove(key);
            model.delete(key);
          }
        }
        const sorted = [...model.keys()].sort((a, b) => a - b);
        expect(index.allKeys()).toEqual(sorted);
        const walked: number[] = [];
        for (let c = index.first(); c !== -1; c = index.next(c)) walked.push(index.levelAt(c));
        expect(walked).toEqual(sorted.map((k) => model.get(k)));
        expect(index.best()).toBe(sorted.length === 0 ? 0 : model.get(sorted[0] as number));
      }),
      { numRuns: 60 },
    );
  });
});

describe('IdIndex', () => {
  it('matches a Map for numeric and string ids through growth and deletes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.boolean(), id: fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.constantFrom('a', 'b', 'c', NaN, 2 ** 40, 0.5)) }), {
          maxLength: 4000,
          size: 'max',
        }),
        (list) => {
          const index = new IdIndex();
          const model = new Map<number | string, number>();
          let slot = 1;
          for (const { add, id } of list) {
            expect(index.get(id)).toBe(model.get(id) ?? 0);
            if (add && !model.has(id)) {
              index.insert(id, slot);
              model.set(id, slot++);
            } else if (!add && model.has(id)) {
              index.delete(id);
              model.delete(id);
            }
          }
          expect(index.size).toBe(model.size);
          for (const [id, s] of model) expect(index.get(id)).toBe(s);
        },
      ),
      { numRuns: 40 },
    );
  });
});
