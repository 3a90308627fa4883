// The tableau of the bounded dual simplex and what changes it outside a pivot: B⁻¹·[A | −I]
// with the bounds, values and reduced costs of every variable, the list of variables that can
// still move (every loop runs over it), the pool of recycled tableaus, the slack basis a solve
// starts from, rows joining (cuts) and leaving (redundant), and column bounds moving (a branch,
// a fixing). The pivots themselves are in dual-simplex.ts.
import type { LinearModel, Row } from '../../types.js';
import { rowTolerance, scaleRow } from './rows.js';

/** Model rows with at most this many columns are checked for redundancy in the search. */
const SHORT_ROW = 16;
/** Spare entries of a new tableau's basis arrays, for the rows that join later. */
const ROW_ROOM = 16;

export interface Tableau {
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
export class TableauPool {
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
export function cloneTableau(s: Tableau, pool: TableauPool, columns: Int32Array = s.active, ncolumns: number = s.nactive): Tableau {
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

/** The slack basis of the rows, in a pooled tableau when one of the width is free. */
export function initialTableau(model: LinearModel, rows: Row[], extraCapacity: number, pool: TableauPool): Tableau {
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
export function addRow(s: Tableau, raw: Row): Tableau {
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
export function redundantWithin(s: Tableau, row: Row, packing: boolean): boolean {
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

/**
 * Removes the rows (model rows or cuts) that the bounds now satisfy, where the row's slack
 * is basic: the other rows do not involve that slack, so they are the tableau of the model
 * without the row. The slack becomes a fixed, inactive variable.
 */
export function dropRedundantRows(s: Tableau, rows: readonly Row[], packing: readonly boolean[]): void {
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
export function compactActive(s: Tableau, objective: Float64Array): void {
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
export function dualBound(s: Tableau, objective: Float64Array): number {
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

/** Sets a column's bounds; a non-basic column moves with them, a basic one may turn infeasible. */
export function fixColumn(s: Tableau, j: number, value: number): void {
  s.lo[j] = value;
  s.hi[j] = value;
  if (s.rowOf[j]! < 0 && s.x[j] !== value) moveNonbasic(s, j, value);
}

/** Moves a non-basic column to a new value; the basic variables follow (β changes by −t·Δx). */
export function moveNonbasic(s: Tableau, j: number, value: number): void {
  const dx = value - s.x[j]!;
  s.x[j] = value;
  for (let i = 0; i < s.m; i++) {
    const a = s.t[i]![j]!;
    if (a !== 0) s.beta[i] = s.beta[i]! - a * dx;
  }
}

export function columnValue(s: Tableau, j: number): number {
  const r = s.rowOf[j]!;
  return r >= 0 ? s.beta[r]! : s.x[j]!;
}
