// The simulation's field on every roster of the table, with loose and tight salary structures:
// every field lineup is checked against the roster itself (eligible slots, distinct players,
// one side of a matchup, the cap), and a pool that has no lineup at all is said plainly.
import { describe, expect, it } from 'vitest';
import { ROSTERS, rosterKey, type RosterSpec } from '@stacksmith/domain';
import { FieldError, sampleField, type SimSlate } from '@stacksmith/sim';
import { randomPool } from '../test-support/random-pool.js';
import { buildLineups } from './build.js';
import { simulationSlate } from './simulate.js';
import type { Lineup, PoolPlayer } from './types.js';

/** What is wrong with a field lineup, by the roster's slots (not the sampler's own tables). */
function problem(roster: RosterSpec, slate: SimSlate, lineup: number[]): string | null {
  if (lineup.length !== roster.slots.length) return `${lineup.length} players`;
  for (let s = 0; s < lineup.length; s++) {
    const option = slate.options[lineup[s]!]!;
    const slot = roster.slots[s]!;
    if (!option.positions.some((p) => slot.eligible.includes(p))) return `${option.positions.join('/')} in slot ${slot.label}`;
    if (option.captain !== slot.captain) return `captain option in a flex slot or the reverse (slot ${s})`;
  }
  const players = lineup.map((o) => slate.options[o]!.player);
  if (new Set(players).size !== players.length) return 'a player twice';
  if (roster.oneSideOfMatchup) {
    const names = new Set(players.map((p) => slate.players[p]!.name.toLowerCase()));
    if (players.some((p) => names.has(slate.players[p]!.opp.toLowerCase()))) return 'both fighters of a bout';
  }
  const salary = lineup.reduce((sum, o) => sum + slate.options[o]!.salary, 0);
  return salary > roster.salaryCap ? `salary ${salary} over the cap ${roster.salaryCap}` : null;
}

async function cheapestLineup(roster: RosterSpec, players: PoolPlayer[]): Promise<Lineup | undefined> {
  // The optimizer's exact build with points = −salary finds the cheapest valid lineup.
  const cheap = players.map((p) => ({ ...p, ProjPts: 1000 - p.Salary / (roster.salaryCap / 1000) }));
  for await (const batch of buildLineups({ sport: roster.sport, site: roster.site, contestType: roster.contestType, players: cheap, settings: { numLUs: 1 } })) {
    return batch.lineups[0];
  }
  return undefined;
}

/** mma pools pair fighters into bouts: each one's Opp is the other's name. */
function pairBouts(roster: RosterSpec, players: PoolPlayer[]): PoolPlayer[] {
  if (!roster.oneSideOfMatchup) return players;
  return players.map((p, i) => ({ ...p, Opp: players[i ^ 1]?.Name ?? '' }));
}

describe('the field always draws valid lineups when one exists', () => {
  for (const roster of ROSTERS) {
    it(`${rosterKey(roster)}: loose and tight salaries (cheapest lineup 89 % of the cap)`, async () => {
      const loose = pairBouts(roster, randomPool(roster, roster.contestType === 'showdown' ? 24 : 90, 11));
      const cheapest = (await cheapestLineup(roster, loose))!;
      expect(cheapest).toBeDefined();
      // Tight: every salary scaled so that the cheapest lineup costs 89 % of the cap.
      const scale = (0.89 * roster.salaryCap) / cheapest.salary;
      const tight = loose.map((p) => ({ ...p, Salary: Math.floor(p.Salary * scale) }));
      const tightCheapest = (await cheapestLineup(roster, tight))!;
      expect(tightCheapest.salary).toBeGreaterThan(0.85 * roster.salaryCap);
      for (const players of [loose, tight]) {
        const sim = simulationSlate({ sport: roster.sport, site: roster.site, contestType: roster.contestType, players });
        const field = sampleField(sim.slate, 1500, { seed: 5, calibrationRounds: 4 });
        const problems = new Set<string>();
        for (let i = 0; i < field.count; i++) {
          const p = problem(roster, sim.slate, Array.from(field.lineups.subarray(i * field.slotCount, (i + 1) * field.slotCount)));
          if (p) problems.add(p);
        }
        expect([...problems]).toEqual([]);
      }
    });
  }

  it('a pool with no lineup under the cap is a FieldError that says so, not a search without end', () => {
    const roster = ROSTERS.find((r) => r.sport === 'nfl' && r.site === 'dk' && r.contestType === 'classic')!;
    const players = randomPool(roster, 60, 3).map((p) => ({ ...p, Salary: p.Salary * 3 }));
    const sim = simulationSlate({ sport: 'nfl', site: 'dk', contestType: 'classic', players });
    expect(() => sampleField(sim.slate, 100, { seed: 1 })).toThrow(FieldError);
    expect(() => sampleField(sim.slate, 100, { seed: 1 })).toThrow(expect.objectContaining({ coded: { code: 'simulation-no-valid-lineup', params: {} } }));
  });
});
