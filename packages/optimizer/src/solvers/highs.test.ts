import { beforeAll, describe, expect, it } from 'vitest';
import { createGlpkSolver } from '../../test-support/glpk-solver.js';
import { optimumByEnumeration, randomLinearModel, satisfies } from '../../test-support/random-model.js';
import type { LinearModel, MipSolver, Row } from '../types.js';
import { createHighsSolver, toLpText } from '../../test-support/highs-solver.js';

let highs: MipSolver;
let glpk: MipSolver;

beforeAll(async () => {
  [highs, glpk] = await Promise.all([createHighsSolver(), createGlpkSolver()]);
});

/** The no-good row that forbids exactly this 0/1 point. */
function forbid(columns: readonly number[], n: number): Row {
  const chosen = new Set(columns);
  const cols = Array.from({ length: n }, (_, j) => j);
  return { cols, coefs: cols.map((j) => (chosen.has(j) ? 1 : -1)), lo: -Infinity, hi: chosen.size - 1, rule: 'forbid' };
}

function withRows(model: LinearModel, rows: Row[]): LinearModel {
  return { ...model, rows: [...model.rows, ...rows] };
}

const model3 = (): LinearModel => ({
  objective: new Float64Array([3, 2, 1]),
  lower: new Uint8Array(3),
  upper: new Uint8Array(3).fill(1),
  rows: [{ cols: [0, 1, 2], coefs: [1, 1, 1], lo: -Infinity, hi: 2, rule: 'count' }],
});

describe('HiGHS solver', () => {
  it('solves a hand-checked model', () => {
    expect(highs.solve(model3())).toEqual({ status: 'optimal', columns: [0, 1], objective: 5 });
    const fixed = { ...model3(), lower: new Uint8Array([0, 0, 1]) };
    expect(highs.solve(fixed)).toEqual({ status: 'optimal', columns: [0, 2], objective: 4 });
  });

  it('drops empty and all-zero rows, and reports infeasible ones', () => {
    const ok = withRows(model3(), [
      { cols: [], coefs: [], lo: 0, hi: 0, rule: 'empty' },
      { cols: [1, 2], coefs: [0, 0], lo: -1, hi: 1, rule: 'zeros' },
      { cols: [2, 2], coefs: [1, -1], lo: 0, hi: Infinity, rule: 'cancels' },
      { cols: [0, 1], coefs: [1, 1], lo: -Infinity, hi: Infinity, rule: 'free' },
    ]);
    expect(highs.solve(ok)).toEqual({ status: 'optimal', columns: [0, 1], objective: 5 });
    expect(highs.solve(withRows(model3(), [{ cols: [], coefs: [], lo: 1, hi: 2, rule: 'empty' }])).status).toBe('infeasible');
    expect(highs.solve(withRows(model3(), [{ cols: [0], coefs: [0], lo: -Infinity, hi: -1, rule: 'zero' }])).status).toBe('infeasible');
  });

  it('merges duplicate columns in a row and writes ranges as two rows', () => {
    const model = withRows(model3(), [{ cols: [0, 1, 0], coefs: [1, 1, 1], lo: 1, hi: 2, rule: 'range' }]);
    const text = toLpText(model, [{ cols: [0, 1], coefs: [2, 1], lo: 1, hi: 2 }]);
    expect(text).toContain('r0: + 2 x0 + 1 x1 >= 1');
    expect(text).toContain('r1: + 2 x0 + 1 x1 <= 2');
    // 2·x0 + x1 ∈ [1, 2] rules out x0 = x1 = 1, so the best is x0 + x2.
    expect(highs.solve(model)).toEqual({ status: 'optimal', columns: [0, 2], objective: 4 });
    expect(glpk.solve(model)).toEqual({ status: 'optimal', columns: [0, 2], objective: 4 });
  });

  it('handles a model without columns', () => {
    const empty: LinearModel = { objective: new Float64Array(0), lower: new Uint8Array(0), upper: new Uint8Array(0), rows: [] };
    expect(highs.solve(empty)).toEqual({ status: 'optimal', columns: [], objective: 0 });
    expect(highs.solve(withRows(empty, [{ cols: [], coefs: [], lo: 1, hi: 1, rule: 'x' }])).status).toBe('infeasible');
  });

  it('reports crossed column bounds as infeasible', () => {
    expect(highs.solve({ ...model3(), lower: new Uint8Array([1, 0, 0]), upper: new Uint8Array([0, 1, 1]) }).status).toBe('infeasible');
  });

  it('returns aborted for an aborted signal, also between lazy rounds', () => {
    const controller = new AbortController();
    controller.abort();
    expect(highs.solve(model3(), { signal: controller.signal }).status).toBe('aborted');
    const later = new AbortController();
    const result = highs.solve(model3(), {
      signal: later.signal,
      lazyRows: (columns) => {
        later.abort();
        return forbid(columns, 3);
      },
    });
    expect(result.status).toBe('aborted');
  });

  it('rejects a lazy row that does not cut off the offered solution', () => {
    expect(() => highs.solve(model3(), { lazyRows: () => ({ cols: [0], coefs: [1], lo: 0, hi: 1, rule: 'loose' }) }))
      .toThrow(/does not cut off/);
  });
});

