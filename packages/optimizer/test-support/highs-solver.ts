// A second exact 0/1 solver, for tests and benchmarks only: HiGHS (MIT, WebAssembly) fed with
// CPLEX LP text. It lives outside src (and `highs` is a devDependency) because nothing shipped
// uses it.
//
// It is slower than the built-in branch and bound on lineup models (each solve parses the
// text and starts a fresh native instance), but it is an independent implementation, so
// the tests cross-check the two (passing it as BuildOptions.solver) and the benchmark times
// the built-in solver against it.
//
// HiGHS has no callbacks in its one-shot API, so lazy rows are handled by a loop: solve,
// offer the integral optimum to lazyRows, add the returned row, solve again, until the
// optimum is accepted or the model turns infeasible.
import highsModule, { type LegacyHighs, type LegacyHighsOptions } from 'highs';
import type { LinearModel, MipSolver, Row, SolveOptions, SolveResult } from '../src/types.js';

/**
 * Options that keep HiGHS exact (mip_rel_gap 0) and were measured fastest on lineup models:
 * most primal heuristics, restarts, node cuts and symmetry detection only cost time there.
 */
export const HIGHS_OPTIONS: Readonly<Record<string, number | boolean | string>> = {
  mip_rel_gap: 0,
  output_flag: false,
  mip_heuristic_run_feasibility_jump: false,
  mip_heuristic_run_rins: false,
  mip_heuristic_run_rens: false,
  mip_heuristic_run_root_reduced_cost: false,
  mip_allow_restart: false,
  mip_allow_cut_separation_at_nodes: false,
  mip_pscost_minreliable: 0,
  mip_pool_soft_limit: 100,
  mip_lp_age_limit: 2,
  mip_detect_symmetry: false,
};

/** An empty row (all coefficients 0) is violated when its bounds exclude 0 by more than this. */
const EMPTY_ROW_TOL = 1e-9;

type HighsRuntime = LegacyHighs;
type HighsLoader = () => Promise<HighsRuntime>;

// highs ships one declaration file for a "type": "commonjs" package, so under NodeNext
// TypeScript takes the default import for the CommonJS module object; at run time Node and
// Vite load build/highs.mjs, whose default export is the loader itself. Accept either.
const highsLoader: HighsLoader = typeof highsModule === 'function'
  ? (highsModule as unknown as HighsLoader)
  : (highsModule as unknown as { default: HighsLoader }).default;

let runtime: Promise<HighsRuntime> | undefined;

/** The wasm module is instantiated once per process and shared by every solver created. */
function loadHighs(): Promise<HighsRuntime> {
  const loading = runtime ?? highsLoader().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  runtime = loading;
  return loading;
}

/** A row with duplicate columns merged and zero coefficients dropped. */
interface CleanRow {
  cols: number[];
  coefs: number[];
  lo: number;
  hi: number;
}

/** Merges duplicate columns and drops zeros; null when the row is empty. */
function cleanRow(row: Row): CleanRow | null {
  const sum = new Map<number, number>();
  row.cols.forEach((col, k) => sum.set(col, (sum.get(col) ?? 0) + (row.coefs[k] ?? 0)));
  const cols: number[] = [];
  const coefs: number[] = [];
  for (const [col, coef] of [...sum].sort((a, b) => a[0] - b[0])) {
    if (coef !== 0) {
      cols.push(col);
      coefs.push(coef);
    }
  }
  return cols.length === 0 ? null : { cols, coefs, lo: row.lo, hi: row.hi };
}

function emptyRowFeasible(row: Row): boolean {
  return !(row.lo > EMPTY_ROW_TOL || row.hi < -EMPTY_ROW_TOL);
}

/** A finite number as LP text (JS exponent notation such as 1e-7 or 2.5e+21 is accepted). */
function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`non-finite coefficient ${value} in a linear model`);
  return String(value);
}

/** ` + 3 x0 - 2.5 x4 …`, broken into lines of a few terms. */
function linearTerms(cols: readonly number[], coefs: ArrayLike<number>): string {
  let text = '';
  for (let k = 0; k < cols.length; k++) {
    const coef = coefs[k]!;
    text += `${coef < 0 ? ' -' : ' +'} ${num(Math.abs(coef))} x${cols[k]}`;
    if (k % 10 === 9 && k + 1 < cols.length) text += '\n ';
  }
  return text;
}

/**
 * The model as CPLEX LP text: maximise the objective over general-integer columns bounded
 * by lower..upper (so 0/1 or fixed), with each row written as an equality, a ≤, a ≥ or both.
 * Rows must be cleaned (no empty rows); rows with both sides infinite are skipped.
 */
