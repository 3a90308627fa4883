// The bounded dual simplex: the ratio test with bound flipping (its candidates sorted, or in a
// heap when there are many), the pivot, and the Driebeek penalties the search reads off a row
// to fix a column without a node. Every loop runs over the tableau's active variables only.
// The abort signal is polled here (see ABORT_CHECK_EVERY): the pivots are where a solve spends
// its time, so a check in their loop bounds the work done after an abort.
import type { CancelSignal } from '../../types.js';
import { dualBound, moveNonbasic, type Tableau } from './tableau.js';

export const PRIMAL_TOL = 1e-9;
export const PIVOT_TOL = 1e-9;
/**
 * The abort signal is read every this many iterations of the dual simplex, and also once the
 * pivots have touched ABORT_CHECK_WORK tableau entries since the last read: a search node's
 * pivot touches a few hundred entries, but a root pivot over a pool of thousands of players
 * touches hundreds of thousands (measured: 48 root pivots of a 10,000-player nfl pool took a
 * second), so a count of pivots alone would leave a wide root unchecked for that long. Reading
 * the signal costs about as much as a narrow pivot's inner loop step, hence not at every pivot.
 */
export const ABORT_CHECK_EVERY = 64;
export const ABORT_CHECK_WORK = 1 << 18;
/** Candidate lists longer than this are ordered lazily by a heap in the ratio test. */
const HEAP_THRESHOLD = 32;

export type LpStatus = 'optimal' | 'infeasible' | 'cutoff' | 'aborted';

export interface LpContext {
  objective: Float64Array;
  cutoff: number;
  signal: CancelSignal | undefined;
  /** The pivot work at which the signal is read next, whatever the pivot count. */
  nextAbortCheckWork: number;
  pivots: number;
  /** Tableau entries the pivots read or updated (see BranchAndBoundStats.pivotWork). */
  pivotWork: number;
  /** The most work one pivot took (see BranchAndBoundStats.widestPivot). */
  widestPivot: number;
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

export function newLpContext(objective: Float64Array, signal: CancelSignal | undefined): LpContext {
  const size = 64;
  return {
    objective, cutoff: -Infinity, signal, nextAbortCheckWork: ABORT_CHECK_WORK, pivots: 0, pivotWork: 0, widestPivot: 0,
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
export function dualSimplex(s: Tableau, ctx: LpContext): LpStatus {
  reserveScratch(ctx, s.d.length);
  for (;;) {
    if ((++ctx.pivots % ABORT_CHECK_EVERY === 0 || ctx.pivotWork >= ctx.nextAbortCheckWork) && ctx.signal) {
      ctx.nextAbortCheckWork = ctx.pivotWork + ABORT_CHECK_WORK;
      if (ctx.signal.aborted) return 'aborted';
    }
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
  if (work > ctx.widestPivot) ctx.widestPivot = work;

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
export function branchPenalties(s: Tableau, r: number, v: number, ctx: LpContext): void {
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
