import { getRoster, ROSTERS, rosterKey, type RosterSpec, type Slot } from '@stacksmith/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bruteCandidates, bruteForceAll, bruteForceBest, enumerateLineups, type BruteCandidate, type BruteLineup,
} from '../../test-support/brute-force.js';
import { createGlpkSolver } from '../../test-support/glpk-solver.js';
import { benchSlate, randomPool } from '../../test-support/random-pool.js';
import { slotAssignmentModel } from '../../test-support/slot-model.js';
import { createHighsSolver } from '../../test-support/highs-solver.js';
import type { MipSolver, PoolPlayer } from '../types.js';

const slot = (label: string, eligible: string[]): Slot => ({ label, eligible, pointsMultiplier: 1, salaryMultiplier: 1, captain: false });

/** A made-up two-slot roster: an X slot and a flex slot for X or Y. */
const TWO_SLOTS: RosterSpec = {
  sport: 'nfl', site: 'dk', contestType: 'classic', salaryCap: 60,
  slots: [slot('A', ['X']), slot('FLEX', ['X', 'Y'])],
  uploadHeader: ['A', 'FLEX'], positions: ['X', 'Y'], positionAliases: {},
};

const cand = (id: string, positions: string[], points: number, salary: number): BruteCandidate => ({ id, playerKey: id, positions, points, salary });

const TWO_SLOT_POOL = [
  cand('x1', ['X'], 10, 30),
  cand('x2', ['X'], 8, 20),
  cand('y1', ['Y'], 9, 40),
  cand('y2', ['Y'], 3, 5),
];

const ids = (lineup: BruteLineup | null) => lineup?.slots.map((s) => s.candidate.id);

describe('brute force on a two-slot roster (checked by hand)', () => {
  it('finds the best pair under the cap', () => {
    // x1+y1 = 19 points costs 70 > 60; the best pair that fits is x1+x2 = 18 (cost 50).
    const best = bruteForceBest(TWO_SLOT_POOL, TWO_SLOTS, { minSal: 0, maxSal: 60 });
    expect(best?.points).toBe(18);
    expect(best?.salary).toBe(50);
    expect(new Set(ids(best))).toEqual(new Set(['x1', 'x2']));
    expect(ids(bruteForceBest(TWO_SLOT_POOL, TWO_SLOTS, { minSal: 0, maxSal: 70 }))).toEqual(['x1', 'y1']);
  });

  it('counts every slot filling once', () => {
    // A ∈ {x1, x2}, FLEX any other player: 2 × 3 = 6 fillings; x1 in A with y1 costs 70.
    expect(enumerateLineups(TWO_SLOT_POOL, TWO_SLOTS, { minSal: 0, maxSal: 70 }, () => {})).toBe(6);
    expect(enumerateLineups(TWO_SLOT_POOL, TWO_SLOTS, { minSal: 0, maxSal: 60 }, () => {})).toBe(5);
  });

  it('applies minSal and extraCheck', () => {
    // Salary ≥ 60 leaves x1+y1 (70, needs maxSal 70) and x2+y1 (60, 17 points).
    expect(bruteForceBest(TWO_SLOT_POOL, TWO_SLOTS, { minSal: 60, maxSal: 60 })?.points).toBe(17);
    expect(bruteForceBest(TWO_SLOT_POOL, TWO_SLOTS, { minSal: 60, maxSal: 70 })?.points).toBe(19);
    const noX1 = bruteForceBest(TWO_SLOT_POOL, TWO_SLOTS, {
      minSal: 0, maxSal: 60, extraCheck: (l) => !l.slots.some((s) => s.candidate.id === 'x1'),
    });
    expect(noX1?.points).toBe(17);
  });

  it('returns null when the roster cannot be filled', () => {
    expect(bruteForceBest([cand('y1', ['Y'], 9, 40), cand('y2', ['Y'], 3, 5)], TWO_SLOTS, { minSal: 0, maxSal: 60 })).toBeNull();
    expect(bruteForceBest(TWO_SLOT_POOL, TWO_SLOTS, { minSal: 0, maxSal: 24 })).toBeNull();
  });

  it('never uses one playerKey twice', () => {
    const pool = [cand('a', ['X'], 10, 1), { ...cand('a-flex', ['X'], 10, 1), playerKey: 'a' }, cand('b', ['Y'], 1, 1)];
    expect(ids(bruteForceBest(pool, TWO_SLOTS, { minSal: 0, maxSal: 60 }))).toEqual(['a', 'b']);
  });
});

