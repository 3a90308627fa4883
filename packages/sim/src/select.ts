// Portfolio selection: N lineups from a candidate pool, picked one at a time by the largest
// gain in expected total payout of the user's entries together (Hunter, Vielma & Zaman 2016;
// Haugh & Singal 2021), against the simulated field. A new entry earns its own prize and
// pushes the user's entries below it down one place; both are counted exactly, ties split.
// Gains only shrink as entries are added, so a lazy greedy (Minoux) re-evaluates just the
// candidates that could still be best.
import { splitPrize } from './contest.js';
import type { SimulationResult } from './engine.js';
import { SimCodedError, simMessage, type SimMessage } from './messages.js';

/**
 * A count rule over the chosen lineups: at least `min` and at most `max` of them may be members.
 * A lineup is a member when it holds any of `options` (a player's exposure) or its index is in
 * `lineups` (a property of the whole lineup that the caller found, e.g. "holds a QB stack").
 * Limits that share a `group` are parts of one rule (e.g. the subsets of one plan's options):
 * the picks they still need together are counted as their largest shortfall, not the sum.
 */
export interface SelectionLimit {
  options?: readonly number[];
  lineups?: readonly number[];
  min: number;
  max: number;
  label?: string;
  group?: string;
}

/** The former name, when limits were over players only. */
export type ExposureLimit = SelectionLimit;

export interface SelectionOptions {
  count: number;
  limits?: readonly SelectionLimit[];
  signal?: AbortSignal;
  onProgress?: (chosen: number, count: number) => void;
}

export interface Selection {
  /** Indices into the simulated lineups, in the order picked. */
  chosen: number[];
  /** The expected total payout of the chosen entries over the kept simulations (in-sample). */
  expectedPayout: number;
  /** Gain in expected payout of each pick when it was made. */
  gains: number[];
  /** Simulations the selection used. */
  simulations: number;
  /** Labels of limits whose minimum could not be met (the pool holds too few members, or they clash). */
  unmet: string[];
  /** Gains computed (the lazy greedy's work: the pool's size at least). */
  evaluations: number;
}

/** A selection that cannot be made as asked, coded (messages.ts). */
export class SelectionError extends SimCodedError {
  constructor(message: SimMessage) {
    super(message);
    this.name = 'SelectionError';
  }
}

/** A binary max-heap of (gain, candidate). */
class GainHeap {
  private readonly gains: number[] = [];
  private readonly items: number[] = [];

  get size(): number { return this.items.length; }

