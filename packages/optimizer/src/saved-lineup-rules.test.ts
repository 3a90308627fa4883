// Saved and locked lineups are kept as they are, except one the site would refuse at upload:
// the build leaves it out and says which and why (a lineup saved before a rule held, or sent by
// another client). Checked against the domain's rule check and against a count made here.
import { gameKey, getRoster, lineupRuleViolations, renderMessage, type RosterSpec } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { collect, lineupIds, NO_RANDOM } from '../test-support/lineup-checks.js';
import { benchSlate } from '../test-support/random-pool.js';
import { NO_STACKS } from '../test-support/stack-checks.js';
import type { BuildRequest, PoolPlayer } from './types.js';

const NFL = getRoster('nfl', 'dk', 'classic');
const slate = benchSlate('nfl-dk-classic');
const request = (roster: RosterSpec, players: PoolPlayer[], savedLineups: string[][], numLUs = 2): BuildRequest => ({
  sport: roster.sport, site: roster.site, contestType: roster.contestType, players, savedLineups, seed: 1,
  settings: { ...NO_STACKS, ...NO_RANDOM, numLUs, includeSaved: true },
});

/** Nine players of one game filling the nfl classic roster: DraftKings refuses such a lineup (2 games). */
function oneGameLineup(players: readonly PoolPlayer[]): string[] {
  const games = [...new Set(players.map((p) => gameKey(p.TeamAbbrev, p.Opp)))];
  for (const game of games) {
    const left = players.filter((p) => gameKey(p.TeamAbbrev, p.Opp) === game).sort((a, b) => b.ProjPts - a.ProjPts);
    const take = (positions: string[]) => {
      const at = left.findIndex((p) => positions.includes(p.Position));
      return at < 0 ? undefined : left.splice(at, 1)[0]!.Id;
    };
    const ids = [take(['QB']), take(['RB']), take(['RB']), take(['WR']), take(['WR']), take(['WR']), take(['TE']), take(['RB', 'WR', 'TE']), take(['DST', 'D', 'DEF'])];
    if (ids.every((id) => id !== undefined)) return ids as string[];
  }
  throw new Error('no game of the slate fills a roster');
}

describe('saved lineups and the site rules', () => {
  it('a saved lineup from one game is left out with a warning naming it; a good one is kept', async () => {
    const bad = oneGameLineup(slate);
    const byId = new Map(slate.map((p) => [p.Id, p]));
    // Counted here: every player of the lineup shares one game.
    expect(new Set(bad.map((id) => gameKey(byId.get(id)!.TeamAbbrev, byId.get(id)!.Opp))).size).toBe(1);
    const good = lineupIds((await collect(request(NFL, slate, []))).lineups[0]!);

    const { batches, lineups } = await collect(request(NFL, slate, [good, bad]));
    const warnings = batches.flatMap((b) => b.warnings);
    expect(warnings.map((w) => w.code)).toContain('kept-lineup-left-out');
    expect(warnings.map(renderMessage)).toContain('Saved lineup 2 is left out: the site would refuse it. DraftKings needs players from at least 2 games in a lineup; this lineup has 1.');
    // The good saved lineup and the two new ones; the bad one in none of them.
    expect(lineups).toHaveLength(3);
    expect(lineups.filter((l) => l.saved).map((l) => [...lineupIds(l)].sort())).toEqual([[...good].sort()]);
    expect(lineups.some((l) => [...lineupIds(l)].sort().join() === [...bad].sort().join())).toBe(false);
    for (const l of lineups) expect(lineupRuleViolations(NFL, l.slots.map((s) => s.player))).toEqual([]);
    expect(batches.at(-1)!.total).toBe(3);
  });
});
