// The search itself: one solve's depth-first branch and bound over copies of the root tableau.
// A node re-solves its LP by the dual simplex, takes in the held rows its solution breaks, fixes
// columns by reduced cost and by Driebeek penalty, and branches on a structural column (a QB)
// first, then on the most valuable fractional column, up-branch first. searchByRounds runs it
// from the root in rounds of guessed floors (see gap-guess.ts); anchor-search.ts runs it from
// each anchor's subtree instead.
import type { LinearModel, Row, SolveOptions } from '../../types.js';
import { branchPenalties, dualSimplex, type LpContext } from './dual-simplex.js';
import { fixByReducedCost } from './fixing.js';
import { GUESS_GROWTH, MAX_GUESS_ROUNDS, type GapHistory } from './gap-guess.js';
import type { HeldRows } from './held-rows.js';
import type { Parking } from './parking.js';
import { satisfiesRows } from './rows.js';
import { cloneTableau, columnValue, compactActive, dualBound, fixColumn, type Tableau, type TableauPool } from './tableau.js';

const INTEGRALITY_TOL = 1e-6;
/** A node is explored only if its bound beats the incumbent by more than this (points). */
export const PRUNE_TOL = 1e-7;
/** Added to a structural column's value when choosing the branching column (above any points). */
const BRANCH_FIRST_BONUS = 1e12;

/** One solve's search state: the incumbent, the round's floor, the counters for the stats. */
export class Search {
  incumbent: number[] | null = null;
  incumbentValue = -Infinity;
  nodes = 0;
  aborted = false;
  rootBound = -Infinity;
  rounds = 0;
  /** Only solutions worth more than this are sought in the current round. */
  floor = -Infinity;
  /**
   * The root LP before it took in lazy rows: the up-branch of a structural column (a QB)
   * starts from it, with the node's column bounds, rather than from its parent. The parent
   * holds the rows of every QB its LP mixed in; once the branch fixes those QBs at 0 the
   * rows cannot bind, but most stay in the tableau (a binding row leaves only with a basic
   * slack) and lengthen every pivot of the subtree. From the base, only the pool rows the
   * subtree's bounds leave open join. Measured on the nfl bench build with stacks: 11 %
   * fewer pivots, rows per pivot 14.4 → 11.8; the same without randomness.
   */
  baseRoot: Tableau | null = null;
  rebases = 0;
  /** Anchors' subtrees the search by anchor opened. */
  anchorSubtrees = 0;
  private rebaseColumns = new Int32Array(0);
  /** Scratch for the leaf check: 1 for the leaf's chosen columns. */
  private readonly chosen: Uint8Array;
  readonly n: number;

  constructor(
    readonly model: LinearModel, readonly held: HeldRows, readonly ctx: LpContext, readonly pool: TableauPool,
    /** Per column, the exclusive sets of model.exclusive that hold it. */
    private readonly setsOf: readonly (readonly number[] | undefined)[],
    private readonly lazyRows: SolveOptions['lazyRows'],
  ) {
    this.n = model.objective.length;
    this.chosen = new Uint8Array(this.n);
  }

  /** Fixes the other columns of j's exclusive sets at 0; false when one of them is fixed at 1. */
  fixExclusive(s: Tableau, j: number): boolean {
    const sets = this.setsOf[j];
    if (!sets) return true;
    for (const e of sets) {
      for (const k of this.model.exclusive![e]!) {
        if (k === j) continue;
        if (s.lo[k] === 1) return false;
        if (s.hi[k] !== 0) fixColumn(s, k, 0);
      }
    }
    return true;
  }

  /** The up-branch of a structural column, from the base LP with the node's column bounds (see baseRoot). */
  private rebase(s: Tableau, base: Tableau): Tableau {
    const { n } = this;
    this.rebases++;
    // The base has every column active; a column the node fixed where the base has it
    // (non-basic, same value) leaves the active list below without its entries being read,
    // so only the others are copied (the base is wide: a full copy was most of a rebase).
    if (this.rebaseColumns.length < base.nactive) this.rebaseColumns = new Int32Array(base.d.length);
    const rebaseColumns = this.rebaseColumns;
    let ncolumns = 0;
    for (let k = 0; k < base.nactive; k++) {
      const j = base.active[k]!;
      if (j < n && s.lo[j] === s.hi[j] && base.rowOf[j]! < 0 && base.x[j] === s.lo[j]) continue;
      rebaseColumns[ncolumns++] = j;
    }
    const up = cloneTableau(base, this.pool, rebaseColumns, ncolumns);
    for (let j = 0; j < n; j++) {
      if (s.lo[j] === s.hi[j] && (up.lo[j] !== s.lo[j] || up.hi[j] !== s.hi[j])) fixColumn(up, j, s.lo[j]!);
    }
    // Narrow before the pool rows join (syncCuts runs over the active columns).
    compactActive(up, this.model.objective);
    return up;
  }

