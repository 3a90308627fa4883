// Behaviour of buildLineups: valid lineups on every roster, lineup 1 against exhaustive search,
// the points inputs, determinism, cancellation and the errors. The rules across a 150-lineup
// build are in build-rules.test.ts.
import { getRoster, lineupRuleViolations, resolveSettings, ROSTERS, rosterKey, type BuildSettings, type RosterSpec } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { bruteCandidates, bruteForceBest, type BruteLineup } from '../test-support/brute-force.js';
import {
  collect, collectFailure, defenceFacesQB, lineupIds, lineupProblems, lineupRows, maxShared, NO_RANDOM, openBrackets,
  ownershipProblems, playerKey, specOwnership, specPoints,
} from '../test-support/lineup-checks.js';
import { mulberry32, randInt } from '../test-support/prng.js';
import { benchSlate, randomPool } from '../test-support/random-pool.js';
import { mlbProblems, NO_STACKS } from '../test-support/stack-checks.js';
import { buildLineups } from './build.js';
import { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
import { BuildError, InputError, type BuildRequest, type Lineup, type MipSolver, type PoolPlayer } from './types.js';

// These tests check the core rules: the nfl stack rules (on by default) are switched off here
// and checked in stacks.test.ts.
const request = (roster: RosterSpec, players: PoolPlayer[], settings: Partial<BuildSettings>, seed = 1): BuildRequest => ({
  sport: roster.sport, site: roster.site, contestType: roster.contestType, players, settings: { ...NO_STACKS, ...settings }, seed,
});

const NFL = getRoster('nfl', 'dk', 'classic');
const DK_SHOWDOWN = getRoster('nfl', 'dk', 'showdown');

describe('every roster of the domain table builds valid lineups', () => {
  for (const roster of ROSTERS) {
    const key = rosterKey(roster);
    const size = roster.slots.length;

    it(`${key}: default settings`, async () => {
      const players = randomPool(roster, size * 3, 11);
      const settings = resolveSettings(roster.sport, roster.site, roster.contestType, { numLUs: 6 });
      const { batches, lineups } = await collect(request(roster, players, { numLUs: 6 }, 3), { batchSize: 4 });
      expect(batches.map((b) => [b.lineups.length, b.count, b.total])).toEqual([[4, 4, 6], [2, 6, 6]]);
      for (const [i, lineup] of lineups.entries()) {
        expect(lineupProblems(roster, lineup, { minSal: settings.minSal, maxSal: settings.maxSal, pool: players }), `lineup ${i + 1}`).toEqual([]);
        expect(lineup.saved).toBe(false);
        // The defaults forbid a DST facing the lineup's QB wherever both exist.
        expect(defenceFacesQB(lineupRows(lineup)), `lineup ${i + 1}`).toBe(false);
      }
      // minUnique 1 by default: no lineup twice.
      expect(maxShared(lineups)).toBeLessThanOrEqual(size - 1);
      const captain = roster.slots.findIndex((s) => s.captain);
      if (captain >= 0) {
        for (const lineup of lineups) {
          const cpt = lineup.slots[captain]!;
          expect(cpt.points).toBeCloseTo(cpt.player.ProjPts * 1.5, 9);
          expect(cpt.salary).toBe(cpt.player.Salary * roster.slots[captain]!.salaryMultiplier);
        }
      }
    });

    it(`${key}: a salary window without randomness`, async () => {
      const players = randomPool(roster, size * 3, 12);
      const step = roster.salaryCap >= 10000 ? 100 : 1;
      const minSal = Math.round((roster.salaryCap * 0.85) / step) * step;
      const maxSal = Math.round((roster.salaryCap * 0.95) / step) * step;
      // Open brackets: the nba defaults cap each bracket at 8 players, which binds on fd's 9 (see below).
      const { lineups } = await collect(request(roster, players, { ...NO_RANDOM, ...openBrackets(size), numLUs: 4, minSal, maxSal, minUnique: 2 }));
      expect(lineups).toHaveLength(4);
      for (const [i, lineup] of lineups.entries()) {
        expect(lineupProblems(roster, lineup, { minSal, maxSal, pool: players }), `lineup ${i + 1}`).toEqual([]);
        expect(lineup.solvedPoints).toBeCloseTo(lineup.points, 9);
      }
      expect(maxShared(lineups)).toBeLessThanOrEqual(size - 2);
      // Without randomness the lineups come best first.
      for (let i = 1; i < lineups.length; i++) expect(lineups[i]!.points).toBeLessThanOrEqual(lineups[i - 1]!.points + 1e-9);
    });
  }

  // The spec's nba "maxUnderOwn 8" is dk's roster size; on fd's 9 the default follows the roster.
  it('nba/fd/classic: the default ownership brackets do not bind on a pool of low-owned players', async () => {
    const roster = getRoster('nba', 'fd', 'classic');
    const players = randomPool(roster, 27, 11).map((p) => ({ ...p, ProjOwn: Math.min(p.ProjOwn ?? 0, 20) }));
    const { lineups } = await collect(request(roster, players, { numLUs: 1 }));
    expect(lineups).toHaveLength(1);
  });

  it('showdown rows labelled CPT/FLEX are taken as they are', async () => {
    const base = randomPool(DK_SHOWDOWN, 14, 5);
    const players = labelled(base);
    const { lineups } = await collect(request(DK_SHOWDOWN, players, { numLUs: 5 }));
    expect(lineups).toHaveLength(5);
    for (const lineup of lineups) {
      expect(lineupProblems(DK_SHOWDOWN, lineup, { minSal: 0, maxSal: DK_SHOWDOWN.salaryCap, pool: players })).toEqual([]);
      expect(lineup.slots[0]!.player.RosterPosition).toBe('CPT');
      // The CPT row already carries ×1.5: no second multiplier on points or salary.
      expect(lineup.slots[0]!.points).toBeCloseTo(lineup.slots[0]!.player.ProjPts, 9);
      expect(lineup.slots[0]!.salary).toBe(lineup.slots[0]!.player.Salary);
    }
  });
});

/** Showdown rows as sites export them: a CPT row (points, ceiling, user projection and salary ×1.5 where the site says) and a FLEX row per player. */
function labelled(players: PoolPlayer[]): PoolPlayer[] {
  const roster = DK_SHOWDOWN;
  return players.flatMap((p) => [
    {
      ...p, Id: `${p.Id}-cpt`, RosterPosition: 'CPT', ProjPts: p.ProjPts * 1.5, Salary: p.Salary * roster.slots[0]!.salaryMultiplier,
      ...(p.Ceiling !== undefined ? { Ceiling: p.Ceiling * 1.5 } : {}),
      ...(typeof p.UserProj === 'number' ? { UserProj: p.UserProj * 1.5 } : {}),
    },
    { ...p, Id: `${p.Id}-flex`, RosterPosition: 'FLEX' },
  ]);
}

/**
 * The brute-force rules of a build's settings beyond roster and salary: ownership (total and
 * brackets), DST vs QB when forbidden, and at most size − minUnique players shared with each
 * earlier lineup.
 */
function bruteRules(roster: RosterSpec, players: PoolPlayer[], settings: BuildSettings, earlier: Lineup[] = []) {
  const byId = new Map(players.map((p) => [p.Id, p]));
  const maxShared = roster.slots.length - settings.minUnique;
  return (l: BruteLineup) => {
    const rows = l.slots.map((s) => byId.get(s.candidate.id)!);
    if (ownershipProblems(rows, settings).length > 0) return false;
    if (settings.allowDefenseVsQB === false && defenceFacesQB(rows)) return false;
    // mlb classic: a pitcher never faces the lineup's hitters; dk 5 and fd 4 hitters of a team at most.
    if (roster.sport === 'mlb' && roster.contestType === 'classic' && mlbProblems(rows, roster.site === 'dk' ? 5 : 4).length > 0) return false;
    // The site's team and game rules (the domain's checker, apart from the optimizer's rows).
    if (lineupRuleViolations(roster, rows).length > 0) return false;
    const keys = new Set(rows.map(playerKey));
    return earlier.every((e) => e.slots.filter((s) => keys.has(playerKey(s.player))).length <= maxShared);
  };
}

describe('lineup 1 without randomness equals exhaustive search', () => {
  const POOLS = 50;
  for (const roster of ROSTERS) {
    const key = rosterKey(roster);
    const showdown = roster.contestType === 'showdown';
    const size = roster.slots.length;
    const hasDefence = roster.positions.includes('DST') && roster.positions.includes('QB');

    it(`${key}: ${POOLS} small random pools`, async () => {
      let compared = 0;
      let infeasible = 0;
      for (let seed = 1; seed <= POOLS; seed++) {
        const rng = mulberry32(7000 + seed);
        // mlb pools are larger: a pitcher never faces the lineup's hitters, which rules out many small pools.
        let players = randomPool(roster, size + (showdown ? 5 : roster.sport === 'mlb' ? 7 : 4), 1000 + seed);
        const cap = roster.salaryCap;
        const variant = seed % 5;
        // Open brackets unless the variant sets them (the nba default binds on fd, see above).
        const given: Partial<BuildSettings> = { ...NO_RANDOM, ...openBrackets(size), numLUs: 1, minSal: 0, maxSal: cap };
        if (variant === 1) given.maxSal = Math.round(cap * 0.8);
        if (variant === 2) given.minSal = Math.round(cap * 0.8);
        if (variant === 3) {
          // The user's inputs: projections, ceiling blend and boosts.
          given.ceilingPct = 0.4;
          players = players.map((p) => {
            const q = { ...p };
            if (rng() < 0.4) q.Boost = randInt(rng, -5, 5);
            if (rng() < 0.25) q.UserProj = Math.round(p.ProjPts * (0.5 + rng()) * 100) / 100;
            else if (rng() < 0.2) q.UserProj = null;
            return q;
          });
        }
        if (variant === 4) {
          // Ownership: a total cap 10 % under the best lineup's ownership, and two brackets.
          players = players.map((p) => (rng() < 0.2 ? { ...p, UserOwn: Math.round(rng() * 3000) / 100 } : p));
          const free = bruteForceBest(bruteCandidates(roster, players), roster, { minSal: 0, maxSal: cap })!;
          const own = free.slots.reduce((sum, s) => sum + specOwnership(players.find((p) => p.Id === s.candidate.id)!), 0);
          Object.assign(given, { maxTotalOwn: Math.round(own * 0.9 * 100) / 100, minUnderOwn_3: 1, maxUnderOwn_5: size - 1 });
        }
        if (hasDefence) given.allowDefenseVsQB = seed % 2 === 0;
        if (showdown && seed % 3 === 0) players = labelled(players);
        const settings = resolveSettings(roster.sport, roster.site, roster.contestType, given);
        const ceilingPct = settings.ceilingPct;

        const best = bruteForceBest(bruteCandidates(roster, players, (p) => specPoints(p, ceilingPct)), roster, {
          minSal: settings.minSal, maxSal: settings.maxSal, extraCheck: bruteRules(roster, players, settings),
        });
        const where = `seed ${seed}, variant ${variant}, allowDefenseVsQB ${settings.allowDefenseVsQB}`;
        if (!best) {
          infeasible++;
          const { error, lineups } = await collectFailure(request(roster, players, given));
          // A pool of too few teams or games for the site's rule is refused before any solve.
          expect(error instanceof BuildError || (error instanceof InputError && /at least \d+ (teams|games)/.test(error.message)), `${where}: ${String(error)}`).toBe(true);
          expect(lineups, where).toEqual([]);
          continue;
        }
        const { lineups } = await collect(request(roster, players, given));
        expect(lineups, where).toHaveLength(1);
        const lineup = lineups[0]!;
        expect(lineupProblems(roster, lineup, { minSal: settings.minSal, maxSal: settings.maxSal, ceilingPct, pool: players }), where).toEqual([]);
        expect(ownershipProblems(lineupRows(lineup), settings), where).toEqual([]);
        if (!settings.allowDefenseVsQB) expect(defenceFacesQB(lineupRows(lineup)), where).toBe(false);
        expect(lineup.points, where).toBeCloseTo(best.points, 6);
        expect(lineup.solvedPoints, where).toBeCloseTo(best.points, 6);
        compared++;
      }
      // The comparison must not be vacuous: most pools have a lineup.
      expect(compared + infeasible).toBe(POOLS);
      expect(compared).toBeGreaterThanOrEqual(roster.sport === 'mlb' ? 20 : 35);
    });
  }
});

describe('every lineup of a build without randomness is exact given the lineups before it', () => {
  // Each lineup is checked by exhaustive search under the rules and the lineups before it.
  const solvers: [string, MipSolver | undefined, string[]][] = [
    ['default solver', undefined, ['nfl/dk/classic', 'nfl/dk/showdown', 'nfl/fd/showdown', 'nba/dk/classic', 'mlb/fd/classic', 'pga/dk/classic']],
  ];
  for (const [solverName, solver, keys] of solvers) {
    for (const roster of ROSTERS.filter((r) => keys.includes(rosterKey(r)))) {
      const size = roster.slots.length;
      it(`${rosterKey(roster)}, ${solverName}`, async () => {
        for (let seed = 1; seed <= 6; seed++) {
          // nba's flex slots make exhaustive search slow: a smaller pool there.
          const players = randomPool(roster, size + (roster.sport === 'nba' ? 5 : 7), 500 + seed);
          const given: Partial<BuildSettings> = {
            ...NO_RANDOM, ...openBrackets(size), numLUs: 6, minUnique: 1 + (seed % 2), minSal: 0,
            maxSal: seed % 3 === 0 ? Math.round(roster.salaryCap * 0.9) : roster.salaryCap,
          };
          const settings = resolveSettings(roster.sport, roster.site, roster.contestType, given);
          const lineups: Lineup[] = [];
          let error: unknown;
          try {
            for await (const batch of buildLineups(request(roster, players, given), solver ? { solver } : {})) lineups.push(...batch.lineups);
          } catch (e) {
            error = e;
          }
          const candidates = bruteCandidates(roster, players);
          for (let k = 0; k <= lineups.length && k < 6; k++) {
            const where = `seed ${seed}, lineup ${k + 1}`;
            const best = bruteForceBest(candidates, roster, {
              minSal: settings.minSal, maxSal: settings.maxSal, extraCheck: bruteRules(roster, players, settings, lineups.slice(0, k)),
            });
            if (k === lineups.length) {
              // The build stopped here: no lineup may have been possible.
              expect(error instanceof BuildError || (error instanceof InputError && /at least \d+ (teams|games)/.test(error.message)), `${where}: ${String(error)}`).toBe(true);
              expect(best, where).toBeNull();
              break;
            }
            expect(best, where).not.toBeNull();
            expect(lineupProblems(roster, lineups[k]!, { minSal: settings.minSal, maxSal: settings.maxSal, pool: players }), where).toEqual([]);
            expect(lineups[k]!.points, where).toBeCloseTo(best!.points, 6);
          }
        }
      });
    }
  }
});

describe('projections, ceiling and boost', () => {
  const slate = benchSlate('nfl-dk-classic');
  const build = (players: PoolPlayer[], settings: Partial<BuildSettings> = {}) =>
    collect(request(NFL, players, { ...NO_RANDOM, numLUs: 1, ...settings }));

  it('UserProj replaces ProjPts and moves a player into lineup 1', async () => {
    const [base] = (await build(slate)).lineups;
    const inBase = new Set(lineupIds(base!));
    const cheapWr = slate.filter((p) => p.Position === 'WR' && !inBase.has(p.Id)).sort((a, b) => a.Salary - b.Salary)[0]!;
    const players = slate.map((p) => (p.Id === cheapWr.Id ? { ...p, UserProj: 60 } : { ...p, UserProj: null }));
    const [lineup] = (await build(players)).lineups;
    const slot = lineup!.slots.find((s) => s.player.Id === cheapWr.Id);
    expect(slot?.points).toBe(60);
    expect(lineupProblems(NFL, lineup!, { minSal: 0, maxSal: NFL.salaryCap, pool: players })).toEqual([]);
    // 60 points for the minimum salary beats the old lineup by more than his old projection.
    expect(lineup!.points).toBeGreaterThan(base!.points + 60 - cheapWr.ProjPts - 20);
  });

  it('Boost scales points by 5 % a step and the optimum follows it', async () => {
    const [base] = (await build(slate)).lineups;
    const inBase = new Set(lineupIds(base!));
    const players = slate.map((p, i) => ({ ...p, Boost: inBase.has(p.Id) ? -5 : (i % 11) - 5 }));
    const [lineup] = (await build(players)).lineups;
    expect(lineupProblems(NFL, lineup!, { minSal: 0, maxSal: NFL.salaryCap, pool: players })).toEqual([]);
    for (const s of lineup!.slots) expect(s.points).toBeCloseTo(s.player.ProjPts * (1 + 0.05 * s.player.Boost!), 9);
    // The old lineup is still possible: lineup 1 is worth at least its boosted value, and
    // at −25 % on every player it is no longer the best.
    const oldValue = base!.slots.reduce((sum, s) => sum + s.player.ProjPts * 0.75, 0);
    expect(lineup!.points).toBeGreaterThan(oldValue + 1e-6);
    expect(lineupIds(lineup!)).not.toEqual(lineupIds(base!));
  });

  it('ceilingPct blends Ceiling into the points', async () => {
    const [base] = (await build(slate)).lineups;
    for (const c of [0.5, 1]) {
      const [lineup] = (await build(slate, { ceilingPct: c })).lineups;
      expect(lineupProblems(NFL, lineup!, { minSal: 0, maxSal: NFL.salaryCap, ceilingPct: c, pool: slate })).toEqual([]);
      for (const s of lineup!.slots) expect(s.points).toBeCloseTo((1 - c) * s.player.ProjPts + c * s.player.Ceiling!, 9);
      const oldValue = base!.slots.reduce((sum, s) => sum + specPoints(s.player, c), 0);
      expect(lineup!.points).toBeGreaterThanOrEqual(oldValue - 1e-6);
    }
    const [ceilingOnly] = (await build(slate, { ceilingPct: 1 })).lineups;
    expect(lineupIds(ceilingOnly!)).not.toEqual(lineupIds(base!));
  });
});

describe('the seed', () => {
  const slate = benchSlate('nfl-dk-classic');
  const ids = async (seed: number, settings: Partial<BuildSettings> = {}) =>
    (await collect(request(NFL, slate, { numLUs: 8, ...settings }, seed))).lineups.map(lineupIds);

  it('the same seed gives the same lineups; another seed with randomness gives others', async () => {
    const first = await ids(7);
    expect(await ids(7)).toEqual(first);
    const other = await ids(8);
    expect(other).not.toEqual(first);
    // Not just a different order: the two builds hold different lineups.
    const key = (l: string[]) => [...l].sort().join();
    expect(other.map(key).filter((k) => !first.map(key).includes(k)).length).toBeGreaterThan(0);
  });

  it('without randomness the seed does not matter', async () => {
    expect(await ids(8, NO_RANDOM)).toEqual(await ids(7, NO_RANDOM));
  });
});

describe('cancelling', () => {
  const slate = benchSlate('nfl-dk-classic');
  /** The default solver, counting its calls. */
  const counting = () => {
    const inner = createBranchAndBoundSolver();
    const solver: MipSolver & { calls: number } = { name: 'counting', calls: 0, solve: (m, o) => { solver.calls++; return inner.solve(m, o); } };
    return solver;
  };

  it('aborting after the first batch ends the build without an error', async () => {
    const controller = new AbortController();
    const solver = counting();
    const batches = [];
    let callsAtAbort = -1;
    for await (const batch of buildLineups(request(NFL, slate, { numLUs: 20 }), { signal: controller.signal, batchSize: 3, solver })) {
      batches.push(batch);
      if (batches.length === 1) {
        controller.abort();
        callsAtAbort = solver.calls;
      }
    }
    expect(batches).toHaveLength(1);
    expect(batches[0]!.lineups).toHaveLength(3);
    expect(batches[0]!.total).toBe(20);
    expect(solver.calls).toBe(callsAtAbort);
  });

  it('a build aborted before it starts yields nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const solver = counting();
    const { batches } = await collect(request(NFL, slate, { numLUs: 20 }), { signal: controller.signal, solver });
    expect(batches).toEqual([]);
    expect(solver.calls).toBe(0);
  });

  it('an abort during a solve stops the build within that solve', async () => {
    const controller = new AbortController();
    const inner = createBranchAndBoundSolver();
    let calls = 0;
    // Aborts as the fourth lineup's search starts: that search may finish or give up, and no
    // search starts after it.
    const solver: MipSolver = {
      name: 'aborting',
      solve: (model, options) => {
        if (++calls === 4) controller.abort();
        return inner.solve(model, options);
      },
    };
    const { lineups } = await collect(request(NFL, slate, { numLUs: 20 }), { signal: controller.signal, batchSize: 1, solver });
    expect(calls).toBe(4);
    expect(lineups.length).toBeGreaterThanOrEqual(3);
    expect(lineups.length).toBeLessThanOrEqual(4);
  });

  it('a search that reports aborted ends the build quietly, keeping the lineups before it', async () => {
    const controller = new AbortController();
    const inner = createBranchAndBoundSolver();
    let calls = 0;
    const solver: MipSolver = {
      name: 'gives up',
      solve: (model, options) => {
        if (++calls < 3) return inner.solve(model, options);
        controller.abort();
        return { status: 'aborted', columns: [], objective: 0 };
      },
    };
    const { lineups } = await collect(request(NFL, slate, { numLUs: 20 }), { signal: controller.signal, batchSize: 1, solver });
    expect(lineups).toHaveLength(2);
    expect(calls).toBe(3);
  });
});

