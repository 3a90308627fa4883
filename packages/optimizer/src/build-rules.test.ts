// The rules across a build: 150-lineup builds on the nfl benchmark slate and a showdown pool,
// each checked rule by rule against the settings (never against a snapshot). Every rule is
// first shown to matter: a baseline build without it breaks it.
import { canonicalPositions, getRoster, resolveSettings, type BuildSettings, type RosterSpec } from '@stacksmith/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  collect, collectFailure, defenceFacesQB, exposureCounts, lineupIds, lineupProblems, lineupRows, maxShared, NO_RANDOM,
  ownershipProblems, shared, specOwnership, specPoints,
} from '../test-support/lineup-checks.js';
import { benchSlate, randomPool } from '../test-support/random-pool.js';
import { NO_STACKS } from '../test-support/stack-checks.js';
import { InputError, type BuildRequest, type Lineup, type PoolPlayer } from './types.js';

const NFL = getRoster('nfl', 'dk', 'classic');
const SHOWDOWN = getRoster('nfl', 'dk', 'showdown');
const NBA = getRoster('nba', 'dk', 'classic');
const N = 150;

const request = (roster: RosterSpec, players: PoolPlayer[], settings: Partial<BuildSettings>, savedLineups?: string[][]): BuildRequest => ({
  sport: roster.sport, site: roster.site, contestType: roster.contestType, players, settings: { ...NO_STACKS, ...settings }, seed: 1,
  ...(savedLineups ? { savedLineups } : {}),
});

/** Every lineup valid for the roster, the resolved salary window and the pool. */
function expectValid(roster: RosterSpec, lineups: readonly Lineup[], players: PoolPlayer[], given: Partial<BuildSettings>) {
  const settings = resolveSettings(roster.sport, roster.site, roster.contestType, given);
  lineups.forEach((lineup, i) => {
    expect(lineupProblems(roster, lineup, { minSal: settings.minSal, maxSal: settings.maxSal, ceilingPct: settings.ceilingPct, pool: players }), `lineup ${i + 1}`).toEqual([]);
  });
}

/** Player Ids by how many baseline lineups hold them, most first (ties by Id). */
function byExposure(lineups: readonly Lineup[]): { id: string; count: number }[] {
  return [...exposureCounts(lineups).entries()]
    .map(([id, count]) => ({ id, count }))
    .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
}

const primary = (roster: RosterSpec, row: PoolPlayer) => canonicalPositions(roster, row.Position)[0]!;

/**
 * The position that takes the flex slot, as the flex-share rule counts it: the position whose
 * non-captain players (by primary position) outnumber its own single-position slots.
 */
function flexPosition(roster: RosterSpec, lineup: Lineup): string | null {
  for (const position of ['RB', 'WR', 'TE']) {
    const own = roster.slots.filter((s) => !s.captain && s.eligible.length === 1 && s.eligible[0] === position).length;
    const held = lineup.slots.filter((s, i) => !roster.slots[i]!.captain && primary(roster, s.player) === position).length;
    if (held > own) return position;
  }
  return null;
}

const countBy = <T>(items: readonly T[], key: (item: T) => string | null) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
};

const slate = benchSlate('nfl-dk-classic');
const showdownPool = randomPool(SHOWDOWN, 24, 5);

// Baselines: the defaults with DST vs QB allowed. Each rule below is set so that its
// baseline breaks it, which shows that the checks can fail.
let nflBase: Lineup[];
let showdownBase: Lineup[];
beforeAll(async () => {
  nflBase = (await collect(request(NFL, slate, { numLUs: N, allowDefenseVsQB: true }))).lineups;
  showdownBase = (await collect(request(SHOWDOWN, showdownPool, { numLUs: N, allowDefenseVsQB: true }))).lineups;
}, 60_000); // two 150-lineup builds: beyond the default 10 s hook timeout on a loaded 2-core machine

