import { describe, expect, it } from 'vitest';
import { basicStackRules, NBA_GAME_STACK_SIDE_MIN, NBA_TEAM_STACK_MIN, resolveSettings } from '@stacksmith/domain';
import { contestFromTemplate, selectPortfolio, simulate } from '@stacksmith/sim';
import { benchSlate } from '../test-support/random-pool.js';
import { NO_STACKS, nflRuleProblems, nflShape, partners } from '../test-support/stack-checks.js';
import { buildLineups } from './build.js';
import { largestRemainder } from './plan.js';
import { ruleLimits, selectionLimits } from './selection-limits.js';
import { builtLineupOptions, exposureLimits, simulationSlate } from './simulate.js';
import type { BuildRequest, Lineup, PoolPlayer } from './types.js';

const players = benchSlate('nfl-dk-classic');
const contest = contestFromTemplate('gpp', { fieldSize: 1000, entryFee: 20 });
const rowsOf = (lineup: Lineup): PoolPlayer[] => lineup.slots.map((s) => s.player);

/** Builds the pool of a request and simulates it for selection. */
async function poolOf(request: BuildRequest) {
  const built: Lineup[] = [];
  for await (const batch of buildLineups(request)) built.push(...batch.lineups);
  const sim = simulationSlate(request);
  const options = built.map((l) => builtLineupOptions(sim, l));
  const run = await simulate({ slate: sim.slate, contest, lineups: options, simulations: 300, seed: 5 }, { threads: 0, keepForSelection: true });
  return { built, sim, options, run };
}

