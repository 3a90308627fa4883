import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_SEED, takeSeed, useBuildSeed } from './seed';

describe('build seed', () => {
  beforeEach(() => useBuildSeed.setState({ fixed: null, last: null }));
  it('draws a new seed in range per build and remembers it', () => {
    const seeds = Array.from({ length: 20 }, () => takeSeed());
    expect(new Set(seeds).size).toBeGreaterThan(15);
    for (const seed of seeds) expect(Number.isInteger(seed) && seed >= 1 && seed <= MAX_SEED).toBe(true);
    expect(useBuildSeed.getState().last).toBe(seeds.at(-1));
  });
  it('uses the fixed seed while set, clamped to the range', () => {
    useBuildSeed.getState().setFixed(42.7);
    expect(takeSeed()).toBe(42);
    expect(takeSeed()).toBe(42);
    useBuildSeed.getState().setFixed(1e12);
    expect(takeSeed()).toBe(MAX_SEED);
    useBuildSeed.getState().setFixed(null);
    expect(takeSeed()).not.toBe(MAX_SEED);
  });
});
