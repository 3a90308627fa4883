// Bounds on the subtrees of a search by anchor (a QB and its stack rows, an nba team and its
// game): from one root LP without lazy rows, what each anchor's subtree can be worth, and what
// moving one more column would cost it (for fixing by the subtree's bound). Also which column
// sets of a model serve as anchors. The search that uses them is in anchor-search.ts.
import type { LinearModel, Row } from '../../types.js';
import { rowTolerance } from './rows.js';
import { movePenalty } from './fixing.js';
import type { Tableau } from './tableau.js';

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
export class AnchorBounds {
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

/**
 * The anchors of a model for the search by anchor (see AnchorBounds): the exclusive sets of
 * structural columns that trigger held rows, the two that trigger the most and share no column
 * (a subtree picks one of each: more sets would multiply the subtrees), with each anchor's rows: those it triggers,
 * and the held rows of anchors alone (a second game's y + that game's QBs ≤ 1), which rule
 * a pair out. Null when no such set triggers any.
 */
export function anchorSearchBounds(model: LinearModel, heldBack: readonly Row[], groupColumn: Int32Array, groupRows: readonly Int32Array[]): AnchorBounds | null {
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