  push(gain: number, item: number): void {
    this.gains.push(gain);
    this.items.push(item);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): { gain: number; item: number } | undefined {
    if (this.items.length === 0) return undefined;
    const top = { gain: this.gains[0]!, item: this.items[0]! };
    const lastGain = this.gains.pop()!;
    const lastItem = this.items.pop()!;
    if (this.items.length > 0) {
      this.gains[0] = lastGain;
      this.items[0] = lastItem;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < this.items.length && this.before(l, best)) best = l;
        if (r < this.items.length && this.before(r, best)) best = r;
        if (best === i) break;
        this.swap(i, best);
        i = best;
      }
    }
    return top;
  }

  /** Higher gain first; equal gains: lower index first (reproducible). */
  private before(a: number, b: number): boolean {
    return this.gains[a]! > this.gains[b]! || (this.gains[a] === this.gains[b] && this.items[a]! < this.items[b]!);
  }

  private swap(a: number, b: number): void {
    [this.gains[a], this.gains[b]] = [this.gains[b]!, this.gains[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
  }
}

/** First index in descending `a[from, from+len)` whose value is < x (entries above), and <= x. */
function countAbove(a: Float32Array, from: number, len: number, x: number): number {
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[from + mid]! > x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

function countAtLeast(a: Float32Array, from: number, len: number, x: number, start: number): number {
  let lo = start;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[from + mid]! >= x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** Picks `count` lineups from a simulation run kept for selection (simulate with keepForSelection). */
export function selectPortfolio(run: SimulationResult, options: SelectionOptions): Selection {
  const { model, keptMeanPayout } = run;
  if (!keptMeanPayout || !run.keptInMoney || model.keepSims === 0) throw new SelectionError(simMessage('selection-not-kept', {}));
  const { count } = options;
  const S = Math.min(model.keepSims, run.simulations);
  const { prefix, slotCount: k, pool, optionPlayer } = model;
  const paid = prefix.length - 1;
  const limits = options.limits ?? [];

  // Unique candidates only: the same lineup twice earns nothing new.
  const seen = new Set<string>();
  const unique: number[] = [];
  for (let l = 0; l < model.poolCount; l++) {
    const key = Array.from(pool.subarray(l * k, (l + 1) * k)).join(',');
    if (!seen.has(key)) { seen.add(key); unique.push(l); }
  }
  if (count < 1 || !Number.isInteger(count)) throw new SelectionError(simMessage('selection-count', {}));
  if (count > unique.length) throw new SelectionError(simMessage('selection-too-few-lineups', { unique: unique.length, count }));

  // Limit membership per candidate lineup, found once.
  const optionLimits: number[][] = Array.from({ length: optionPlayer.length }, () => []);
  const memberOf: number[][] = Array.from({ length: model.poolCount }, () => []);
  limits.forEach((limit, li) => {
    for (const o of limit.options ?? []) optionLimits[o]?.push(li);
    for (const l of limit.lineups ?? []) memberOf[l]?.push(li);
  });
  for (let l = 0; l < model.poolCount; l++) {
    const set = new Set(memberOf[l]);
    for (let j = 0; j < k; j++) for (const li of optionLimits[pool[l * k + j]!]!) set.add(li);
    memberOf[l] = [...set];
  }
  const used = new Int32Array(limits.length);
  const unmet: string[] = [];
  // A minimum above the members the pool has is reported, and kept at what the pool can give.
  const available = new Int32Array(limits.length);
  for (const l of unique) for (const li of memberOf[l]!) available[li]! += 1;
  const min = limits.map((limit, li) => {
    if (limit.min > available[li]!) unmet.push(limit.label ?? 'a minimum exposure');
    return Math.max(0, Math.min(limit.min, available[li]!));
  });
  // Groups of limits. The ungrouped ones (players' exposures) form one group whose need is the
  // sum of their shortfalls (a lineup may help only one of them); a named group's need is its
  // largest shortfall (its limits overlap: one pick lowers them all).
  const groupIndex = new Map<string, number>();
  const groupOf = limits.map((limit) => {
    const key = limit.group === undefined ? '' : `:${limit.group}`;
    if (!groupIndex.has(key)) groupIndex.set(key, groupIndex.size);
    return groupIndex.get(key)!;
  });
  const summed = [...groupIndex.keys()].map((key) => key === '');
  const groupLimits: number[][] = Array.from({ length: groupIndex.size }, () => []);
  limits.forEach((_, li) => { groupLimits[groupOf[li]!]!.push(li); });

  // Per kept simulation: the user's entries that can still be paid, best first, with the field
  // entries above and tied with each, and suffix sums of what each loses by dropping a place.
  const ownScore = new Float32Array(S * count);
  const ownFieldAbove = new Int32Array(S * count);
  const ownFieldTied = new Int32Array(S * count);
  const ownCount = new Int32Array(S);
  const dropSuffix = new Float64Array(S * (count + 1));
  const totalPayout = new Float64Array(S);

  // Each candidate's scores in the kept simulations where it reaches the kept top of the field
  // (the others pay nothing, to it or to any own entry below it), from the simulation pass: a
  // gain reads only these, a quarter of the simulations or fewer in a GPP.
  // Its rank in the field there was found in the simulation pass too (binary searches in 4,000
  // separate top-of-field arrays were most of the selection's time).
  const { start: inMoneyStart, sim: inMoneySim, score: inMoneyScore, fieldAbove, fieldTied } = run.keptInMoney!;

  let evaluations = 0;
  const gainOf = (l: number): number => {
    evaluations++;
    let total = 0;
    for (let i = inMoneyStart[l]!; i < inMoneyStart[l + 1]!; i++) {
      const s = inMoneySim[i]!;
      const x = inMoneyScore[i]!;
      const fa = fieldAbove[i]!;
      const ft = fieldTied[i]!;
      const n = ownCount[s]!;
      const oa = countAbove(ownScore, s * count, n, x);
      const ot = countAtLeast(ownScore, s * count, n, x, oa) - oa;
      const a = fa + oa;
      if (a >= paid) continue;
      total += (ot + 1) * splitPrize(prefix, a, ft + ot + 1) - (ot > 0 ? ot * splitPrize(prefix, a, ft + ot) : 0)
        - dropSuffix[s * (count + 1) + oa + ot]!;
    }
    return total / S;
  };

  const accept = (l: number): void => {
    for (let i = inMoneyStart[l]!; i < inMoneyStart[l + 1]!; i++) {
      const s = inMoneySim[i]!;
      const x = inMoneyScore[i]!;
      const fa = fieldAbove[i]!;
      if (fa >= paid) continue;
      const ft = fieldTied[i]!;
      const base = s * count;
      const n = ownCount[s]!;
      // Insert after the entries scoring at least x.
      const at = countAtLeast(ownScore, base, n, x, 0);
      for (let e = n; e > at; e--) {
        ownScore[base + e] = ownScore[base + e - 1]!;
        ownFieldAbove[base + e] = ownFieldAbove[base + e - 1]!;
        ownFieldTied[base + e] = ownFieldTied[base + e - 1]!;
      }
      ownScore[base + at] = x;
      ownFieldAbove[base + at] = fa;
      ownFieldTied[base + at] = ft;
      // Recompute prizes and drops of the entries (groups of equal scores tie).
      const size = n + 1;
      let payout = 0;
      const drops = new Float64Array(size);
      let e = 0;
      while (e < size) {
        let end = e + 1;
        while (end < size && ownScore[base + end] === ownScore[base + e]) end++;
        const group = end - e;
        for (let g = e; g < end; g++) {
          const above = ownFieldAbove[base + g]! + e;
          const tied = ownFieldTied[base + g]! + group;
          const prize = splitPrize(prefix, above, tied);
          payout += prize;
          drops[g] = prize - splitPrize(prefix, above + 1, tied);
        }
        e = end;
      }
      // Entries pushed out of the money can no longer matter: drop them.
      let keep = size;
      while (keep > 0 && ownFieldAbove[base + keep - 1]! + keep - 1 >= paid) keep--;
      ownCount[s] = keep;
      const suffixBase = s * (count + 1);
      dropSuffix[suffixBase + keep] = 0;
      for (let g = keep - 1; g >= 0; g--) dropSuffix[suffixBase + g] = dropSuffix[suffixBase + g + 1]! + drops[g]!;
      for (let g = keep + 1; g <= count; g++) dropSuffix[suffixBase + g] = 0;
      totalPayout[s] = payout;
    }
  };

  const heap = new GainHeap();
  for (const l of unique) heap.push(keptMeanPayout[l]!, l);
  const stamp = new Int32Array(model.poolCount).fill(0); // pick round in which the gain was computed
  const chosen: number[] = [];
  const gains: number[] = [];
  const fits = (l: number) => memberOf[l]!.every((li) => used[li]! < limits[li]!.max);
  const waived = new Uint8Array(limits.length);
  const shortfall = (li: number, extra: number) => (waived[li] ? 0 : Math.max(0, min[li]! - used[li]! - extra));
  // Limits of the candidate being looked at (1), to count its pick in groupNeed.
  const mark = new Uint8Array(limits.length);
  /** Picks a group still needs for its minimums (with the marked candidate picked). */
  const groupNeed = (g: number) => {
    let need = 0;
    for (const li of groupLimits[g]!) {
      const short = shortfall(li, mark[li]!);
      need = summed[g] ? need + short : Math.max(need, short);
    }
    return need;
  };

  while (chosen.length < count) {
    if (options.signal?.aborted) throw new SelectionError(simMessage('selection-cancelled', {}));
    // A group whose need takes every pick left binds: each pick must lower its need.
    const left = count - chosen.length;
    const binding = groupLimits.map((_, g) => ({ g, need: groupNeed(g) })).filter(({ need }) => need > 0 && need >= left);
    const helps = (l: number) => {
      for (const li of memberOf[l]!) mark[li] = 1;
      const ok = binding.every(({ g, need }) => groupNeed(g) < need);
      for (const li of memberOf[l]!) mark[li] = 0;
      return ok;
    };
    const parked: { gain: number; item: number }[] = [];
    let picked = -1;
    for (;;) {
      const top = heap.pop();
      if (!top) break;
      if (!fits(top.item)) continue; // counts only grow: it will never fit again
      if (binding.length > 0 && !helps(top.item)) { parked.push(top); continue; }
      if (stamp[top.item] === chosen.length + 1) { picked = top.item; gains.push(top.gain); break; }
      stamp[top.item] = chosen.length + 1;
      heap.push(gainOf(top.item), top.item);
    }
    for (const p of parked) heap.push(p.gain, p.item);
    if (picked < 0) {
      if (binding.length > 0) {
        // No candidate left meets the binding minimums together: give up those of them no
        // candidate left can help (all of them when each could be helped alone), go on by gain.
        const open = binding.flatMap(({ g }) => groupLimits[g]!.filter((li) => shortfall(li, 0) > 0));
        const helpable = new Set<number>();
        for (const p of parked) for (const li of memberOf[p.item]!) helpable.add(li);
        const hopeless = open.filter((li) => !helpable.has(li));
        for (const li of hopeless.length > 0 ? hopeless : open) {
          waived[li] = 1;
          unmet.push(limits[li]!.label ?? 'a minimum exposure');
        }
        continue;
      }
      throw new SelectionError(simMessage('selection-exposure-limits', { fitted: chosen.length, count }));
    }
    accept(picked);
    chosen.push(picked);
    for (const li of memberOf[picked]!) used[li]! += 1;
    options.onProgress?.(chosen.length, count);
  }
  // Minimums the picks did not reach (the needs are estimates where groups overlap): said too.
  limits.forEach((limit, li) => { if (shortfall(li, 0) > 0) unmet.push(limit.label ?? 'a minimum exposure'); });
  let expected = 0;
  for (let s = 0; s < S; s++) expected += totalPayout[s]!;
  return { chosen, expectedPayout: expected / S, gains, simulations: S, unmet: [...new Set(unmet)], evaluations };
}