describe('brute force on showdown (checked by hand)', () => {
  const roster = getRoster('nfl', 'dk', 'showdown');
  // All seven cost 48000; a lineup leaves one out and adds half its captain's salary.
  const rows: [string, string, number, number][] = [
    ['A', 'QB', 24, 11000], ['B', 'WR', 20, 6000], ['C', 'RB', 14, 9000], ['D', 'WR', 12, 8000],
    ['E', 'TE', 10, 7000], ['F', 'K', 6, 4000], ['G', 'DST', 5, 3000],
  ];
  const players: PoolPlayer[] = rows.map(([name, position, pts, salary]) => ({
    Id: name, Name: name, Position: position, TeamAbbrev: 'KC', Opp: 'BUF', Salary: salary, ProjPts: pts,
  }));
  const captainOf = (l: BruteLineup | null) => l?.slots.find((s) => s.label === 'CPT')?.candidate.id;
  const leftOut = (l: BruteLineup | null) => rows.map((r) => r[0]).filter((id) => !l?.slots.some((s) => s.candidate.id === id));

  it('captains A and leaves out F at a 50000 cap', () => {
    // Without F: 44000 + 5500 (A as captain) = 49500; 85 + 12 = 97 points, the best.
    const best = bruteForceBest(bruteCandidates(roster, players), roster, { minSal: 0, maxSal: 50000 });
    expect(best?.points).toBe(97);
    expect(best?.salary).toBe(49500);
    expect(captainOf(best)).toBe('A');
    expect(leftOut(best)).toEqual(['F']);
  });

  it('captains B and leaves out G at a 49000 cap', () => {
    // A as captain now fits only without E or a pricier player (≤ 93); without G, B as
    // captain costs 45000 + 3000 = 48000 for 86 + 10 = 96 points.
    const best = bruteForceBest(bruteCandidates(roster, players), roster, { minSal: 0, maxSal: 49000 });
    expect(best?.points).toBe(96);
    expect(captainOf(best)).toBe('B');
    expect(leftOut(best)).toEqual(['G']);
  });

  it('takes pre-labelled captain rows as they are and never pairs a player with himself', () => {
    // A's CPT row is priced like any flex row here, so the only question is who captains.
    const labelled: PoolPlayer[] = players.flatMap((p) => [
      { ...p, Id: `${p.Id}-cpt`, RosterPosition: 'CPT', ProjPts: p.ProjPts * 1.5, Salary: p.Salary },
      { ...p, Id: `${p.Id}-flex`, RosterPosition: 'FLEX' },
    ]);
    const candidates = bruteCandidates(roster, labelled);
    expect(candidates.filter((c) => c.onlySlot === 'captain')).toHaveLength(7);
    const best = bruteForceBest(candidates, roster, { minSal: 0, maxSal: 50000 });
    // Salary is no longer ×1.5: all but G (5 pts) fit in 45000, A captains: 86 + 12 = 98.
    expect(best?.points).toBe(98);
    expect(captainOf(best)).toBe('A-cpt');
    const keys = best!.slots.map((s) => s.candidate.playerKey);
    expect(new Set(keys).size).toBe(6);
  });
});

describe('brute force counting', () => {
  it('visits each set of players once on a roster of identical slots', () => {
    const roster = getRoster('pga', 'dk', 'classic');
    const golfers = Array.from({ length: 8 }, (_, i) => cand(`g${i}`, ['G'], i, 1000));
    expect(enumerateLineups(golfers, roster, { minSal: 0, maxSal: 50000 }, () => {})).toBe(28); // C(8, 6)
    const all = bruteForceAll(golfers, roster, { minSal: 0, maxSal: 50000 });
    expect(all[0]!.points).toBe(2 + 3 + 4 + 5 + 6 + 7);
    expect(new Set(all.map((l) => l.slots.map((s) => s.candidate.id).sort().join())).size).toBe(28);
  });

  it('counts captain × flex sets in showdown', () => {
    const roster = getRoster('nfl', 'fd', 'showdown'); // MVP + 4 flex
    const players: PoolPlayer[] = Array.from({ length: 7 }, (_, i) => ({
      Id: `p${i}`, Name: `P${i}`, Position: 'WR', TeamAbbrev: 'KC', Salary: 100, ProjPts: i,
    }));
    // 7 captains × C(6, 4) flex sets = 105.
    expect(enumerateLineups(bruteCandidates(roster, players), roster, { minSal: 0, maxSal: 60000 }, () => {})).toBe(105);
  });
});

