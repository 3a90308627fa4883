// The built-in exact 0/1 solver: depth-first branch and bound over a bounded dual simplex.
//
// Why our own and not HiGHS or GLPK: a lineup model is tiny (a few hundred binary columns,
// ten to a few dozen rows) and is solved 150 times per build. On this machine HiGHS-wasm
// spends ≈60 ms per lineup even without uniqueness rows, most of it in set-up and root
// heuristics; this search needs about a millisecond for the same proof. It stays exact: a
// node is pruned only when its LP bound cannot beat the incumbent (or the round's floor,
// below), and the tests cross-check it against GLPK and HiGHS on thousands of random models,
// and against GLPK on every lineup of whole builds.
//
// Why a dual simplex: every column is boxed (0..1), so any basis is made dual feasible by
// putting each non-basic column at the bound its cost prefers. Branching (a bound change)
// and lazy cuts (a new row) keep dual feasibility, so each node re-optimises in a few dual
// pivots from its parent's tableau, and the dual objective is a valid bound at every pivot,
// which lets a node stop as soon as it cannot beat the incumbent.
//
// Why cutoff guessing: measured on 150-lineup builds, nearly all nodes of a plain search were
// spent before the optimum was found, under weak incumbents. The optimum is almost always
// within a few points of the root bound, and with a floor that close, reduced-cost fixing
// leaves a few dozen of the ~400 columns free. So the search runs in rounds, each seeking only
// solutions above a guessed floor (root bound − delta, delta following the gaps of recent
// solves); a round that finds one has the optimum, since every better solution lies above the
// same floor. A round that finds none widens delta; the last round has no floor.
//
// Why a search by anchor for stack rules: a stack's rows bind only for the QB (or team) a lineup
// picks. A bound per QB from the root LP's reduced costs and the cheapest repair of its rows
// leaves two or three QBs worth searching per lineup, each in its own subtree with only its own
// rows, where the root LP used to hop from QB to QB taking in their rows (see AnchorBounds).
//
// What keeps a node cheap once most columns are fixed: the tableau keeps a list of the
// variables that can still move and every loop runs over it; a branching column whose
// Driebeek penalty rules out one branch is fixed without a node; rows the subtree's bounds
// already satisfy (most uniqueness cuts, showdown's row per player) leave the tableau; node
// tableaus are recycled.
import type { LinearModel, MipSolver, Row, SolveOptions, SolveResult } from '../types.js';

const PRIMAL_TOL = 1e-9;
const PIVOT_TOL = 1e-9;
const INTEGRALITY_TOL = 1e-6;
/** A node is explored only if its bound beats the incumbent by more than this (points). */
const PRUNE_TOL = 1e-7;
const ABORT_CHECK_EVERY = 64;
/** Model rows with at most this many columns are checked for redundancy in the search. */
const SHORT_ROW = 16;
/** Spare entries of a new tableau's basis arrays, for the rows that join later. */
const ROW_ROOM = 16;
/** Candidate lists longer than this are ordered lazily by a heap in the ratio test. */
const HEAP_THRESHOLD = 32;
/** Which of the recent gaps the first guess follows (a high quantile: a miss costs a round). */
const GAP_QUANTILE = 0.75;
/** Added to a structural column's value when choosing the branching column (above any points). */
const BRANCH_FIRST_BONUS = 1e12;

interface Tableau {
  /**
   * Rows of B⁻¹·[A | −I]; each Float64Array has `width` entries. Only the first m rows are in
   * use; rows past them are spares of a recycled tableau. Entries of an inactive variable
   * (see `active`) are stale and never read.
   */
  t: Float64Array[];
  /** Number of rows in use. */
  m: number;
  /**
   * Value of the basic variable of each row, in the first m entries: the arrays keep room for
   * more, since rows come and go at most nodes of a build with stack rules.
   */
  beta: Float64Array;
  /** Basic variable of each row, in the first m entries. */
  basis: Int32Array;
  /** Reduced cost of every variable (minimisation of −objective); stale for inactive ones. */
  d: Float64Array;
  /** Current value of every variable (meaningful for non-basic ones). */
  x: Float64Array;
  lo: Float64Array;
  hi: Float64Array;
  /** Row of a basic variable, −1 when non-basic. */
  rowOf: Int32Array;
  /**
   * The variables that are basic or not fixed, in the first `nactive` entries. The others are
   * non-basic and fixed for the rest of this subtree: they can neither enter nor leave, so the
   * pivots skip them. After root fixing that is most of the columns.
   */
  active: Int32Array;
  nactive: number;
  /** Objective contribution of the structural columns dropped from `active`. */
  fixedObjective: number;
  /** Number of variables in use (columns + slacks). */
  nvars: number;
  /** How many pool cuts this tableau has taken in (held, or left out as redundant). */
  cutsApplied: number;
  /**
   * For the slack of a held row: the row's index among the solve's rows (model rows first,
   * then the cut pool in order); −1 for columns and let-go slacks.
   */
  slackRow: Int32Array;
}

/**
 * Tableaus a solver has finished with, by width, for the next clone to fill: a build clones
 * thousands of them, and fresh ones (plus their garbage) cost more than the pivots of a
 * narrow node. Widths are rounded up (see tableauWidth) so that the lineups of one build,
 * whose models differ by a few rows, share them. A few widths are kept; the oldest goes first.
 */
class TableauPool {
  private readonly byWidth = new Map<number, Tableau[]>();
  take(width: number): Tableau | undefined {
    return this.byWidth.get(width)?.pop();
  }
  give(s: Tableau): void {
    const width = s.d.length;
    let list = this.byWidth.get(width);
    if (!list) {
      if (this.byWidth.size >= 4) this.byWidth.delete(this.byWidth.keys().next().value!);
      list = [];
      this.byWidth.set(width, list);
    }
    list.push(s);
  }
}

/** Room for this many variables, rounded up so that models a few rows apart share a width. */
function tableauWidth(variables: number): number {
  return Math.ceil(variables / 64) * 64;
}

/**
 * Copies a tableau, into a recycled one of the same width when there is one. `columns` (the
 * first `ncolumns` entries) lists the variables whose tableau entries the copy will read: by
 * default the active ones; the others' entries may be stale in a recycled copy.
 */
function cloneTableau(s: Tableau, pool: TableauPool, columns: Int32Array = s.active, ncolumns: number = s.nactive): Tableau {
  const width = s.d.length;
  const m = s.m;
  const c = pool.take(width);
  if (!c) {
    return {
      t: s.t.slice(0, m).map((r) => r.slice()),
      m,
      beta: s.beta.slice(),
      basis: s.basis.slice(),
      d: s.d.slice(),
      x: s.x.slice(),
      lo: s.lo.slice(),
      hi: s.hi.slice(),
      rowOf: s.rowOf.slice(),
      active: s.active.slice(),
      nactive: s.nactive,
      fixedObjective: s.fixedObjective,
      nvars: s.nvars,
      cutsApplied: s.cutsApplied,
      slackRow: s.slackRow.slice(),
    };
  }
  // Only the listed entries of the rows are ever read, and they are usually a small share.
  // Entries past nvars must be zero, though (a new cut's slack column starts there): a row
  // the spare used holds zeros past its own nvars, so only the gap up to it is cleared; a
  // row it did not use is copied whole.
  const sparse = ncolumns * 4 < width;
  const spareRows = c.m;
  const spareVars = c.nvars;
  for (let i = 0; i < m; i++) {
    const src = s.t[i]!;
    if (i >= c.t.length) c.t.push(src.slice());
    else if (!sparse || i >= spareRows) c.t[i]!.set(src);
    else {
      const dst = c.t[i]!;
      for (let k = 0; k < ncolumns; k++) { const j = columns[k]!; dst[j] = src[j]!; }
      if (spareVars > s.nvars) dst.fill(0, s.nvars, spareVars);
    }
  }
  if (c.beta.length >= m) { c.beta.set(s.beta.subarray(0, m)); c.basis.set(s.basis.subarray(0, m)); } else { c.beta = s.beta.slice(); c.basis = s.basis.slice(); }
  c.m = m;
  c.d.set(s.d);
  c.x.set(s.x);
  c.lo.set(s.lo);
  c.hi.set(s.hi);
  c.rowOf.set(s.rowOf);
  c.active.set(s.active);
  c.nactive = s.nactive;
  c.fixedObjective = s.fixedObjective;
  c.nvars = s.nvars;
  c.cutsApplied = s.cutsApplied;
  c.slackRow.set(s.slackRow);
  return c;
}

/**
 * A property of a row, computed once per row object: a build hands the same rule rows to the
 * solver in every lineup. (The property is never undefined.)
 */
function perRow<T>(compute: (row: Row) => T): (row: Row) => T {
  const cache = new WeakMap<Row, T>();
  return (row) => {
    let value = cache.get(row);
    if (value === undefined) {
      value = compute(row);
      cache.set(row, value);
    }
    return value;
  };
}

interface ScaledRow { cols: number[]; coefs: number[]; lo: number; hi: number }

/** Rows are scaled so that their largest coefficient is 1: salaries and points mix well then. */
const scaleRow = perRow((row): ScaledRow => {
  let max = 0;
  for (const c of row.coefs) max = Math.max(max, Math.abs(c));
  if (max === 0) max = 1;
  return { cols: row.cols, coefs: row.coefs.map((c) => c / max), lo: row.lo / max, hi: row.hi / max };
});

/** The slack basis of the rows, in a pooled tableau when one of the width is free. */
function initialTableau(model: LinearModel, rows: Row[], extraCapacity: number, pool: TableauPool): Tableau {
  const n = model.objective.length;
  const m = rows.length;
  const width = tableauWidth(n + m + extraCapacity);
  const s: Tableau = pool.take(width) ?? {
    t: [], m, beta: new Float64Array(m + ROW_ROOM), basis: new Int32Array(m + ROW_ROOM), d: new Float64Array(width), x: new Float64Array(width),
    lo: new Float64Array(width), hi: new Float64Array(width), rowOf: new Int32Array(width), active: new Int32Array(width),
    nactive: 0, fixedObjective: 0, nvars: 0, cutsApplied: 0, slackRow: new Int32Array(width),
  };
  const { lo, hi, d, x, rowOf, active, slackRow, t } = s;
  lo.fill(0);
  hi.fill(0);
  d.fill(0);
  x.fill(0);
  rowOf.fill(-1);
  slackRow.fill(-1);
  if (s.beta.length < m) { s.beta = new Float64Array(m + ROW_ROOM); s.basis = new Int32Array(m + ROW_ROOM); }
  s.m = m;
  const { beta, basis } = s;
  let nactive = 0;
  let fixedObjective = 0;
  for (let j = 0; j < n; j++) {
    lo[j] = model.lower[j]!;
    hi[j] = model.upper[j]!;
    d[j] = -model.objective[j]!;
    // Dual feasibility: a column whose cost is negative (points positive) sits at its upper bound.
    x[j] = d[j]! < 0 ? hi[j]! : lo[j]!;
    if (lo[j] !== hi[j]) active[nactive++] = j;
    else fixedObjective += model.objective[j]! * x[j]!;
  }
  for (let r = 0; r < m; r++) {
    const row = scaleRow(rows[r]!);
    let tr = t[r];
    if (tr) tr.fill(0);
    else { tr = new Float64Array(width); t.push(tr); }
    let value = 0;
    for (let k = 0; k < row.cols.length; k++) {
      const col = row.cols[k]!;
      const coef = row.coefs[k]!;
      // With the slack basis B = −I, B⁻¹·A = −A.
      tr[col] = tr[col]! - coef;
      value += coef * x[col]!;
    }
    const slack = n + r;
    tr[slack] = 1;
    lo[slack] = row.lo;
    hi[slack] = row.hi;
    beta[r] = value;
    basis[r] = slack;
    rowOf[slack] = r;
    active[nactive++] = slack;
    // Short model rows (a player's captain-or-flex row) may be let go when redundant; the long
    // ones (salary, group sizes) seldom are, and checking them at every node costs more.
    if (rows[r]!.cols.length <= SHORT_ROW) slackRow[slack] = r;
  }
  s.nactive = nactive;
  s.fixedObjective = fixedObjective;
  s.nvars = n + m;
  s.cutsApplied = 0;
  return s;
}

