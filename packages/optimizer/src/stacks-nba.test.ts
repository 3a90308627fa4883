// nba team and game stacks over a whole build on the nba benchmark slate: the planned share
// of lineups holds the stack's shape (NBA_TEAM_STACK_MIN+ of one team; NBA_GAME_STACK_SIDE_MIN+
// of each side of one game), every lineup stays valid, and 0 turns the rule off.
import { getRoster, NBA_GAME_STACK_SIDE_MIN, NBA_TEAM_STACK_MIN, resolveSettings, type BuildSettings } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { collect, lineupProblems } from '../test-support/lineup-checks.js';
import { benchSlate } from '../test-support/random-pool.js';
import type { BuildRequest, Lineup } from './types.js';

const NBA = getRoster('nba', 'dk', 'classic');
const slate = benchSlate('nba-dk-classic');
const N = 40;

const request = (settings: Partial<BuildSettings>): BuildRequest => ({
  sport: 'nba', site: 'dk', contestType: 'classic', players: slate, seed: 5, settings: { numLUs: N, ...settings },
});

function perTeam(lineup: Lineup): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of lineup.slots) m.set(s.player.TeamAbbrev, (m.get(s.player.TeamAbbrev) ?? 0) + 1);
  return m;
}
const teamStacked = (l: Lineup) => Math.max(...perTeam(l).values()) >= NBA_TEAM_STACK_MIN;
const gameStacked = (l: Lineup) => {
  const per = perTeam(l);
  return l.slots.some((s) => (per.get(s.player.TeamAbbrev) ?? 0) >= NBA_GAME_STACK_SIDE_MIN && (per.get(s.player.Opp ?? '') ?? 0) >= NBA_GAME_STACK_SIDE_MIN);
};

describe('nba stacks', () => {
  it('teamStackPct and gameStackPct: the planned lineups hold their stack', async () => {
    const given: Partial<BuildSettings> = { teamStackPct: 0.6, gameStackPct: 0.3 };
    const { batches, lineups } = await collect(request(given));
    expect(lineups).toHaveLength(N);
    expect(batches.flatMap((b) => b.warnings)).toEqual([]);
    const s = resolveSettings('nba', 'dk', 'classic', given);
    lineups.forEach((l, i) => expect(lineupProblems(NBA, l, { minSal: s.minSal, maxSal: s.maxSal, pool: slate }), `lineup ${i + 1}`).toEqual([]));
    const teamPlanned = lineups.filter((l) => l.plan?.[`Team stack (${NBA_TEAM_STACK_MIN}+ of one team)`] === 'Team stack');
    const gamePlanned = lineups.filter((l) => l.plan?.[`Game stack (${NBA_GAME_STACK_SIDE_MIN}+ of each team of one game)`] === 'Game stack');
    expect(teamPlanned).toHaveLength(Math.round(0.6 * N));
    expect(gamePlanned).toHaveLength(Math.round(0.3 * N));
    expect(teamPlanned.every(teamStacked)).toBe(true);
    expect(gamePlanned.every(gameStacked)).toBe(true);
  }, 120_000);

  it('at 0 % the rules are off, and lineups without them need not stack', async () => {
    const { lineups } = await collect(request({ teamStackPct: 0, gameStackPct: 0, numLUs: 10 }));
    expect(lineups).toHaveLength(10);
    expect(lineups.every((l) => Object.keys(l.plan ?? {}).every((k) => !k.includes('stack')))).toBe(true);
    // With both at 100 % every lineup holds both shapes.
    const both = (await collect(request({ teamStackPct: 1, gameStackPct: 1, numLUs: 10 }))).lineups;
    expect(both.every((l) => teamStacked(l) && gameStacked(l))).toBe(true);
  }, 120_000);
});
