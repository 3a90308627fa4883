// Every lineup of every roster keeps its site's published team and game rules. The checker
// below is written from the sites' rules pages (docs/optimizer.md, "Site roster rules"), not
// from the optimizer's rows or the domain's checker: it counts teams and games itself.
import { ROSTERS, rosterKey, type RosterSpec } from '@stacksmith/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collect, collectFailure, NO_RANDOM } from '../test-support/lineup-checks.js';
import { randomPool } from '../test-support/random-pool.js';
import { InputError, type Lineup, type PoolPlayer } from './types.js';

interface Published {
  /** At most this many of one team; `hittersOnly`: pitchers do not count. */
  maxPerTeam?: number;
  hittersOnly?: boolean;
  minTeams?: number;
  /** The team defence does not count towards minTeams (Yahoo single game). */
  defenceNotCounted?: boolean;
  minGames?: number;
}

/** The rules as each site's rules page states them (sources in docs/optimizer.md). */
const PUBLISHED: Record<string, Published | null> = {
  'nfl/dk/classic': { minGames: 2 },
  'nfl/fd/classic': { maxPerTeam: 4, minTeams: 3 },
  'nfl/ya/classic': { maxPerTeam: 6, minTeams: 3 },
  'nfl/dk/showdown': { minTeams: 2 },
  'nfl/fd/showdown': { maxPerTeam: 4, minTeams: 2 },
  'nfl/ya/showdown': { minTeams: 2, defenceNotCounted: true },
  'nba/dk/classic': { minGames: 2 },
  'nba/fd/classic': { maxPerTeam: 4, minTeams: 3 },
  'nba/dk/showdown': { minTeams: 2 },
  'mlb/dk/classic': { maxPerTeam: 5, hittersOnly: true, minGames: 2 },
  'mlb/fd/classic': { maxPerTeam: 4, hittersOnly: true, minTeams: 3 },
  'mlb/dk/showdown': { minTeams: 2 },
  'pga/dk/classic': null,
  'pga/fd/classic': null,
  'mma/dk/classic': null,
  'mma/fd/classic': null,
};

const isPitcher = (p: PoolPlayer) => /(^|\/)(P|SP|RP)($|\/)/.test(p.Position);
const isDefence = (p: PoolPlayer) => /(^|\/)(DST|DEF|D)($|\/)/.test(p.Position);

function breaches(rules: Published, lineup: Lineup): string[] {
  const players = lineup.slots.map((s) => s.player);
  const out: string[] = [];
  if (rules.maxPerTeam !== undefined) {
    const perTeam: Record<string, number> = {};
    for (const p of players) if (!(rules.hittersOnly && isPitcher(p))) perTeam[p.TeamAbbrev] = (perTeam[p.TeamAbbrev] ?? 0) + 1;
    for (const [team, n] of Object.entries(perTeam)) if (n > rules.maxPerTeam) out.push(`${n} of ${team}`);
  }
  if (rules.minTeams !== undefined) {
    const teams = new Set(players.filter((p) => !(rules.defenceNotCounted && isDefence(p))).map((p) => p.TeamAbbrev));
    if (teams.size < rules.minTeams) out.push(`${teams.size} teams`);
  }
  if (rules.minGames !== undefined) {
    const games = new Set(players.map((p) => [p.TeamAbbrev, p.Opp ?? ''].sort().join(' v ')));
    if (games.size < rules.minGames) out.push(`${games.size} games`);
  }
  return out;
}

/** A pool that pulls towards one team: its players' points multiplied, so an unruled optimum stacks it. */
function biased(roster: RosterSpec, seed: number, boost: number, fadeGame: boolean): PoolPlayer[] {
  let pool = randomPool(roster, roster.contestType === 'showdown' ? 24 : 48, seed);
  if (PUBLISHED[rosterKey(roster)]?.minGames) {
    // Two games (A v B, C v D) so that one game alone could fill a lineup.
    const teams = [...new Set(pool.map((p) => p.TeamAbbrev))].sort();
    const game = (team: string) => ['A', 'B', 'C', 'D'][teams.indexOf(team) % 4]!;
    const opponent: Record<string, string> = { A: 'B', B: 'A', C: 'D', D: 'C' };
    pool = pool.map((p) => ({ ...p, TeamAbbrev: game(p.TeamAbbrev), Opp: opponent[game(p.TeamAbbrev)]! }));
  }
  const team = pool[seed % pool.length]!.TeamAbbrev;
  const opp = pool.find((p) => p.TeamAbbrev === team)!.Opp;
  // The favoured team and, on two-game slates, its opponent: their game alone would be the optimum.
  const favoured = (p: PoolPlayer) => p.TeamAbbrev === team || (PUBLISHED[rosterKey(roster)]?.minGames !== undefined && p.TeamAbbrev === opp);
  return pool.map((p) => ({
    ...p,
    ProjPts: favoured(p) ? p.ProjPts * boost : p.ProjPts,
    // Fading the favoured team's opponent leaves a showdown one team: the build must refuse.
    ...(fadeGame && p.TeamAbbrev === opp ? { MaxExp: 0 } : {}),
  }));
}

describe('site roster rules (property: every roster of the table)', () => {
  it('the table lists exactly the rosters whose rules are published here', () => {
    expect(ROSTERS.map(rosterKey).sort()).toEqual(Object.keys(PUBLISHED).sort());
  });

  for (const roster of ROSTERS) {
    const rules = PUBLISHED[rosterKey(roster)];
    if (!rules) continue;
    it(`${rosterKey(roster)}: every lineup keeps ${JSON.stringify(rules)}`, async () => {
      await fc.assert(fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 1.5, max: 4, noNaN: true }), fc.boolean(),
        async (seed, boost, fadeGame) => {
          const players = biased(roster, seed, boost, fadeGame && roster.contestType === 'showdown');
          const request = {
            sport: roster.sport, site: roster.site, contestType: roster.contestType, players, seed,
            settings: { ...NO_RANDOM, numLUs: 3, minUnique: 1, teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, specificStacks: [] },
          };
          if (fadeGame && roster.contestType === 'showdown') {
            const { error } = await collectFailure(request);
            expect(error).toBeInstanceOf(InputError);
            expect((error as Error).message).toMatch(/at least 2 teams/);
            return;
          }
          const { lineups } = await collect(request);
          expect(lineups.length).toBeGreaterThan(0);
          for (const lineup of lineups) expect(breaches(rules, lineup)).toEqual([]);
        },
      ), { numRuns: 6, seed: 27 });
    }, 60_000);
  }
});
