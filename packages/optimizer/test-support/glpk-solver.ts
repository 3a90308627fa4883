// GLPK (glpk.js, GPL-3.0) as a MipSolver, for tests only: the third independent solver the
// cross-checks compare HiGHS and the built-in branch and bound against. This file lives
// outside src so it is never compiled into the shipped (MIT) package; nothing under
// packages/optimizer/src may import it except *.test.ts files.
import GLPK, { type LP } from 'glpk.js/node';
import type { LinearModel, MipSolver, Row, SolveOptions, SolveResult } from '../src/types.js';

type Glpk = Awaited<ReturnType<typeof GLPK>>;

let runtime: Promise<Glpk> | undefined;

function loadGlpk(): Promise<Glpk> {
  const loading = runtime ?? GLPK();
  runtime = loading;
  return loading;
}

const TOL = 1e-9;

function activity(row: Row, chosen: ReadonlySet<number>): number {
  let total = 0;
  row.cols.forEach((col, k) => {
    if (chosen.has(col)) total += row.coefs[k] ?? 0;
  });
  return total;
}

function violates(row: Row, columns: readonly number[]): boolean {
  const value = activity(row, new Set(columns));
  return value < row.lo - TOL || value > row.hi + TOL;
}

/** The model as a glpk.js LP: integer columns bounded lower..upper, rows bounded lo..hi. */
function toLp(glpk: Glpk, model: LinearModel, rows: readonly Row[]): LP {
  const n = model.objective.length;
  const name = (j: number) => `x${j}`;
  const subjectTo: LP['subjectTo'] = [];
  rows.forEach((row, i) => {
    const hasLo = row.lo > -Infinity;
    const hasHi = row.hi < Infinity;
    if (!hasLo && !hasHi) return;
    // glpk.js keys a row's terms by column name; merge duplicates so none is lost.
    const sum = new Map<number, number>();
    row.cols.forEach((col, k) => sum.set(col, (sum.get(col) ?? 0) + (row.coefs[k] ?? 0)));
    const type = hasLo && hasHi ? (row.lo === row.hi ? glpk.GLP_FX : glpk.GLP_DB) : hasLo ? glpk.GLP_LO : glpk.GLP_UP;
    subjectTo.push({
      name: `r${i}`,
      vars: [...sum].map(([col, coef]) => ({ name: name(col), coef })),
      bnds: { type, lb: hasLo ? row.lo : 0, ub: hasHi ? row.hi : 0 },
    });
  });
  const all = Array.from({ length: n }, (_, j) => j);
  return {
    name: 'model',
    objective: {
      direction: glpk.GLP_MAX,
      name: 'obj',
      vars: all.map((j) => ({ name: name(j), coef: model.objective[j]! })),
    },
    subjectTo,
    // Integer ("general") rather than binary columns: glpk.js would reset a binary column's
    // bounds to 0..1 and lose the fixings.
    bounds: all.map((j) => {
      const lb = model.lower[j]!;
      const ub = model.upper[j]!;
      return { name: name(j), type: lb === ub ? glpk.GLP_FX : glpk.GLP_DB, lb, ub };
    }),
    generals: all.map(name),
  };
}

function solveWith(glpk: Glpk, model: LinearModel, options: SolveOptions = {}): SolveResult {
  const n = model.objective.length;
  for (let j = 0; j < n; j++) {
    if (model.lower[j]! > model.upper[j]!) return { status: 'infeasible', columns: [], objective: 0 };
  }
  const rows = [...model.rows];
  for (;;) {
    if (options.signal?.aborted) return { status: 'aborted', columns: [], objective: 0 };
    let columns: number[];
    if (n === 0) {
      // Without columns glpk.js solves an LP; decide the (constant) rows directly.
      if (rows.some((row) => violates(row, []))) return { status: 'infeasible', columns: [], objective: 0 };
      columns = [];
    } else {
      const { result } = glpk.solve(toLp(glpk, model, rows), { msglev: glpk.GLP_MSG_OFF, presol: true, mipgap: 0 });
      if (result.status === glpk.GLP_NOFEAS) return { status: 'infeasible', columns: [], objective: 0 };
      if (result.status !== glpk.GLP_OPT) throw new Error(`GLPK ended with status ${result.status}`);
      columns = [];
      for (let j = 0; j < n; j++) if ((result.vars[`x${j}`] ?? 0) > 0.5) columns.push(j);
    }
    const cut = options.lazyRows?.(columns) ?? null;
    if (!cut) {
      let objective = 0;
      for (const j of columns) objective += model.objective[j]!;
      return { status: 'optimal', columns, objective };
    }
    if (!violates(cut, columns)) throw new Error(`lazy row "${cut.rule}" does not cut off the solution it was offered`);
    rows.push(cut);
  }
}

/** Loads glpk.js (once per process) and returns a MipSolver backed by it. Tests only. */
export async function createGlpkSolver(): Promise<MipSolver> {
  const glpk = await loadGlpk();
  return {
    name: 'glpk',
    solve: (model, options) => solveWith(glpk, model, options),
  };
}
