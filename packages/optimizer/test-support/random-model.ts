// Small random 0/1 models for solver cross-checks (HiGHS vs GLPK vs the built-in solver).
// Each model mixes equality, range, ≥ and ≤ rows, a knapsack-like "salary" row, duplicate
// and zero coefficients, empty and free rows, and fixed columns. Most are feasible (their
// right-hand sides are built around a hidden 0/1 point); a share is made infeasible on
// purpose, and some are infeasible by accident.
import type { LinearModel, Row } from '../src/types.js';
import { mulberry32, pick, randInt, type Rng } from './prng.js';

export interface RandomModelSize {
  cols: number;
  rows: number;
}

function subset(rng: Rng, n: number, size: number): number[] {
  const cols = new Set<number>();
  while (cols.size < Math.min(size, n)) cols.add(randInt(rng, 0, n - 1));
  return [...cols];
}

function activity(cols: readonly number[], coefs: readonly number[], point: readonly number[]): number {
  let total = 0;
  cols.forEach((col, k) => (total += coefs[k]! * point[col]!));
  return total;
}

function randomRow(rng: Rng, n: number, point: readonly number[], index: number): Row {
  const kind = rng();
  const rule = `random-${index}`;
  if (kind < 0.03) return { cols: [], coefs: [], lo: pick(rng, [-1, 0]), hi: pick(rng, [0, 2]), rule: `${rule}-empty` };
  if (kind < 0.06) {
    const cols = subset(rng, n, randInt(rng, 1, 3));
    return { cols, coefs: cols.map(() => 0), lo: 0, hi: pick(rng, [0, 1]), rule: `${rule}-zeros` };
  }
  if (kind < 0.2) {
    // Salary-like knapsack row: large positive coefficients and a cap near the hidden point's cost.
    const cols = subset(rng, n, randInt(rng, Math.ceil(n / 2), n));
    const coefs = cols.map(() => 100 * randInt(rng, 20, 90));
    const cost = activity(cols, coefs, point);
    const hi = cost + 100 * randInt(rng, 0, 30);
    return rng() < 0.5
      ? { cols, coefs, lo: -Infinity, hi, rule: `${rule}-salary` }
      : { cols, coefs, lo: Math.max(0, cost - 100 * randInt(rng, 0, 40)), hi, rule: `${rule}-salary-range` };
  }
  const cols = subset(rng, n, randInt(rng, 1, Math.min(n, 8)));
  const coefs = cols.map(() => (rng() < 0.7 ? 1 : randInt(rng, -3, 4)));
  if (rng() < 0.1 && cols.length > 0) {
    // A repeated column: solvers must add the two coefficients.
    cols.push(cols[0]!);
    coefs.push(randInt(rng, -2, 2));
  }
  const value = activity(cols, coefs, point);
  const slack = () => randInt(rng, 0, 2);
  const shape = rng();
  if (shape < 0.3) return { cols, coefs, lo: value, hi: value, rule: `${rule}-eq` };
  if (shape < 0.55) return { cols, coefs, lo: value - slack(), hi: value + slack(), rule: `${rule}-range` };
  if (shape < 0.75) return { cols, coefs, lo: value - slack(), hi: Infinity, rule: `${rule}-ge` };
  if (shape < 0.97) return { cols, coefs, lo: -Infinity, hi: value + slack(), rule: `${rule}-le` };
  return { cols, coefs, lo: -Infinity, hi: Infinity, rule: `${rule}-free` };
}

/** A random 0/1 model; the same seed and size always give the same model. */
export function randomLinearModel(seed: number, size: RandomModelSize): LinearModel {
  const rng = mulberry32(seed);
  const n = size.cols;
  const lower = new Uint8Array(n);
  const upper = new Uint8Array(n).fill(1);
  const point = Array.from({ length: n }, () => (rng() < 0.4 ? 1 : 0));
  for (let j = 0; j < n; j++) {
    if (rng() < 0.1) {
      // Fixed column; usually at the hidden point's value so the model stays feasible.
      const v = rng() < 0.9 ? point[j]! : 1 - point[j]!;
      lower[j] = v;
      upper[j] = v;
    }
  }
  // Objective: mostly positive points with two decimals, some negatives and zeros.
  const objective = Float64Array.from({ length: n }, () => {
    const u = rng();
    if (u < 0.1) return 0;
    if (u < 0.25) return -randInt(rng, 1, 500) / 100;
    return randInt(rng, 1, 3000) / 100;
  });
  const rows: Row[] = Array.from({ length: size.rows }, (_, i) => randomRow(rng, n, point, i));
  if (n > 0 && rng() < 0.1) {
    // Deliberately infeasible: a cardinality row beyond what the columns can reach.
    const cols = Array.from({ length: n }, (_, j) => j);
    rows.push({ cols, coefs: cols.map(() => 1), lo: n + 1, hi: Infinity, rule: 'random-impossible' });
  }
  return { objective, lower, upper, rows };
}

