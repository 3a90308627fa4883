// The built-in exact 0/1 solver: depth-first branch and bound over a bounded dual simplex.
//
// Why our own and not HiGHS or GLPK: a lineup model is tiny (a few hundred binary columns,
// ten to a few dozen rows) and is solved 150 times per build. On this machine HiGHS-wasm
// spends ≈60 ms per lineup even without uniqueness rows, most of it in set-up and root
// heuristics; this search needs well under a millisecond for the same proof. It stays
// exact: a node is pruned only when its LP bound cannot beat the incumbent, and the tests
// cross-check it against GLPK and HiGHS on thousands of random models and pools.
//
// Why a dual simplex: every column is boxed (0..1), so any basis is made dual feasible by
// putting each non-basic column at the bound its cost prefers. Branching (a bound change)
// and lazy cuts (a new row) keep dual feasibility, so each node re-optimises in a few dual
// pivots from its parent's tableau, and the dual objective is a valid bound at every pivot,
// which lets a node stop as soon as it cannot beat the incumbent.
import type { LinearModel, MipSolver, Row, SolveOptions, SolveResult } from '../types.js';

const PRIMAL_TOL = 1e-9;
const PIVOT_TOL = 1e-9;
const INTEGRALITY_TOL = 1e-6;
/** A node is explored only if its bound beats the incumbent by more than this (points). */
const PRUNE_TOL = 1e-7;
const ABORT_CHECK_EVERY = 64;

interface Tableau {
  /** Rows of B⁻¹·[A | −I]; each Float64Array has `width` entries. */
  t: Float64Array[];
  /** Value of the basic variable of each row. */
  beta: Float64Array;
  /** Basic variable of each row. */
  basis: Int32Array;
  /** Reduced cost of every variable (minimisation of −objective). */
  d: Float64Array;
  /** Current value of every variable (meaningful for non-basic ones). */
  x: Float64Array;
  lo: Float64Array;
  hi: Float64Array;
  /** Row of a basic variable, −1 when non-basic. */
  rowOf: Int32Array;
  /** Number of variables in use (columns + slacks). */
  nvars: number;
  /** How many pool cuts this tableau already holds. */
  cutsApplied: number;
}

function cloneTableau(s: Tableau): Tableau {
  return {
    t: s.t.map((r) => r.slice()),
    beta: s.beta.slice(),
    basis: s.basis.slice(),
    d: s.d.slice(),
    x: s.x.slice(),
    lo: s.lo.slice(),
    hi: s.hi.slice(),
    rowOf: s.rowOf.slice(),
    nvars: s.nvars,
    cutsApplied: s.cutsApplied,
  };
}

/** Rows are scaled so that their largest coefficient is 1: salaries and points mix well then. */
function scaleRow(row: Row): { cols: number[]; coefs: number[]; lo: number; hi: number } {
  let max = 0;
  for (const c of row.coefs) max = Math.max(max, Math.abs(c));
  if (max === 0) max = 1;
  return { cols: row.cols, coefs: row.coefs.map((c) => c / max), lo: row.lo / max, hi: row.hi / max };
}

function initialTableau(model: LinearModel, rows: Row[], extraCapacity: number): Tableau {
  const n = model.objective.length;
  const m = rows.length;
  const width = n + m + extraCapacity;
  const lo = new Float64Array(width);
  const hi = new Float64Array(width);
  const d = new Float64Array(width);
  const x = new Float64Array(width);
  const rowOf = new Int32Array(width).fill(-1);
  for (let j = 0; j < n; j++) {
    lo[j] = model.lower[j]!;
    hi[j] = model.upper[j]!;
    d[j] = -model.objective[j]!;
    // Dual feasibility: a column whose cost is negative (points positive) sits at its upper bound.
    x[j] = d[j]! < 0 ? hi[j]! : lo[j]!;
  }
  const t: Float64Array[] = [];
  const beta = new Float64Array(m);
  const basis = new Int32Array(m);
  rows.forEach((raw, r) => {
    const row = scaleRow(raw);
    const tr = new Float64Array(width);
    let value = 0;
    row.cols.forEach((col, k) => {
      const coef = row.coefs[k]!;
      // With the slack basis B = −I, B⁻¹·A = −A.
      tr[col] = (tr[col] ?? 0) - coef;
      value += coef * x[col]!;
    });
    const slack = n + r;
    tr[slack] = 1;
    lo[slack] = row.lo;
    hi[slack] = row.hi;
    t.push(tr);
    beta[r] = value;
    basis[r] = slack;
    rowOf[slack] = r;
  });
  return { t, beta, basis, d, x, lo, hi, rowOf, nvars: n + m, cutsApplied: 0 };
}

