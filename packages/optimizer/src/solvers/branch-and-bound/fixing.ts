// Fixing columns by bounds: reduced-cost fixing against a cutoff (a column whose move would cost
// more than the gap keeps its value in the subtree), the cost of moving a non-basic column (read
// by the anchors' bounds), and the copy of a tableau with the columns a test selects fixed, which
// the search by anchor makes for each round and each subtree.
import { cloneTableau, compactActive, type Tableau, type TableauPool } from './tableau.js';

/**
 * Reduced-cost fixing. With a dual feasible basis of bound z, any solution in which a
 * non-basic column leaves its bound is worth at most z − |d_j|; when that cannot beat the
 * incumbent (|d_j| ≥ gap), the column keeps its value in this whole subtree.
 */
export function fixByReducedCost(s: Tableau, n: number, gap: number): void {
  const { active, rowOf, lo, hi, d, x } = s;
  for (let k = 0; k < s.nactive; k++) {
    const j = active[k]!;
    if (j >= n || rowOf[j]! >= 0 || lo[j] === hi[j]) continue;
    const dj = d[j]!;
    if ((dj < 0 ? -dj : dj) >= gap) { lo[j] = x[j]!; hi[j] = x[j]!; }
  }
}

/** What moving a non-basic column to its other bound costs the LP bound (its reduced cost times the range). */
export function movePenalty(s: Tableau, j: number): number {
  const dj = s.d[j]!;
  const range = s.hi[j]! - s.lo[j]!;
  return (s.x[j] === s.lo[j] ? Math.max(0, dj) : Math.max(0, -dj)) * range;
}

/** Scratch of cloneFixing, kept across a solver's solves: the columns kept free, those fixed. */
export interface CloneFixingScratch { freeColumns: Int32Array; fixedColumns: Int32Array }

/**
 * A copy of `s` with the non-basic free columns that `fixes` selects fixed at their value,
 * compacted. Only the other columns' entries are copied (and those of `extra`, which the
 * caller moves): the fixed ones are never read again.
 */
export function cloneFixing(
  s: Tableau, fixes: (j: number) => boolean, extra: readonly (readonly number[])[],
  objective: Float64Array, pool: TableauPool, scratch: CloneFixingScratch,
): Tableau {
  const n = objective.length;
  const size = s.d.length + extra.reduce((sum, cols) => sum + cols.length, 0);
  if (scratch.freeColumns.length < size) scratch.freeColumns = new Int32Array(size);
  if (scratch.fixedColumns.length < n) scratch.fixedColumns = new Int32Array(n);
  const { freeColumns, fixedColumns } = scratch;
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
  compactActive(c, objective);
  return c;
}