describe('brute force against HiGHS and GLPK on random pools of every roster', () => {
  let highs: MipSolver;
  let glpk: MipSolver;
  beforeAll(async () => {
    [highs, glpk] = await Promise.all([createHighsSolver(), createGlpkSolver()]);
  });

  for (const roster of ROSTERS) {
    it(rosterKey(roster), () => {
      for (let seed = 1; seed <= 3; seed++) {
        const size = Math.min(14, roster.slots.length + 2 + seed);
        const candidates = bruteCandidates(roster, randomPool(roster, size, seed));
        for (const maxSal of [roster.salaryCap, Math.round(roster.salaryCap * 0.55)]) {
          const opts = { minSal: 0, maxSal };
          const best = bruteForceBest(candidates, roster, opts);
          const { model, columns } = slotAssignmentModel(candidates, roster, opts);
          const where = `seed ${seed}, maxSal ${maxSal}`;
          for (const solver of [highs, glpk]) {
            const result = solver.solve(model);
            expect(result.status, `${solver.name} ${where}`).toBe(best ? 'optimal' : 'infeasible');
            if (!best) continue;
            expect(result.objective, `${solver.name} ${where}`).toBeCloseTo(best.points, 6);
            // The solver's lineup is a valid filling with the same points.
            const picked = result.columns.map((j) => columns[j]!);
            expect(picked.map((p) => p.slot).sort((a, b) => a - b)).toEqual(roster.slots.map((_, s) => s));
          }
          if (maxSal === roster.salaryCap) expect(best, `${where}: randomPool must fill the roster`).not.toBeNull();
        }
      }
    });
  }
});

describe('randomPool', () => {
  for (const roster of ROSTERS) {
    it(`gives valid, deterministic pools for ${rosterKey(roster)}`, () => {
      const size = roster.slots.length + 6;
      const pool = randomPool(roster, size, 42);
      expect(randomPool(roster, size, 42)).toEqual(pool);
      expect(randomPool(roster, size, 43)).not.toEqual(pool);
      expect(pool).toHaveLength(size);
      expect(new Set(pool.map((p) => p.Id)).size).toBe(size);
      expect(new Set(pool.map((p) => p.Name)).size).toBe(size);
      const step = roster.salaryCap >= 10000 ? 100 : 1;
      const teams = new Map(pool.map((p) => [p.TeamAbbrev, p.Opp]));
      for (const p of pool) {
        for (const position of p.Position.split('/')) expect(roster.positions).toContain(position);
        expect(p.Salary % step).toBe(0);
        expect(p.Salary).toBeGreaterThan(0);
        expect(p.Salary).toBeLessThan(roster.salaryCap / 2);
        expect(Math.round(p.ProjPts * 100) / 100).toBe(p.ProjPts);
        expect(p.Ceiling).toBeGreaterThanOrEqual(p.ProjPts);
        expect(p.ProjOwn).toBeGreaterThanOrEqual(0);
        expect(p.ProjOwn).toBeLessThanOrEqual(40);
        expect(p.GameStart).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/);
        if (roster.sport === 'nba') expect(p.ProjMins).toBeGreaterThan(0);
        // Opponents are paired: my opponent's opponent is my team.
        if (teams.has(p.Opp!)) expect(teams.get(p.Opp!)).toBe(p.TeamAbbrev);
      }
      if (roster.contestType === 'showdown') expect(teams.size).toBe(2);
      expect(bruteForceBest(bruteCandidates(roster, pool), roster, { minSal: 0, maxSal: roster.salaryCap })).not.toBeNull();
    });
  }

  it('includes multi-position players where the sport has them', () => {
    const nba = randomPool(getRoster('nba', 'dk', 'classic'), 40, 3);
    expect(nba.some((p) => p.Position.includes('/'))).toBe(true);
    const mlb = randomPool(getRoster('mlb', 'fd', 'classic'), 40, 3);
    expect(mlb.some((p) => p.Position.includes('/'))).toBe(true);
  });
});

describe('benchSlate', () => {
  it('nfl dk classic: about 400 players from 26 teams in realistic proportions', () => {
    const slate = benchSlate('nfl-dk-classic');
    expect(benchSlate('nfl-dk-classic')).toEqual(slate);
    expect(slate.length).toBeGreaterThanOrEqual(380);
    expect(slate.length).toBeLessThanOrEqual(420);
    expect(new Set(slate.map((p) => p.TeamAbbrev)).size).toBe(26);
    const count = (pos: string) => slate.filter((p) => p.Position === pos).length;
    expect([count('QB'), count('RB'), count('WR'), count('TE'), count('DST')]).toEqual([52, 104, 130, 78, 26]);
    for (const p of slate) {
      expect(p.Salary % 100).toBe(0);
      const [lo, hi] = p.Position === 'DST' ? [2000, 4000] : [2500, 9000];
      expect(p.Salary).toBeGreaterThanOrEqual(lo);
      expect(p.Salary).toBeLessThanOrEqual(hi);
    }
  });

  it('nba dk classic: about 250 players with dual positions and minutes', () => {
    const slate = benchSlate('nba-dk-classic', 7);
    expect(slate.length).toBeGreaterThanOrEqual(240);
    expect(slate.length).toBeLessThanOrEqual(270);
    expect(slate.filter((p) => p.Position.includes('/')).length).toBeGreaterThan(50);
    expect(slate.every((p) => (p.ProjMins ?? 0) > 0)).toBe(true);
  });
});
