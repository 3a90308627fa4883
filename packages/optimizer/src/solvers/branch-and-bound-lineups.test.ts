// The built-in solver on real lineup models, solve after solve: the solver keeps state between
// solves (the gaps it saw guide its next cutoff guess), so whole builds are cross-checked
// against GLPK, every lineup of every build, on random pools of every roster kind.
import { getRoster, type BuildSettings, type RosterSpec } from '@stacksmith/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGlpkSolver } from '../../test-support/glpk-solver.js';
import { randomPool } from '../../test-support/random-pool.js';
import { buildLineups } from '../build.js';
import type { LinearModel, MipSolver, Row, SolveResult } from '../types.js';
import { createBranchAndBoundSolver } from './branch-and-bound.js';

let glpk: MipSolver;
beforeAll(async () => {
  glpk = await createGlpkSolver();
});

/** Solves every model with both solvers; records both results and returns ours. */
function crossChecking(ours: MipSolver, log: { ours: SolveResult; glpk: SolveResult; model: LinearModel }[]): MipSolver {
  return {
    name: 'cross-check',
    solve(model, options) {
      // Both see the same lazy rows: the callback's cuts are globally valid whoever asks.
      const a = ours.solve(model, options);
      const b = glpk.solve(model, options);
      log.push({ ours: a, glpk: b, model });
      return a;
    },
  };
}

function rowHolds(row: Row, chosen: Set<number>): boolean {
  let v = 0;
  row.cols.forEach((c, k) => { if (chosen.has(c)) v += row.coefs[k]!; });
  const scale = Math.max(1, Number.isFinite(row.lo) ? Math.abs(row.lo) : 0, Number.isFinite(row.hi) ? Math.abs(row.hi) : 0);
  return v >= row.lo - 1e-7 * scale && v <= row.hi + 1e-7 * scale;
}

const CASES: { roster: RosterSpec; size: number; settings: Partial<BuildSettings>; lineups?: number }[] = [
  { roster: getRoster('nfl', 'dk', 'classic'), size: 60, settings: {} },
  // Without randomness each lineup must cut off all the better earlier ones: many lazy cuts.
  { roster: getRoster('nfl', 'dk', 'classic'), size: 40, settings: { projPtsRandInput: 'none' }, lineups: 30 },
  { roster: getRoster('nba', 'dk', 'classic'), size: 36, settings: { projPtsRandInput: 'none', minUnique: 2 }, lineups: 30 },
  { roster: getRoster('nfl', 'fd', 'showdown'), size: 20, settings: { projPtsRandInput: 'none' }, lineups: 30 },
  { roster: getRoster('nfl', 'dk', 'classic'), size: 45, settings: { minUnique: 3, projPtsRandInput: 'high' } },
  { roster: getRoster('nba', 'dk', 'classic'), size: 50, settings: {} },
  { roster: getRoster('nba', 'fd', 'classic'), size: 45, settings: { projPtsRandInput: 'none', minUnique: 2 } },
  { roster: getRoster('nfl', 'dk', 'showdown'), size: 24, settings: {} },
  { roster: getRoster('mlb', 'dk', 'classic'), size: 50, settings: {} },
  // A second game stack: a subtree per QB and game.
  { roster: getRoster('nfl', 'dk', 'classic'), size: 50, settings: { forceSecondGameStack: 1 } },
];