describe('errors', () => {
  const expectInputError = async (req: BuildRequest, message: RegExp) => {
    const { error, lineups } = await collectFailure(req);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
    expect(lineups).toEqual([]);
  };
  const slate = benchSlate('nfl-dk-classic');

  it('bad settings are InputErrors', async () => {
    await expectInputError(request(NFL, slate, { numLUs: 0 }), /numLUs/);
    await expectInputError(request(NFL, slate, { numLUs: 3, minUnique: NFL.slots.length + 1 }), /minUnique/);
    await expectInputError(request(NFL, slate, { numLUs: 3, minSal: 48000, maxSal: 47000 }), /minSal/);
    await expectInputError(request(NFL, slate, { numLUs: 3, minSal: 50100 }), /minSal/);
  });

  it('bad rows and an unknown roster are InputErrors', async () => {
    const bad = slate.slice(0, 40);
    await expectInputError(request(NFL, [...bad, { ...bad[0]!, Name: 'Copy' }], { numLUs: 1 }), /share the Id/);
    await expectInputError(request(NFL, [...bad, { ...bad[0]!, Id: 'x', Position: 'K' }], { numLUs: 1 }), /position "K"/);
    await expectInputError(request(NFL, [], { numLUs: 1 }), /empty/);
    await expectInputError({ sport: 'nfl', site: 'dk', contestType: 'tiebreak' as 'classic', players: slate }, /roster/);
  });

  it('a minSal the pool cannot reach names the Salary rule', async () => {
    const players = randomPool(NFL, 14, 3);
    // The most a lineup of this pool can cost, by exhaustive search on salary.
    const dearest = bruteForceBest(bruteCandidates(NFL, players, (p) => p.Salary), NFL, { minSal: 0, maxSal: NFL.salaryCap })!;
    expect(dearest.salary).toBeLessThan(NFL.salaryCap - 100);
    const ok = await collect(request(NFL, players, { ...NO_RANDOM, numLUs: 1, minSal: dearest.salary, allowDefenseVsQB: true }));
    expect(ok.lineups[0]!.salary).toBe(dearest.salary);
    const { error } = await collectFailure(request(NFL, players, { numLUs: 1, minSal: dearest.salary + 100, allowDefenseVsQB: true }));
    expect(error).toBeInstanceOf(BuildError);
    const { message, rules } = error as BuildError;
    expect(message).toMatch(/Salary/);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatch(/^Salary/);
  });

  it('two locked QBs in dk nfl classic name the locks', async () => {
    const qbs = slate.filter((p) => p.Position === 'QB').slice(0, 2);
    const players = slate.map((p) => (qbs.includes(p) ? { ...p, MinExp: 100, MaxExp: 100 } : p));
    const { error, lineups } = await collectFailure(request(NFL, players, { numLUs: 3 }));
    expect(error).toBeInstanceOf(BuildError);
    const { message, rules, lineupIndex } = error as BuildError;
    expect(lineups).toEqual([]);
    expect(lineupIndex).toBe(0);
    expect(message).toMatch(/Locked/);
    for (const qb of qbs) expect(message).toContain(qb.Name);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatch(/^Locked/);
  });

  it('a pool that cannot fill the roster names the roster', async () => {
    const players = slate.filter((p) => p.Position !== 'DST');
    const { error } = await collectFailure(request(NFL, players, { numLUs: 1 }));
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).message).toMatch(/roster/);
  });

  it('minUnique too high for a tiny pool names Min unique, after the lineups that fit', async () => {
    const roster = getRoster('pga', 'dk', 'classic');
    const players = randomPool(roster, 8, 4);
    // Lineup 2 would need 3 new golfers; only 2 are left out of lineup 1.
    const { error, lineups } = await collectFailure(request(roster, players, { numLUs: 3, minUnique: 3 }));
    expect(lineups).toHaveLength(1);
    expect(error).toBeInstanceOf(BuildError);
    const { message, rules, lineupIndex } = error as BuildError;
    expect(lineupIndex).toBe(1);
    expect(message).toMatch(/Lineup 2 of 3/);
    expect(message).toMatch(/Min unique/);
    expect(rules.some((r) => /Min unique/.test(r))).toBe(true);
    // minUnique 2 fits: the same pool gives three lineups.
    expect((await collect(request(roster, players, { numLUs: 3, minUnique: 2 }))).lineups).toHaveLength(3);
  });
});
