import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldRanks } from './model.js';

describe('FieldRanks', () => {
  it('counts the field entries above and tied with any score exactly, while fewer than keepTop are above', () => {
    // Scores on a coarse grid (many ties), and probes on the field's scores, between and outside them.
    const score = fc.integer({ min: -40, max: 400 }).map((i) => Math.fround(i / 4));
    fc.assert(fc.property(
      fc.array(score, { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 320 }), fc.array(fc.integer({ min: -50, max: 450 }), { maxLength: 40 }),
      (field, keepTop, probes) => {
        const scores = Float32Array.from(field);
        const ranks = new FieldRanks(scores.length);
        ranks.build(scores, keepTop);
        for (const x of [...field, ...probes.map((p) => Math.fround(p / 4 + 0.125))]) {
          const above = field.filter((f) => f > x).length;
          const tied = field.filter((f) => f === x).length;
          const got = ranks.rank(x);
          if (above < keepTop) {
            expect(got).toBe(above);
            expect(ranks.tied).toBe(tied);
          } else {
            expect(got).toBeGreaterThanOrEqual(keepTop);
          }
        }
      },
    ), { numRuns: 300 });
  });

  it('ranks every score when keepTop covers the whole field, below the least one included', () => {
    const scores = Float32Array.from([5, 5, 3, 9, 1]);
    const ranks = new FieldRanks(scores.length);
    ranks.build(scores, scores.length);
    expect([ranks.rank(0), ranks.rank(1), ranks.rank(5), ranks.rank(10)]).toEqual([5, 4, 1, 0]);
    ranks.rank(5);
    expect(ranks.tied).toBe(2);
    // All scores equal: one bucket.
    const flat = new FieldRanks(3);
    flat.build(Float32Array.from([2, 2, 2]), 3);
    expect([flat.rank(1), flat.rank(2), flat.rank(3)]).toEqual([3, 0, 0]);
    expect((flat.rank(2), flat.tied)).toBe(3);
  });
});