describe('branch-and-bound on lineup models, build after build', () => {
  for (const [index, { roster, size, settings, lineups = 12 }] of CASES.entries()) {
    it(`${roster.sport}/${roster.site}/${roster.contestType} (${size} players): every lineup's optimum equals GLPK's`, async () => {
      // One solver for all pools of the case: its gap history carries across builds.
      const ours = createBranchAndBoundSolver();
      const paths = { anchorSubtrees: 0, parked: 0 };
      const counted: MipSolver = {
        name: ours.name,
        solve: (model, options) => {
          const r = ours.solve(model, options);
          for (const key of Object.keys(paths) as (keyof typeof paths)[]) paths[key] += ours.lastStats[key];
          return r;
        },
      };
      for (let pool = 0; pool < 4; pool++) {
        const players = randomPool(roster, size, 1000 * index + pool + 1);
        const log: { ours: SolveResult; glpk: SolveResult; model: LinearModel }[] = [];
        const solver = crossChecking(counted, log);
        const request = {
          sport: roster.sport, site: roster.site, contestType: roster.contestType, players, seed: pool + 1,
          settings: { numLUs: lineups, ...settings },
        };
        // A build may end early on an infeasible lineup; both solvers must agree on that too.
        try {
          for await (const batch of buildLineups(request, { solver, batchSize: 4 })) void batch;
        } catch (error) {
          expect((error as Error).name).toBe('BuildError');
        }
        expect(log.length).toBeGreaterThan(0);
        for (const [k, { ours: a, glpk: b, model }] of log.entries()) {
          const label = `pool ${pool}, solve ${k + 1}`;
          expect(a.status, label).toBe(b.status);
          if (a.status !== 'optimal') continue;
          expect(a.objective, label).toBeCloseTo(b.objective, 6);
          const chosen = new Set(a.columns);
          for (const row of model.rows) if (!row.lazy) expect(rowHolds(row, chosen), `${label}: ${row.rule}`).toBe(true);
          for (const j of a.columns) expect(model.upper[j], label).toBe(1);
        }
      }
      // The paths these builds take (so that the cross-check covers them): nfl classic and nba
      // stacks search by anchor (QB, QB and second game, team and game); an mlb root parks
      // columns while its lazy rows come in.
      if (roster.contestType === 'classic' && roster.sport !== 'mlb') expect(paths.anchorSubtrees).toBeGreaterThan(10);
      if (roster.sport === 'mlb') expect(paths.parked).toBeGreaterThan(100);
    });
  }
});

describe('branch-and-bound cutoff guessing', () => {
  it('proves infeasibility when the LP is feasible but no 0/1 point is', () => {
    const solver = createBranchAndBoundSolver();
    const n = 12;
    const cols = Array.from({ length: n }, (_, j) => j);
    // 2·Σx = 7 has LP solutions and no integer one.
    const model: LinearModel = {
      objective: Float64Array.from(cols, (j) => 1 + j / 10),
      lower: new Uint8Array(n),
      upper: new Uint8Array(n).fill(1),
      rows: [{ cols, coefs: cols.map(() => 2), lo: 7, hi: 7, rule: 'odd' }],
    };
    expect(solver.solve(model).status).toBe('infeasible');
  });

  it('stays exact among many ties (whole-point projections, no randomness)', async () => {
    const solver = createBranchAndBoundSolver();
    for (const roster of [getRoster('nfl', 'dk', 'classic'), getRoster('nba', 'dk', 'classic')]) {
      for (let seed = 1; seed <= 3; seed++) {
        // Projections rounded to whole points: many lineups tie, and optima sit exactly on
        // guessed floors and pruning tolerances.
        const players = randomPool(roster, 40, 700 + seed).map((p) => ({ ...p, ProjPts: Math.round(p.ProjPts / 4) }));
        const log: { ours: SolveResult; glpk: SolveResult; model: LinearModel }[] = [];
        const request = {
          sport: roster.sport, site: roster.site, contestType: roster.contestType, players, seed,
          settings: { numLUs: 15, projPtsRandInput: 'none' as const },
        };
        let built = 0;
        for await (const batch of buildLineups(request, { solver: crossChecking(solver, log) })) built = batch.count;
        expect(built).toBe(15);
        // Plans that prove infeasible (a stack rule on a small pool) fall back: extra solves.
        expect(log.length).toBeGreaterThanOrEqual(15);
        for (const { ours: a, glpk: b } of log) {
          expect(a.status).toBe(b.status);
          expect(a.objective).toBeCloseTo(b.objective, 6);
        }
      }
    }
  });

  it('stays exact when the gaps it learned come from models of a very different scale', async () => {
    const solver = createBranchAndBoundSolver();
    const roster = getRoster('nfl', 'dk', 'classic');
    for (let seed = 1; seed <= 6; seed++) {
      const players = randomPool(roster, 40, 500 + seed);
      // Alternating projections ×1000 and ×0.001: each guess follows the other scale's gaps.
      const scale = seed % 2 ? 1000 : 0.001;
      const scaled = players.map((p) => ({ ...p, ProjPts: p.ProjPts * scale }));
      const log: { ours: SolveResult; glpk: SolveResult; model: LinearModel }[] = [];
      const request = { sport: roster.sport, site: roster.site, contestType: roster.contestType, players: scaled, seed, settings: { numLUs: 5 } };
      for await (const batch of buildLineups(request, { solver: crossChecking(solver, log) })) void batch;
      for (const { ours: a, glpk: b } of log) {
        expect(a.status).toBe(b.status);
        expect(a.objective / scale).toBeCloseTo(b.objective / scale, 6);
      }
    }
  });
});
