// The search by anchor (see AnchorBounds): each anchor's subtree (a QB fixed in, the rest of
// its set out; with two sets, one anchor or none of each) starts from the root LP without lazy
// rows, with the columns fixed that its bound rules out, best bound first, until no bound beats
// the incumbent or the round's floor; "none" (every anchor of a set at 0) is a subtree too
// unless a model row rules it out. This replaces the root's separation rounds (its LP hopping
// from QB to QB as their rows come in) and the chain of QB down-branches that proved the QBs
// one LP at a time: a QB whose bound cannot beat the floor costs no LP. Rounds with a guessed
// floor as in searchByRounds; the floor's reference is the best subtree bound.
import type { Row } from '../../types.js';
import type { AnchorBounds } from './anchor-bounds.js';
import { cloneFixing, type CloneFixingScratch } from './fixing.js';
import { GUESS_GROWTH, MAX_GUESS_ROUNDS, type GapHistory } from './gap-guess.js';
import { PRUNE_TOL, type Search } from './search.js';
import { fixColumn, type Tableau } from './tableau.js';

export function anchorSearch(
  search: Search, rows: readonly Row[], base: Tableau, baseValue: number, bounds: AnchorBounds,
  gaps: GapHistory, scratch: CloneFixingScratch,
): void {
  const { pool, model } = search;
  const { sets } = bounds;
  const setCount = sets.length;
  // The subtrees: a place (−1: none) in each set, by their bound before rows, the cheap
  // one; the bound with rows is computed only where that one could still matter.
  bounds.prepare(base, baseValue);
  let places: number[][] = [[]];
  for (let k = 0; k < setCount; k++) {
    const options: number[] = [];
    if (bounds.allOffFeasible(base, rows, k)) options.push(-1);
    for (let p = 0; p < sets[k]!.length; p++) if (bounds.moveShift(base, k, p) > -Infinity) options.push(p);
    places = places.flatMap((prefix) => options.map((p) => [...prefix, p]));
  }
  const beforeRows = (s: Tableau, choice: readonly number[]) => {
    let z = bounds.allOffBound;
    for (let k = 0; k < setCount; k++) z += bounds.moveShift(s, k, choice[k]!);
    return z;
  };
  const moveBounds = places.map((choice) => beforeRows(base, choice));
  const order = Array.from(places.keys()).sort((x, y) => moveBounds[y]! - moveBounds[x]!);
  let rootBound = -Infinity;
  for (let k = 0; k < order.length && moveBounds[order[k]!]! > rootBound; k++) {
    const t = order[k]!;
    rootBound = Math.max(rootBound, bounds.bound(base, places[t]!, moveBounds[t]!));
  }
  search.rootBound = rootBound;
  if (rootBound === -Infinity) return;
  const open: { tuple: number; before: number; bound: number }[] = [];
  let delta = gaps.initialDelta(rootBound);
  for (let round = 0; ; round++) {
    search.rounds = round + 1;
    const floor = round >= MAX_GUESS_ROUNDS ? -Infinity : rootBound - delta;
    search.floor = floor;
    const cut = floor + PRUNE_TOL;
    // The round's copy of the base: columns fixed by reduced cost against the floor.
    const copy = cloneFixing(base, (j) => Math.abs(base.d[j]!) >= baseValue - floor, [], model.objective, pool, scratch);
    bounds.prepare(copy, baseValue);
    open.length = 0;
    for (let k = 0; k < order.length && moveBounds[order[k]!]! > cut; k++) {
      const tuple = order[k]!;
      const before = beforeRows(copy, places[tuple]!);
      const bound = bounds.bound(copy, places[tuple]!, before);
      if (bound > cut) open.push({ tuple, before, bound });
    }
    // Best bound first: a good incumbent early prunes the rest.
    open.sort((x, y) => y.bound - x.bound);
    for (const { tuple, before, bound } of open) {
      const cutoff = Math.max(search.incumbentValue, floor) + PRUNE_TOL;
      if (bound <= cutoff) break;
      const choice = places[tuple]!;
      bounds.bound(copy, choice, before); // boundWithMove reads this subtree's rows
      // Fixing by the subtree's bound: a column whose move takes it to the cutoff keeps its
      // value. The anchors move below, so their entries are copied too.
      const up = cloneFixing(copy, (j) => !bounds.isAnchor(j) && bounds.boundWithMove(copy, j) <= cutoff, sets, model.objective, pool, scratch);
      let possible = true;
      for (let k = 0; k < setCount && possible; k++) {
        const p = choice[k]!;
        if (p < 0) { for (const q of sets[k]!) if (up.lo[q] === 1) possible = false; else fixColumn(up, q, 0); continue; }
        const q = sets[k]![p]!;
        if (up.hi[q] === 0) { possible = false; continue; }
        fixColumn(up, q, 1);
        possible = search.fixExclusive(up, q);
      }
      if (possible) {
        search.anchorSubtrees++;
        search.explore(up, search.held.liveGroups(up, search.held.grouping.allGroups));
      }
      pool.give(up);
      if (search.aborted) break;
    }
    pool.give(copy);
    if (search.aborted || search.incumbent || floor === -Infinity) break;
    delta *= GUESS_GROWTH;
  }
  if (search.incumbent) gaps.recordGap(rootBound - search.incumbentValue);
}
