// Player groups and stack groups (with anchors and pctGroup) and mlb stacks, over builds on
// the benchmark nfl slate and random mlb pools, checked from the rules text.
import { getRoster, MLB_STACK_DEFAULTS, resolveSettings, type BuildSettings, type MlbStackRule, type PlayerGroup } from '@stacksmith/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { collect, collectFailure, exposureCounts, lineupIds, lineupProblems, lineupRows, NO_RANDOM, openBrackets } from '../test-support/lineup-checks.js';
import { mulberry32 } from '../test-support/prng.js';
import { benchSlate } from '../test-support/random-pool.js';
import { groupCount, hitterCounts, mlbProblems, mlbStackName, NO_STACKS } from '../test-support/stack-checks.js';
import { InputError, type BuildRequest, type Lineup, type PoolPlayer } from './types.js';

const N = 150;
const slate = benchSlate('nfl-dk-classic');
const nfl = (settings: Partial<BuildSettings>, extra: Partial<BuildRequest> = {}): BuildRequest => ({
  sport: 'nfl', site: 'dk', contestType: 'classic', players: slate, seed: 5, settings: { numLUs: N, ...NO_STACKS, ...settings }, ...extra,
});

let baseline: Lineup[];
beforeAll(async () => {
  baseline = (await collect(nfl({}))).lineups;
}, 120_000);

/** Ids by how often the baseline uses them, most first. */
const popular = () => [...exposureCounts(baseline).entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);

describe('player groups', () => {
  it('holds minGroup..maxGroup in pctGroup of the lineups, and binds only lineups with an anchor', async () => {
    const ids = popular();
    // Group A: at most 1 of the three most used players, in every lineup.
    const groupA: PlayerGroup = { ID: 'A', name: 'Not together', players: ids.slice(0, 3), minGroup: 0, maxGroup: 1, active: true };
    // Group B: 2..3 of five players that the baseline never uses together, in 40 % of the lineups.
    const rarely = ids.slice(40, 45);
    const groupB: PlayerGroup = { ID: 'B', name: 'Forty percent', players: rarely, minGroup: 2, maxGroup: 3, pctGroup: 0.4, active: true };
    // Group C: an anchor (a popular player) pulls two of four cheap players with it.
    const anchor = ids[3]!;
    const cheap = slate.filter((p) => ['WR', 'TE'].includes(p.Position) && !ids.slice(0, 60).includes(p.Id) && p.TeamAbbrev !== slate.find((q) => q.Id === anchor)!.TeamAbbrev).slice(0, 4).map((p) => p.Id);
    const groupC: PlayerGroup = { ID: 'C', players: [anchor, ...cheap], minGroup: 3, anchorPlayerID: anchor, active: true };
    // An inactive group is ignored.
    const groupD: PlayerGroup = { ID: 'D', players: ids.slice(0, 9), minGroup: 9, active: false };
    const count = (l: Lineup, g: PlayerGroup) => groupCount(lineupRows(l), g.players.map(String));

    expect(baseline.some((l) => count(l, groupA) > 1)).toBe(true);
    expect(baseline.filter((l) => count(l, groupB) >= 2).length).toBeLessThan(60);
    expect(baseline.some((l) => lineupIds(l).includes(anchor) && count(l, groupC) < 3)).toBe(true);

    const { lineups } = await collect(nfl({}, { groups: [groupA, groupB, groupC, groupD] }));
    expect(lineups).toHaveLength(N);
    const s = resolveSettings('nfl', 'dk', 'classic', {});
    lineups.forEach((l) => expect(lineupProblems(getRoster('nfl', 'dk', 'classic'), l, { minSal: s.minSal, maxSal: s.maxSal, pool: slate })).toEqual([]));
    for (const l of lineups) {
      expect(count(l, groupA)).toBeLessThanOrEqual(1);
      if (lineupIds(l).includes(anchor)) expect(count(l, groupC)).toBeGreaterThanOrEqual(3);
      if (l.plan!['Forty percent'] === 'Forty percent applies') {
        expect(count(l, groupB)).toBeGreaterThanOrEqual(2);
        expect(count(l, groupB)).toBeLessThanOrEqual(3);
      }
    }
    expect(lineups.filter((l) => l.plan!['Forty percent'] === 'Forty percent applies')).toHaveLength(60);
    expect(lineups.filter((l) => count(l, groupB) >= 2).length).toBeGreaterThanOrEqual(60);
    // The anchor still plays: the rule binds when it does, it does not ban it.
    expect(lineups.some((l) => lineupIds(l).includes(anchor))).toBe(true);
  }, 180_000);

  it('stack groups come in teamStacks rows with players, or in stackGroups; anchors are a list of at most 2', async () => {
    const ids = popular();
    const stackGroup: PlayerGroup = { ID: 7, players: ids.slice(0, 4), maxGroup: 1, anchorPlayerID: [ids[0]!, ids[1]!, ids[2]!] };
    // Three anchors sent, two kept: the third anchor's lineups are not bound.
    const { lineups } = await collect(nfl({ numLUs: 30 }, { teamStacks: [stackGroup] }));
    for (const l of lineups) {
      const held = lineupIds(l);
      if (held.includes(ids[0]!) || held.includes(ids[1]!)) expect(groupCount(lineupRows(l), ids.slice(0, 4))).toBeLessThanOrEqual(1);
    }
    // Had the third anchor been kept, no lineup holding it would hold a second group player.
    const thirdOnly = lineups.filter((l) => {
      const held = lineupIds(l);
      return held.includes(ids[2]!) && !held.includes(ids[0]!) && !held.includes(ids[1]!);
    });
    expect(thirdOnly.some((l) => groupCount(lineupRows(l), ids.slice(0, 4)) > 1)).toBe(true);
    const again = await collect(nfl({ numLUs: 30 }, { stackGroups: [stackGroup] }));
    expect(again.lineups.map(lineupIds)).toEqual(lineups.map(lineupIds));
  }, 120_000);

  it('leaves out (with a warning) a player not in the pool, and rejects bad bounds', async () => {
    const ids = popular();
    const { batches, lineups } = await collect(nfl({ numLUs: 3 }, { groups: [{ name: 'Old', players: ['nope', ids[0]!, ids[1]!], maxGroup: 1 }] }));
    expect(batches[0]!.warnings).toContainEqual({ code: 'group-player-not-in-pool', params: { group: 'Old', playerId: 'nope' } });
    for (const l of lineups) expect(groupCount(lineupRows(l), [ids[0]!, ids[1]!])).toBeLessThanOrEqual(1);
    const bounds = await collectFailure(nfl({ numLUs: 1 }, { groups: [{ players: [slate[0]!.Id], minGroup: 2, maxGroup: 1 }] }));
    expect(bounds.error).toBeInstanceOf(InputError);
  });
});

