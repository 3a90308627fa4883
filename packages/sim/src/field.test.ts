import { describe, expect, it } from 'vitest';
import { nflSlate } from '../test-support/synthetic.js';
import { cheapestLineupCost, withCheapestLineup } from '../test-support/tight.js';
import { FieldError, fieldKeyCounts, ownershipTargets, realisedOwnership, sampleField } from './field.js';
import type { SimSlate } from './slate.js';

function lineupsOf(field: ReturnType<typeof sampleField>): number[][] {
  return Array.from({ length: field.count }, (_, i) => Array.from(field.lineups.subarray(i * field.slotCount, (i + 1) * field.slotCount)));
}

/** What is wrong with a field lineup, checked against the roster itself (eligible slots, distinct players, the cap). */
function lineupProblem(slate: SimSlate, lineup: number[]): string | null {
  if (lineup.length !== slate.slotCount) return `${lineup.length} players`;
  const misplaced = lineup.findIndex((o, slot) => !slate.options[o]!.slots.includes(slot));
  if (misplaced >= 0) return `option ${lineup[misplaced]} cannot fill slot ${misplaced}`;
  if (new Set(lineup.map((o) => slate.options[o]!.player)).size !== slate.slotCount) return 'a player twice';
  const salary = lineup.reduce((s, o) => s + slate.options[o]!.salary, 0);
  return salary > slate.salaryCap ? `salary ${salary} over the cap` : null;
}

describe('field sampler', () => {
  const slate = nflSlate(4, 7);
  // ProjOwn taken as exact here: the sampler itself is under test, not the ownership error.
  const field = sampleField(slate, 10_000, { seed: 3, ownershipError: 0 });
  const lineups = lineupsOf(field);

  it('draws valid lineups only', () => {
    const problems = lineups.map((l) => lineupProblem(slate, l)).filter((p) => p !== null);
    expect(problems).toEqual([]);
  });

  it('matches projected ownership within a few points', () => {
    const own = realisedOwnership(slate.options.length, field.lineups, field.count);
    const targets = ownershipTargets(slate);
    for (let o = 0; o < own.length; o++) expect(Math.abs(own[o]! - targets[o]!)).toBeLessThan(3);
    // With ProjOwn that adds up to 900 % (9 slots), the targets are ProjOwn itself.
    slate.options.forEach((opt, o) => expect(targets[o]).toBeCloseTo(opt.ownership * 900 / slate.options.reduce((s, x) => s + x.ownership, 0), 6));
  });

  it('spends the cap as real fields do and stacks QBs with their pass catchers', () => {
    const salaries = lineups.map((l) => l.reduce((s, o) => s + slate.options[o]!.salary, 0));
    const mean = salaries.reduce((s, v) => s + v, 0) / salaries.length;
    expect(mean).toBeGreaterThan(49_000);
    expect(salaries.filter((s) => s >= 48_000).length / salaries.length).toBeGreaterThan(0.9);
    const player = (o: number) => slate.players[slate.options[o]!.player]!;
    const stacked = lineups.filter((l) => {
      const qb = player(l[0]!);
      return l.some((o) => ['WR', 'TE'].includes(player(o).position) && player(o).team === qb.team);
    }).length / lineups.length;
    expect(stacked).toBeGreaterThan(0.6);
    expect(stacked).toBeLessThan(0.95);
    const defenceAgainstOwn = lineups.filter((l) => {
      const dst = player(l[8]!);
      return l.some((o) => player(o).position !== 'DST' && player(o).team === dst.opp);
    }).length / lineups.length;
    expect(defenceAgainstOwn).toBeLessThan(0.25);
  });

  it('is reproducible by seed and yields duplicates where ownership is concentrated', () => {
    const again = sampleField(slate, 500, { seed: 3 });
    const same = sampleField(slate, 500, { seed: 3 });
    expect(Array.from(again.lineups)).toEqual(Array.from(same.lineups));
    expect(Array.from(sampleField(slate, 500, { seed: 4 }).lineups)).not.toEqual(Array.from(again.lineups));
    // A two-game slate: few players, so the same lineup comes up more than once.
    const small = nflSlate(1, 9);
    const smallField = sampleField(small, 3000, { seed: 1 });
    expect(lineupsOf(smallField).map((l) => lineupProblem(small, l)).filter((p) => p !== null)).toEqual([]);
    const counts = fieldKeyCounts(smallField);
    expect(Math.max(...counts.values())).toBeGreaterThan(1);
  });

  it('draws on a 16-game slate whose cheapest lineup costs 89 % and 94 % of the cap, and says when none exists', () => {
    for (const target of [44_500, 47_000]) {
      const tight = withCheapestLineup(nflSlate(16, 7), target);
      expect(cheapestLineupCost(tight)).toBeGreaterThan(target - 500);
      const drawn = sampleField(tight, 3000, { seed: 2 });
      expect(lineupsOf(drawn).map((l) => lineupProblem(tight, l)).filter((p) => p !== null)).toEqual([]);
    }
    const impossible = withCheapestLineup(nflSlate(4, 7), 50_500);
    expect(() => sampleField(impossible, 10, { seed: 2 })).toThrow(FieldError);
  });
});