/** Appends a row (a cut) to a tableau, expressed in the current basis; keeps dual feasibility. */
function addRow(s: Tableau, raw: Row): Tableau {
  const row = scaleRow(raw);
  let width = s.t[0]?.length ?? s.d.length;
  if (s.nvars + 1 > width) {
    // Grow every array; rare (cuts are few), so doubling keeps it cheap.
    const grow = (a: Float64Array) => { const b = new Float64Array(width * 2); b.set(a); return b; };
    width *= 2;
    s.t = s.t.map(grow);
    s.d = grow(s.d);
    s.x = grow(s.x);
    s.lo = grow(s.lo);
    s.hi = grow(s.hi);
    const rowOf = new Int32Array(width).fill(-1);
    rowOf.set(s.rowOf);
    s.rowOf = rowOf;
  }
  const slack = s.nvars;
  s.nvars += 1;
  const tr = new Float64Array(width);
  row.cols.forEach((col, k) => { tr[col] = (tr[col] ?? 0) - row.coefs[k]!; });
  tr[slack] = 1;
  // Eliminate the basic variables of the other rows from the new row.
  for (let i = 0; i < s.t.length; i++) {
    const coef = tr[s.basis[i]!]!;
    if (coef !== 0) {
      const ti = s.t[i]!;
      for (let j = 0; j < s.nvars; j++) tr[j] = tr[j]! - coef * ti[j]!;
    }
  }
  let value = 0;
  row.cols.forEach((col, k) => {
    const r = s.rowOf[col]!;
    value += row.coefs[k]! * (r >= 0 ? s.beta[r]! : s.x[col]!);
  });
  s.lo[slack] = row.lo;
  s.hi[slack] = row.hi;
  s.d[slack] = 0;
  s.rowOf[slack] = s.t.length;
  s.t.push(tr);
  const beta = new Float64Array(s.t.length);
  beta.set(s.beta);
  beta[s.t.length - 1] = value;
  s.beta = beta;
  const basis = new Int32Array(s.t.length);
  basis.set(s.basis);
  basis[s.t.length - 1] = slack;
  s.basis = basis;
  return s;
}

/** Objective of the current basic solution, as a maximisation: an upper bound while dual feasible. */
function dualBound(s: Tableau, objective: Float64Array): number {
  let z = 0;
  const n = objective.length;
  for (let j = 0; j < n; j++) {
    const r = s.rowOf[j]!;
    z += objective[j]! * (r >= 0 ? s.beta[r]! : s.x[j]!);
  }
  return z;
}

type LpStatus = 'optimal' | 'infeasible' | 'cutoff' | 'aborted';

interface LpContext {
  objective: Float64Array;
  cutoff: number;
  signal: AbortSignal | undefined;
  pivots: number;
  /** Scratch list for the ratio test. */
  candidates: number[];
}