describe('HiGHS against GLPK', () => {
  const MODELS = 400;

  it(`agrees with GLPK (and with enumeration on small models) on ${MODELS} random models`, () => {
    let feasible = 0;
    let infeasible = 0;
    for (let seed = 1; seed <= MODELS; seed++) {
      const cols = seed % 23; // 0..22 columns
      const rows = (seed * 7) % 13; // 0..12 rows
      const model = randomLinearModel(seed, { cols, rows });
      const a = highs.solve(model);
      const b = glpk.solve(model);
      const where = `seed ${seed} (${cols} cols, ${rows} rows)`;
      expect(a.status, where).toBe(b.status);
      if (cols <= 12) {
        const best = optimumByEnumeration(model);
        expect(a.status, where).toBe(best === null ? 'infeasible' : 'optimal');
        if (best !== null) expect(a.objective, where).toBeCloseTo(best, 6);
      }
      if (a.status === 'optimal') {
        feasible++;
        expect(Math.abs(a.objective - b.objective), where).toBeLessThan(1e-6);
        expect(satisfies(model, a.columns), where).toBe(true);
        expect(satisfies(model, b.columns), where).toBe(true);
        expect(a.columns, where).toEqual([...a.columns].sort((x, y) => x - y));
      } else {
        infeasible++;
      }
    }
    // The generator must exercise both outcomes.
    expect(feasible).toBeGreaterThan(MODELS / 2);
    expect(infeasible).toBeGreaterThan(MODELS / 20);
  });

  it('lazy rows: forbidding the optimum gives the second best, as GLPK finds with the row added', () => {
    let checked = 0;
    for (let seed = 1000; checked < 60; seed++) {
      const model = randomLinearModel(seed, { cols: 6 + (seed % 12), rows: 2 + (seed % 6) });
      const first = highs.solve(model);
      if (first.status !== 'optimal') continue;
      checked++;
      const cut = forbid(first.columns, model.objective.length);
      const offered: number[][] = [];
      const lazy = highs.solve(model, {
        lazyRows: (columns) => {
          offered.push(columns);
          return columns.join() === first.columns.join() ? cut : null;
        },
      });
      const expected = glpk.solve(withRows(model, [cut]));
      const where = `seed ${seed}`;
      expect(offered[0], where).toEqual(first.columns);
      expect(lazy.status, where).toBe(expected.status);
      if (expected.status === 'optimal') {
        expect(Math.abs(lazy.objective - expected.objective), where).toBeLessThan(1e-6);
        expect(lazy.columns.join(), where).not.toBe(first.columns.join());
        expect(lazy.objective, where).toBeLessThanOrEqual(first.objective + 1e-9);
      }
    }
  });

  it('lazy rows over several rounds (k-best) match both solvers with the rows given up front', () => {
    for (let seed = 2000; seed < 2040; seed++) {
      const model = randomLinearModel(seed, { cols: 10, rows: 3 });
      const n = model.objective.length;
      for (const solver of [highs, glpk]) {
        const cuts: Row[] = [];
        const result = solver.solve(model, {
          lazyRows: (columns) => {
            if (cuts.length >= 4) return null;
            const cut = forbid(columns, n);
            cuts.push(cut);
            return cut;
          },
        });
        const upFront = glpk.solve(withRows(model, cuts));
        const where = `${solver.name} seed ${seed}`;
        expect(result.status, where).toBe(upFront.status);
        if (result.status === 'optimal') expect(Math.abs(result.objective - upFront.objective), where).toBeLessThan(1e-6);
      }
    }
  });
});