/** Appends a row (a cut) to a tableau, expressed in the current basis; keeps dual feasibility. */
function addRow(s: Tableau, raw: Row): Tableau {
  const row = scaleRow(raw);
  const m = s.m;
  let width = s.d.length;
  if (s.nvars + 1 > width) {
    // Grow every array; rare (cuts are few), so doubling keeps it cheap.
    const grow = (a: Float64Array) => { const b = new Float64Array(width * 2); b.set(a); return b; };
    const growInt = (a: Int32Array, fill: number) => { const b = new Int32Array(width * 2).fill(fill); b.set(a); return b; };
    s.t = s.t.slice(0, m).map(grow);
    s.d = grow(s.d);
    s.x = grow(s.x);
    s.lo = grow(s.lo);
    s.hi = grow(s.hi);
    s.rowOf = growInt(s.rowOf, -1);
    s.slackRow = growInt(s.slackRow, -1);
    s.active = growInt(s.active, 0);
    width *= 2;
  }
  const slack = s.nvars;
  s.nvars += 1;
  let tr: Float64Array;
  if (s.t.length > m) { tr = s.t[m]!; tr.fill(0); } else { tr = new Float64Array(width); s.t.push(tr); }
  row.cols.forEach((col, k) => { tr[col] = (tr[col] ?? 0) - row.coefs[k]!; });
  tr[slack] = 1;
  // Eliminate the basic variables of the other rows from the new row (active entries only).
  const { active, nactive } = s;
  for (let i = 0; i < m; i++) {
    const coef = tr[s.basis[i]!]!;
    if (coef !== 0) {
      const ti = s.t[i]!;
      for (let k = 0; k < nactive; k++) {
        const j = active[k]!;
        tr[j] = tr[j]! - coef * ti[j]!;
      }
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
  s.rowOf[slack] = m;
  s.active[s.nactive++] = slack;
  if (s.beta.length <= m) {
    const beta = new Float64Array(2 * m + ROW_ROOM);
    beta.set(s.beta.subarray(0, m));
    s.beta = beta;
    const basis = new Int32Array(2 * m + ROW_ROOM);
    basis.set(s.basis.subarray(0, m));
    s.basis = basis;
  }
  s.beta[m] = value;
  s.basis[m] = slack;
  s.m = m + 1;
  return s;
}

/**
 * True when no point within the tableau's current column bounds breaks the row: it cannot
 * bind anywhere in this subtree, since bounds only tighten further down.
 */
function redundantWithin(s: Tableau, row: Row, packing: boolean): boolean {
  const tol = rowTolerance(row);
  const { lo, hi } = s;
  if (packing) {
    // The usual cut (a uniqueness row): stop as soon as the maximum passes the bound.
    const limit = row.hi + tol;
    let max = 0;
    for (let k = 0; k < row.cols.length; k++) {
      max += row.coefs[k]! * hi[row.cols[k]!]!;
      if (max > limit) return false;
    }
    return true;
  }
  let min = 0;
  let max = 0;
  for (let k = 0; k < row.cols.length; k++) {
    const col = row.cols[k]!;
    const coef = row.coefs[k]!;
    if (coef > 0) { min += coef * lo[col]!; max += coef * hi[col]!; } else { min += coef * hi[col]!; max += coef * lo[col]!; }
  }
  return max <= row.hi + tol && min >= row.lo - tol;
}

/** A ≤ row without negative coefficients: its maximum only grows column by column. */
function isPacking(row: Row): boolean {
  return row.lo === -Infinity && row.coefs.every((c) => c >= 0);
}

/**
 * Removes the rows (model rows or cuts) that the bounds now satisfy, where the row's slack
 * is basic: the other rows do not involve that slack, so they are the tableau of the model
 * without the row. The slack becomes a fixed, inactive variable.
 */
function dropRedundantRows(s: Tableau, rows: readonly Row[], packing: readonly boolean[]): void {
  const m = s.m;
  let kept = 0;
  for (let i = 0; i < m; i++) {
    const v = s.basis[i]!;
    const c = s.slackRow[v]!;
    if (c >= 0 && redundantWithin(s, rows[c]!, packing[c]!)) {
      s.rowOf[v] = -1;
      s.lo[v] = 0;
      s.hi[v] = 0;
      s.x[v] = 0;
      s.slackRow[v] = -1;
      continue;
    }
    if (kept !== i) {
      // Rows before i that were dropped left their buffers here: swap them past the end.
      const row = s.t[kept]!;
      s.t[kept] = s.t[i]!;
      s.t[i] = row;
      s.beta[kept] = s.beta[i]!;
      s.basis[kept] = v;
      s.rowOf[v] = kept;
    }
    kept++;
  }
  s.m = kept;
}

/** Drops the variables that became non-basic and fixed from the active list. */
function compactActive(s: Tableau, objective: Float64Array): void {
  const n = objective.length;
  const { active, rowOf, lo, hi } = s;
  let kept = 0;
  for (let k = 0; k < s.nactive; k++) {
    const j = active[k]!;
    if (rowOf[j]! < 0 && lo[j] === hi[j]) {
      if (j < n) s.fixedObjective += objective[j]! * s.x[j]!;
    } else active[kept++] = j;
  }
  s.nactive = kept;
}

/** Objective of the current basic solution, as a maximisation: an upper bound while dual feasible. */
function dualBound(s: Tableau, objective: Float64Array): number {
  let z = s.fixedObjective;
  const n = objective.length;
  const { active, rowOf } = s;
  for (let k = 0; k < s.nactive; k++) {
    const j = active[k]!;
    if (j >= n) continue;
    const r = rowOf[j]!;
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
  /** Tableau entries the pivots read or updated (see BranchAndBoundStats.pivotWork). */
  pivotWork: number;
  /** Scratch for the ratio test: candidate variables, their ratios and pivot magnitudes. */
  candIndex: Int32Array;
  candRatio: Float64Array;
  candAbs: Float64Array;
  /** Scratch for a pivot: the non-zero entries of the pivot row. */
  nzIndex: Int32Array;
  nzValue: Float64Array;
  /** Ratio-test order: candidate positions, sorted or a heap (see orderCandidates). */
  heap: Int32Array;
  heapSize: number;
  taken: number;
  /** Results of branchPenalties. */
  penaltyDown: number;
  penaltyUp: number;
  /** The row no column could repair, when dualSimplex returns 'infeasible'. */
  infeasibleRow: number;
}

function newLpContext(objective: Float64Array, signal: AbortSignal | undefined): LpContext {
  const size = 64;
  return {
    objective, cutoff: -Infinity, signal, pivots: 0, pivotWork: 0,
    candIndex: new Int32Array(size), candRatio: new Float64Array(size), candAbs: new Float64Array(size),
    nzIndex: new Int32Array(size), nzValue: new Float64Array(size),
    heap: new Int32Array(size), heapSize: 0, taken: 0, penaltyDown: 0, penaltyUp: 0, infeasibleRow: -1,
  };
}

/** Makes the scratch arrays hold at least `size` entries. */
function reserveScratch(ctx: LpContext, size: number): void {
  if (ctx.candIndex.length >= size) return;
  const cap = Math.max(size, ctx.candIndex.length * 2);
  ctx.candIndex = new Int32Array(cap);
  ctx.candRatio = new Float64Array(cap);
  ctx.candAbs = new Float64Array(cap);
  ctx.nzIndex = new Int32Array(cap);
  ctx.nzValue = new Float64Array(cap);
  ctx.heap = new Int32Array(cap);
}

/** Candidate a comes before b: smaller ratio, then larger pivot, then found first. */
function before(ratio: Float64Array, abs: Float64Array, a: number, b: number): boolean {
  const ra = ratio[a]!;
  const rb = ratio[b]!;
  if (ra !== rb) return ra < rb;
  const aa = abs[a]!;
  const ab = abs[b]!;
  return aa !== ab ? aa > ab : a < b;
}

/**
 * Orders the candidates for the ratio test. Short lists are sorted in place (insertion
 * sort); long ones (the root's first pivots see every column) become a binary heap that
 * `nextCandidate` pops, so only the candidates the test reaches are ordered.
 */
function orderCandidates(ctx: LpContext, count: number): void {
  const { candRatio: ratio, candAbs: abs, heap } = ctx;
  ctx.heapSize = 0;
  ctx.taken = 0;
  for (let k = 0; k < count; k++) heap[k] = k;
  if (count <= HEAP_THRESHOLD) {
    for (let k = 1; k < count; k++) {
      const c = heap[k]!;
      let p = k - 1;
      while (p >= 0 && before(ratio, abs, c, heap[p]!)) { heap[p + 1] = heap[p]!; p--; }
      heap[p + 1] = c;
    }
    return;
  }
  ctx.heapSize = count;
  for (let k = (count >> 1) - 1; k >= 0; k--) siftDown(ctx, k);
}

function siftDown(ctx: LpContext, start: number): void {
  const { candRatio: ratio, candAbs: abs, heap } = ctx;
  const size = ctx.heapSize;
  let k = start;
  const c = heap[k]!;
  for (;;) {
    let child = 2 * k + 1;
    if (child >= size) break;
    if (child + 1 < size && before(ratio, abs, heap[child + 1]!, heap[child]!)) child++;
    if (!before(ratio, abs, heap[child]!, c)) break;
    heap[k] = heap[child]!;
    k = child;
  }
  heap[k] = c;
}

/** The next candidate (a position in the candidate arrays) in ratio-test order. */
function nextCandidate(ctx: LpContext): number {
  if (ctx.heapSize === 0) return ctx.heap[ctx.taken++]!;
  const { heap } = ctx;
  const top = heap[0]!;
  ctx.heapSize--;
  // The popped candidates are kept past the heap's end, in the order they came out.
  heap[0] = heap[ctx.heapSize]!;
  heap[ctx.heapSize] = top;
  siftDown(ctx, 0);
  return top;
}

/** Dual simplex to optimality, infeasibility, or until the bound drops to the cutoff. */
function dualSimplex(s: Tableau, ctx: LpContext): LpStatus {
  reserveScratch(ctx, s.d.length);
  for (;;) {
    if (++ctx.pivots % ABORT_CHECK_EVERY === 0 && ctx.signal?.aborted) return 'aborted';
    const m = s.m;
    // Leaving row: the basic variable furthest outside its bounds.
    let r = -1;
    let worst = PRIMAL_TOL;
    for (let i = 0; i < m; i++) {
      const v = s.basis[i]!;
      const b = s.beta[i]!;
      const below = s.lo[v]! - b;
      const above = b - s.hi[v]!;
      const viol = below > above ? below : above;
      if (viol > worst) { worst = viol; r = i; }
    }
    if (r < 0) return 'optimal';
    // Without a cutoff (the root) there is nothing to stop for.
    if (ctx.cutoff > -Infinity && dualBound(s, ctx.objective) <= ctx.cutoff) return 'cutoff';

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
    const { candIndex, candRatio, candAbs, } = ctx;
    const { active, rowOf, lo, hi, x, d } = s;
    let count = 0;
    for (let k = 0; k < s.nactive; k++) {
      const j = active[k]!;
      if (rowOf[j]! >= 0) continue;
      const a = tr[j]!;
      if (a > -PIVOT_TOL && a < PIVOT_TOL) continue;
      if (lo[j] === hi[j]) continue;
      const atLower = x[j] === lo[j];
      // β_r changes by −a·Δx_j; lower-bounded columns can only grow, upper-bounded only shrink.
      const helps = goesDown ? (atLower ? a < 0 : a > 0) : (atLower ? a > 0 : a < 0);
      if (!helps) continue;
      const absA = a < 0 ? -a : a;
      const dj = d[j]!;
      candIndex[count] = j;
      candRatio[count] = (dj < 0 ? -dj : dj) / absA;
      candAbs[count] = absA;
      count++;
    }
    if (count === 0) { ctx.infeasibleRow = r; return 'infeasible'; }
    orderCandidates(ctx, count);
    const heaped = ctx.heapSize > 0;
    let slope = Math.abs(delta);
    let q = -1;
    let flips = 0;
    for (let k = 0; k < count; k++) {
      const p = nextCandidate(ctx);
      const j = candIndex[p]!;
      const range = hi[j]! - lo[j]!;
      const step = candAbs[p]! * range;
      if (Number.isFinite(range) && slope - step > PRIMAL_TOL) {
        slope -= step;
        flips++;
        continue;
      }
      q = j;
      break;
    }
    if (q < 0) { ctx.infeasibleRow = r; return 'infeasible'; }
    for (let k = 0; k < flips; k++) {
      // Popped candidates sit at the heap's end, the first one last; sorted ones in order.
      const j = candIndex[ctx.heap[heaped ? count - 1 - k : k]!]!;
      // Land exactly on the other bound: "at lower" is decided by equality later on.
      moveNonbasic(s, j, x[j] === lo[j] ? hi[j]! : lo[j]!);
    }
    if (flips > 0) delta = s.beta[r]! - target;
    pivot(s, ctx, r, q, delta, target);
  }
}

function pivot(s: Tableau, ctx: LpContext, r: number, q: number, delta: number, leavingValue: number): void {
  const m = s.m;
  const tr = s.t[r]!;
  const a = tr[q]!;
  const leaving = s.basis[r]!;

  // Primal step: the entering column moves by θ so that the leaving variable lands on its bound.
  const theta = delta / a;
  for (let i = 0; i < m; i++) {
    const aiq = s.t[i]![q]!;
    if (aiq !== 0) s.beta[i] = s.beta[i]! - aiq * theta;
  }
  const enteringValue = s.x[q]! + theta;

  // Dual step and the normalised pivot row, over the active variables; its non-zeros are kept
  // for the elimination below.
  const thetaD = s.d[q]! / a;
  const inv = 1 / a;
  const { active, d } = s;
  const { nzIndex, nzValue } = ctx;
  let nnz = 0;
  for (let k = 0; k < s.nactive; k++) {
    const j = active[k]!;
    const arj = tr[j]!;
    if (arj === 0) continue;
    if (thetaD !== 0) d[j] = d[j]! - thetaD * arj;
    const v = arj * inv;
    tr[j] = v;
    if (j !== q) { nzIndex[nnz] = j; nzValue[nnz] = v; nnz++; }
  }
  d[q] = 0;
  tr[q] = 1;

  // Eliminate the entering column from the other rows.
  let work = s.nactive;
  for (let i = 0; i < m; i++) {
    if (i === r) continue;
    const ti = s.t[i]!;
    const f = ti[q]!;
    if (f === 0) continue;
    work += nnz;
    for (let k = 0; k < nnz; k++) {
      const j = nzIndex[k]!;
      ti[j] = ti[j]! - f * nzValue[k]!;
    }
    ti[q] = 0;
  }
  ctx.pivotWork += work;

  s.basis[r] = q;
  s.rowOf[q] = r;
  s.rowOf[leaving] = -1;
  s.x[leaving] = leavingValue;
  s.beta[r] = enteringValue;
}

/**
 * Driebeek penalties of branching on the basic variable of row r (value v): the first dual
 * simplex pivot of the down branch (value to floor(v)) or the up branch (to ceil(v)) lowers
 * the bound by at least the infeasibility times the smallest ratio |d_k|/|t_rk| among the
 * columns that can repair it, and later pivots lower it further. Infinity when none can.
 */
function branchPenalties(s: Tableau, r: number, v: number, ctx: LpContext): void {
  const tr = s.t[r]!;
  const { active, rowOf, lo, hi, x, d } = s;
  let minDown = Infinity;
  let minUp = Infinity;
  for (let k = 0; k < s.nactive; k++) {
    const j = active[k]!;
    if (rowOf[j]! >= 0 || lo[j] === hi[j]) continue;
    const a = tr[j]!;
    if (a > -PIVOT_TOL && a < PIVOT_TOL) continue;
    const dj = d[j]!;
    const ratio = (dj < 0 ? -dj : dj) / (a < 0 ? -a : a);
    // Same rule as the ratio test: β_r changes by −a·Δx_j.
    if (x[j] === lo[j] ? a > 0 : a < 0) { if (ratio < minDown) minDown = ratio; } else if (ratio < minUp) minUp = ratio;
  }
  ctx.penaltyDown = minDown === Infinity ? Infinity : (v - Math.floor(v)) * minDown;
  ctx.penaltyUp = minUp === Infinity ? Infinity : (Math.ceil(v) - v) * minUp;
}

/** Sets a column's bounds; a non-basic column moves with them, a basic one may turn infeasible. */
function fixColumn(s: Tableau, j: number, value: number): void {
  s.lo[j] = value;
  s.hi[j] = value;
  if (s.rowOf[j]! < 0 && s.x[j] !== value) moveNonbasic(s, j, value);
}

/** Moves a non-basic column to a new value; the basic variables follow (β changes by −t·Δx). */
function moveNonbasic(s: Tableau, j: number, value: number): void {
  const dx = value - s.x[j]!;
  s.x[j] = value;
  for (let i = 0; i < s.m; i++) {
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
  const { active, rowOf, lo, hi, d, x } = s;
  for (let k = 0; k < s.nactive; k++) {
    const j = active[k]!;
    if (j >= n || rowOf[j]! >= 0 || lo[j] === hi[j]) continue;
    const dj = d[j]!;
    if ((dj < 0 ? -dj : dj) >= gap) { lo[j] = x[j]!; hi[j] = x[j]!; }
  }
}

function columnValue(s: Tableau, j: number): number {
  const r = s.rowOf[j]!;
  return r >= 0 ? s.beta[r]! : s.x[j]!;
}

/**
 * How far past its bounds a row may go in the LP's checks (a held row counts as broken only
 * beyond it; a row within it everywhere is redundant): it may be met with equality, and within
 * the leaf check's tolerance (1e-7 of the same scale) is enough.
 */
function rowTolerance(row: Row): number {
  return 1e-9 * rowScale(row);
}

/** A row's tolerance scale: its largest finite bound, at least 1. */
function rowScale(row: Row): number {
  const lo = Number.isFinite(row.lo) ? Math.abs(row.lo) : 0;
  const hi = Number.isFinite(row.hi) ? Math.abs(row.hi) : 0;
  return Math.max(1, lo, hi);
}

/**
 * The columns that must be positive for a lazy row to break, when a few decide it: a ≥ row
 * with lo ≤ 0 (a conditional row, Σ partners − k·anchor ≥ 0) holds whenever its negative
 * columns are 0, since the others only add; a ≤ row with hi ≥ 0 (y − Σ players ≤ 0)
 * whenever its positive columns are 0. Separation checks those first: most conditional
 * rows have an anchor at 0 in most nodes. Null when no such shortcut applies.
 */
const triggerColumns = perRow((row): Int32Array | null => {
  // lo ≤ 0 ≤ Σ over the positive columns: only the negative ones can break it (and the
  // mirror image for a ≤ row).
  const sign = row.hi === Infinity && row.lo <= 0 ? -1 : row.lo === -Infinity && row.hi >= 0 ? 1 : 0;
  if (sign === 0) return null;
  const trigger = row.cols.filter((_, k) => row.coefs[k]! * sign > 0);
  return trigger.length * 2 <= row.cols.length ? Int32Array.from(trigger) : null;
});

/** Σ x ≤ hi with every coefficient 1 (a uniqueness row). */
const isUnitPacking = perRow((row) => row.lo === -Infinity && row.coefs.every((c) => c === 1));

/**
 * Checks a 0/1 solution (`selected[j]` = 1 for a chosen column) against the original
 * (unscaled) rows: the last word on feasibility. Runs at every leaf over every row.
 */
function satisfiesRows(rows: readonly Row[], selected: Uint8Array, tol = 1e-7): boolean {
  for (const row of rows) {
    const { cols, coefs } = row;
    let v = 0;
    for (let k = 0; k < cols.length; k++) if (selected[cols[k]!]) v += coefs[k]!;
    const scale = rowScale(row);
    if (v < row.lo - tol * scale || v > row.hi + tol * scale) return false;
  }
  return true;
}

/** Arrays of a solver's Parking, kept across its solves (a build parks in most of them). */
interface ParkingScratch { parked: Int32Array; isParked: Uint8Array; sums: Float64Array; back: Int32Array }

/**
 * Columns set aside while the root takes in its lazy rows. Each separation round re-solves
 * the root at full width (every column is free there), and with stack rules the LP hops from
 * QB to QB as their rows come in, a few pivots per hop. Most columns cannot matter: their
 * reduced cost at the base LP far exceeds the gap the search will use. Parked, they leave
 * the active list (the pivots skip them, their tableau entries go stale) and stay at their
 * bound. When the rows are in, their reduced costs are priced exactly from the duals of the
 * root's rows; any that would improve the LP come back (rebuilt from the slack columns) and
 * the root re-solves, so the root's optimum is the full LP's. For each round, a parked column
 * whose reduced cost reaches the round's gap is fixed by reduced cost in the round's copy;
 * the others are rebuilt first.
 *
 * Rebuilding: the tableau is M·[−A | I] for the row operations M done so far, and M's
 * columns are the slack columns, so column j is −Σ_r a_rj·(slack column of row r). Likewise
 * the reduced costs are d0 + y·[−A | I] with y_r the reduced cost of row r's slack.
 */
class Parking {
  started = false;
  /** Columns parked at the start, and those that came back to improve the LP (for the stats). */
  parkedAtStart = 0;
  restored = 0;
  /** How many columns are parked: the first entries of scratch.parked. */
  private parkedCount = 0;
  get count(): number { return this.parkedCount; }
  /** The solve's objective, model rows and all rows (model rows, then the cut pool). */
  constructor(
    private readonly objective: Float64Array, private readonly rows: readonly Row[], private readonly allRows: readonly Row[],
    private readonly scratch: ParkingScratch,
  ) {
    const n = objective.length;
    if (scratch.parked.length < n) {
      scratch.parked = new Int32Array(n);
      scratch.isParked = new Uint8Array(n);
      scratch.sums = new Float64Array(n);
      scratch.back = new Int32Array(n);
    }
  }
  private get parked(): Int32Array { return this.scratch.parked; }
  /** Per column: 1 while parked, 2 while being rebuilt. */
  private get isParked(): Uint8Array { return this.scratch.isParked; }
  /** Scratch of columnSums, per column. */
  private get sums(): Float64Array { return this.scratch.sums; }

  /** Parks the non-basic columns whose reduced cost exceeds the threshold. */
  park(s: Tableau, threshold: number): void {
    this.started = true;
    const { objective } = this;
    const n = objective.length;
    this.isParked.fill(0, 0, n);
    const { active, rowOf, lo, hi, d, x } = s;
    let kept = 0;
    for (let k = 0; k < s.nactive; k++) {
      const j = active[k]!;
      if (j < n && rowOf[j]! < 0 && lo[j] !== hi[j] && Math.abs(d[j]!) > threshold) {
        this.parked[this.parkedCount++] = j;
        this.isParked[j] = 1;
        s.fixedObjective += objective[j]! * x[j]!;
      } else active[kept++] = j;
    }
    s.nactive = kept;
    this.parkedAtStart = this.parkedCount;
  }

  /** The scaled row whose slack is variable v, or null when it left the tableau. */
  private rowOfSlack(s: Tableau, v: number): ScaledRow | null {
    const r = v - this.objective.length;
    if (r < this.rows.length) return scaleRow(this.rows[r]!);
    const id = s.slackRow[v]!;
    return id >= 0 ? scaleRow(this.allRows[id]!) : null;
  }

  /**
   * Selects the parked columns with an entry in tableau row r: the only ones that could repair
   * it when no active column can (row r of the tableau is −Σ_k t[r][slack_k]·a_k).
   */
  inRow(s: Tableau, r: number): (j: number) => boolean {
    const tr = s.t[r]!;
    const entry = this.columnSums(s, (v) => tr[v]!);
    // A set, not a look-up of entry: pricing reuses that scratch before the selection is read.
    const inRow = new Set<number>();
    for (let p = 0; p < this.parkedCount; p++) { const j = this.parked[p]!; if (Math.abs(entry[j]!) > PIVOT_TOL) inRow.add(j); }
    return (j) => inRow.has(j);
  }

  /**
   * Σ_v w(v)·a_vj for each parked column j, over the tableau's rows (v is a row's slack
   * variable, a_v its scaled row): the one step of pricing a column and of reading its entry.
   */
  private columnSums(s: Tableau, weight: (v: number) => number): Float64Array {
    const { sums, parked } = this;
    for (let p = 0; p < this.parkedCount; p++) sums[parked[p]!] = 0;
    for (let v = this.objective.length; v < s.nvars; v++) {
      const w = weight(v);
      if (w === 0) continue;
      const row = this.rowOfSlack(s, v);
      if (!row) continue;
      for (let k = 0; k < row.cols.length; k++) { const j = row.cols[k]!; sums[j] = sums[j]! + w * row.coefs[k]!; }
    }
    return sums;
  }

  /** Exact reduced costs of the parked columns, into s.d (the duals are the slacks' reduced costs). */
  private price(s: Tableau): void {
    const dualSum = this.columnSums(s, (v) => (s.rowOf[v]! >= 0 ? 0 : s.d[v]!));
    for (let p = 0; p < this.parkedCount; p++) { const j = this.parked[p]!; s.d[j] = -this.objective[j]! - dualSum[j]!; }
  }

  /**
   * Brings back the parked columns `which` selects: their tableau column rebuilt, active again.
   * They are the first (returned) entries of the scratch `back`, valid until the next call.
   */
  private unpark(s: Tableau, which: (j: number) => boolean): number {
    const { objective, parked } = this;
    const n = objective.length;
    const back = this.scratch.back;
    let count = 0;
    let kept = 0;
    for (let p = 0; p < this.parkedCount; p++) {
      const j = parked[p]!;
      if (which(j)) back[count++] = j;
      else parked[kept++] = j;
    }
    this.parkedCount = kept;
    if (count === 0) return 0;
    const { t, m } = s;
    for (let b = 0; b < count; b++) {
      const j = back[b]!;
      this.isParked[j] = 2; // being rebuilt
      for (let i = 0; i < m; i++) t[i]![j] = 0;
    }
    for (let v = n; v < s.nvars; v++) {
      const row = this.rowOfSlack(s, v);
      if (!row) continue;
      for (let k = 0; k < row.cols.length; k++) {
        const j = row.cols[k]!;
        if (this.isParked[j] !== 2) continue;
        const a = row.coefs[k]!;
        for (let i = 0; i < m; i++) {
          const e = t[i]![v]!;
          if (e !== 0) t[i]![j] = t[i]![j]! - a * e;
        }
      }
    }
    for (let b = 0; b < count; b++) {
      const j = back[b]!;
      this.isParked[j] = 0;
      s.active[s.nactive++] = j;
      s.fixedObjective -= objective[j]! * s.x[j]!;
    }
    return count;
  }

  /**
   * Prices the parked columns and brings back those that `which` selects (by default the ones
   * that would improve the LP). A column that came back with a reduced cost of the wrong sign
   * moves to its other bound: dual feasible again, while the basic values move and the dual
   * simplex repairs them. True when any came back. `priced`: the reduced costs of the parked
   * columns are still those of the last call (the tableau has not pivoted since).
   */
  unparkPriced(s: Tableau, which?: (j: number) => boolean, priced = false): boolean {
    if (!priced) this.price(s);
    const { d, x, lo } = s;
    const wrong = (j: number) => (x[j] === lo[j] ? d[j]! < -PIVOT_TOL : d[j]! > PIVOT_TOL);
    const count = this.unpark(s, which ?? wrong);
    const back = this.scratch.back;
    for (let b = 0; b < count; b++) {
      const j = back[b]!;
      if (!wrong(j)) continue;
      this.restored++;
      moveNonbasic(s, j, x[j] === lo[j] ? s.hi[j]! : lo[j]!);
    }
    return count > 0;
  }

  /** Fixes the parked columns at their bound in a copy of the root (reduced-cost fixing). */
  fixIn(c: Tableau): void {
    for (let p = 0; p < this.parkedCount; p++) { const j = this.parked[p]!; c.lo[j] = c.x[j]!; c.hi[j] = c.x[j]!; }
  }
}

/**
 * Bounds on the subtree of each anchor (a column of an exclusive set of structural columns
 * whose held rows it triggers: a QB and its stack rows) from one LP, the root's without its
 * lazy rows. For any solution x that meets the root's rows, its value is the root's z minus
 * Σ |d_v|·|x_v − x*_v| over the non-basic variables (their reduced costs have the right sign at
 * the optimum), so dropping the slacks' terms leaves an upper bound. With the anchor at 1, the
 * rest of its set at 0 and the anchor's rows kept as constraints, each row's cheapest repair
 * is a fractional knapsack over the columns that can move (basic ones move for free): the
 * bound is z minus the anchors' moves minus the rows' repairs (summed over rows without a
 * column in common, the largest otherwise). It is a Lagrangian bound with the root's duals.
 * Measured on the stacks benchmark build: with the optimum known, 2–3 QBs per lineup have a
 * bound above it, against 4–12 by their reduced cost alone, and the best bound is within a
 * few tenths of a point of the root bound after all its separation rounds (on average; for
 * some QBs it is several points loose).
 *
 * A model may have two such sets (a QB and a second game, an nba team and an nba game): then a
 * subtree picks one anchor (or none) of each, and its bound holds the rows of both.
 */
class AnchorBounds {
  /** Per column: its set plus one, 0 for other columns. */
  private readonly setOf: Int32Array;
  /** Per column: stamped when a chosen anchor of the current bound (at 1 there; the other anchors at 0). */
  private readonly onStamp: Int32Array;
  /**
   * Per column: stamped when a summed row of the last bound holds it; then that row, and (for
   * a row that needed repair) how far the column's move takes the row toward its bound.
   */
  private readonly repairStamp: Int32Array;
  private readonly rowOfColumn: Int32Array;
  private readonly moveGain: Float64Array;
  /** Per summed row of the last bound: its repair, how far it was from its bound, its tolerance, its sorted candidates. */
  private summedRows = 0;
  private rowRepairs = new Float64Array(8);
  private rowNeeds = new Float64Array(8);
  private rowTols = new Float64Array(8);
  private rowStarts = new Int32Array(8);
  private rowCounts = new Int32Array(8);
  /** The summed rows' candidate columns, each row's cheapest per unit first, and the first free place. */
  private sortedCol = new Int32Array(64);
  private sortedCost = new Float64Array(64);
  private sortedGain = new Float64Array(64);
  private sortedCount = 0;
  private stamp = 0;
  /** Rows already read by the current bound (a row may belong to an anchor of each set). */
  private readonly rowStamp = new WeakMap<Row, number>();
  /** Set by prepare: z less every anchor's move to 0; per set, how many of its anchors are fixed at 1. */
  private allOff = 0;
  private readonly fixedOn: Int32Array;
  /** Set by bound: the subtree's bound before its rows, and the sum of its rows' repairs. */
  private beforeRows = 0;
  private summed = 0;
  /** Model rows without an anchor of each set (a build hands the same rows to every lineup). */
  private readonly withoutAnchors: WeakSet<Row>[];

  /** `rowsOf[k][p]`: the held rows of the p-th anchor of set k. */
  constructor(readonly sets: readonly (readonly number[])[], private readonly rowsOf: readonly (readonly (readonly Row[])[])[], n: number) {
    this.setOf = new Int32Array(n);
    sets.forEach((set, k) => { for (const j of set) this.setOf[j] = k + 1; });
    this.onStamp = new Int32Array(n);
    this.repairStamp = new Int32Array(n);
    this.rowOfColumn = new Int32Array(n);
    this.moveGain = new Float64Array(n);
    this.fixedOn = new Int32Array(sets.length);
    this.withoutAnchors = sets.map(() => new WeakSet<Row>());
  }

  isAnchor(j: number): boolean {
    return this.setOf[j]! > 0;
  }

  /** Reads the anchors' moves off an optimal tableau `s` of value z; before bound. */
  prepare(s: Tableau, z: number): void {
    this.allOff = z;
    this.sets.forEach((set, k) => {
      this.fixedOn[k] = 0;
      for (const v of set) {
        if (s.lo[v]! >= 1) this.fixedOn[k]++;
        if (s.rowOf[v]! < 0 && s.x[v] !== 0) this.allOff -= movePenalty(s, v);
      }
    });
  }

  /** The bound with every anchor at 0 and no rows (see prepare). */
  get allOffBound(): number {
    return this.allOff;
  }

  /**
   * What picking the p-th anchor of set k (−1: none of them) adds to allOffBound, before rows;
   * −Infinity when the bounds rule it out. Reads the tableau last prepared.
   */
  moveShift(s: Tableau, k: number, p: number): number {
    if (p < 0) return this.fixedOn[k]! > 0 ? -Infinity : 0;
    const q = this.sets[k]![p]!;
    if (s.hi[q]! < 1 || this.fixedOn[k]! > (s.lo[q]! >= 1 ? 1 : 0)) return -Infinity;
    // allOff moved q to 0 if it sat at 1; now it moves to 1 instead.
    if (s.rowOf[q]! < 0) return s.x[q] !== 0 ? movePenalty(s, q) : -movePenalty(s, q);
    return 0;
  }

  /**
   * The bound of the subtree that picks `places[k]` in each set k (−1: none), with their rows;
   * `before` is its bound before rows (allOffBound plus the moveShifts).
   */
  bound(s: Tableau, places: ArrayLike<number>, before: number): number {
    // A new stamp first: boundWithMove must not read the rows of an earlier call.
    const stamp = ++this.stamp;
    this.summed = 0;
    this.summedRows = 0;
    this.sortedCount = 0;
    this.beforeRows = before;
    if (before === -Infinity) return before;
    for (let k = 0; k < this.sets.length; k++) if (places[k]! >= 0) this.onStamp[this.sets[k]![places[k]!]!] = stamp;
    let overlapping = 0;
    for (let k = 0; k < this.sets.length; k++) {
      if (places[k]! < 0) continue;
      for (const row of this.rowsOf[k]![places[k]!]!) {
        if (this.rowStamp.get(row) === stamp) continue;
        this.rowStamp.set(row, stamp);
        let overlaps = false;
        // The anchors are constants here: only the other columns overlap.
        for (const j of row.cols) if (this.repairStamp[j] === stamp && this.setOf[j] === 0) { overlaps = true; break; }
        const repair = this.rowRepair(s, row, overlaps ? -1 : this.summedRows);
        if (repair === Infinity) return -Infinity;
        if (overlaps) { if (repair > overlapping) overlapping = repair; continue; }
        this.summed += repair;
        for (const j of row.cols) { this.repairStamp[j] = stamp; this.rowOfColumn[j] = this.summedRows; }
        this.summedRows++;
      }
    }
    return before - Math.max(this.summed, overlapping);
  }

  /**
   * An upper bound of the last bound's subtree with non-basic column j moved to its other bound:
   * its move costs movePenalty, and the row that holds it (of those summed) is repaired anew.
   */
  boundWithMove(s: Tableau, j: number): number {
    const z = this.beforeRows - movePenalty(s, j);
    if (this.repairStamp[j] !== this.stamp) return z - this.summed;
    const r = this.rowOfColumn[j]!;
    const repair = this.rowRepairs[r]!;
    // A row met without repair may break when j moves; its repair is at least 0 then.
    if (repair === 0) return z - this.summed;
    let need = this.rowNeeds[r]! - this.moveGain[j]!;
    const tol = this.rowTols[r]!;
    let again = 0;
    const end = this.rowStarts[r]! + this.rowCounts[r]!;
    for (let c = this.rowStarts[r]!; c < end && need > tol; c++) {
      if (this.sortedCol[c] === j) continue;
      const share = Math.min(1, need / this.sortedGain[c]!);
      again += share * this.sortedCost[c]!;
      need -= share * this.sortedGain[c]!;
    }
    if (need > tol) return -Infinity;
    return z - (this.summed - repair + again);
  }

  /**
   * The least the bound loses to bring one row within its bounds, the current bound's anchors at
   * 1 and the others at 0. `summedRow` ≥ 0: the row is summed; its columns' moves and its repair are kept for
   * boundWithMove.
   */
  private rowRepair(s: Tableau, row: Row, summedRow: number): number {
    const { cols, coefs } = row;
    const { rowOf, lo, hi, x } = s;
    let max = 0;
    let min = 0;
    for (let k = 0; k < cols.length; k++) {
      const j = cols[k]!;
      const c = coefs[k]!;
      let v: number;
      if (this.setOf[j]! > 0) v = this.onStamp[j] === this.stamp ? 1 : 0;
      else if (rowOf[j]! >= 0) {
        if (c > 0) { max += c * hi[j]!; min += c * lo[j]!; } else { max += c * lo[j]!; min += c * hi[j]!; }
        continue;
      } else v = x[j]!;
      max += c * v;
      min += c * v;
    }
    const tol = rowTolerance(row);
    let need: number;
    let sign: number;
    if (max < row.lo - tol) { need = row.lo - max; sign = 1; } else if (min > row.hi + tol) { need = min - row.hi; sign = -1; } else {
      if (summedRow >= 0) this.keepRow(summedRow, 0, 0, 0, tol);
      return 0;
    }
    // The non-basic columns whose move takes the row the right way, cheapest per unit first,
    // from `start` in the sorted arrays (kept there for boundWithMove when the row is summed).
    const start = this.sortedCount;
    this.reserveSorted(start + cols.length);
    const { sortedCol, sortedCost: cost, sortedGain: gain } = this;
    let count = 0;
    for (let k = 0; k < cols.length; k++) {
      const j = cols[k]!;
      if (this.setOf[j]! > 0 || rowOf[j]! >= 0 || lo[j] === hi[j]) continue;
      const xv = x[j]!;
      const g = sign * coefs[k]! * ((xv === lo[j] ? hi[j]! : lo[j]!) - xv);
      if (summedRow >= 0) this.moveGain[j] = g;
      if (g <= 0) continue;
      const penalty = movePenalty(s, j);
      // Insertion by cost per unit of the row (rows have a few dozen columns at most).
      let p = start + count - 1;
      while (p >= start && cost[p]! * g > penalty * gain[p]!) { sortedCol[p + 1] = sortedCol[p]!; cost[p + 1] = cost[p]!; gain[p + 1] = gain[p]!; p--; }
      sortedCol[p + 1] = j;
      cost[p + 1] = penalty;
      gain[p + 1] = g;
      count++;
    }
    let repair = 0;
    let left = need;
    for (let c = start; c < start + count && left > tol; c++) {
      const share = Math.min(1, left / gain[c]!);
      repair += share * cost[c]!;
      left -= share * gain[c]!;
    }
    if (left > tol) return Infinity;
    if (summedRow >= 0) {
      this.keepRow(summedRow, repair, need, count, tol);
      this.sortedCount = start + count;
    }
    return repair;
  }

  private keepRow(r: number, repair: number, need: number, count: number, tol: number): void {
    if (this.rowRepairs.length <= r) {
      const grow = <T extends Float64Array | Int32Array>(a: T): T => { const b = new (a.constructor as { new (n: number): T })(2 * r + 8); b.set(a); return b; };
      this.rowRepairs = grow(this.rowRepairs);
      this.rowNeeds = grow(this.rowNeeds);
      this.rowTols = grow(this.rowTols);
      this.rowStarts = grow(this.rowStarts);
      this.rowCounts = grow(this.rowCounts);
    }
    this.rowRepairs[r] = repair;
    this.rowNeeds[r] = need;
    this.rowTols[r] = tol;
    this.rowStarts[r] = this.sortedCount;
    this.rowCounts[r] = count;
  }

  private reserveSorted(size: number): void {
    if (this.sortedCol.length >= size) return;
    const cap = Math.max(size, 2 * this.sortedCol.length);
    const col = new Int32Array(cap); col.set(this.sortedCol); this.sortedCol = col;
    const cost = new Float64Array(cap); cost.set(this.sortedCost); this.sortedCost = cost;
    const gain = new Float64Array(cap); gain.set(this.sortedGain); this.sortedGain = gain;
  }

  /** False when a model row cannot hold with every anchor of set k at 0 (the QB slot's row): then the search skips those subtrees. */
  allOffFeasible(s: Tableau, rows: readonly Row[], k: number): boolean {
    for (const row of rows) {
      if (this.withoutAnchors[k]!.has(row)) continue;
      let min = 0;
      let max = 0;
      let holdsAnchor = false;
      for (let i = 0; i < row.cols.length; i++) {
        const j = row.cols[i]!;
        if (this.setOf[j] === k + 1) { holdsAnchor = true; continue; }
        const c = row.coefs[i]!;
        if (c > 0) { min += c * s.lo[j]!; max += c * s.hi[j]!; } else { min += c * s.hi[j]!; max += c * s.lo[j]!; }
      }
      if (!holdsAnchor) { this.withoutAnchors[k]!.add(row); continue; }
      const tol = rowTolerance(row);
      if (max < row.lo - tol || min > row.hi + tol) return false;
    }
    return true;
  }
}

/** What moving a non-basic column to its other bound costs the LP bound (its reduced cost times the range). */
function movePenalty(s: Tableau, j: number): number {
  const dj = s.d[j]!;
  const range = s.hi[j]! - s.lo[j]!;
  return (s.x[j] === s.lo[j] ? Math.max(0, dj) : Math.max(0, -dj)) * range;
}

/**
 * The anchors of a model for the search by anchor (see AnchorBounds): the exclusive sets of
 * structural columns that trigger held rows, the two that trigger the most and share no column
 * (a subtree picks one of each: more sets would multiply the subtrees), with each anchor's rows: those it triggers,
 * and the held rows of anchors alone (a second game's y + that game's QBs ≤ 1), which rule
 * a pair out. Null when no such set triggers any.
 */
function anchorSearchBounds(model: LinearModel, heldBack: readonly Row[], groupColumn: Int32Array, groupRows: readonly Int32Array[]): AnchorBounds | null {
  const { branchFirst, exclusive } = model;
  if (!branchFirst || !exclusive || groupColumn.length === 0) return null;
  const n = model.objective.length;
  const groupOf = new Int32Array(n).fill(-1);
  groupColumn.forEach((j, g) => { groupOf[j] = g; });
  const ranked = exclusive
    .filter((set) => set.every((j) => branchFirst[j]))
    .map((set) => ({ set, count: set.reduce((sum, j) => sum + (groupOf[j]! >= 0 ? groupRows[groupOf[j]!]!.length : 0), 0) }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count);
  if (ranked.length === 0) return null;
  // A column in two sets would count its move twice: the second set must be disjoint from the first.
  const first = new Set(ranked[0]!.set);
  const second = ranked.slice(1).find(({ set }) => !set.some((j) => first.has(j)));
  const sets = second ? [ranked[0]!.set, second.set] : [ranked[0]!.set];
  const anchorColumns = new Set(sets.flat());
  const anchorsOnly = heldBack.filter((row) => row.cols.every((j) => anchorColumns.has(j)));
  const rowsOf = sets.map((set) => set.map((j) => [
    ...(groupOf[j]! >= 0 ? Array.from(groupRows[groupOf[j]!]!, (h) => heldBack[h]!) : []),
    ...anchorsOnly.filter((row) => row.cols.includes(j)),
  ]));
  return new AnchorBounds(sets, rowsOf, n);
}

export interface BranchAndBoundStats {
  nodes: number;
  pivots: number;
  /**
   * Tableau entries the pivots read or updated: the pivot row over the active columns, and
   * each other row it changed over the pivot row's non-zeros. A pivot's cost varies with the
   * tableau's rows and active columns (a few dozen in the search, hundreds in the root LP);
   * this weighs it, and unlike time it does not depend on the machine's load.
   */
  pivotWork: number;
  cuts: number;
  /** Search rounds (guessed floors) the last solve needed. */
  rounds: number;
  /** Pivots of the root LP (with the lazy rows it breaks; without them in a search by anchor). */
  rootPivots: number;
  /** Anchors' subtrees the search by anchor opened (see AnchorBounds), over its rounds. */
  anchorSubtrees: number;
  /** Up-branches of structural columns started from the root's base LP (see rebase). */
  rebases: number;
  /** Columns parked during the root's separation rounds, and those that came back to improve its LP (see Parking). */
  parked: number;
  restored: number;
}

/** Held rows with trigger columns, grouped by trigger column (see separate in solve). */
interface TriggerGroups {
  /** The triggered held rows and their places among the held rows: what the grouping was built from. */
  rows: readonly Row[];
  positions: Int32Array;
  /** Per group: its trigger column, the held rows (places) it triggers. */
  groupColumn: Int32Array;
  groupRows: readonly Int32Array[];
  /** Every group's index. */
  allGroups: Int32Array;
}

const NO_TRIGGER_GROUPS: TriggerGroups = { rows: [], positions: new Int32Array(0), groupColumn: new Int32Array(0), groupRows: [], allGroups: new Int32Array(0) };

/** Solves of a family before its own gaps count in the first guess. */
const FAMILY_HISTORY_MIN = 2;
/** Rounds with a guessed floor before the search runs without one. */
const MAX_GUESS_ROUNDS = 8;
/**
 * How much a missed guess widens the next one. A round that finds nothing costs a few dozen
 * pivots; a floor far below the optimum lets weak incumbents through and costs more, so the
 * steps are small (measured, against steps of 3× over 4 rounds: 8 % fewer pivots on the
 * default nfl build with stacks and without, 4–13 % on nba, none lost without randomness; a
 * median first guess saved more with stacks but cost 10 % without randomness).
 */
const GUESS_GROWTH = 1.5;

/**
 * A solver keeps state between solves: its pool of spare tableaus, and the recent root gaps,
 * which set the first guessed floor. The optimum's value never depends on them, but among
 * lineups that tie the one returned may, so a build that must repeat itself exactly (same
 * seed, same lineups) uses a fresh solver, as buildLineups does by default.
 */
export function createBranchAndBoundSolver(): MipSolver & { lastStats: BranchAndBoundStats } {
  // Gaps between root bound and optimum seen in recent solves, in all and per model family
  // (see SolveOptions.family): the next guess follows them.
  const recentGaps: number[] = [];
  const familyGaps = new Map<string, number[]>();
  let family: string | undefined;
  const remember = (gaps: number[], gap: number) => {
    gaps.push(Math.max(0, gap));
    if (gaps.length > 16) gaps.shift();
  };
  const recordGap = (gap: number) => {
    remember(recentGaps, gap);
    if (family === undefined) return;
    let gaps = familyGaps.get(family);
    if (!gaps) familyGaps.set(family, (gaps = []));
    remember(gaps, gap);
  };
  const quantile = (gaps: number[]) => [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length * GAP_QUANTILE)]!;
  const initialDelta = (bound: number): number => {
    const scale = 1e-6 * Math.max(1, Math.abs(bound));
    if (recentGaps.length === 0) return 0.005 * Math.abs(bound) + scale;
    const recent = quantile(recentGaps);
    // The mean of the family's guess and the recent one (measured on the solver-work builds,
    // seeds 1, 3 and 7: pivots −2 to −6 % nfl and −4 to −10 % nba with randomness, −1 to −2 %
    // without; the family's alone cost 7 % without randomness, where the recent gaps lead).
    const own = family !== undefined ? familyGaps.get(family) : undefined;
    const guess = own && own.length >= FAMILY_HISTORY_MIN ? (quantile(own) + recent) / 2 : recent;
    return guess * 1.1 + scale;
  };
  // Per column, the exclusive sets that hold it. A build hands the same set arrays to every
  // lineup (and never changes one it handed over), so the index is rebuilt only when a model
  // brings other arrays (rebuilt per solve, it was about 8 % of a stacked build's garbage).
  let indexedSets: readonly number[][] = [];
  let setsOfColumn: (number[] | undefined)[] = [];
  const exclusiveIndex = (sets: readonly number[][]): (number[] | undefined)[] => {
    if (sets.length === indexedSets.length && sets.every((set, e) => set === indexedSets[e])) return setsOfColumn;
    setsOfColumn = [];
    sets.forEach((set, e) => { for (const j of set) (setsOfColumn[j] ??= []).push(e); });
    indexedSets = sets;
    return setsOfColumn;
  };
  // The grouping of held rows by trigger column, kept per plan family: a build hands the same
  // rule rows, at the same places, to every lineup of a family, and building the groups anew
  // cost a stacked build 3.6 ms (plain 0.6). Keyed by the first triggered row; a hit needs the
  // same rows at the same places.
  const groupingCache = new Map<Row, TriggerGroups>();
  const triggerGroups = (heldBack: readonly Row[], triggered: readonly number[]): TriggerGroups => {
    if (triggered.length === 0) return NO_TRIGGER_GROUPS;
    const key = heldBack[triggered[0]!]!;
    const cached = groupingCache.get(key);
    if (cached && cached.positions.length === triggered.length
      && triggered.every((h, i) => cached.positions[i] === h && cached.rows[i] === heldBack[h])) return cached;
    const rowsByTrigger = new Map<number, number[]>();
    for (const h of triggered) {
      for (const j of triggerColumns(heldBack[h]!)!) {
        let group = rowsByTrigger.get(j);
        if (!group) rowsByTrigger.set(j, (group = []));
        group.push(h);
      }
    }
    const groupColumn = Int32Array.from(rowsByTrigger.keys());
    const grouping: TriggerGroups = {
      rows: triggered.map((h) => heldBack[h]!), positions: Int32Array.from(triggered),
      groupColumn, groupRows: [...rowsByTrigger.values()].map((group) => Int32Array.from(group)), allGroups: Int32Array.from(groupColumn.keys()),
    };
    if (groupingCache.size >= 64) groupingCache.clear();
    groupingCache.set(key, grouping);
    return grouping;
  };
  // The anchors of a search by anchor and their bounds' scratch, kept per held-row grouping
  // (so per plan family) while the model brings the same exclusive sets.
  const anchorCache = new WeakMap<TriggerGroups, { sets: readonly number[][]; bounds: AnchorBounds | null }>();
  const anchorBoundsFor = (model: LinearModel, heldBack: readonly Row[], grouping: TriggerGroups): AnchorBounds | null => {
    const sets = model.exclusive ?? [];
    const cached = anchorCache.get(grouping);
    if (cached && cached.sets.length === sets.length && cached.sets.every((set, e) => set === sets[e])
      && (!cached.bounds || cached.bounds.sets.every((set) => set.every((j) => model.branchFirst?.[j])))) return cached.bounds;
    const bounds = anchorSearchBounds(model, heldBack, grouping.groupColumn, grouping.groupRows);
    anchorCache.set(grouping, { sets, bounds });
    return bounds;
  };
  // Scratch of the search by anchor's copies (cloneFixing): the columns kept free, those fixed.
  let freeColumns = new Int32Array(0);
  let fixedColumns = new Int32Array(0);
  const pool = new TableauPool();
  const parkingScratch: ParkingScratch = { parked: new Int32Array(0), isParked: new Uint8Array(0), sums: new Float64Array(0), back: new Int32Array(0) };
  const solver = {
    name: 'branch-and-bound',
    lastStats: { nodes: 0, pivots: 0, pivotWork: 0, cuts: 0, rounds: 0, rootPivots: 0, anchorSubtrees: 0, rebases: 0, parked: 0, restored: 0 },
    solve(model: LinearModel, options: SolveOptions = {}): SolveResult {
      family = options.family;
      const n = model.objective.length;
      for (let j = 0; j < n; j++) if (model.lower[j]! > model.upper[j]!) return { status: 'infeasible', columns: [], objective: 0 };
      // Rows with no columns decide feasibility on their own and stay out of the tableau.
      const rows: Row[] = [];
      // Lazy rows wait here until an LP solution breaks one; then it joins the cut pool.
      const heldBack: Row[] = [];
      for (const row of model.rows) {
        if (row.cols.length === 0) {
          if (row.lo > PRIMAL_TOL || row.hi < -PRIMAL_TOL) return { status: 'infeasible', columns: [], objective: 0 };
        } else if (row.lazy) heldBack.push(row);
        else rows.push(row);
      }
      const { branchFirst } = model;
      // Exclusive sets (at most one column of each is 1): a column fixed at 1 fixes the rest at 0.
      const setsOf = exclusiveIndex(model.exclusive ?? []);
      /** Fixes the other columns of j's exclusive sets at 0; false when one of them is fixed at 1. */
      const fixExclusive = (s: Tableau, j: number): boolean => {
        const sets = setsOf[j];
        if (!sets) return true;
        for (const e of sets) {
          for (const k of model.exclusive![e]!) {
            if (k === j) continue;
            if (s.lo[k] === 1) return false;
            if (s.hi[k] !== 0) fixColumn(s, k, 0);
          }
        }
        return true;
      };
      const allRows = rows.slice();
      const cutPool: Row[] = [];
      /** Per row of allRows: a ≤ row with no negative coefficient (see redundantWithin). */
      const packing: boolean[] = [];
      /**
       * Moves the held-back rows the node's LP solution breaks into the cut pool. Runs after
       * every node LP, so it allocates nothing and looks only at rows that can break: a row
       * with a trigger (see triggerColumns) is read only while one of its trigger columns is
       * positive, found through its trigger column's group; `live` lists the groups whose
       * column the subtree has not fixed at 0 (a QB's subtree fixes the other QBs, and with
       * them the other teams' stack rows: measured, 4 % fewer instructions in the stacked
       * benchmark build, the same without stacks). Broken rows join the pool in held order.
       */
      const separate = (s: Tableau, live: Int32Array): boolean => {
        brokenCount = 0;
        const { rowOf, beta, x } = s;
        const stamp = ++heldStamp;
        for (let l = 0; l < live.length; l++) {
          const g = live[l]!;
          const j = groupColumn[g]!;
          const r = rowOf[j]!;
          if ((r >= 0 ? beta[r]! : x[j]!) <= 0) continue;
          const group = groupRows[g]!;
          for (let e = 0; e < group.length; e++) {
            const h = group[e]!;
            if (!heldMoved[h] && heldSeen[h] !== stamp) checkHeld(s, h, stamp);
          }
        }
        // The rows without a trigger (uniqueness rows) are read only when no triggered row broke:
        // the LP re-solves anyway, and its next solution is the one they must hold at (the root's
        // hops from QB to QB read them once instead of at every hop: about 1 ms per stacked build).
        if (brokenCount === 0) for (let u = 0; u < untriggered.length; u++) {
          const h = untriggered[u]!;
          if (!heldMoved[h]) checkHeld(s, h, stamp);
        }
        if (brokenCount === 0) return false;
        // Held order (insertion sort: a few rows at most).
        for (let b = 1; b < brokenCount; b++) {
          const h = heldBroken[b]!;
          let p = b - 1;
          while (p >= 0 && heldBroken[p]! > h) { heldBroken[p + 1] = heldBroken[p]!; p--; }
          heldBroken[p + 1] = h;
        }
        for (let b = 0; b < brokenCount; b++) {
          const h = heldBroken[b]!;
          heldMoved[h] = 1;
          cutPool.push(heldBack[h]!);
          allRows.push(heldBack[h]!);
        }
        return true;
      };
      /** Reads held row h at the tableau's solution; a broken one goes to heldBroken. */
      const checkHeld = (s: Tableau, h: number, stamp: number) => {
        heldSeen[h] = stamp;
        const row = heldBack[h]!;
        const tol = heldTolerance[h]!;
        const cols = row.cols;
        let v = 0;
        if (heldUnit[h]) {
          // Σ x ≤ hi over 0/1 columns (a uniqueness row): it breaks only if the columns left
          // can still carry the sum past hi, which most LP solutions rule out within a few.
          const limit = row.hi + tol;
          let k = 0;
          for (; k < cols.length && v + (cols.length - k) > limit; k++) v += columnValue(s, cols[k]!);
          if (k < cols.length) return;
        } else {
          for (let k = 0; k < cols.length; k++) v += row.coefs[k]! * columnValue(s, cols[k]!);
        }
        if (v < row.lo - tol || v > row.hi + tol) heldBroken[brokenCount++] = h;
      };
      const heldCount = heldBack.length;
      let brokenCount = 0;
      /** Per held row: 1 once it has joined the cut pool; the call that last read it; scratch for broken ones. */
      const heldMoved = new Uint8Array(heldCount);
      const heldSeen = new Int32Array(heldCount);
      let heldStamp = 0;
      const heldBroken = new Int32Array(heldCount);
      /** Scratch for the leaf check: 1 for the leaf's chosen columns. */
      const chosen = new Uint8Array(n);
      let allBinary = true;
      for (let j = 0; j < n && allBinary; j++) allBinary = model.lower[j]! >= 0 && model.upper[j]! <= 1;
      /** Per held row: its rowTolerance (read at every check, so computed once). */
      const heldTolerance = Float64Array.from(heldBack, rowTolerance);
      const heldUnit = heldBack.map((row) => isUnitPacking(row) && (allBinary || row.cols.every((j) => model.upper[j]! <= 1 && model.lower[j]! >= 0)));
      // Held rows grouped by trigger column (a column's group: the rows it triggers), and the
      // rows without a trigger. A subtree's `live` lists the groups whose column it leaves free.
      const triggered: number[] = [];
      const untriggeredRows: number[] = [];
      for (let h = 0; h < heldBack.length; h++) (triggerColumns(heldBack[h]!) ? triggered : untriggeredRows).push(h);
      const untriggered = Int32Array.from(untriggeredRows);
      const grouping = triggerGroups(heldBack, triggered);
      const { groupColumn, groupRows, allGroups } = grouping;
      /** The groups of `from` whose trigger column the tableau's bounds leave free to be positive. */
      const liveGroups = (s: Tableau, from: Int32Array): Int32Array => from.filter((g) => s.hi[groupColumn[g]!]! > 0);
      const ctx = newLpContext(model.objective, options.signal);
      const anchorBounds = anchorBoundsFor(model, heldBack, grouping);
      let incumbent: number[] | null = null;
      let incumbentValue = -Infinity;
      let nodes = 0;
      let aborted = false;
      let rootBound = -Infinity;
      let rounds = 0;
      /** Only solutions worth more than this are sought in the current round. */
      let floor = -Infinity;

      // A tableau takes in the pool's cuts in order, leaving out those its bounds already
      // satisfy, and lets go of held rows that its bounds came to satisfy (when their slack is
      // basic): uniqueness cuts pile up in builds without randomness, showdown has a row per
      // player, and most of them cannot bind once the root fixes most columns.
      const syncCuts = (s: Tableau) => {
        while (packing.length < allRows.length) packing.push(isPacking(allRows[packing.length]!));
        while (s.cutsApplied < cutPool.length) {
          const c = s.cutsApplied++;
          const id = rows.length + c; // allRows[id] is cutPool[c]
          if (redundantWithin(s, allRows[id]!, packing[id]!)) continue;
          addRow(s, allRows[id]!);
          s.slackRow[s.nvars - 1] = id;
        }
        dropRedundantRows(s, allRows, packing);
      };

      /**
       * The root LP before it took in lazy rows: the up-branch of a structural column (a QB)
       * starts from it, with the node's column bounds, rather than from its parent. The parent
       * holds the rows of every QB its LP mixed in; once the branch fixes those QBs at 0 the
       * rows cannot bind, but most stay in the tableau (a binding row leaves only with a basic
       * slack) and lengthen every pivot of the subtree. From the base, only the pool rows the
       * subtree's bounds leave open join. Measured on the nfl bench build with stacks: 11 %
       * fewer pivots, rows per pivot 14.4 → 11.8; the same without randomness.
       */
      let baseRoot: Tableau | null = null;
      let rebases = 0;
      let rebaseColumns = new Int32Array(0);
      const rebase = (s: Tableau, base: Tableau): Tableau => {
        rebases++;
        // The base has every column active; a column the node fixed where the base has it
        // (non-basic, same value) leaves the active list below without its entries being read,
        // so only the others are copied (the base is wide: a full copy was most of a rebase).
        if (rebaseColumns.length < base.nactive) rebaseColumns = new Int32Array(base.d.length);
        let ncolumns = 0;
        for (let k = 0; k < base.nactive; k++) {
          const j = base.active[k]!;
          if (j < n && s.lo[j] === s.hi[j] && base.rowOf[j]! < 0 && base.x[j] === s.lo[j]) continue;
          rebaseColumns[ncolumns++] = j;
        }
        const up = cloneTableau(base, pool, rebaseColumns, ncolumns);
        for (let j = 0; j < n; j++) {
          if (s.lo[j] === s.hi[j] && (up.lo[j] !== s.lo[j] || up.hi[j] !== s.hi[j])) fixColumn(up, j, s.lo[j]!);
        }
        // Narrow before the pool rows join (syncCuts runs over the active columns).
        compactActive(up, model.objective);
        return up;
      };

      // Depth-first: the up-branch (column = 1) first, since fixing a player in tends to reach
      // complete lineups, and good incumbents early prune the most.
      const explore = (s: Tableau, live: Int32Array): void => {
        if (aborted) return;
        nodes++;
        for (;;) {
          syncCuts(s);
          compactActive(s, model.objective);
          ctx.cutoff = Math.max(incumbentValue, floor) + PRUNE_TOL;
          const status = dualSimplex(s, ctx);
          if (status === 'aborted') { aborted = true; return; }
          if (status !== 'optimal') return;
          const bound = dualBound(s, model.objective);
          if (bound <= ctx.cutoff) return;
          if (separate(s, live)) continue;
          if (ctx.cutoff > -Infinity) fixByReducedCost(s, n, bound - ctx.cutoff);
          // Branch on the most valuable fractional column: fixing it in or out moves the bound
          // most (measured: about a third fewer nodes than the most fractional column).
          let branchCol = -1;
          let bestValue = -Infinity;
          const gap = bound - ctx.cutoff;
          let fixedSome = false;
          let pruned = false;
          let fixedOnes: number[] | null = null;
          for (let i = 0; i < s.m; i++) {
            const j = s.basis[i]!;
            if (j >= n) continue;
            const v = s.beta[i]!;
            const frac = Math.min(v - Math.floor(v), Math.ceil(v) - v);
            if (frac <= INTEGRALITY_TOL) continue;
            if (gap < Infinity) {
              // A branch whose penalty reaches the gap holds nothing worth finding: the column
              // takes the other branch's value here, without a new node.
              branchPenalties(s, i, v, ctx);
              const down = ctx.penaltyDown;
              const up = ctx.penaltyUp;
              if (down >= gap && up >= gap) { pruned = true; break; }
              if (down >= gap) { fixColumn(s, j, Math.ceil(v)); (fixedOnes ??= []).push(j); fixedSome = true; continue; }
              if (up >= gap) { fixColumn(s, j, Math.floor(v)); fixedSome = true; continue; }
            }
            // Columns a rule marks as structural (a stack's QB) come first: fixing one settles
            // which conditional rows bind, where a player column moves the bound less. Among
            // them the one nearest 1 (its up-branch, searched first, most likely holds the
            // optimum; measured: a few % fewer nodes than the most valuable one).
            const value = branchFirst && branchFirst[j] ? v + BRANCH_FIRST_BONUS : model.objective[j]!;
            if (value > bestValue) { bestValue = value; branchCol = j; }
          }
          if (pruned) return;
          if (fixedOnes) for (const j of fixedOnes) if (!fixExclusive(s, j)) return;
          if (fixedSome) continue; // re-solve with the fixings
          if (branchFirst && (branchCol < 0 || !branchFirst[branchCol])) {
            // No structural column is fractional, but one may sit at 1 unfixed (the LP's QB):
            // branch on it before any player. Its up-branch has the same LP with the rest of
            // its exclusive set fixed at 0, so the other QBs' stack rows leave the subtree's
            // tableaus; the down-branch proves the other QBs. Measured: pivots −5 % on the
            // default nfl build, −6 % with forceSecondGameStack, −15 % without randomness.
            for (let k = 0; k < s.nactive; k++) {
              const j = s.active[k]!;
              if (j >= n || !branchFirst[j] || s.lo[j] === s.hi[j]) continue;
              if (columnValue(s, j) > 1 - INTEGRALITY_TOL) { branchCol = j; break; }
            }
          }
          if (branchCol >= 0) {
            const up = baseRoot && branchFirst?.[branchCol] ? rebase(s, baseRoot) : cloneTableau(s, pool);
            fixColumn(up, branchCol, 1);
            // Fixing a structural column fixes its exclusive set: fewer trigger groups stay live.
            if (fixExclusive(up, branchCol)) explore(up, branchFirst?.[branchCol] ? liveGroups(up, live) : live);
            pool.give(up);
            if (aborted) return;
            // The up-branch may have raised the incumbent past what the down-branch can reach:
            // its Driebeek penalty (or reduced cost, for a column at 1) proves it without an LP.
            const r = s.rowOf[branchCol]!;
            let downPenalty = -s.d[branchCol]!;
            if (r >= 0) { branchPenalties(s, r, s.beta[r]!, ctx); downPenalty = ctx.penaltyDown; }
            if (bound - downPenalty <= Math.max(incumbentValue, floor) + PRUNE_TOL) return;
            // This node's LP still stands: reduced-cost fixing again, against the cutoff the
            // up-branch may have raised, before the down-branch re-solves (measured: pivots −2 to
            // −2.5 % on the nfl and nba bench builds, with stacks and without).
            fixByReducedCost(s, n, bound - Math.max(incumbentValue, floor) - PRUNE_TOL);
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
          for (const j of columns) chosen[j] = 1;
          const feasible = satisfiesRows(allRows, chosen);
          for (const j of columns) chosen[j] = 0;
          if (!feasible) throw new Error('branch-and-bound: numerical failure, an LP vertex broke a row');
          let value = 0;
          for (const j of columns) value += model.objective[j]!;
          if (value > incumbentValue) {
            incumbentValue = value;
            incumbent = columns;
          }
          return;
        }
      };

      /**
       * Search by anchor (see AnchorBounds): each anchor's subtree (a QB fixed in, the rest of
       * its set out; with two sets, one anchor or none of each) starts from the root LP without
       * lazy rows, with the columns fixed that its bound rules out, best bound first, until no
       * bound beats the incumbent or the round's floor; "none" (every anchor of a set at 0) is a
       * subtree too unless a model row rules it out. This replaces the root's separation rounds
       * (its LP hopping from QB to QB as their rows come in) and the chain of QB down-branches
       * that proved the QBs one LP at a time: a QB whose bound cannot beat the floor costs no
       * LP. Rounds with a guessed floor as in the search from the root below; the floor's
       * reference is the best subtree bound.
       */
      let anchorSubtrees = 0;
      /**
       * A copy of `s` with the non-basic free columns that `fixes` selects fixed at their value,
       * compacted. Only the other columns' entries are copied (and those of `extra`, which the
       * caller moves): the fixed ones are never read again.
       */
      const cloneFixing = (s: Tableau, fixes: (j: number) => boolean, extra: readonly (readonly number[])[]): Tableau => {
        const size = s.d.length + extra.reduce((sum, cols) => sum + cols.length, 0);
        if (freeColumns.length < size) freeColumns = new Int32Array(size);
        if (fixedColumns.length < n) fixedColumns = new Int32Array(n);
        let kept = 0;
        let fixed = 0;
        for (let k = 0; k < s.nactive; k++) {
          const j = s.active[k]!;
          if (j < n && s.rowOf[j]! < 0 && s.lo[j] !== s.hi[j] && fixes(j)) fixedColumns[fixed++] = j;
          else freeColumns[kept++] = j;
        }
        for (const cols of extra) for (const j of cols) freeColumns[kept++] = j;
        const c = cloneTableau(s, pool, freeColumns, kept);
        for (let f = 0; f < fixed; f++) { const j = fixedColumns[f]!; c.lo[j] = s.x[j]!; c.hi[j] = s.x[j]!; }
        compactActive(c, model.objective);
        return c;
      };
      const anchorSearch = (base: Tableau, baseValue: number, bounds: AnchorBounds) => {
        const { sets } = bounds;
        const setCount = sets.length;
        // The subtrees: a place (−1: none) in each set, by their bound before rows, the cheap
        // one; the bound with rows is computed only where that one could still matter.
        bounds.prepare(base, baseValue);
        let places: number[][] = [[]];
        for (let k = 0; k < setCount; k++) {
          const options: number[] = [];
          if (bounds.allOffFeasible(base, rows, k)) options.push(-1);
          for (let p = 0; p < sets[k]!.length; p++) if (bounds.moveShift(base, k, p) > -Infinity) options.push(p);
          places = places.flatMap((prefix) => options.map((p) => [...prefix, p]));
        }
        const beforeRows = (s: Tableau, choice: readonly number[]) => {
          let z = bounds.allOffBound;
          for (let k = 0; k < setCount; k++) z += bounds.moveShift(s, k, choice[k]!);
          return z;
        };
        const moveBounds = places.map((choice) => beforeRows(base, choice));
        const order = Array.from(places.keys()).sort((x, y) => moveBounds[y]! - moveBounds[x]!);
        rootBound = -Infinity;
        for (let k = 0; k < order.length && moveBounds[order[k]!]! > rootBound; k++) {
          const t = order[k]!;
          rootBound = Math.max(rootBound, bounds.bound(base, places[t]!, moveBounds[t]!));
        }
        if (rootBound === -Infinity) return;
        const open: { tuple: number; before: number; bound: number }[] = [];
        let delta = initialDelta(rootBound);
        for (let round = 0; ; round++) {
          rounds = round + 1;
          floor = round >= MAX_GUESS_ROUNDS ? -Infinity : rootBound - delta;
          const cut = floor + PRUNE_TOL;
          // The round's copy of the base: columns fixed by reduced cost against the floor.
          const copy = cloneFixing(base, (j) => Math.abs(base.d[j]!) >= baseValue - floor, []);
          bounds.prepare(copy, baseValue);
          open.length = 0;
          for (let k = 0; k < order.length && moveBounds[order[k]!]! > cut; k++) {
            const tuple = order[k]!;
            const before = beforeRows(copy, places[tuple]!);
            const bound = bounds.bound(copy, places[tuple]!, before);
            if (bound > cut) open.push({ tuple, before, bound });
          }
          // Best bound first: a good incumbent early prunes the rest.
          open.sort((x, y) => y.bound - x.bound);
          for (const { tuple, before, bound } of open) {
            const cutoff = Math.max(incumbentValue, floor) + PRUNE_TOL;
            if (bound <= cutoff) break;
            const choice = places[tuple]!;
            bounds.bound(copy, choice, before); // boundWithMove reads this subtree's rows
            // Fixing by the subtree's bound: a column whose move takes it to the cutoff keeps its
            // value. The anchors move below, so their entries are copied too.
            const up = cloneFixing(copy, (j) => !bounds.isAnchor(j) && bounds.boundWithMove(copy, j) <= cutoff, sets);
            let possible = true;
            for (let k = 0; k < setCount && possible; k++) {
              const p = choice[k]!;
              if (p < 0) { for (const q of sets[k]!) if (up.lo[q] === 1) possible = false; else fixColumn(up, q, 0); continue; }
              const q = sets[k]![p]!;
              if (up.hi[q] === 0) { possible = false; continue; }
              fixColumn(up, q, 1);
              possible = fixExclusive(up, q);
            }
            if (possible) {
              anchorSubtrees++;
              explore(up, liveGroups(up, allGroups));
            }
            pool.give(up);
            if (aborted) break;
          }
          pool.give(copy);
          if (aborted || incumbent || floor === -Infinity) break;
          delta *= GUESS_GROWTH;
        }
        if (incumbent) recordGap(rootBound - incumbentValue);
      };

      // Root LP, with the lazy rows its solution breaks.
      // Room for the held-back rows and as many cuts again before a tableau must grow.
      const root = initialTableau(model, rows, 32 + 2 * heldBack.length, pool);
      for (let j = 0; j < n; j++) {
        if (model.lower[j] === 1 && !fixExclusive(root, j)) return { status: 'infeasible', columns: [], objective: 0 };
      }
      const parking = new Parking(model.objective, rows, allRows, parkingScratch);
      for (;;) {
        syncCuts(root);
        ctx.cutoff = -Infinity;
        const status = dualSimplex(root, ctx);
        if (status === 'aborted') { aborted = true; break; }
        // Infeasible proves nothing while a parked column could repair the row: those come back.
        if (status === 'infeasible' && parking.count > 0 && parking.unparkPriced(root, parking.inRow(root, ctx.infeasibleRow))) continue;
        if (status !== 'optimal') break;
        // The anchor search takes its bounds from this LP, without lazy rows (see AnchorBounds).
        if (anchorBounds) { rootBound = dualBound(root, model.objective); break; }
        if (separate(root, allGroups)) {
          if (branchFirst && !baseRoot) baseRoot = cloneTableau(root, pool);
          // From the first round's gap (measured: from twice it the re-solves run wider, from half
          // it more columns come back and pivot).
          if (!parking.started) parking.park(root, initialDelta(dualBound(root, model.objective)));
          continue;
        }
        if (parking.count > 0 && parking.unparkPriced(root)) continue;
        rootBound = dualBound(root, model.objective);
        break;
      }
      const rootPivots = ctx.pivots;
      // Cutoff guessing: search only for solutions within delta of the root bound. A round that
      // finds one has found the optimum (every better solution lies in the region it searched);
      // a round that finds none widens delta, and the last round has no floor at all.
      if (!aborted && rootBound > -Infinity && anchorBounds) {
        baseRoot = root;
        anchorSearch(root, rootBound, anchorBounds);
      } else if (!aborted && rootBound > -Infinity) {
        let delta = initialDelta(rootBound);
        for (let round = 0; ; round++) {
          rounds = round + 1;
          floor = round >= MAX_GUESS_ROUNDS ? -Infinity : rootBound - delta;
          // Parked columns the round's floor cannot fix come back into the root first. The root
          // has not pivoted since its last pricing (rounds search copies of it, and columns come
          // back at a bound whose reduced cost they already agree with), so its prices stand.
          if (parking.count > 0) parking.unparkPriced(root, (j) => Math.abs(root.d[j]!) < rootBound - floor, true);
          const copy = cloneTableau(root, pool);
          if (parking.count > 0) parking.fixIn(copy);
          explore(copy, allGroups);
          pool.give(copy);
          if (aborted || incumbent || floor === -Infinity) break;
          delta *= GUESS_GROWTH;
        }
        if (incumbent) recordGap(rootBound - incumbentValue);
      }
      pool.give(root);
      if (baseRoot && baseRoot !== root) pool.give(baseRoot);
      solver.lastStats = { nodes, pivots: ctx.pivots, pivotWork: ctx.pivotWork, cuts: cutPool.length, rounds, rootPivots, anchorSubtrees, rebases, parked: parking.parkedAtStart, restored: parking.restored };
      if (aborted) return { status: 'aborted', columns: [], objective: 0 };
      if (!incumbent) return { status: 'infeasible', columns: [], objective: 0 };
      return { status: 'optimal', columns: incumbent, objective: incumbentValue };
    },
  };
  return solver;
}