export function toLpText(model: LinearModel, rows: readonly CleanRow[]): string {
  const n = model.objective.length;
  const all = Array.from({ length: n }, (_, j) => j);
  const parts: string[] = ['Maximize\n obj:', linearTerms(all, model.objective), '\nSubject To\n'];
  let r = 0;
  for (const row of rows) {
    const terms = linearTerms(row.cols, row.coefs);
    const hasLo = row.lo > -Infinity;
    const hasHi = row.hi < Infinity;
    if (hasLo && hasHi && row.lo === row.hi) {
      parts.push(` r${r++}:${terms} = ${num(row.lo)}\n`);
      continue;
    }
    if (hasLo) parts.push(` r${r++}:${terms} >= ${num(row.lo)}\n`);
    if (hasHi) parts.push(` r${r++}:${terms} <= ${num(row.hi)}\n`);
  }
  parts.push('Bounds\n');
  for (let j = 0; j < n; j++) {
    const lo = model.lower[j]!;
    const hi = model.upper[j]!;
    parts.push(lo === hi ? ` x${j} = ${lo}\n` : ` ${lo} <= x${j} <= ${hi}\n`);
  }
  parts.push('General\n');
  for (let j = 0; j < n; j += 20) {
    parts.push(` ${all.slice(j, j + 20).map((c) => `x${c}`).join(' ')}\n`);
  }
  parts.push('End\n');
  return parts.join('');
}

const INFEASIBLE: SolveResult = { status: 'infeasible', columns: [], objective: 0 };
const ABORTED: SolveResult = { status: 'aborted', columns: [], objective: 0 };

function objectiveOf(model: LinearModel, columns: readonly number[]): number {
  let total = 0;
  for (const j of columns) total += model.objective[j]!;
  return total;
}

/** True when the 0/1 point with the given columns at 1 breaks the row. */
export function violates(row: Row, columns: readonly number[]): boolean {
  const chosen = new Set(columns);
  let activity = 0;
  row.cols.forEach((col, k) => {
    if (chosen.has(col)) activity += row.coefs[k] ?? 0;
  });
  return activity < row.lo - EMPTY_ROW_TOL || activity > row.hi + EMPTY_ROW_TOL;
}

function solveWith(
  highs: HighsRuntime, highsOptions: Readonly<Record<string, number | boolean | string>>, model: LinearModel,
  options: SolveOptions = {},
): SolveResult {
  const n = model.objective.length;
  for (let j = 0; j < n; j++) if (model.lower[j]! > model.upper[j]!) return { ...INFEASIBLE };

  const rows: CleanRow[] = [];
  const addRow = (row: Row): boolean => {
    const clean = cleanRow(row);
    if (clean) rows.push(clean);
    return clean !== null || emptyRowFeasible(row);
  };
  for (const row of model.rows) if (!addRow(row)) return { ...INFEASIBLE };

  for (;;) {
    if (options.signal?.aborted) return { ...ABORTED };
    let columns: number[];
    if (n === 0) {
      columns = []; // HiGHS reports an empty model as 'Empty'; every row left is feasible at 0.
    } else {
      const solution = highs.solve(toLpText(model, rows), highsOptions as LegacyHighsOptions);
      if (solution.Status === 'Infeasible') return { ...INFEASIBLE };
      if (solution.Status !== 'Optimal') throw new Error(`HiGHS ended with status "${solution.Status}"`);
      columns = [];
      for (const column of Object.values(solution.Columns)) {
        if (column.Primal > 0.5) columns.push(Number(column.Name.slice(1)));
      }
      columns.sort((a, b) => a - b);
    }
    const cut = options.lazyRows?.(columns) ?? null;
    if (!cut) return { status: 'optimal', columns, objective: objectiveOf(model, columns) };
    // A row the solution satisfies would make this loop solve the same model forever.
    if (!violates(cut, columns)) throw new Error(`lazy row "${cut.rule}" does not cut off the solution it was offered`);
    if (!addRow(cut)) return { ...INFEASIBLE };
  }
}

/**
 * Loads the HiGHS wasm (once per process) and returns a MipSolver backed by it. `overrides`
 * (native HiGHS option names) are merged over HIGHS_OPTIONS, e.g. for benchmarks; keep
 * mip_rel_gap at 0 or the solver is no longer exact.
 */
export async function createHighsSolver(
  overrides: Readonly<Record<string, number | boolean | string>> = {},
): Promise<MipSolver> {
  const highs = await loadHighs();
  const highsOptions = { ...HIGHS_OPTIONS, ...overrides };
  return {
    name: 'highs',
    solve: (model, options) => solveWith(highs, highsOptions, model, options),
  };
}