/** Dual simplex to optimality, infeasibility, or until the bound drops to the cutoff. */
function dualSimplex(s: Tableau, ctx: LpContext): LpStatus {
  for (;;) {
    if (++ctx.pivots % ABORT_CHECK_EVERY === 0 && ctx.signal?.aborted) return 'aborted';
    // Leaving row: the basic variable furthest outside its bounds.
    let r = -1;
    let worst = PRIMAL_TOL;
    for (let i = 0; i < s.beta.length; i++) {
      const v = s.basis[i]!;
      const b = s.beta[i]!;
      const below = s.lo[v]! - b;
      const above = b - s.hi[v]!;
      const viol = below > above ? below : above;
      if (viol > worst) { worst = viol; r = i; }
    }
    if (r < 0) return 'optimal';
    if (dualBound(s, ctx.objective) <= ctx.cutoff) return 'cutoff';

    const leaving = s.basis[r]!;
    const goesDown = s.beta[r]! < s.lo[leaving]!; // basic value must rise to its lower bound
    const target = goesDown ? s.lo[leaving]! : s.hi[leaving]!;
    let delta = s.beta[r]! - target;
    const tr = s.t[r]!;

    // Ratio test with bound flipping: candidates are the columns that can move the leaving
    // variable toward its bound, in the order their reduced costs reach zero. While the row
    // stays infeasible after a boxed candidate crosses its whole range, that candidate just
    // flips to its other bound (its reduced cost changes sign, so it stays dual feasible);
    // the first one that would overshoot enters. Without flips, the 0/1 columns that start
    // at their upper bound would leave one pivot at a time.
    const cands = ctx.candidates;
    cands.length = 0;
    for (let j = 0; j < s.nvars; j++) {
      if (s.rowOf[j]! >= 0) continue;
      const a = tr[j]!;
      if (a > -PIVOT_TOL && a < PIVOT_TOL) continue;
      if (s.lo[j] === s.hi[j]) continue;
      const atLower = s.x[j] === s.lo[j];
      // β_r changes by −a·Δx_j; lower-bounded columns can only grow, upper-bounded only shrink.
      const helps = goesDown ? (atLower ? a < 0 : a > 0) : (atLower ? a > 0 : a < 0);
      if (helps) cands.push(j);
    }
    if (cands.length === 0) return 'infeasible';
    const ratio = (j: number) => Math.abs(s.d[j]!) / Math.abs(tr[j]!);
    cands.sort((i, j) => ratio(i) - ratio(j) || Math.abs(tr[j]!) - Math.abs(tr[i]!));
    let slope = Math.abs(delta);
    let q = -1;
    let flips = 0;
    for (const j of cands) {
      const range = s.hi[j]! - s.lo[j]!;
      const step = Math.abs(tr[j]!) * range;
      if (Number.isFinite(range) && slope - step > PRIMAL_TOL) {
        slope -= step;
        cands[flips++] = j;
        continue;
      }
      q = j;
      break;
    }
    if (q < 0) return 'infeasible';
    for (let k = 0; k < flips; k++) {
      const j = cands[k]!;
      // Land exactly on the other bound: "at lower" is decided by equality later on.
      const next = s.x[j] === s.lo[j] ? s.hi[j]! : s.lo[j]!;
      const dx = next - s.x[j]!;
      s.x[j] = next;
      for (let i = 0; i < s.beta.length; i++) {
        const a = s.t[i]![j]!;
        if (a !== 0) s.beta[i] = s.beta[i]! - a * dx;
      }
    }
    if (flips > 0) delta = s.beta[r]! - target;
    pivot(s, r, q, delta, target);
  }
}

