// Salary structures for the field tests: the same slate with every salary moved so that the
// cheapest valid lineup costs a given amount (a tight slate leaves little room under the cap).
import type { SimSlate } from '../src/slate.js';

/**
 * The cheapest valid lineup's cost, by exhaustive search over slots (most constrained first)
 * with distinct players: written apart from the sampler's own bounds, for small rosters.
 */
export function cheapestLineupCost(slate: SimSlate): number {
  const k = slate.slotCount;
  const bySlot = Array.from({ length: k }, (_, s) => slate.options.map((o, i) => ({ o, i })).filter(({ o }) => o.slots.includes(s))
    .sort((a, b) => a.o.salary - b.o.salary));
  const order = [...Array(k).keys()].sort((a, b) => bySlot[a]!.length - bySlot[b]!.length);
  const cheapest = order.map((s) => bySlot[s]![0]?.o.salary ?? Infinity);
  const restMin = order.map((_, d) => cheapest.slice(d).reduce((x, y) => x + y, 0));
  let best = Infinity;
  const players = new Set<number>();
  const walk = (depth: number, cost: number) => {
    if (cost + (restMin[depth] ?? 0) >= best) return;
    if (depth === k) { best = cost; return; }
    // The few cheapest options of a slot are enough: a dearer one is never needed when a cheaper free one exists.
    let tried = 0;
    for (const { o } of bySlot[order[depth]!]!) {
      if (players.has(o.player)) continue;
      players.add(o.player);
      walk(depth + 1, cost + o.salary);
      players.delete(o.player);
      if (++tried >= k) break;
    }
  };
  walk(0, 0);
  return best;
}

/** The slate with every salary shifted (per slot of the roster alike) so that the cheapest lineup costs `target`. */
export function withCheapestLineup(slate: SimSlate, target: number): SimSlate {
  const now = cheapestLineupCost(slate);
  // A common shift per option, in proportion to its salary: keeps the order of salaries.
  const scale = target / now;
  const options = slate.options.map((o) => ({ ...o, salary: Math.round((o.salary * scale) / 100) * 100 }));
  return { ...slate, options };
}
