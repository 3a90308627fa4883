// Selection is never worse than the plain build: on any slate and contest, the entries chosen
// from a pool are rated by the product's own simulation (fresh simulations, the same field) at
// least as high as the plain build's N, and for one entry at least as high as the optimum.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getRoster } from '@stacksmith/domain';
import { contestFromTemplate, simulate, type ContestTemplate } from '@stacksmith/sim';
import { randomPool } from '../test-support/random-pool.js';
import { buildLineups } from './build.js';
import { plainBuilds, poolWithPlain, selectEntries } from './select-entries.js';
import { selectionLimits } from './selection-limits.js';
import { builtLineupOptions, simulationSlate } from './simulate.js';
import type { BuildRequest, Lineup } from './types.js';

const ROSTERS = [['nfl', 'dk', 'classic'], ['nba', 'dk', 'classic'], ['nfl', 'dk', 'showdown'], ['mlb', 'fd', 'classic'], ['pga', 'dk', 'classic']] as const;
const CONTESTS: ContestTemplate[] = ['gpp', 'fifty-fifty', 'double-up', 'single-entry'];

async function build(request: BuildRequest): Promise<Lineup[]> {
  const out: Lineup[] = [];
  for await (const batch of buildLineups(request)) out.push(...batch.lineups);
  return out;
}

describe('selection against the plain build', () => {
  it('never returns entries the simulation rates below the plain build (any slate, any contest)', { timeout: 600_000 }, async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...ROSTERS), fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(...CONTESTS), fc.integer({ min: 1, max: 4 }),
      async ([sport, site, contestType], seed, template, wanted) => {
        const roster = getRoster(sport, site, contestType);
        const players = randomPool(roster, contestType === 'showdown' ? 16 : 60, seed);
        const request: BuildRequest = { sport, site, contestType, players, seed, settings: { numLUs: 24, projPtsRandInput: 'high' } };
        const contest = contestFromTemplate(template, { fieldSize: 300, entryFee: 10 });
        const count = Math.min(wanted, contest.maxEntriesPerUser);
        const sim = simulationSlate(request);
        const pool = (await build(request)).map((l) => builtLineupOptions(sim, l));
        const plain = (await plainBuilds(request, count, undefined)).map((l) => builtLineupOptions(sim, l));
        const merged = poolWithPlain(pool, plain);
        const result = await selectEntries({
          sim, contest, pool: merged.lineups, plain: merged.plain, count, limits: selectionLimits(sim, request, merged.lineups, count), simulations: 300, seed,
        });
        expect(result.chosen).toHaveLength(count);
        // Rated again, apart from the selection's own numbers: the same fresh simulations and fields
        // (a run's fields depend on the slate, the entries' count and the seed, not on the lineups judged).
        const rate = async (entries: number[]) => (await simulate({
          slate: sim.slate, contest, lineups: entries.map((i) => merged.lineups[i]!), portfolio: entries.map((_, i) => i), simulations: 300, seed: seed + 1,
        }, { threads: 0 })).portfolio!.meanProfit;
        const chosen = await rate(result.chosen);
        expect(chosen).toBeCloseTo(result.portfolio.meanProfit, 6);
        expect(chosen).toBeGreaterThanOrEqual(await rate(merged.plain.slice(0, count)) - 1e-9);
        if (count === 1) expect(chosen).toBeGreaterThanOrEqual(await rate([merged.plain[merged.plain.length - 1]!]) - 1e-9);
      },
    ), { numRuns: 8, seed: 30 });
  });
});
