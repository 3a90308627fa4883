import { describe, expect, it } from 'vitest';
import { finishBucket } from './post-build.js';

describe('finishBucket', () => {
  it('sorts a GPP entry by place: 1st–5th, 6th–50th, the other cashed places, lost', () => {
    const cashLine = 33_000; // 22 % of 150 000 entries
    expect([1, 5].map((rank) => finishBucket(rank, cashLine))).toEqual(['Finish1to5', 'Finish1to5']);
    expect([6, 50].map((rank) => finishBucket(rank, cashLine))).toEqual(['Finish6to50', 'Finish6to50']);
    expect([51, cashLine].map((rank) => finishBucket(rank, cashLine))).toEqual(['Cashed', 'Cashed']);
    expect(finishBucket(cashLine + 1, cashLine)).toBe('Lost');
  });

  it('counts a place in the top 50 that did not cash (a small contest) as lost, a top-5 place as top 5', () => {
    expect(finishBucket(30, 20)).toBe('Lost');
    expect(finishBucket(10, 20)).toBe('Finish6to50');
    expect(finishBucket(4, 3)).toBe('Finish1to5');
  });
});
