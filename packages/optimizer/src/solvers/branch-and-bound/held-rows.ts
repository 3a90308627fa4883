// The rows of a solve beyond the model's: lazy (held) rows wait until an LP solution breaks
// one, then join the cut pool, as do the cuts the caller's lazyRows hook returns. Separation
// reads only the held rows that can break (a conditional row only while its trigger column is
// positive, found through the trigger column's group), and a tableau takes in the pool's rows
// in order, leaving out those its bounds already satisfy. The grouping of held rows by trigger
// column is cached per plan family across a solver's solves.
import type { LinearModel, Row } from '../../types.js';
import { isPacking, isUnitPacking, rowTolerance, triggerColumns } from './rows.js';
import { addRow, columnValue, dropRedundantRows, redundantWithin, type Tableau } from './tableau.js';

/** Held rows with trigger columns, grouped by trigger column (see HeldRows.separate). */
export interface TriggerGroups {
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

/**
 * The grouping of held rows by trigger column, kept per plan family: a build hands the same
 * rule rows, at the same places, to every lineup of a family, and building the groups anew
 * cost a stacked build 3.6 ms (plain 0.6). Keyed by the first triggered row; a hit needs the
 * same rows at the same places.
 */
export class TriggerGroupCache {
  private readonly byFirstRow = new Map<Row, TriggerGroups>();

  groups(heldBack: readonly Row[], triggered: readonly number[]): TriggerGroups {
    if (triggered.length === 0) return NO_TRIGGER_GROUPS;
    const key = heldBack[triggered[0]!]!;
    const cached = this.byFirstRow.get(key);
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
    if (this.byFirstRow.size >= 64) this.byFirstRow.clear();
    this.byFirstRow.set(key, grouping);
    return grouping;
  }
}

/** One solve's rows: the model's, the held ones, and the cut pool they join. */
export class HeldRows {
  /** Model rows, then the cut pool in order (a held row's slack records its index here). */
  readonly allRows: Row[];
  readonly cutPool: Row[] = [];
  /** Per row of allRows: a ≤ row with no negative coefficient (see redundantWithin). */
  private readonly packing: boolean[] = [];
  readonly grouping: TriggerGroups;
  private readonly untriggered: Int32Array;
  private brokenCount = 0;
  /** Per held row: 1 once it has joined the cut pool; the call that last read it; scratch for broken ones. */
  private readonly heldMoved: Uint8Array;
  private readonly heldSeen: Int32Array;
  private heldStamp = 0;
  private readonly heldBroken: Int32Array;
  /** Per held row: its rowTolerance (read at every check, so computed once); a uniqueness row over 0/1 columns. */
  private readonly heldTolerance: Float64Array;
  private readonly heldUnit: boolean[];

  constructor(model: LinearModel, private readonly rows: readonly Row[], readonly heldBack: readonly Row[], groupCache: TriggerGroupCache) {
    const n = model.objective.length;
    this.allRows = rows.slice();
    const heldCount = heldBack.length;
    this.heldMoved = new Uint8Array(heldCount);
    this.heldSeen = new Int32Array(heldCount);
    this.heldBroken = new Int32Array(heldCount);
    let allBinary = true;
    for (let j = 0; j < n && allBinary; j++) allBinary = model.lower[j]! >= 0 && model.upper[j]! <= 1;
    this.heldTolerance = Float64Array.from(heldBack, rowTolerance);
    this.heldUnit = heldBack.map((row) => isUnitPacking(row) && (allBinary || row.cols.every((j) => model.upper[j]! <= 1 && model.lower[j]! >= 0)));
    // Held rows grouped by trigger column (a column's group: the rows it triggers), and the
    // rows without a trigger. A subtree's `live` lists the groups whose column it leaves free.
    const triggered: number[] = [];
    const untriggeredRows: number[] = [];
    for (let h = 0; h < heldBack.length; h++) (triggerColumns(heldBack[h]!) ? triggered : untriggeredRows).push(h);
    this.untriggered = Int32Array.from(untriggeredRows);
    this.grouping = groupCache.groups(heldBack, triggered);
  }

  /** A cut from outside (the caller's lazyRows hook) joins the pool. */
  addCut(cut: Row): void {
    this.cutPool.push(cut);
    this.allRows.push(cut);
  }

