import { describe, expect, it } from 'vitest';
import { marginalAt, marginalSd, MAX_CEILING_RATIO, playerMarginal, positionSpread, Z85 } from './outcomes.js';
import { fillNormals, streamRng } from './random.js';

function draws(marginal: ReturnType<typeof playerMarginal>, n: number, seed = 1): Float64Array {
  const z = new Float64Array(n);
  fillNormals(streamRng(seed, 0), z);
  return z.map((v) => marginalAt(marginal, v));
}

const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;
const quantile = (a: Float64Array, q: number) => Float64Array.from(a).sort()[Math.floor(q * a.length)]!;

describe('player outcomes', () => {
  it('keep the mean and put the ceiling at the 85th percentile', () => {
    const m = playerMarginal('nfl', { position: 'WR', mean: 15, ceiling: 24 });
    expect(marginalAt(m, Z85)).toBeCloseTo(24, 9);
    const x = draws(m, 200_000);
    expect(mean(x)).toBeCloseTo(15, 1);
    expect(quantile(x, 0.85)).toBeGreaterThan(23.6);
    expect(quantile(x, 0.85)).toBeLessThan(24.4);
  });

  it('are right-skewed: the median is below the mean and the top tail is long', () => {
    const m = playerMarginal('nfl', { position: 'QB', mean: 20, ceiling: 28 });
    const x = draws(m, 100_000, 2);
    expect(quantile(x, 0.5)).toBeLessThan(mean(x) - 0.3);
    expect(quantile(x, 0.99) - mean(x)).toBeGreaterThan(mean(x) - quantile(x, 0.01));
  });

  it('take the position default spread without a ceiling (coefficient of variation above the floor)', () => {
    const spread = positionSpread('nba', 'PG');
    const m = playerMarginal('nba', { position: 'PG', mean: 40 });
    expect(marginalSd(m) / (40 - spread.floor)).toBeCloseTo(spread.cv, 6);
    const x = draws(m, 200_000, 3);
    const sd = Math.sqrt(x.reduce((s, v) => s + (v - 40) ** 2, 0) / x.length);
    expect(sd / 40).toBeGreaterThan(spread.cv - 0.01);
    expect(sd / 40).toBeLessThan(spread.cv + 0.01);
  });

  it('allow negative scores down to the floor (a defence), and none below it', () => {
    const m = playerMarginal('nfl', { position: 'DST', mean: 7 });
    const x = draws(m, 50_000, 4);
    expect(Math.min(...x)).toBeGreaterThan(-4);
    expect(mean(x)).toBeCloseTo(7, 1);
  });

  it('cap a ceiling no lognormal can reach at its 85th percentile and ignore one below the mean', () => {
    const far = playerMarginal('nfl', { position: 'WR', mean: 10, ceiling: 100 });
    expect(marginalAt(far, Z85)).toBeCloseTo(10 * MAX_CEILING_RATIO, 6);
    const low = playerMarginal('nfl', { position: 'WR', mean: 10, ceiling: 8 });
    expect(low).toEqual(playerMarginal('nfl', { position: 'WR', mean: 10 }));
  });

  it('give a player projected at or below the floor exactly the projection', () => {
    const m = playerMarginal('nfl', { position: 'WR', mean: 0 });
    expect(draws(m, 10).every((v) => v === 0)).toBe(true);
  });
});
