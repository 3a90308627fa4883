import { beforeAll, describe, expect, it } from 'vitest';
import { createGlpkSolver } from '../../test-support/glpk-solver.js';
import { mulberry32 } from '../../test-support/prng.js';
import { optimumByEnumeration, randomLinearModel, satisfies, withAnchorStructure } from '../../test-support/random-model.js';
import type { LinearModel, MipSolver, Row } from '../types.js';
import { createBranchAndBoundSolver } from './branch-and-bound.js';

let glpk: MipSolver;
beforeAll(async () => {
  glpk = await createGlpkSolver();
});

const bb = createBranchAndBoundSolver();

/** The row that forbids this 0/1 point and nothing else. */
function forbid(columns: readonly number[], n: number): Row {
  const chosen = new Set(columns);
  const cols = Array.from({ length: n }, (_, j) => j);
  return { cols, coefs: cols.map((j) => (chosen.has(j) ? 1 : -1)), lo: -Infinity, hi: chosen.size - 1, rule: 'forbid' };
}

/** Marks about a third of the rows lazy: the answer must not change. */
function withLazyRows(model: LinearModel, seed: number): LinearModel {
  const rng = mulberry32(seed);
  return { ...model, rows: model.rows.map((row) => (rng() < 0.35 ? { ...row, lazy: true } : row)) };
}

function expectSameOptimum(model: LinearModel, reference: number | null, label: string): void {
  const result = bb.solve(model);
  if (reference === null) {
    expect(result.status, label).toBe('infeasible');
    return;
  }
  expect(result.status, label).toBe('optimal');
  expect(satisfies(model, result.columns, 1e-7), label).toBe(true);
  expect(result.objective, label).toBeCloseTo(reference, 6);
  const value = result.columns.reduce((sum, j) => sum + model.objective[j]!, 0);
  expect(value, label).toBeCloseTo(result.objective, 9);
}

describe('branch-and-bound solver', () => {
  it('matches exhaustive enumeration on 1500 small random models', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const model = randomLinearModel(seed, { cols: 4 + (seed % 13), rows: 1 + (seed % 9) });
      expectSameOptimum(seed % 2 ? model : withLazyRows(model, seed), optimumByEnumeration(model), `seed ${seed}`);
    }
  });

  it('matches GLPK on 1500 larger random models', () => {
    for (let seed = 10_001; seed <= 11_500; seed++) {
      const model = randomLinearModel(seed, { cols: 20 + (seed % 41), rows: 3 + (seed % 17) });
      const reference = glpk.solve(model);
      expectSameOptimum(seed % 3 ? model : withLazyRows(model, seed), reference.status === 'optimal' ? reference.objective : null, `seed ${seed}`);
    }
  });

  it('matches exhaustive enumeration with exclusive anchors, conditional rows and branching marks', () => {
    for (let seed = 30_001; seed <= 30_700; seed++) {
      const model = withAnchorStructure(randomLinearModel(seed, { cols: 6 + (seed % 11), rows: 1 + (seed % 6) }), seed);
      expectSameOptimum(model, optimumByEnumeration(model), `seed ${seed}`);
    }
  });

  it('adds lazy cuts until a solution passes, matching the model with the cuts written out', () => {
    for (let seed = 20_001; seed <= 20_300; seed++) {
      const model = randomLinearModel(seed, { cols: 10 + (seed % 7), rows: 2 + (seed % 6) });
      // The callback rejects the first few solutions it sees, one cut each.
      const rejected: Row[] = [];
      const limit = seed % 7;
      const result = bb.solve(model, {
        lazyRows: (columns) => {
          if (rejected.length >= limit || rejected.some((row) => satisfiesRow(row, columns) === false)) return null;
          const cut = forbid(columns, model.objective.length);
          rejected.push(cut);
          return cut;
        },
      });
      const explicit = { ...model, rows: [...model.rows, ...rejected] };
      const reference = optimumByEnumeration(explicit);
      if (reference === null) expect(result.status).toBe('infeasible');
      else {
        expect(result.status, `seed ${seed}`).toBe('optimal');
        expect(satisfies(explicit, result.columns, 1e-7)).toBe(true);
        expect(result.objective, `seed ${seed}`).toBeCloseTo(reference, 6);
      }
    }
  });

  it('stops with status aborted when the signal is already aborted', () => {
    const model = randomLinearModel(7, { cols: 60, rows: 12 });
    const controller = new AbortController();
    controller.abort();
    // An abort is noticed within a bounded number of pivots, so a model that needs more stops.
    const big = { ...model, objective: model.objective.map((v, j) => v + (j % 5) / 7) };
    const result = bb.solve(big, { signal: controller.signal });
    expect(['aborted', 'optimal', 'infeasible']).toContain(result.status);
    if (bb.lastStats.pivots >= 64) expect(result.status).toBe('aborted');
  });

  it('weighs its pivots by the tableau entries they touch: a wider model costs more per pivot', () => {
    const perPivot = (cols: number, rows: number) => {
      let work = 0;
      let pivots = 0;
      for (let seed = 1; seed <= 20; seed++) {
        bb.solve(randomLinearModel(seed, { cols, rows }));
        work += bb.lastStats.pivotWork;
        pivots += bb.lastStats.pivots;
      }
      expect(work).toBeGreaterThan(0);
      return work / pivots;
    };
    // Each pivot reads at least its row over the active columns, and updates other rows.
    expect(perPivot(60, 12)).toBeGreaterThan(2 * perPivot(15, 4));
  });
});

function satisfiesRow(row: Row, columns: readonly number[]): boolean {
  const chosen = new Set(columns);
  let v = 0;
  row.cols.forEach((c, k) => { if (chosen.has(c)) v += row.coefs[k]!; });
  return v >= row.lo && v <= row.hi;
}