  /** The groups of `from` whose trigger column the tableau's bounds leave free to be positive. */
  liveGroups(s: Tableau, from: Int32Array): Int32Array {
    const { groupColumn } = this.grouping;
    return from.filter((g) => s.hi[groupColumn[g]!]! > 0);
  }

  /**
   * Moves the held-back rows the node's LP solution breaks into the cut pool. Runs after
   * every node LP, so it allocates nothing and looks only at rows that can break: a row
   * with a trigger (see triggerColumns) is read only while one of its trigger columns is
   * positive, found through its trigger column's group; `live` lists the groups whose
   * column the subtree has not fixed at 0 (a QB's subtree fixes the other QBs, and with
   * them the other teams' stack rows: measured, 4 % fewer instructions in the stacked
   * benchmark build, the same without stacks). Broken rows join the pool in held order.
   */
  separate(s: Tableau, live: Int32Array): boolean {
    this.brokenCount = 0;
    const { rowOf, beta, x } = s;
    const { groupColumn, groupRows } = this.grouping;
    const { heldMoved, heldSeen, heldBroken, untriggered } = this;
    const stamp = ++this.heldStamp;
    for (let l = 0; l < live.length; l++) {
      const g = live[l]!;
      const j = groupColumn[g]!;
      const r = rowOf[j]!;
      if ((r >= 0 ? beta[r]! : x[j]!) <= 0) continue;
      const group = groupRows[g]!;
      for (let e = 0; e < group.length; e++) {
        const h = group[e]!;
        if (!heldMoved[h] && heldSeen[h] !== stamp) this.checkHeld(s, h, stamp);
      }
    }
    // The rows without a trigger (uniqueness rows) are read only when no triggered row broke:
    // the LP re-solves anyway, and its next solution is the one they must hold at (the root's
    // hops from QB to QB read them once instead of at every hop: about 1 ms per stacked build).
    if (this.brokenCount === 0) for (let u = 0; u < untriggered.length; u++) {
      const h = untriggered[u]!;
      if (!heldMoved[h]) this.checkHeld(s, h, stamp);
    }
    const brokenCount = this.brokenCount;
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
      this.cutPool.push(this.heldBack[h]!);
      this.allRows.push(this.heldBack[h]!);
    }
    return true;
  }

  /** Reads held row h at the tableau's solution; a broken one goes to heldBroken. */
  private checkHeld(s: Tableau, h: number, stamp: number): void {
    this.heldSeen[h] = stamp;
    const row = this.heldBack[h]!;
    const tol = this.heldTolerance[h]!;
    const cols = row.cols;
    let v = 0;
    if (this.heldUnit[h]) {
      // Σ x ≤ hi over 0/1 columns (a uniqueness row): it breaks only if the columns left
      // can still carry the sum past hi, which most LP solutions rule out within a few.
      const limit = row.hi + tol;
      let k = 0;
      for (; k < cols.length && v + (cols.length - k) > limit; k++) v += columnValue(s, cols[k]!);
      if (k < cols.length) return;
    } else {
      for (let k = 0; k < cols.length; k++) v += row.coefs[k]! * columnValue(s, cols[k]!);
    }
    if (v < row.lo - tol || v > row.hi + tol) this.heldBroken[this.brokenCount++] = h;
  }

  /**
   * A tableau takes in the pool's cuts in order, leaving out those its bounds already
   * satisfy, and lets go of held rows that its bounds came to satisfy (when their slack is
   * basic): uniqueness cuts pile up in builds without randomness, showdown has a row per
   * player, and most of them cannot bind once the root fixes most columns.
   */
  syncCuts(s: Tableau): void {
    const { allRows, packing } = this;
    while (packing.length < allRows.length) packing.push(isPacking(allRows[packing.length]!));
    while (s.cutsApplied < this.cutPool.length) {
      const c = s.cutsApplied++;
      const id = this.rows.length + c; // allRows[id] is cutPool[c]
      if (redundantWithin(s, allRows[id]!, packing[id]!)) continue;
      addRow(s, allRows[id]!);
      s.slackRow[s.nvars - 1] = id;
    }
    dropRedundantRows(s, allRows, packing);
  }
}