describe('selection keeps the rules a build plans by share', { timeout: 60_000 }, () => {
  it('a pool built with a team stack share: the selected N hold at least ceil(share·N) stacked lineups', async () => {
    const share = 0.85;
    const N = 20;
    const request: BuildRequest = {
      sport: 'nfl', site: 'dk', contestType: 'classic', players, seed: 5,
      settings: { ...NO_STACKS, teamStackPct: share, projPtsRandInput: 'high', numLUs: 80 },
    };
    const { built, sim, options, run } = await poolOf(request);
    const stacked = (i: number) => partners(nflShape(rowsOf(built[i]!))) >= 1;
    const needed = Math.ceil(share * N);
    // Picked for payout alone, this pool's best 20 hold fewer stacks than the rule asks.
    const free = selectPortfolio(run, { count: N, limits: exposureLimits(sim, N) });
    expect(free.chosen.filter(stacked).length).toBeLessThan(needed);
    const kept = selectPortfolio(run, { count: N, limits: selectionLimits(sim, request, options, N) });
    expect(kept.chosen).toHaveLength(N);
    expect(kept.chosen.filter(stacked).length).toBeGreaterThanOrEqual(needed);
    expect(kept.unmet).toEqual([]);
    // The limit's lineups are exactly the stacked ones of the pool.
    const [limit, ...rest] = ruleLimits(sim, request, options, N);
    expect(rest).toEqual([]);
    expect(limit).toMatchObject({ min: needed, max: N, label: `Stack rule: "1+ team stack" in at least ${needed} of ${N} lineups` });
    expect(limit!.lineups).toEqual(built.map((_, i) => i).filter(stacked));
  });

  it('the shipped stack rules, a flex share, a second game stack and a group share hold together in the chosen lineups', async () => {
    const N = 20;
    const wrs = players.filter((p) => p.Position === 'WR').slice(0, 6).map((p) => p.Id);
    const request: BuildRequest = {
      sport: 'nfl', site: 'dk', contestType: 'classic', players, seed: 5,
      settings: { projPtsRandInput: 'high', numLUs: 80, rbFlexPct: 0.2, forceSecondGameStack: 0.3 },
      groups: [{ name: 'Deep WRs', players: wrs, minGroup: 1, maxGroup: 6, pctGroup: 0.5, active: true }],
    };
    const { built, sim, options, run } = await poolOf(request);
    const selection = selectPortfolio(run, { count: N, limits: selectionLimits(sim, request, options, N) });
    expect(selection.unmet).toEqual([]);
    const chosen = selection.chosen.map((i) => rowsOf(built[i]!));

    // Stack rules: the chosen lineups can be given rules they meet, each rule its round(f·N) lineups
    // (Hall: every set of rules is met, one of them, by as many lineups as their counts add to).
    const rules = basicStackRules(resolveSettings('nfl', 'dk', 'classic', request.settings!));
    const counts = largestRemainder(rules.map((r) => r.freq), N);
    const binding = rules.map((rule, i) => ({ rule, need: counts[i]! })).filter(({ rule, need }) => !rule.disabled && need > 0);
    expect(binding.length).toBeGreaterThanOrEqual(3);
    for (let mask = 1; mask < 1 << binding.length; mask++) {
      const set = binding.filter((_, i) => mask & (1 << i));
      const meeting = chosen.filter((rows) => set.some(({ rule }) => nflRuleProblems(rows, rule).length === 0)).length;
      expect(meeting, set.map(({ rule }) => rule.label).join(' or ')).toBeGreaterThanOrEqual(set.reduce((sum, { need }) => sum + need, 0));
    }
    // RB flex share 20 %: at most 4 lineups with an RB at FLEX.
    const flexSlot = sim.pool.roster.slots.findIndex((s) => s.label === 'FLEX');
    expect(chosen.filter((rows) => rows[flexSlot]!.Position === 'RB').length).toBeLessThanOrEqual(Math.round(0.2 * N));
    // Second game stack 30 %: a player of each side of a game other than the QB's.
    const secondGame = (rows: PoolPlayer[]) => {
      const qb = rows.find((p) => p.Position === 'QB')!;
      const flex = rows.filter((p) => ['RB', 'WR', 'TE'].includes(p.Position) && p.TeamAbbrev !== qb.TeamAbbrev && p.TeamAbbrev !== qb.Opp);
      return flex.some((a) => flex.some((b) => b.TeamAbbrev === a.Opp));
    };
    expect(chosen.filter(secondGame).length).toBeGreaterThanOrEqual(Math.round(0.3 * N));
    // Its limit (an indicator per game in the build's rows) holds exactly the pool's lineups with one.
    const secondLimit = ruleLimits(sim, request, options, N).find((l) => l.group === 'Second game stack')!;
    expect(secondLimit.lineups).toEqual(built.map((_, i) => i).filter((i) => secondGame(rowsOf(built[i]!))));
    // The group in half of them: one of its WRs at least.
    expect(chosen.filter((rows) => rows.some((p) => wrs.includes(p.Id))).length).toBeGreaterThanOrEqual(N / 2);
  });

  it('nba team and game stack shares: the limits hold the lineups with such a stack (indicator columns searched)', async () => {
    const request: BuildRequest = {
      sport: 'nba', site: 'dk', contestType: 'classic', players: benchSlate('nba-dk-classic'), seed: 3,
      settings: { projPtsRandInput: 'high', numLUs: 40, teamStackPct: 0.5, gameStackPct: 0.25 },
    };
    const built: Lineup[] = [];
    for await (const batch of buildLineups(request)) built.push(...batch.lineups);
    const sim = simulationSlate(request);
    const options = built.map((l) => builtLineupOptions(sim, l));
    const limits = ruleLimits(sim, request, options, 10);
    const perTeam = (rows: PoolPlayer[]) => rows.reduce((m, p) => m.set(p.TeamAbbrev, (m.get(p.TeamAbbrev) ?? 0) + 1), new Map<string, number>());
    const teamStack = (rows: PoolPlayer[]) => [...perTeam(rows).values()].some((n) => n >= NBA_TEAM_STACK_MIN);
    const gameStack = (rows: PoolPlayer[]) => rows.some((p) => (perTeam(rows).get(p.TeamAbbrev) ?? 0) >= NBA_GAME_STACK_SIDE_MIN
      && (perTeam(rows).get(p.Opp ?? '') ?? 0) >= NBA_GAME_STACK_SIDE_MIN);
    const holding = (meets: (rows: PoolPlayer[]) => boolean) => built.map((_, i) => i).filter((i) => meets(rowsOf(built[i]!)));
    const team = limits.filter((l) => l.group?.startsWith('Team stack'));
    const game = limits.filter((l) => l.group?.startsWith('Game stack'));
    expect(team).toHaveLength(1);
    expect(game).toHaveLength(1);
    expect(team[0]).toMatchObject({ min: largestRemainder([0.5, 0.5], 10)[0], lineups: holding(teamStack) });
    expect(game[0]).toMatchObject({ min: largestRemainder([0.25, 0.75], 10)[0], lineups: holding(gameStack) });
    // The build made them, so the pool has them; and some lineups without.
    expect(holding(teamStack).length).toBeGreaterThanOrEqual(20);
    expect(holding(gameStack).length).toBeLessThan(built.length);
  });
});
