// The demo's DraftKings showdown slates (nba and mlb) build valid lineups with the captain
// machinery (CPT 1.5× salary and points + 5 UTIL under 50,000, both teams), as the builder
// sends its players.
import { getRoster, lineupRuleViolations, playersForContest, siteId } from '@stacksmith/domain';
import { buildLineups, type Lineup, type PoolPlayer } from '@stacksmith/optimizer';
import { describe, expect, it } from 'vitest';
import { dateSlates } from './dates.js';

describe('dk showdown demo slates', () => {
  for (const sport of ['nba', 'mlb'] as const) {
    it(`${sport}: every player as CPT and FLEX of one game, and valid lineups`, async () => {
      const slate = dateSlates(sport, '2026-11-23').find((s) => s.contestType === 'showdown')!;
      const roster = getRoster(sport, 'dk', 'showdown');
      expect(new Set(slate.players.map((p) => p.TeamAbbrev)).size).toBe(2);
      expect(slate.players.filter((p) => p.RosterPosition === 'CPT')).toHaveLength(slate.players.length / 2);
      const players = playersForContest(sport, 'dk', 'showdown', slate.players as unknown as (PoolPlayer & { Id: string })[]);
      const lineups: Lineup[] = [];
      for await (const batch of buildLineups({ sport, site: 'dk', contestType: 'showdown', players, settings: { numLUs: 5, projPtsRandInput: 'none' } })) lineups.push(...batch.lineups);
      expect(lineups).toHaveLength(5);
      for (const lineup of lineups) {
        expect(lineup.slots.map((s) => s.slot)).toEqual([...roster.uploadHeader]);
        expect(lineup.salary).toBeLessThanOrEqual(50_000);
        const captain = lineup.slots[0]!;
        const flex = players.find((p) => p.Id === `${siteId(captain.player.Id)}|FLEX`)!;
        expect(captain.salary).toBe(Math.round(flex.Salary * 1.5));
        expect(captain.points).toBeCloseTo(flex.ProjPts * 1.5, 6);
        expect(new Set(lineup.slots.map((s) => siteId(s.player.Id))).size).toBe(6);
        expect(lineupRuleViolations(roster, lineup.slots.map((s) => s.player))).toEqual([]);
      }
    });
  }
});