describe('150 lineups, nfl dk classic (benchmark slate)', () => {
  it('MaxExp caps, MinExp, locks, excludes, minUnique and DST vs QB', async () => {
    expect(nflBase).toHaveLength(N);
    const ranked = byExposure(nflBase);
    const base = new Map(ranked.map((r) => [r.id, r.count]));
    const capped = ranked.slice(0, 3).map((r) => r.id); // MaxExp 20: at most 30 lineups
    const excluded = ranked.slice(3, 5).map((r) => r.id); // MaxExp 0
    const locked = ranked[8]!.id; // MinExp = MaxExp = 100
    const unused = (position: string) => slate.find((p) => p.Position === position && !base.has(p.Id) && p.Salary >= 4000)!.Id;
    const minimums = [unused('RB'), unused('TE')]; // MinExp 30: at least 45 lineups
    const ranged = unused('WR'); // MinExp 10, MaxExp 15: 15 to 22 lineups
    const minUnique = 4;

    for (const id of capped) expect(base.get(id)).toBeGreaterThan(30);
    for (const id of excluded) expect(base.get(id)).toBeGreaterThan(0);
    expect(base.get(locked)).toBeLessThan(N);
    expect(maxShared(nflBase)).toBeGreaterThan(NFL.slots.length - minUnique);
    expect(nflBase.some((l) => defenceFacesQB(lineupRows(l)))).toBe(true);

    const players = slate.map((p) => {
      if (capped.includes(p.Id)) return { ...p, MaxExp: 20 };
      if (excluded.includes(p.Id)) return { ...p, MaxExp: 0 };
      if (p.Id === locked) return { ...p, MinExp: 100, MaxExp: 100 };
      if (minimums.includes(p.Id)) return { ...p, MinExp: 30 };
      if (p.Id === ranged) return { ...p, MinExp: 10, MaxExp: 15 };
      return p;
    });
    const settings: Partial<BuildSettings> = { numLUs: N, minUnique, OverMax_Sensitivity: 'Strict' };
    const { batches, lineups } = await collect(request(NFL, players, settings));
    expect(lineups).toHaveLength(N);
    expect(batches.at(-1)!.count).toBe(N);
    expect(batches.flatMap((b) => b.warnings)).toEqual([]);
    expectValid(NFL, lineups, players, settings);

    const counts = exposureCounts(lineups);
    for (const id of capped) expect(counts.get(id) ?? 0, id).toBeLessThanOrEqual(30);
    for (const id of excluded) expect(counts.get(id) ?? 0, id).toBe(0);
    expect(lineups.every((l) => lineupIds(l).includes(locked))).toBe(true);
    for (const id of minimums) {
      expect(counts.get(id) ?? 0, id).toBeGreaterThanOrEqual(45);
      // Minimums are reserved evenly through the build, not left to the end.
      expect(exposureCounts(lineups.slice(0, N / 2)).get(id) ?? 0, id).toBeGreaterThanOrEqual(21);
    }
    expect(counts.get(ranged) ?? 0).toBeGreaterThanOrEqual(15);
    expect(counts.get(ranged) ?? 0).toBeLessThanOrEqual(22);
    // minUnique 4: every pair differs in at least 4 of 9 players.
    for (let i = 0; i < N; i++) for (let j = 0; j < i; j++) {
      if (shared(lineups[i]!, lineups[j]!) > NFL.slots.length - minUnique) expect.fail(`lineups ${j + 1} and ${i + 1} share too many players`);
    }
    // allowDefenseVsQB is false by default.
    expect(lineups.filter((l) => defenceFacesQB(lineupRows(l)))).toEqual([]);
  });

  it('ownership (total and brackets), top-N and flex shares', async () => {
    // The user's ownership overrides the projection: two popular players count as owned
    // 1 %, two cheap ones as 30 %.
    const ranked = byExposure(nflBase);
    const lowOwned = ranked.slice(5, 7).map((r) => r.id);
    const highOwned = slate.filter((p) => p.Position === 'WR').sort((a, b) => a.Salary - b.Salary || a.Id.localeCompare(b.Id)).slice(0, 2).map((p) => p.Id);
    const players = slate.map((p) => {
      if (lowOwned.includes(p.Id)) return { ...p, UserOwn: 1 };
      if (highOwned.includes(p.Id)) return { ...p, UserOwn: 30 };
      return p;
    });
    const settings: Partial<BuildSettings> = {
      numLUs: N,
      projOwnRandInput: 'none', // the ownership the rules use is then the players' own
      minTotalOwn: 140, maxTotalOwn: 175,
      minUnderOwn_2: 1, maxUnderOwn_5: 7,
      topN_0force: 1, topN_1force: 2,
      rbFlexPct: 0.2, teFlexPct: 0.05,
    };
    const resolved = resolveSettings('nfl', 'dk', 'classic', settings);
    expect([resolved.topN_0thresh, resolved.topN_1thresh]).toEqual([4, 8]);

    // Top-N ranks the pool by projected points; no ties at the cut-offs.
    const ranking = [...players].sort((a, b) => specPoints(b) - specPoints(a));
    expect(specPoints(ranking[3]!)).toBeGreaterThan(specPoints(ranking[4]!));
    expect(specPoints(ranking[7]!)).toBeGreaterThan(specPoints(ranking[8]!));
    const top = (n: number) => new Set(ranking.slice(0, n).map((p) => p.Id));
    const topHeld = (l: Lineup, n: number) => lineupIds(l).filter((id) => top(n).has(id)).length;
    const rowsOf = (l: Lineup) => lineupIds(l).map((id) => players.find((p) => p.Id === id)!);

    // The baseline breaks each of these rules somewhere.
    const baseOwn = nflBase.map((l) => rowsOf(l).reduce((sum, p) => sum + specOwnership(p), 0));
    expect(Math.min(...baseOwn)).toBeLessThan(140);
    expect(Math.max(...baseOwn)).toBeGreaterThan(175);
    expect(nflBase.some((l) => rowsOf(l).filter((p) => specOwnership(p) < 5).length < 1)).toBe(true);
    expect(nflBase.some((l) => rowsOf(l).filter((p) => specOwnership(p) < 25).length > 7)).toBe(true);
    expect(nflBase.some((l) => topHeld(l, 4) < 1)).toBe(true);
    expect(nflBase.some((l) => topHeld(l, 8) < 2)).toBe(true);
    const baseFlex = countBy(nflBase, (l) => flexPosition(NFL, l));
    expect(baseFlex.get('RB')).toBeGreaterThan(30);
    expect(baseFlex.get('TE')).toBeGreaterThan(7);

    const { lineups } = await collect(request(NFL, players, settings));
    expect(lineups).toHaveLength(N);
    expectValid(NFL, lineups, players, settings);
    lineups.forEach((l, i) => {
      expect(ownershipProblems(lineupRows(l), resolved), `lineup ${i + 1}`).toEqual([]);
      expect(topHeld(l, 4), `lineup ${i + 1}`).toBeGreaterThanOrEqual(1);
      expect(topHeld(l, 8), `lineup ${i + 1}`).toBeGreaterThanOrEqual(2);
    });
    // The user's ownership is the one counted.
    expect(lineups.some((l) => lineupIds(l).some((id) => lowOwned.includes(id)))).toBe(true);
    // Flex shares: at most floor(share × N) lineups with an RB (30) or a TE (7) at FLEX.
    const flex = countBy(lineups, (l) => flexPosition(NFL, l));
    expect(flex.get('RB') ?? 0).toBeLessThanOrEqual(30);
    expect(flex.get('TE') ?? 0).toBeLessThanOrEqual(7);
    // The FLEX slot holds the extra player (single-position slate).
    for (const l of lineups) expect(l.slots.find((s) => s.slot === 'FLEX')!.player.Position).toBe(flexPosition(NFL, l));
  });
});

