// An independent "truth" for calibration tests: worlds whose players' true means are drawn apart
// from the projections, whose points come from another distribution family (gamma, with
// teammates correlated through a team factor) and whose field plays an ownership that is
// not ProjOwn. Written apart from the product's model: it shares only the slate, the contest's
// prize table and the field sampler (the opponents' habits).
import { sampleField } from '../src/field.js';
import type { SimSlate } from '../src/slate.js';
import { mulberry } from './synthetic.js';

export interface TruthOptions {
  /**
   * The family of a player's points: 'lognormal' (the product's, without its position floors)
   * or 'gamma' (lighter right tail at the same mean and spread).
   */
  family?: 'lognormal' | 'gamma';
  /** Different fields drawn (world w plays field w mod fields); default 8. */
  fields?: number;
  /** sd of log(true mean ÷ projection). Part of it is shared by a team (a game script the projections missed). */
  projectionError: number;
  /** sd of log(true ownership ÷ ProjOwn). */
  ownershipError: number;
  worlds: number;
  simulationsPerWorld: number;
  seed: number;
}

/** Coefficients of variation of a game's points by position, where a player has no Ceiling. */
const TRUTH_CV: Record<string, number> = { QB: 0.45, RB: 0.6, WR: 0.7, TE: 0.8, DST: 0.75, K: 0.5 };

/** The Gamma(k) 85th percentile over its mean (Wilson and Hilferty's approximation). */
function gamma85(k: number): number {
  const c = 1 / (9 * k);
  return (1 - c + 1.0364 * Math.sqrt(c)) ** 3;
}

/** The gamma shape whose 85th percentile is `ratio` × the mean (the Ceiling read the gamma's way). */
function shapeForCeiling(ratio: number): number {
  let lo = 0.3;
  let hi = 400;
  for (let i = 0; i < 60; i++) {
    const mid = Math.sqrt(lo * hi);
    if (gamma85(mid) > ratio) lo = mid; else hi = mid;
  }
  return Math.sqrt(lo * hi);
}
/**
 * Teammates move together through their team's game: each simulation draws a factor of mean 1
 * per team (Gamma, variance TEAM_VARIANCE) that multiplies the points of its QB, RBs, WRs and
 * TEs (about ρ 0.2–0.3 between them; the product's model has a copula with pair rules), while
 * a defence's points fall with its opponent's factor. Each player's own part is then narrowed
 * so that his points keep the spread of his Ceiling or position.
 */
const TEAM_VARIANCE = 0.1;

