// Cancellation reaches a solve in progress: the abort is looked at inside the
// root solve and the search within a bounded amount of work, and between the set-up steps of a
// build, including while the pool is read. Asserted on when the abort is observed (pivots,
// pivot work, solver calls), never on time.
import { getRoster } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../test-support/prng.js';
import { randomPool } from '../test-support/random-pool.js';
import { buildLineups } from './build.js';
import { ABORT_CHECK_EVERY, ABORT_CHECK_WORK } from './solvers/branch-and-bound/dual-simplex.js';
import { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
import type { BuildRequest, CancelSignal, LinearModel, MipSolver, PoolPlayer } from './types.js';

/** A signal that turns aborted at its `flipAt`-th read (never when 0), counting its reads. */
function flippingSignal(flipAt: number): CancelSignal & { reads: number } {
  return {
    reads: 0,
    get aborted() {
      this.reads++;
      return flipAt > 0 && this.reads >= flipAt;
    },
  };
}

/**
 * A large pool whose points follow salary closely: many lineups lie within a point of the
 * root bound, so the first lineup needs a long root solve and a real search.
 */
function hardPool(sport: 'nfl' | 'nba', size: number, noise: number): PoolPlayer[] {
  const rng = mulberry32(5);
  return randomPool(getRoster(sport, 'dk', 'classic'), size, 1)
    .map((p) => ({ ...p, ProjPts: Math.round((p.Salary / 1000) * 3 * 100 + noise * 100 * rng()) / 100 }));
}

function request(players: PoolPlayer[], sport: 'nfl' | 'nba' = 'nfl'): BuildRequest {
  return { sport, site: 'dk', contestType: 'classic', players, seed: 1, settings: { numLUs: 3, projPtsRandInput: 'none' } };
}

/** The model of a build's first lineup. */
async function firstLineupModel(players: PoolPlayer[], sport: 'nfl' | 'nba'): Promise<LinearModel> {
  let model: LinearModel | undefined;
  const inner = createBranchAndBoundSolver();
  const solver: MipSolver = { name: 'capture', solve: (m, o) => { model ??= m; return inner.solve(m, o); } };
  for await (const batch of buildLineups(request(players, sport), { solver, batchSize: 1 })) if (batch.count > 0) break;
  return model!;
}

describe('the solver observes an abort within bounded work', () => {
  // Pivots of tens of thousands of entries each (3,000 nba players): the work count makes the
  // looks; narrower ones (1,200 nfl players, the search by anchor): the pivot count does.
  it.each([['nba', 3000, 0.2], ['nfl', 1200, 0.5]] as const)('%s, %i players: at most 64 pivots and 2^18 tableau entries of pivot work (plus one pivot) between two looks', async (sport, size, noise) => {
    const model = await firstLineupModel(hardPool(sport, size, noise), sport);
    const solveFlippingAt = (flipAt: number) => {
      // A fresh solver each time: its path does not depend on earlier solves, so runs that flip
      // at successive reads share it up to the flip.
      const solver = createBranchAndBoundSolver();
      const signal = flippingSignal(flipAt);
      const result = solver.solve(model, { signal });
      return { status: result.status, reads: signal.reads, ...solver.lastStats };
    };
    const full = solveFlippingAt(0);
    expect(full.status).toBe('optimal');
    // A model that takes a while: without looks inside the solve, an abort would wait for all of it.
    expect(full.pivots).toBeGreaterThan(4 * ABORT_CHECK_EVERY);
    expect(full.reads).toBeGreaterThan(8);

    const flips = [1, 2, 3, 4, 5, Math.floor(full.reads / 2), full.reads - 2];
    let inRoot = 0;
    let inSearch = 0;
    for (const flipAt of flips) {
      // An abort raised after look k is seen at look k + 1: the work between them is all the
      // solve does after the abort.
      const before = solveFlippingAt(flipAt);
      const after = solveFlippingAt(flipAt + 1);
      expect(before.status, `flip at ${flipAt}`).toBe('aborted');
      expect(after.status, `flip at ${flipAt + 1}`).toBe('aborted');
      expect(before.reads).toBe(flipAt);
      expect(after.pivots - before.pivots, `pivots after look ${flipAt}`).toBeLessThanOrEqual(ABORT_CHECK_EVERY);
      expect(after.pivotWork - before.pivotWork, `work after look ${flipAt}`).toBeLessThanOrEqual(ABORT_CHECK_WORK + after.widestPivot);
      // Past the look at the solve's start (look 1), before any node: in the root solve.
      if (after.nodes === 0) inRoot++;
      else inSearch++;
    }
    expect(inRoot).toBeGreaterThan(0);
    expect(inSearch).toBeGreaterThan(0);
  });

  it('an abort raised before a solve costs no pivot', () => {
    const solver = createBranchAndBoundSolver();
    const model: LinearModel = { objective: Float64Array.from([1, 2, 3]), lower: new Uint8Array(3), upper: Uint8Array.from([1, 1, 1]), rows: [{ rule: 'one', cols: [0, 1, 2], coefs: [1, 1, 1], lo: 1, hi: 1 }] };
    const result = solver.solve(model, { signal: flippingSignal(1) });
    expect(result.status).toBe('aborted');
    expect(solver.lastStats.pivots).toBe(0);
  });
});

describe('a build observes an abort during its set-up', () => {
  it('while the pool is read and between the set-up steps: no solve starts after it', async () => {
    const players = randomPool(getRoster('nfl', 'dk', 'classic'), 1500, 3);
    /** Runs the build with the signal flipping at `flipAt`; counts the solves and the reads before the first. */
    const run = async (flipAt: number) => {
      const signal = flippingSignal(flipAt);
      const inner = createBranchAndBoundSolver();
      let calls = 0;
      let readsBeforeFirstSolve = -1;
      const solver: MipSolver = {
        name: 'counting',
        solve: (m, o) => { if (calls++ === 0) readsBeforeFirstSolve = signal.reads; return inner.solve(m, o); },
      };
      let lineups = 0;
      for await (const batch of buildLineups(request(players), { solver, signal, batchSize: 1 })) lineups += batch.lineups.length;
      return { calls, lineups, readsBeforeFirstSolve, reads: signal.reads };
    };
    const full = await run(0);
    expect(full.lineups).toBe(3);
    // The pool's 1,500 rows are read with a look every 256 rows, then each set-up step looks.
    expect(full.readsBeforeFirstSolve).toBeGreaterThanOrEqual(Math.ceil(1500 / 256) + 3);
    for (let flipAt = 1; flipAt <= full.readsBeforeFirstSolve; flipAt++) {
      const cut = await run(flipAt);
      expect(cut, `flip at ${flipAt}`).toEqual({ calls: 0, lineups: 0, readsBeforeFirstSolve: -1, reads: flipAt });
    }
  });
});