describe('150 lineups, nfl dk showdown', () => {
  it('exposures, captain shares, minUnique, ownership and DST vs QB', async () => {
    expect(showdownBase).toHaveLength(N);
    const ranked = byExposure(showdownBase);
    const base = new Map(ranked.map((r) => [r.id, r.count]));
    const capped = ranked[0]!.id; // MaxExp 40: at most 60
    const excluded = ranked[1]!.id;
    const locked = ranked[3]!.id;
    const minimum = showdownPool.find((p) => !base.has(p.Id) && p.Position !== 'DST')!.Id; // MinExp 20: at least 30
    const minUnique = 2;
    const maxTotalOwn = 90;
    const captainOf = (l: Lineup) => primary(SHOWDOWN, l.slots[0]!.player);

    expect(base.get(capped)).toBeGreaterThan(60);
    expect(base.get(locked)).toBeLessThan(N);
    expect(maxShared(showdownBase)).toBeGreaterThan(SHOWDOWN.slots.length - minUnique);
    expect(Math.max(...showdownBase.map((l) => l.ownership))).toBeGreaterThan(maxTotalOwn);
    expect(showdownBase.some((l) => defenceFacesQB(lineupRows(l)))).toBe(true);
    const baseCaptains = countBy(showdownBase, captainOf);
    expect(baseCaptains.get('QB')).toBeGreaterThan(7);
    expect(baseCaptains.get('RB')).toBeGreaterThan(30);

    const players = showdownPool.map((p) => {
      if (p.Id === capped) return { ...p, MaxExp: 40 };
      if (p.Id === excluded) return { ...p, MaxExp: 0 };
      if (p.Id === locked) return { ...p, MinExp: 100 };
      if (p.Id === minimum) return { ...p, MinExp: 20 };
      return p;
    });
    const settings: Partial<BuildSettings> = {
      numLUs: N, minUnique, OverMax_Sensitivity: 'Strict', qbCptPct: 0.05, rbCptPct: 0.2, kCptPct: 0.05,
      projOwnRandInput: 'none', maxTotalOwn,
    };
    const { batches, lineups } = await collect(request(SHOWDOWN, players, settings));
    expect(lineups).toHaveLength(N);
    expect(batches.flatMap((b) => b.warnings)).toEqual([]);
    expectValid(SHOWDOWN, lineups, players, settings);

    const counts = exposureCounts(lineups);
    expect(counts.get(capped) ?? 0).toBeLessThanOrEqual(60);
    expect(counts.get(excluded) ?? 0).toBe(0);
    expect(counts.get(locked)).toBe(N);
    expect(counts.get(minimum) ?? 0).toBeGreaterThanOrEqual(30);
    expect(maxShared(lineups)).toBeLessThanOrEqual(SHOWDOWN.slots.length - minUnique);
    for (const l of lineups) expect(l.ownership).toBeLessThanOrEqual(maxTotalOwn + 1e-9);
    expect(lineups.filter((l) => defenceFacesQB(lineupRows(l)))).toEqual([]);
    // Captain shares by the captain's (primary) position: floor(share × N) at most.
    const captains = countBy(lineups, captainOf);
    expect(captains.get('QB') ?? 0).toBeLessThanOrEqual(7);
    expect(captains.get('RB') ?? 0).toBeLessThanOrEqual(30);
    expect(captains.get('K') ?? 0).toBeLessThanOrEqual(7);
  });
});

