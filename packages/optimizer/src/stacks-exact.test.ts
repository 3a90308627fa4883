// Lineup 1 stays the proven optimum under the stack, team and group rules: on small random
// pools it equals exhaustive search with the rules checked from the rules text.
import { getRoster, NBA_GAME_STACK_SIDE_MIN, NBA_TEAM_STACK_MIN, resolveSettings, type BuildSettings, type NflStackRule, type PlayerGroup, type TeamStackRow } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { bruteCandidates, bruteForceBest, type BruteLineup } from '../test-support/brute-force.js';
import { collect, collectFailure, lineupProblems, NO_RANDOM, openBrackets } from '../test-support/lineup-checks.js';
import { mulberry32, randInt } from '../test-support/prng.js';
import { randomPool } from '../test-support/random-pool.js';
import { groupCount, hasRbAndDst, mlbProblems, mlbStackName, nflRuleProblems, teamFlagProblems, teamLimitProblems } from '../test-support/stack-checks.js';
import { BuildError, type BuildRequest, type PoolPlayer } from './types.js';

const NFL = getRoster('nfl', 'dk', 'classic');
const POOLS = 40;

/** Rule shapes to draw from: each pool gets one as its only rule (frequency 1). */
const RULES: NflStackRule[] = [
  { freq: 1, teamFlexMin: 1 },
  { freq: 1, teamFlexMin: 2, oppFlexMin: 1 },
  { freq: 1, teamFlexMax: 0 },
  { freq: 1, teamWRMin: 1, teamRBMax: 0, oppFlexMax: 0 },
  { freq: 1, teamTEMin: 1, oppWRMin: 1 },
];

describe('lineup 1 under stack rules equals exhaustive search', () => {
  it(`nfl/dk/classic: ${POOLS} small random pools`, async () => {
    let compared = 0;
    let infeasible = 0;
    for (let seed = 1; seed <= POOLS; seed++) {
      const rng = mulberry32(9100 + seed);
      const players: PoolPlayer[] = randomPool(NFL, 18, 3000 + seed);
      const teams = [...new Set(players.map((p) => p.TeamAbbrev))].sort();
      const rule = RULES[seed % RULES.length]!;
      const teamStacks: TeamStackRow[] = seed % 2 === 0 ? [{
        TeamAbbrev: teams[randInt(rng, 0, teams.length - 1)]!, AllowWRStack: rng() < 0.5, AllowTEOppStack: rng() < 0.5, TotalMaxPlayers: 3,
      }] : [];
      const ids = players.map((p) => p.Id);
      const groups: PlayerGroup[] = seed % 3 === 0 ? [{ players: ids.slice(0, 4), maxGroup: 1, anchorPlayerID: ids[0] }] : [];
      const given: Partial<BuildSettings> = {
        ...NO_RANDOM, ...openBrackets(9), numLUs: 1, minSal: 0, stackSettingMode: 'advanced', specificStacks: [rule],
        forceRBandDSTStack: seed % 5 === 0 ? 1 : 0,
      };
      const settings = resolveSettings('nfl', 'dk', 'classic', given);
      const byId = new Map(players.map((p) => [p.Id, p]));
      const check = (l: BruteLineup) => {
        const rows = l.slots.map((s) => byId.get(s.candidate.id)!);
        if (nflRuleProblems(rows, rule).length > 0) return false;
        if (teamFlagProblems(rows, teamStacks).length > 0 || teamLimitProblems(rows, teamStacks).length > 0) return false;
        if (settings.allowDefenseVsQB === false && rows.some((d) => d.Position === 'DST' && rows.some((q) => q.Position === 'QB' && q.TeamAbbrev === d.Opp))) return false;
        for (const g of groups) {
          const anchors = [g.anchorPlayerID].flat().map(String);
          if (rows.some((p) => anchors.includes(p.Id)) && groupCount(rows, g.players.map(String)) > g.maxGroup!) return false;
        }
        if (given.forceRBandDSTStack === 1 && !hasRbAndDst(rows)) return false;
        return true;
      };
      const best = bruteForceBest(bruteCandidates(NFL, players), NFL, { minSal: 0, maxSal: settings.maxSal, extraCheck: check });
      const request: BuildRequest = { sport: 'nfl', site: 'dk', contestType: 'classic', players, settings: given, teamStacks, groups, seed: 1 };
      const where = `seed ${seed}, rule ${JSON.stringify(rule)}`;
      if (!best) {
        infeasible++;
        const { error } = await collectFailure(request);
        expect(error, where).toBeInstanceOf(BuildError);
        continue;
      }
      const { lineups } = await collect(request);
      expect(lineups, where).toHaveLength(1);
      expect(lineupProblems(NFL, lineups[0]!, { minSal: 0, maxSal: settings.maxSal, pool: players }), where).toEqual([]);
      expect(lineups[0]!.points, where).toBeCloseTo(best.points, 6);
      compared++;
    }
    expect(compared + infeasible).toBe(POOLS);
    expect(compared).toBeGreaterThanOrEqual(20);
  }, 120_000);
});