function normal(rand: () => number): number {
  const u = Math.max(rand(), 1e-300);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** A Gamma(shape, 1) draw (Marsaglia and Tsang; shape < 1 by the boost u^(1/shape)). */
function gamma(rand: () => number, shape: number): number {
  if (shape < 1) return gamma(rand, shape + 1) * Math.max(rand(), 1e-300) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do { x = normal(rand); v = 1 + c * x; } while (v <= 0);
    v = v * v * v;
    const u = rand();
    if (Math.log(Math.max(u, 1e-300)) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

export interface RealisedResult {
  /** Mean over worlds of the portfolio's ROI, and its standard error between worlds. */
  roi: number;
  roiSe: number;
  /** Share of the portfolio's entries in the top 1 %, and its standard error between worlds. */
  top1: number;
  top1Se: number;
}

/**
 * The realised results of `entries` (option lists) entered together in a contest of
 * `payouts` (prize per place) with `fieldSize` entries, over independent worlds.
 */
export function realisedPortfolio(slate: SimSlate, entries: readonly (readonly number[])[], payouts: readonly number[], fieldSize: number, entryFee: number, options: TruthOptions): RealisedResult {
  const rand = mulberry(options.seed);
  const teams = [...new Set(slate.players.map((p) => p.team))];
  const roiByWorld: number[] = [];
  const top1ByWorld: number[] = [];
  const opponents = fieldSize - entries.length;
  const topCut = Math.max(1, Math.floor(fieldSize / 100));
  // The fields: each plays a true ownership, ProjOwn off by a lognormal factor per option.
  const o = options.ownershipError;
  const fields = Array.from({ length: options.fields ?? 8 }, () => {
    const trueSlate: SimSlate = {
      ...slate,
      options: slate.options.map((opt) => ({ ...opt, ownership: opt.ownership * Math.exp(o * normal(rand) - (o * o) / 2) })),
    };
    return sampleField(trueSlate, opponents, { seed: Math.floor(rand() * 2 ** 31), calibrationRounds: 6, ownershipError: 0 });
  });
  const gammaFamily = options.family === 'gamma';
  const tau = Math.sqrt(Math.log(1 + TEAM_VARIANCE));
  for (let w = 0; w < options.worlds; w++) {
    const e = options.projectionError;
    // True means: a team part (40 % of the variance) and the player's own.
    const teamShock = new Map(teams.map((t) => [t, normal(rand)]));
    const trueMean = slate.players.map((p) => {
      const z = Math.sqrt(0.4) * teamShock.get(p.team)! + Math.sqrt(0.6) * normal(rand);
      return p.mean * Math.exp(e * z - (e * e) / 2);
    });
    const field = fields[w % fields.length]!;
    const k = field.slotCount;
    // A player's total cv² from his Ceiling (read as the family's 85th percentile, no floor) or
    // his position; the offence's own part is narrowed so that (1 + own cv²)(1 + team variance)
    // gives it back.
    const ownCv2 = slate.players.map((p) => {
      const ratio = p.ceiling !== undefined && p.ceiling > p.mean && p.mean > 0 ? p.ceiling / p.mean : undefined;
      let cv2: number;
      if (ratio === undefined) cv2 = (TRUTH_CV[p.position] ?? 0.7) ** 2;
      else if (gammaFamily) cv2 = 1 / shapeForCeiling(ratio);
      else {
        const r = Math.min(ratio, Math.exp(0.5 * 1.0364 ** 2));
        const sigma = 1.0364 - Math.sqrt(Math.max(0, 1.0364 ** 2 - 2 * Math.log(r)));
        cv2 = Math.exp(sigma * sigma) - 1;
      }
      return p.position === 'DST' ? cv2 : Math.max(0.01, (1 + cv2) / (1 + TEAM_VARIANCE) - 1);
    });
    const points = new Float64Array(slate.players.length);
    const optionPoints = new Float64Array(slate.options.length);
    let profit = 0;
    let top1 = 0;
    const scores = new Float64Array(fieldSize);
    const own = new Uint8Array(fieldSize);
    for (let s = 0; s < options.simulationsPerWorld; s++) {
      // Team factors of mean 1 and variance TEAM_VARIANCE.
      const factor = new Map(teams.map((t) => [t, gammaFamily ? gamma(rand, 1 / TEAM_VARIANCE) * TEAM_VARIANCE : Math.exp(tau * normal(rand) - (tau * tau) / 2)]));
      slate.players.forEach((p, i) => {
        const cv2 = ownCv2[i]!;
        let mine: number;
        if (gammaFamily) mine = gamma(rand, 1 / cv2) * cv2;
        else {
          const sd = Math.sqrt(Math.log(1 + cv2));
          mine = Math.exp(sd * normal(rand) - (sd * sd) / 2);
        }
        // A defence gains when its opponent's offence has a bad day (mean kept at 1).
        const team = p.position === 'DST' ? (p.opp ? Math.max(0, 1.5 - 0.5 * factor.get(p.opp)!) : 1) : factor.get(p.team)!;
        points[i] = trueMean[i]! * team * mine;
      });
      slate.options.forEach((opt, i) => { optionPoints[i] = opt.multiplier * points[opt.player]!; });
      for (let f = 0; f < opponents; f++) {
        let sum = 0;
        for (let j = 0; j < k; j++) sum += optionPoints[field.lineups[f * k + j]!]!;
        scores[f] = sum;
        own[f] = 0;
      }
      entries.forEach((lineup, i) => {
        scores[opponents + i] = lineup.reduce((sum, opt) => sum + optionPoints[opt]!, 0);
        own[opponents + i] = 1;
      });
      const order = Array.from({ length: fieldSize }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
      for (let start = 0; start < fieldSize;) {
        let end = start;
        while (end < fieldSize && scores[order[end]!] === scores[order[start]!]) end++;
        let prize = 0;
        for (let r = start; r < end; r++) prize += payouts[r] ?? 0;
        for (let r = start; r < end; r++) {
          if (!own[order[r]!]) continue;
          profit += prize / (end - start);
          if (start < topCut) top1 += 1;
        }
        start = end;
      }
    }
    const cost = entries.length * entryFee * options.simulationsPerWorld;
    roiByWorld.push((profit - cost) / cost);
    top1ByWorld.push(top1 / (entries.length * options.simulationsPerWorld));
  }
  const meanSe = (xs: number[]) => {
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
    return { m, se: Math.sqrt(v / xs.length) };
  };
  const roi = meanSe(roiByWorld);
  const t = meanSe(top1ByWorld);
  return { roi: roi.m, roiSe: roi.se, top1: t.m, top1Se: t.se };
}

/**
 * Lineups optimised on the projections, as a player's build gives: hill climbing from random
 * valid lineups (swap one option for a better one that fits the slot, the cap and distinct
 * players) until no swap helps; the best `count` different ones.
 */
export function optimisedLineups(slate: SimSlate, starts: readonly (readonly number[])[], count: number): number[][] {
  const points = (o: number) => slate.options[o]!.multiplier * slate.players[slate.options[o]!.player]!.mean;
  const seen = new Map<string, number[]>();
  for (const start of starts) {
    const lineup = [...start];
    let salary = lineup.reduce((s, o) => s + slate.options[o]!.salary, 0);
    for (let improved = true; improved;) {
      improved = false;
      for (let slot = 0; slot < lineup.length; slot++) {
        const current = lineup[slot]!;
        let best = current;
        for (let o = 0; o < slate.options.length; o++) {
          const opt = slate.options[o]!;
          if (!opt.slots.includes(slot) || points(o) <= points(best)) continue;
          if (salary - slate.options[current]!.salary + opt.salary > slate.salaryCap) continue;
          if (lineup.some((x, j) => j !== slot && slate.options[x]!.player === opt.player)) continue;
          best = o;
        }
        if (best !== current) {
          salary += slate.options[best]!.salary - slate.options[current]!.salary;
          lineup[slot] = best;
          improved = true;
        }
      }
    }
    seen.set([...lineup].sort((a, b) => a - b).join(','), lineup);
  }
  const total = (l: number[]) => l.reduce((s, o) => s + points(o), 0);
  return [...seen.values()].sort((a, b) => total(b) - total(a)).slice(0, count);
}