describe('shares apply only where the roster has the slot', () => {
  it('flex shares leave showdown alone, captain shares leave classic alone', async () => {
    const noShares = { numLUs: 5, ...NO_RANDOM };
    const showdown = (await collect(request(SHOWDOWN, showdownPool, noShares))).lineups.map(lineupIds);
    const flexShares = { ...noShares, rbFlexPct: 0, wrFlexPct: 0, teFlexPct: 0 };
    expect((await collect(request(SHOWDOWN, showdownPool, flexShares))).lineups.map(lineupIds)).toEqual(showdown);
    expect(showdown.flat().some((id) => /^(RB|WR|TE)/.test(showdownPool.find((p) => p.Id === id)!.Position))).toBe(true);

    const classic = (await collect(request(NFL, slate, noShares))).lineups.map(lineupIds);
    const captainShares = { ...noShares, qbCptPct: 0, rbCptPct: 0, wrCptPct: 0, teCptPct: 0, dstCptPct: 0, kCptPct: 0 };
    expect((await collect(request(NFL, slate, captainShares))).lineups.map(lineupIds)).toEqual(classic);
  });
});

describe('includeSaved', () => {
  it('saved lineups come first and count toward exposures and uniqueness', async () => {
    const saved = nflBase.slice(0, 5).map(lineupIds);
    const inSaved = countBy(saved.flat(), (id) => id);
    const [popular, times] = [...inSaved.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    expect(times).toBeGreaterThanOrEqual(2);
    const total = saved.length + 30;
    // A cap the saved lineups already use up: floor(MaxExp × 35 / 100) = times.
    const maxExp = ((times + 0.5) * 100) / total;
    const players = slate.map((p) => (p.Id === popular ? { ...p, MaxExp: maxExp } : p));
    const settings: Partial<BuildSettings> = { numLUs: 30, minUnique: 3 };

    // Without the saved lineups the popular player is used and the first lineups repeat them.
    const alone = (await collect(request(NFL, players, settings, saved))).lineups;
    expect(alone).toHaveLength(30);
    expect(exposureCounts(alone).get(popular) ?? 0).toBeGreaterThan(0);
    expect(alone.some((l) => saved.some((ids) => l.slots.filter((s) => ids.includes(s.player.Id)).length > 6))).toBe(true);

    const { batches, lineups } = await collect(request(NFL, players, { ...settings, includeSaved: true }, saved), { batchSize: 10 });
    expect(lineups).toHaveLength(total);
    expect(batches[0]!.lineups.map((l) => [...lineupIds(l)].sort())).toEqual(saved.map((ids) => [...ids].sort()));
    expect(batches[0]!.lineups.every((l) => l.saved)).toBe(true);
    expect([batches[0]!.count, batches[0]!.total]).toEqual([saved.length, total]);
    expect(batches.at(-1)!.count).toBe(total);
    const built = lineups.slice(saved.length);
    expect(built.every((l) => !l.saved)).toBe(true);
    expectValid(NFL, lineups, players, settings);
    expect(exposureCounts(built).get(popular) ?? 0).toBe(0);
    expect(exposureCounts(lineups).get(popular)).toBe(times);
    for (const l of built) for (const s of lineups.slice(0, saved.length)) expect(shared(l, s)).toBeLessThanOrEqual(6);
    expect(maxShared(built)).toBeLessThanOrEqual(6);
  });

  it('saved lineups may overlap each other; new lineups stay unique against each of them', async () => {
    const first = lineupIds(nflBase[0]!);
    const { lineups } = await collect(request(NFL, slate, { numLUs: 10, minUnique: 3, includeSaved: true }, [first, first]));
    expect(lineups).toHaveLength(12);
    for (const l of lineups.slice(2)) expect(shared(l, lineups[0]!)).toBeLessThanOrEqual(6);
    expect(maxShared(lineups.slice(2))).toBeLessThanOrEqual(6);
  });

  it('a saved lineup that does not fit the pool is an InputError', async () => {
    const { error } = await collectFailure(request(NFL, slate, { numLUs: 3, includeSaved: true }, [lineupIds(nflBase[0]!).slice(0, 8)]));
    expect(error).toBeInstanceOf(InputError);
    const { error: unknown } = await collectFailure(request(NFL, slate, { numLUs: 3, includeSaved: true }, [[...lineupIds(nflBase[0]!).slice(0, 8), 'nobody']]));
    expect(unknown).toBeInstanceOf(InputError);
  });
});

describe('nba minMinutes', () => {
  it('players projected under minMinutes (or without minutes) are out of the pool', async () => {
    const nba = benchSlate('nba-dk-classic');
    const minMinutes = 20;
    const base = (await collect(request(NBA, nba, { numLUs: 10 }))).lineups;
    expect(base.some((l) => l.slots.some((s) => (s.player.ProjMins ?? 0) < minMinutes))).toBe(true);
    // The most used baseline player with enough minutes loses his projection of minutes.
    const [star] = byExposure(base).filter((r) => nba.find((p) => p.Id === r.id)!.ProjMins! >= minMinutes);
    const players = nba.map((p) => (p.Id === star!.id ? { ...p, ProjMins: undefined } : p));
    const settings: Partial<BuildSettings> = { numLUs: 10, minMinutes };
    const { lineups } = await collect(request(NBA, players, settings));
    expect(lineups).toHaveLength(10);
    expectValid(NBA, lineups, players, settings);
    for (const l of lineups) for (const s of l.slots) expect(s.player.ProjMins ?? 0, s.player.Name).toBeGreaterThanOrEqual(minMinutes);
    expect(exposureCounts(lineups).has(star!.id)).toBe(false);
  });
});

describe('mma: one fighter per bout', () => {
  const MMA = getRoster('mma', 'dk', 'classic');
  const PGA = getRoster('pga', 'dk', 'classic');
  // Twelve bouts; in the first three both fighters are the slate's best values, so a lineup
  // free to take both sides would.
  const bouts = Array.from({ length: 12 }, (_, b) => b);
  const fighters: PoolPlayer[] = bouts.flatMap((b) => ['A', 'B'].map((side, k) => ({
    Id: `f${b}${side}`, Name: `Fighter ${b}${side}`, Position: 'F', TeamAbbrev: '', Opp: `Fighter ${b}${k === 0 ? 'B' : 'A'}`,
    Salary: 7000 + ((b * 7 + k * 3) % 10) * 300, ProjPts: b < 3 ? 110 - b : 60 + ((b * 5 + k * 11) % 30), ProjOwn: 10,
  })));

  it('never puts both fighters of a bout in a lineup, which a roster without the rule does', async () => {
    const free = (await collect(request(PGA, fighters.map((f) => ({ ...f, Position: 'G' })), { ...NO_RANDOM, numLUs: 1 }))).lineups;
    const ids = new Set(lineupIds(free[0]!));
    expect(bouts.some((b) => ids.has(`f${b}A`) && ids.has(`f${b}B`))).toBe(true);

    const settings: Partial<BuildSettings> = { ...NO_RANDOM, numLUs: 20 };
    const { lineups } = await collect(request(MMA, fighters, settings));
    expect(lineups).toHaveLength(20);
    expectValid(MMA, lineups, fighters, settings);
    for (const l of lineups) {
      const held = new Set(lineupIds(l));
      for (const b of bouts) expect(held.has(`f${b}A`) && held.has(`f${b}B`), `bout ${b}`).toBe(false);
    }
  });
});
