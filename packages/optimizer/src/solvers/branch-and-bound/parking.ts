// Parking: the columns set aside while the root LP takes in its lazy rows, priced exactly from
// the root's duals when the rows are in and brought back (rebuilt from the slack columns) when
// they could improve the LP. Only the search from the root parks; the search by anchor does
// not need to (its root takes in no lazy rows).
import type { Row } from '../../types.js';
import { PIVOT_TOL } from './dual-simplex.js';
import { scaleRow, type ScaledRow } from './rows.js';
import { moveNonbasic, type Tableau } from './tableau.js';

/** Arrays of a solver's Parking, kept across its solves (a build parks in most of them). */
export interface ParkingScratch { parked: Int32Array; isParked: Uint8Array; sums: Float64Array; back: Int32Array }

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
export class Parking {
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