/** True when the 0/1 point (the given columns at 1) satisfies the bounds and every row. */
export function satisfies(model: LinearModel, columns: readonly number[], tol = 1e-9): boolean {
  const x = new Uint8Array(model.objective.length);
  for (const j of columns) x[j] = 1;
  for (let j = 0; j < x.length; j++) if (x[j]! < model.lower[j]! || x[j]! > model.upper[j]!) return false;
  return model.rows.every((row) => {
    let value = 0;
    row.cols.forEach((col, k) => (value += row.coefs[k]! * x[col]!));
    return value >= row.lo - tol && value <= row.hi + tol;
  });
}

/** Optimum by trying all 2^n points (n ≤ 20): the objective, or null when infeasible. */
export function optimumByEnumeration(model: LinearModel): number | null {
  const n = model.objective.length;
  if (n > 20) throw new Error(`enumeration is for at most 20 columns, got ${n}`);
  let best: number | null = null;
  for (let mask = 0; mask < 2 ** n; mask++) {
    const columns: number[] = [];
    let value = 0;
    for (let j = 0; j < n; j++) {
      if (mask & (1 << j)) {
        columns.push(j);
        value += model.objective[j]!;
      }
    }
    if ((best === null || value > best) && satisfies(model, columns)) best = value;
  }
  return best;
}

/**
 * Adds what stack rules add to a random model: an exclusive set of "anchor" columns (with the
 * row that makes it so), rows conditional on an anchor (Σ partners ≥ k·anchor, indicator ≤
 * Σ partners, and Σ partners ≤ k when the anchor is in, as a big-M row), rows conditional on
 * two anchors at once (Σ partners ≥ k₁·anchor₁ + k₂·anchor₂, as the merged stack rows of a
 * game), partner sets that overlap, some rows lazy, the anchors marked to branch on first, and
 * now and then an anchor fixed at 1. The solutions are those of the rows; the marks only steer
 * the search. Applied again, it adds a second set of anchors, a third, and so on.
 */
export function withAnchorStructure(model: LinearModel, seed: number): LinearModel {
  const rng = mulberry32(seed);
  const n = model.objective.length;
  const order = Array.from({ length: n }, (_, j) => j).sort(() => rng() - 0.5);
  const anchors = order.slice(0, Math.max(2, Math.floor(n / 4)));
  const others = order.slice(anchors.length);
  const rows: Row[] = [...model.rows, { rule: 'one anchor', cols: anchors, coefs: anchors.map(() => 1), lo: -Infinity, hi: 1 }];
  for (const anchor of anchors) {
    if (rng() < 0.3) continue;
    // One or two rows per anchor; a second one may share partners with the first.
    const count = rng() < 0.3 ? 2 : 1;
    for (let r = 0; r < count; r++) {
      const partners = others.filter(() => rng() < 0.35).slice(0, 4);
      if (partners.length === 0) continue;
      const k = 1 + Math.floor(rng() * Math.min(2, partners.length));
      const lazy = rng() < 0.6;
      const kind = rng();
      if (kind < 0.35) rows.push({ rule: 'stack', cols: [...partners, anchor], coefs: [...partners.map(() => 1), -k], lo: 0, hi: Infinity, lazy });
      else if (kind < 0.6) rows.push({ rule: 'indicator', cols: [anchor, ...partners], coefs: [1, ...partners.map(() => -1)], lo: -Infinity, hi: 0, lazy });
      else if (kind < 0.8) {
        // At most k - 1 partners with the anchor in (big-M: the partners alone may all be in).
        const cap = partners.length;
        rows.push({ rule: 'at most', cols: [...partners, anchor], coefs: [...partners.map(() => 1), cap - (k - 1)], lo: -Infinity, hi: cap, lazy });
      } else {
        const other = anchors[Math.floor(rng() * anchors.length)]!;
        if (other === anchor) continue;
        const k2 = 1 + Math.floor(rng() * 2);
        rows.push({ rule: 'game', cols: [...partners, anchor, other], coefs: [...partners.map(() => 1), -k, -k2], lo: 0, hi: Infinity, lazy });
      }
    }
  }
  // Applied again, it adds another set (which may share columns with the first).
  const branchFirst = model.branchFirst ? model.branchFirst.slice() : new Uint8Array(n);
  for (const a of anchors) branchFirst[a] = 1;
  const lower = model.lower.slice();
  if (rng() < 0.15) lower[anchors[0]!] = 1;
  return { ...model, lower, rows, branchFirst, exclusive: [...(model.exclusive ?? []), anchors] };
}
