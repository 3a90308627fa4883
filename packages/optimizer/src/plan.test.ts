import { describe, expect, it } from 'vitest';
import { largestRemainder, planByFrequency, planShare, spreadEvenly } from './plan.js';

const count = (seq: number[], option: number) => seq.filter((o) => o === option).length;

describe('largestRemainder', () => {
  it('gives floor(f·N) and hands the rest to the largest remainders, summing to N', () => {
    // 150 × (0.05, 0.25, 0.3, 0.2, 0.2) = 7.5, 37.5, 45, 30, 30: the two halves go by frequency.
    expect(largestRemainder([0.05, 0.25, 0.3, 0.2, 0.2], 150)).toEqual([7, 38, 45, 30, 30]);
    expect(largestRemainder([1 / 3, 1 / 3, 1 / 3], 10)).toEqual([4, 3, 3]);
    expect(largestRemainder([0.5, 0.5], 3)).toEqual([2, 1]);
    for (const n of [1, 7, 20, 149, 150]) {
      const counts = largestRemainder([0.13, 0.27, 0.6], n);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
      counts.forEach((c, i) => expect(Math.abs(c - [0.13, 0.27, 0.6][i]! * n)).toBeLessThan(1));
    }
  });

  it('normalises frequencies that do not sum to 1 and ignores bad ones', () => {
    expect(largestRemainder([2, 2], 4)).toEqual([2, 2]);
    expect(largestRemainder([0, 0], 5)).toEqual([0, 0]);
    expect(largestRemainder([NaN, -1, 1], 3)).toEqual([0, 0, 3]);
  });
});

describe('spreadEvenly', () => {
  it('keeps every prefix within one lineup of each option share', () => {
    const counts = [7, 38, 45, 30, 30];
    const seq = spreadEvenly(counts);
    expect(seq).toHaveLength(150);
    counts.forEach((c, i) => expect(count(seq, i)).toBe(c));
    for (let k = 1; k <= 150; k++) {
      const prefix = seq.slice(0, k);
      counts.forEach((c, i) => expect(Math.abs(count(prefix, i) - (c * k) / 150), `prefix ${k}, option ${i}`).toBeLessThanOrEqual(1));
    }
  });

  it('does not front-load a rare option', () => {
    const seq = planShare(0.1, 100);
    const at = seq.map((on, k) => (on ? k : -1)).filter((k) => k >= 0);
    expect(at).toHaveLength(10);
    // One in each block of ten lineups.
    at.forEach((k, i) => expect(Math.floor(k / 10)).toBe(i));
  });
});

describe('planByFrequency and planShare', () => {
  it('plans the whole build', () => {
    const seq = planByFrequency([0.25, 0.75], 8);
    expect(count(seq, 0)).toBe(2);
    expect(count(seq, 1)).toBe(6);
    expect(planShare(1, 5)).toEqual([true, true, true, true, true]);
    expect(planShare(0, 3)).toEqual([false, false, false]);
    expect(planShare(0.4, 5).filter(Boolean)).toHaveLength(2);
    expect(planShare(0.3, 1)).toEqual([false]);
  });
});