describe('lineup 1 under an mlb stack rule equals exhaustive search', () => {
  const FD = getRoster('mlb', 'fd', 'classic');
  it('mlb/fd/classic 4-4 and 3-0 on 6 small pools', async () => {
    const compared = new Map<string, number>();
    for (let seed = 1; seed <= 6; seed++) {
      const rng = mulberry32(9500 + seed);
      const hitters = ['C', '1B', '2B', '3B', 'SS', 'OF', 'OF'];
      const players: PoolPlayer[] = [];
      const add = (Position: string, TeamAbbrev: string, Opp: string) => players.push({
        Id: String(players.length + 1), Name: `P${players.length + 1}`, Position, TeamAbbrev, Opp,
        Salary: 2000 + 100 * randInt(rng, 0, 30), ProjPts: Math.round(rng() * 2000) / 100,
      });
      for (const [team, opp] of [['A', 'B'], ['C', 'D']]) for (const h of hitters) add(h, team!, opp!);
      for (const team of ['E', 'G', 'H', 'I']) for (const h of ['OF', seed % 2 === 0 ? '1B' : 'SS']) add(h, team, 'F');
      add('P', 'F', 'E'); add('P', 'B', 'A'); add('P', 'D', 'C'); add('P', 'J', 'K');
      const rule = seed % 2 === 0 ? { PrimaryStack: 4, SecondaryStack: 4, freq: 1 } : { PrimaryStack: 3, SecondaryStack: 0, freq: 1 };
      const name = `${rule.PrimaryStack}-${rule.SecondaryStack}`;
      const given: Partial<BuildSettings> = { ...NO_RANDOM, ...openBrackets(9), numLUs: 1, minSal: 0, specificStacks: [rule] };
      const byId = new Map(players.map((p) => [p.Id, p]));
      const best = bruteForceBest(bruteCandidates(FD, players), FD, {
        minSal: 0, maxSal: FD.salaryCap,
        extraCheck: (l) => {
          const rows = l.slots.map((s) => byId.get(s.candidate.id)!);
          return mlbProblems(rows, 4).length === 0 && mlbStackName(rows) === name;
        },
      });
      const request: BuildRequest = { sport: 'mlb', site: 'fd', contestType: 'classic', players, settings: given, seed: 1 };
      if (!best) {
        expect((await collectFailure(request)).error).toBeInstanceOf(BuildError);
        continue;
      }
      const { lineups } = await collect(request);
      expect(lineups[0]!.points, `seed ${seed} ${name}`).toBeCloseTo(best.points, 6);
      compared.set(name, (compared.get(name) ?? 0) + 1);
    }
    // Both rules compared on some pools (the rest are infeasible for both searches).
    expect(compared.get('4-4') ?? 0).toBeGreaterThanOrEqual(1);
    expect(compared.get('3-0') ?? 0).toBeGreaterThanOrEqual(1);
  }, 120_000);
});

describe('lineup 1 under the nba team and game stacks equals exhaustive search', () => {
  const NBA = getRoster('nba', 'dk', 'classic');
  /** The most players of one team, and whether one game has NBA_GAME_STACK_SIDE_MIN+ of each side. */
  const teamMost = (rows: PoolPlayer[]) => Math.max(...[...countBy(rows.map((p) => p.TeamAbbrev)).values()]);
  const gameStacked = (rows: PoolPlayer[]) => {
    const per = countBy(rows.map((p) => p.TeamAbbrev));
    return rows.some((p) => (per.get(p.TeamAbbrev) ?? 0) >= NBA_GAME_STACK_SIDE_MIN && (per.get(p.Opp!) ?? 0) >= NBA_GAME_STACK_SIDE_MIN);
  };
  it('nba/dk/classic: team stack and game stack on 8 small pools', async () => {
    let compared = 0;
    let bound = 0; // pools where the stack rule costs points: the rule really binds
    for (let seed = 1; seed <= 8; seed++) {
      const players = randomPool(NBA, 15, 7700 + seed);
      const team = seed % 2 === 1;
      const given: Partial<BuildSettings> = { ...NO_RANDOM, ...openBrackets(8), numLUs: 1, minSal: 0, teamStackPct: team ? 1 : 0, gameStackPct: team ? 0 : 1 };
      const byId = new Map(players.map((p) => [p.Id, p]));
      const best = bruteForceBest(bruteCandidates(NBA, players), NBA, {
        minSal: 0, maxSal: NBA.salaryCap,
        extraCheck: (l) => {
          const rows = l.slots.map((s) => byId.get(s.candidate.id)!);
          return team ? teamMost(rows) >= NBA_TEAM_STACK_MIN : gameStacked(rows);
        },
      });
      const request: BuildRequest = { sport: 'nba', site: 'dk', contestType: 'classic', players, settings: given, seed: 1 };
      if (!best) {
        expect((await collectFailure(request)).error).toBeInstanceOf(BuildError);
        continue;
      }
      const free = bruteForceBest(bruteCandidates(NBA, players), NBA, { minSal: 0, maxSal: NBA.salaryCap })!;
      if (free.points > best.points + 1e-6) bound++;
      const { lineups } = await collect(request);
      const rows = lineups[0]!.slots.map((s) => s.player);
      expect(team ? teamMost(rows) >= NBA_TEAM_STACK_MIN : gameStacked(rows), `seed ${seed}`).toBe(true);
      expect(lineups[0]!.points, `seed ${seed}`).toBeCloseTo(best.points, 6);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(6);
    expect(bound).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

function countBy(keys: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}