  // Depth-first: the up-branch (column = 1) first, since fixing a player in tends to reach
  // complete lineups, and good incumbents early prune the most.
  explore(s: Tableau, live: Int32Array): void {
    if (this.aborted) return;
    const { model, n, ctx, held, pool } = this;
    const { branchFirst } = model;
    this.nodes++;
    for (;;) {
      held.syncCuts(s);
      compactActive(s, model.objective);
      ctx.cutoff = Math.max(this.incumbentValue, this.floor) + PRUNE_TOL;
      const status = dualSimplex(s, ctx);
      if (status === 'aborted') { this.aborted = true; return; }
      if (status !== 'optimal') return;
      const bound = dualBound(s, model.objective);
      if (bound <= ctx.cutoff) return;
      if (held.separate(s, live)) continue;
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
      if (fixedOnes) for (const j of fixedOnes) if (!this.fixExclusive(s, j)) return;
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
        const up = this.baseRoot && branchFirst?.[branchCol] ? this.rebase(s, this.baseRoot) : cloneTableau(s, pool);
        fixColumn(up, branchCol, 1);
        // Fixing a structural column fixes its exclusive set: fewer trigger groups stay live.
        if (this.fixExclusive(up, branchCol)) this.explore(up, branchFirst?.[branchCol] ? held.liveGroups(up, live) : live);
        pool.give(up);
        if (this.aborted) return;
        // The up-branch may have raised the incumbent past what the down-branch can reach:
        // its Driebeek penalty (or reduced cost, for a column at 1) proves it without an LP.
        const r = s.rowOf[branchCol]!;
        let downPenalty = -s.d[branchCol]!;
        if (r >= 0) { branchPenalties(s, r, s.beta[r]!, ctx); downPenalty = ctx.penaltyDown; }
        if (bound - downPenalty <= Math.max(this.incumbentValue, this.floor) + PRUNE_TOL) return;
        // This node's LP still stands: reduced-cost fixing again, against the cutoff the
        // up-branch may have raised, before the down-branch re-solves (measured: pivots −2 to
        // −2.5 % on the nfl and nba bench builds, with stacks and without).
        fixByReducedCost(s, n, bound - Math.max(this.incumbentValue, this.floor) - PRUNE_TOL);
        fixColumn(s, branchCol, 0);
        this.nodes++;
        continue; // the down-branch reuses this node's tableau
      }
      const columns: number[] = [];
      for (let j = 0; j < n; j++) if (columnValue(s, j) > 0.5) columns.push(j);
      const cut: Row | null = this.lazyRows?.(columns) ?? null;
      if (cut) {
        held.addCut(cut);
        continue; // re-solve this node with the cut
      }
      const { chosen } = this;
      for (const j of columns) chosen[j] = 1;
      const feasible = satisfiesRows(held.allRows, chosen);
      for (const j of columns) chosen[j] = 0;
      if (!feasible) throw new Error('branch-and-bound: numerical failure, an LP vertex broke a row');
      let value = 0;
      for (const j of columns) value += model.objective[j]!;
      if (value > this.incumbentValue) {
        this.incumbentValue = value;
        this.incumbent = columns;
      }
      return;
    }
  }
}

/**
 * The search from the root, in rounds: only solutions within delta of the root bound are
 * sought. A round that finds one has found the optimum (every better solution lies in the
 * region it searched); a round that finds none widens delta, and the last round has no floor.
 */
export function searchByRounds(search: Search, root: Tableau, parking: Parking, gaps: GapHistory): void {
  const { pool, held } = search;
  const { rootBound } = search;
  let delta = gaps.initialDelta(rootBound);
  for (let round = 0; ; round++) {
    search.rounds = round + 1;
    const floor = round >= MAX_GUESS_ROUNDS ? -Infinity : rootBound - delta;
    search.floor = floor;
    // Parked columns the round's floor cannot fix come back into the root first. The root
    // has not pivoted since its last pricing (rounds search copies of it, and columns come
    // back at a bound whose reduced cost they already agree with), so its prices stand.
    if (parking.count > 0) parking.unparkPriced(root, (j) => Math.abs(root.d[j]!) < rootBound - floor, true);
    const copy = cloneTableau(root, pool);
    if (parking.count > 0) parking.fixIn(copy);
    search.explore(copy, held.grouping.allGroups);
    pool.give(copy);
    if (search.aborted || search.incumbent || floor === -Infinity) break;
    delta *= GUESS_GROWTH;
  }
  if (search.incumbent) gaps.recordGap(rootBound - search.incumbentValue);
}
