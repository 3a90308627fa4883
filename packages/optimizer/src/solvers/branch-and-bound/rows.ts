// Properties of a model row, as the solver reads them: its scaled form (largest coefficient 1),
// its tolerance, whether it is a packing row or a uniqueness row, the trigger columns that decide
// a conditional row, and the final check of a 0/1 solution against the unscaled rows. Each
// property is computed once per row object (a build hands the same rule rows to every lineup).
import type { Row } from '../../types.js';

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

export interface ScaledRow { cols: number[]; coefs: number[]; lo: number; hi: number }

/** Rows are scaled so that their largest coefficient is 1: salaries and points mix well then. */
export const scaleRow = perRow((row): ScaledRow => {
  let max = 0;
  for (const c of row.coefs) max = Math.max(max, Math.abs(c));
  if (max === 0) max = 1;
  return { cols: row.cols, coefs: row.coefs.map((c) => c / max), lo: row.lo / max, hi: row.hi / max };
});

/**
 * How far past its bounds a row may go in the LP's checks (a held row counts as broken only
 * beyond it; a row within it everywhere is redundant): it may be met with equality, and within
 * the leaf check's tolerance (1e-7 of the same scale) is enough.
 */
export function rowTolerance(row: Row): number {
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
export const triggerColumns = perRow((row): Int32Array | null => {
  // lo ≤ 0 ≤ Σ over the positive columns: only the negative ones can break it (and the
  // mirror image for a ≤ row).
  const sign = row.hi === Infinity && row.lo <= 0 ? -1 : row.lo === -Infinity && row.hi >= 0 ? 1 : 0;
  if (sign === 0) return null;
  const trigger = row.cols.filter((_, k) => row.coefs[k]! * sign > 0);
  return trigger.length * 2 <= row.cols.length ? Int32Array.from(trigger) : null;
});

/** Σ x ≤ hi with every coefficient 1 (a uniqueness row). */
export const isUnitPacking = perRow((row) => row.lo === -Infinity && row.coefs.every((c) => c === 1));

/**
 * Checks a 0/1 solution (`selected[j]` = 1 for a chosen column) against the original
 * (unscaled) rows: the last word on feasibility. Runs at every leaf over every row.
 */
export function satisfiesRows(rows: readonly Row[], selected: Uint8Array, tol = 1e-7): boolean {
  for (const row of rows) {
    const { cols, coefs } = row;
    let v = 0;
    for (let k = 0; k < cols.length; k++) if (selected[cols[k]!]) v += coefs[k]!;
    const scale = rowScale(row);
    if (v < row.lo - tol * scale || v > row.hi + tol * scale) return false;
  }
  return true;
}

/** A ≤ row without negative coefficients: its maximum only grows column by column. */
export function isPacking(row: Row): boolean {
  return row.lo === -Infinity && row.coefs.every((c) => c >= 0);
}