function pivot(s: Tableau, r: number, q: number, delta: number, leavingValue: number): void {
  const tr = s.t[r]!;
  const a = tr[q]!;
  const width = s.nvars;
  const leaving = s.basis[r]!;

  // Primal step: the entering column moves by θ so that the leaving variable lands on its bound.
  const theta = delta / a;
  for (let i = 0; i < s.beta.length; i++) {
    const aiq = s.t[i]![q]!;
    if (aiq !== 0) s.beta[i] = s.beta[i]! - aiq * theta;
  }
  const enteringValue = s.x[q]! + theta;

  // Dual step.
  const thetaD = s.d[q]! / a;
  if (thetaD !== 0) for (let j = 0; j < width; j++) {
    const arj = tr[j]!;
    if (arj !== 0) s.d[j] = s.d[j]! - thetaD * arj;
  }
  s.d[q] = 0;

  // Tableau: normalise the pivot row, eliminate the column elsewhere.
  const inv = 1 / a;
  for (let j = 0; j < width; j++) if (tr[j] !== 0) tr[j] = tr[j]! * inv;
  for (let i = 0; i < s.t.length; i++) {
    if (i === r) continue;
    const ti = s.t[i]!;
    const f = ti[q]!;
    if (f === 0) continue;
    for (let j = 0; j < width; j++) {
      const v = tr[j]!;
      if (v !== 0) ti[j] = ti[j]! - f * v;
    }
    ti[q] = 0;
  }
  tr[q] = 1;

  s.basis[r] = q;
  s.rowOf[q] = r;
  s.rowOf[leaving] = -1;
  s.x[leaving] = leavingValue;
  s.beta[r] = enteringValue;
}

/** Sets a column's bounds; a non-basic column moves with them, a basic one may turn infeasible. */
function fixColumn(s: Tableau, j: number, value: number): void {
  const old = s.x[j]!;
  s.lo[j] = value;
  s.hi[j] = value;
  if (s.rowOf[j]! >= 0) return;
  if (old === value) return;
  const dx = value - old;
  s.x[j] = value;
  for (let i = 0; i < s.beta.length; i++) {
    const a = s.t[i]![j]!;
    if (a !== 0) s.beta[i] = s.beta[i]! - a * dx;
  }
}

/**
 * Reduced-cost fixing. With a dual feasible basis of bound z, any solution in which a
 * non-basic column leaves its bound is worth at most z − |d_j|; when that cannot beat the
 * incumbent (|d_j| ≥ gap), the column keeps its value in this whole subtree.
 */
function fixByReducedCost(s: Tableau, n: number, gap: number): void {
  for (let j = 0; j < n; j++) {
    if (s.rowOf[j]! >= 0 || s.lo[j] === s.hi[j]) continue;
    const dj = s.d[j]!;
    if ((dj < 0 ? -dj : dj) >= gap) { s.lo[j] = s.x[j]!; s.hi[j] = s.x[j]!; }
  }
}

function columnValue(s: Tableau, j: number): number {
  const r = s.rowOf[j]!;
  return r >= 0 ? s.beta[r]! : s.x[j]!;
}

/** A row's tolerance scale: its largest finite bound, at least 1. */
function rowScale(row: Row): number {
  const lo = Number.isFinite(row.lo) ? Math.abs(row.lo) : 0;
  const hi = Number.isFinite(row.hi) ? Math.abs(row.hi) : 0;
  return Math.max(1, lo, hi);
}

/** Checks a 0/1 solution against the original (unscaled) rows: the last word on feasibility. */
export function satisfiesRows(rows: Row[], selected: Set<number>, tol = 1e-7): boolean {
  for (const row of rows) {
    let v = 0;
    row.cols.forEach((c, k) => { if (selected.has(c)) v += row.coefs[k]!; });
    const scale = rowScale(row);
    if (v < row.lo - tol * scale || v > row.hi + tol * scale) return false;
  }
  return true;
}

export interface BranchAndBoundStats {
  nodes: number;
  pivots: number;
  cuts: number;
}

