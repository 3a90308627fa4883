// The solver object and one solve from start to end: the model's rows split (empty rows decide
// feasibility at once, lazy rows are held back), the root LP with its separation rounds and
// parking, then the search (by anchor when the model has anchors, else from the root in rounds),
// and the stats. What a solver keeps between solves (recycled tableaus, recent gaps, caches
// keyed by the rule rows a build hands to every lineup) is set up here too.
import type { LinearModel, MipSolver, Row, SolveOptions, SolveResult } from '../../types.js';
import { anchorSearchBounds, type AnchorBounds } from './anchor-bounds.js';
import { anchorSearch } from './anchor-search.js';
import { dualSimplex, newLpContext, PRIMAL_TOL } from './dual-simplex.js';
import type { CloneFixingScratch } from './fixing.js';
import { GapHistory } from './gap-guess.js';
import { HeldRows, TriggerGroupCache, type TriggerGroups } from './held-rows.js';
import { Parking, type ParkingScratch } from './parking.js';
import { Search, searchByRounds } from './search.js';
import { cloneTableau, dualBound, initialTableau, TableauPool } from './tableau.js';

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
  /** The pivot work of the widest single pivot: the abort is read at least every ABORT_CHECK_WORK of pivot work, so at most this much past it. */
  widestPivot: number;
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

const noStats = (): BranchAndBoundStats => ({ nodes: 0, pivots: 0, pivotWork: 0, widestPivot: 0, cuts: 0, rounds: 0, rootPivots: 0, anchorSubtrees: 0, rebases: 0, parked: 0, restored: 0 });

/**
 * A solver keeps state between solves: its pool of spare tableaus, and the recent root gaps,
 * which set the first guessed floor. The optimum's value never depends on them, but among
 * lineups that tie the one returned may, so a build that must repeat itself exactly (same
 * seed, same lineups) uses a fresh solver, as buildLineups does by default.
 */
export function createBranchAndBoundSolver(): MipSolver & { lastStats: BranchAndBoundStats } {
  const gaps = new GapHistory();
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
  const groupCache = new TriggerGroupCache();
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
  const cloneScratch: CloneFixingScratch = { freeColumns: new Int32Array(0), fixedColumns: new Int32Array(0) };
  const pool = new TableauPool();
  const parkingScratch: ParkingScratch = { parked: new Int32Array(0), isParked: new Uint8Array(0), sums: new Float64Array(0), back: new Int32Array(0) };
  const solver = {
    name: 'branch-and-bound',
    lastStats: noStats(),
    solve(model: LinearModel, options: SolveOptions = {}): SolveResult {
      // A build that was cancelled between two solves (or during set-up) costs no LP.
      if (options.signal?.aborted) {
        solver.lastStats = noStats();
        return { status: 'aborted', columns: [], objective: 0 };
      }
      gaps.family = options.family;
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
      const held = new HeldRows(model, rows, heldBack, groupCache);
      const ctx = newLpContext(model.objective, options.signal);
      const anchorBounds = anchorBoundsFor(model, heldBack, held.grouping);
      // Exclusive sets (at most one column of each is 1): a column fixed at 1 fixes the rest at 0.
      const search = new Search(model, held, ctx, pool, exclusiveIndex(model.exclusive ?? []), options.lazyRows);

      // Root LP, with the lazy rows its solution breaks.
      // Room for the held-back rows and as many cuts again before a tableau must grow.
      const root = initialTableau(model, rows, 32 + 2 * heldBack.length, pool);
      for (let j = 0; j < n; j++) {
        if (model.lower[j] === 1 && !search.fixExclusive(root, j)) return { status: 'infeasible', columns: [], objective: 0 };
      }
      const parking = new Parking(model.objective, rows, held.allRows, parkingScratch);
      for (;;) {
        // Each separation round may first rebuild parked columns and take in rows over the
        // root's whole width, work the pivots' checks do not see.
        if (options.signal?.aborted) { search.aborted = true; break; }
        held.syncCuts(root);
        ctx.cutoff = -Infinity;
        const status = dualSimplex(root, ctx);
        if (status === 'aborted') { search.aborted = true; break; }
        // Infeasible proves nothing while a parked column could repair the row: those come back.
        if (status === 'infeasible' && parking.count > 0 && parking.unparkPriced(root, parking.inRow(root, ctx.infeasibleRow))) continue;
        if (status !== 'optimal') break;
        // The anchor search takes its bounds from this LP, without lazy rows (see AnchorBounds).
        if (anchorBounds) { search.rootBound = dualBound(root, model.objective); break; }
        if (held.separate(root, held.grouping.allGroups)) {
          if (branchFirst && !search.baseRoot) search.baseRoot = cloneTableau(root, pool);
          // From the first round's gap (measured: from twice it the re-solves run wider, from half
          // it more columns come back and pivot).
          if (!parking.started) parking.park(root, gaps.initialDelta(dualBound(root, model.objective)));
          continue;
        }
        if (parking.count > 0 && parking.unparkPriced(root)) continue;
        search.rootBound = dualBound(root, model.objective);
        break;
      }
      const rootPivots = ctx.pivots;
      if (!search.aborted && search.rootBound > -Infinity && anchorBounds) {
        search.baseRoot = root;
        anchorSearch(search, rows, root, search.rootBound, anchorBounds, gaps, cloneScratch);
      } else if (!search.aborted && search.rootBound > -Infinity) {
        searchByRounds(search, root, parking, gaps);
      }
      pool.give(root);
      if (search.baseRoot && search.baseRoot !== root) pool.give(search.baseRoot);
      const { nodes, rounds, anchorSubtrees, rebases, aborted, incumbent, incumbentValue } = search;
      solver.lastStats = {
        nodes, pivots: ctx.pivots, pivotWork: ctx.pivotWork, widestPivot: ctx.widestPivot, cuts: held.cutPool.length, rounds, rootPivots, anchorSubtrees, rebases,
        parked: parking.parkedAtStart, restored: parking.restored,
      };
      if (aborted) return { status: 'aborted', columns: [], objective: 0 };
      if (!incumbent) return { status: 'infeasible', columns: [], objective: 0 };
      return { status: 'optimal', columns: incumbent, objective: incumbentValue };
    },
  };
  return solver;
}