/** An mlb slate like a real one: teams in games, 9 hitters (C, 1B, 2B, 3B, SS, 4 OF) and 2 pitchers a team. */
function mlbSlate(teams: number, seed: number, cap: number): PoolPlayer[] {
  const rng = mulberry32(seed);
  const positions = ['C', '1B', '2B', '3B', 'SS', 'OF', 'OF', 'OF', 'OF', 'P', 'P'];
  const players: PoolPlayer[] = [];
  const scale = cap / 50000;
  for (let t = 0; t < teams; t++) {
    for (const position of positions) {
      const salary = Math.round(((position === 'P' ? 6000 : 2500) + rng() * (position === 'P' ? 5000 : 3500)) * scale / 100) * 100;
      players.push({
        Id: String(30000 + players.length), Name: `Player ${players.length}`, Position: position,
        TeamAbbrev: `T${t}`, Opp: `T${t ^ 1}`, Salary: salary,
        ProjPts: Math.round(((salary / scale) / 1000) * (position === 'P' ? 2.2 : 1.8) * (0.7 + 0.6 * rng()) * 100) / 100,
      });
    }
  }
  return players;
}

describe('mlb stacks', () => {
  const DK = getRoster('mlb', 'dk', 'classic');
  const FD = getRoster('mlb', 'fd', 'classic');
  const mlb = (site: 'dk' | 'fd', players: PoolPlayer[], settings: Partial<BuildSettings>): BuildRequest => ({
    sport: 'mlb', site, contestType: 'classic', players, seed: 2, settings: { ...NO_RANDOM, ...openBrackets(10), minSal: 0, ...settings },
  });

  it('ships the spec defaults (dk 5-3, 5-2, 5-0, 4-4, 4-0, 3-0; fd 4-4, 4-0, 3-0), all at 0', () => {
    const name = (r: MlbStackRule) => `${r.PrimaryStack}-${r.SecondaryStack}`;
    expect(resolveSettings('mlb', 'dk', 'classic').specificStacks.map((r) => name(r as MlbStackRule))).toEqual(['5-3', '5-2', '5-0', '4-4', '4-0', '3-0']);
    expect(MLB_STACK_DEFAULTS.fd.map(name)).toEqual(['4-4', '4-0', '3-0']);
  });

  it('5-3 is really 5 and 3 hitters of two teams; shares by frequency; pitchers never face their hitters', async () => {
    const players = mlbSlate(8, 77, DK.salaryCap);
    const specificStacks: MlbStackRule[] = [
      { PrimaryStack: 5, SecondaryStack: 3, freq: 0.5 },
      { PrimaryStack: 4, SecondaryStack: 0, freq: 0.3 },
      { PrimaryStack: 5, SecondaryStack: 2, freq: 0.2 },
    ];
    const { lineups, batches } = await collect(mlb('dk', players, { numLUs: 40, specificStacks }));
    expect(lineups).toHaveLength(40);
    expect(batches.flatMap((b) => b.warnings)).toEqual([]);
    const names = lineups.map((l) => mlbStackName(lineupRows(l)));
    expect(names.filter((n) => n === '5-3')).toHaveLength(20);
    expect(names.filter((n) => n === '4-0')).toHaveLength(12);
    expect(names.filter((n) => n === '5-2')).toHaveLength(8);
    for (const l of lineups) {
      expect(mlbProblems(lineupRows(l), 5)).toEqual([]);
      expect(mlbStackName(lineupRows(l))).toBe(l.plan!['Stack rule']);
      const counts = hitterCounts(lineupRows(l));
      if (l.plan!['Stack rule'] === '5-3') expect(counts.slice(0, 2).map((c) => c.hitters)).toEqual([5, 3]);
    }
  }, 120_000);

  it('fd holds at most 4 hitters of a team; a stack above the site limit is refused', async () => {
    const players = mlbSlate(6, 78, FD.salaryCap);
    const { lineups } = await collect(mlb('fd', players, { numLUs: 10, specificStacks: [{ PrimaryStack: 4, SecondaryStack: 4, freq: 1 }] }));
    for (const l of lineups) {
      expect(mlbProblems(lineupRows(l), 4)).toEqual([]);
      expect(mlbStackName(lineupRows(l))).toBe('4-4');
    }
    const refused = await collectFailure(mlb('fd', players, { numLUs: 1, specificStacks: [{ PrimaryStack: 5, SecondaryStack: 0, freq: 1 }] }));
    expect(refused.error).toBeInstanceOf(InputError);
  }, 120_000);
});