export function createBranchAndBoundSolver(): MipSolver & { lastStats: BranchAndBoundStats } {
  const solver = {
    name: 'branch-and-bound',
    lastStats: { nodes: 0, pivots: 0, cuts: 0 },
    solve(model: LinearModel, options: SolveOptions = {}): SolveResult {
      const n = model.objective.length;
      for (let j = 0; j < n; j++) if (model.lower[j]! > model.upper[j]!) return { status: 'infeasible', columns: [], objective: 0 };
      // Rows with no columns decide feasibility on their own and stay out of the tableau.
      const rows: Row[] = [];
      // Lazy rows wait here until an LP solution breaks one; then it joins the cut pool.
      let heldBack: Row[] = [];
      for (const row of model.rows) {
        if (row.cols.length === 0) {
          if (row.lo > PRIMAL_TOL || row.hi < -PRIMAL_TOL) return { status: 'infeasible', columns: [], objective: 0 };
        } else if (row.lazy) heldBack.push(row);
        else rows.push(row);
      }
      const allRows = rows.slice();
      const cutPool: Row[] = [];
      /** Moves the held-back rows the node's LP solution breaks into the cut pool. */
      const separate = (s: Tableau): boolean => {
        if (heldBack.length === 0) return false;
        const broken = heldBack.filter((row) => {
          let v = 0;
          for (let k = 0; k < row.cols.length; k++) v += row.coefs[k]! * columnValue(s, row.cols[k]!);
          const scale = rowScale(row);
          return v < row.lo - 1e-9 * scale || v > row.hi + 1e-9 * scale;
        });
        if (broken.length === 0) return false;
        heldBack = heldBack.filter((row) => !broken.includes(row));
        cutPool.push(...broken);
        allRows.push(...broken);
        return true;
      };
      const ctx: LpContext = { objective: model.objective, cutoff: -Infinity, signal: options.signal, pivots: 0, candidates: [] };
      let incumbent: number[] | null = null;
      let incumbentValue = -Infinity;
      let nodes = 0;
      let aborted = false;

      const syncCuts = (s: Tableau) => {
        while (s.cutsApplied < cutPool.length) addRow(s, cutPool[s.cutsApplied++]!);
      };

      // Depth-first: the up-branch (column = 1) first, since fixing a player in tends to reach
      // complete lineups, and good incumbents early prune the most.
      const explore = (s: Tableau): void => {
        if (aborted) return;
        nodes++;
        for (;;) {
          syncCuts(s);
          ctx.cutoff = incumbentValue + PRUNE_TOL;
          const status = dualSimplex(s, ctx);
          if (status === 'aborted') { aborted = true; return; }
          if (status !== 'optimal') return;
          const bound = dualBound(s, model.objective);
          if (bound <= ctx.cutoff) return;
          if (separate(s)) continue;
          if (incumbent) fixByReducedCost(s, n, bound - incumbentValue - PRUNE_TOL);
          // Most fractional column to branch on.
          let branchCol = -1;
          let bestFrac = INTEGRALITY_TOL;
          for (let i = 0; i < s.basis.length; i++) {
            const j = s.basis[i]!;
            if (j >= n) continue;
            const v = s.beta[i]!;
            const frac = Math.min(v - Math.floor(v), Math.ceil(v) - v);
            if (frac > bestFrac) { bestFrac = frac; branchCol = j; }
          }
          if (branchCol >= 0) {
            const up = cloneTableau(s);
            fixColumn(up, branchCol, 1);
            explore(up);
            if (aborted) return;
            fixColumn(s, branchCol, 0);
            nodes++;
            continue; // the down-branch reuses this node's tableau
          }
          const columns: number[] = [];
          for (let j = 0; j < n; j++) if (columnValue(s, j) > 0.5) columns.push(j);
          const cut = options.lazyRows?.(columns) ?? null;
          if (cut) {
            cutPool.push(cut);
            allRows.push(cut);
            continue; // re-solve this node with the cut
          }
          const selected = new Set(columns);
          if (!satisfiesRows(allRows, selected)) {
            throw new Error('branch-and-bound: numerical failure, an LP vertex broke a row');
          }
          let value = 0;
          for (const j of columns) value += model.objective[j]!;
          if (value > incumbentValue) {
            incumbentValue = value;
            incumbent = columns;
          }
          return;
        }
      };

      explore(initialTableau(model, rows, 16));
      solver.lastStats = { nodes, pivots: ctx.pivots, cuts: cutPool.length };
      if (aborted) return { status: 'aborted', columns: [], objective: 0 };
      if (!incumbent) return { status: 'infeasible', columns: [], objective: 0 };
      return { status: 'optimal', columns: incumbent, objective: incumbentValue };
    },
  };
  return solver;
}

