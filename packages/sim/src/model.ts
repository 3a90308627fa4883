// The compiled model of one simulation run: every array typed, so that a run can be split
// across worker threads (structured clone) and scored without allocating per simulation.
import { prizePrefix, splitPrize, type Contest } from './contest.js';
import { gameFactors } from './correlation.js';
import type { Field } from './field.js';
import { playerMarginal, projectionErrorOf } from './outcomes.js';
import { fillNormals, streamRng } from './random.js';
import type { SimLineup, SimSlate } from './slate.js';

export interface CompiledModel {
  seed: number;
  playerCount: number;
  floor: Float64Array;
  mu: Float64Array;
  sigma: Float64Array;
  /**
   * The projection error (sd of log(true mean ÷ projection)): each simulation draws every
   * player's true mean around his projection, independently, then his game around that mean.
   */
  projectionError: number;
  /** Each player's team (0..teamCount−1): a share of the projection error is the team's (a game script the projections missed). */
  playerTeam: Int32Array;
  teamCount: number;
  gamePlayers: Int32Array[];
  gameChol: Float64Array[];
  optionPlayer: Int32Array;
  optionMult: Float64Array;
  slotCount: number;
  /** Opponents per field (each field's lineups are packed with packField and passed to runChunk). */
  fieldCount: number;
  /**
   * Fields of the run (each its own ownership draw and lineups) and the simulations of a block:
   * simulation s plays field floor(s / fieldBlock) mod fields (see fieldLayout).
   */
  fields: number;
  fieldBlock: number;
  /** Candidate lineups, same layout. */
  pool: Int32Array;
  poolCount: number;
  /** Indices into the pool of the user's entries (they compete with each other). */
  portfolio: Int32Array;
  /**
   * Other sets of entries of the same size judged on the same simulations (each competes with
   * the field and its own entries only): a paired comparison at the cost of one pass.
   */
  comparisons: Int32Array[];
  /** Cumulative prizes (prizePrefix); its length − 1 places are paid. */
  prefix: Float64Array;
  entryFee: number;
  /** Entries in the contest (field + one or all own entries). */
  contestSize: number;
  /** Places that count as the top 1 % of the contest. */
  topCut: number;
  /** Simulations whose lineups' scores in the money (with their ranks in the field) are kept for portfolio selection. */
  keepSims: number;
  /**
   * Field scores that matter per simulation: the paid places (or the top 1 %) and one more.
   * Only lineups among these are ranked exactly; below them a lineup is out of the money whatever its place.
   */
  keepTop: number;
}

/** Sorts each lineup's options so that the same lineup always sums its points in the same order. */
export function packLineups(lineups: readonly SimLineup[], slotCount: number): Int32Array {
  const out = new Int32Array(lineups.length * slotCount);
  lineups.forEach((lineup, i) => {
    if (lineup.length !== slotCount) throw new RangeError(`lineup ${i + 1} has ${lineup.length} players, the roster ${slotCount}`);
    out.set([...lineup].sort((a, b) => a - b), i * slotCount);
  });
  return out;
}

/** Kept simulations are bounded: their count times keepTop (the places a kept score may reach) at most this. */
export const KEEP_BUDGET = 24_000_000;

/**
 * Simulations portfolio selection works on, at most. Its work and memory grow with them (each
 * candidate's in-the-money scores are kept); 4,000 tell lineups apart well enough, and the
 * chosen entries are judged on fresh simulations anyway.
 */
export const MAX_SELECTION_SIMULATIONS = 4000;

/**
 * What a run keeps for selection: in its first `keepSims` simulations, the lineups among the
 * top `keepTop` of the field (the paid places and the top 1 %, within KEEP_BUDGET).
 */
function keptShape(contest: Contest, fieldCount: number, entries: number, simulations: number) {
  const contestSize = fieldCount + Math.max(1, entries);
  const topCut = Math.max(1, Math.floor(contestSize / 100));
  const keepTop = Math.min(fieldCount, Math.max(contest.payouts.length, topCut) + 1);
  const keepSims = Math.min(simulations, MAX_SELECTION_SIMULATIONS, Math.floor(KEEP_BUDGET / Math.max(1, keepTop)));
  return { contestSize, topCut, keepTop, keepSims };
}

/**
 * How many of `simulations` portfolio selection reads (the first ones of the run) for a field
 * of `fieldCount` opponents and `entries` entries: a run for selection alone need go no further.
 */
export function selectionSimulations(contest: Contest, fieldCount: number, entries: number, simulations: number): number {
  return keptShape(contest, fieldCount, entries, simulations).keepSims;
}

/** Fields a run draws by default: enough for a between-field standard error (7 degrees of freedom), few enough that drawing them costs less than the simulations. */
export const FIELDS_PER_RUN = 8;

/**
 * How a run's simulations share its fields: in blocks of `fieldBlock` simulations taking the
 * fields in turn, the block sized so that the simulations portfolio selection reads (the first
 * `selectable`) split evenly among the fields. A longer run repeats the cycle, so its first
 * simulations are those of a shorter run with the same seed.
 */
export function fieldLayout(simulations: number, selectable: number, fields: number): { fields: number; fieldBlock: number } {
  const f = Math.max(1, Math.min(fields, simulations));
  return { fields: f, fieldBlock: Math.max(1, Math.ceil(Math.min(simulations, Math.max(1, selectable)) / f)) };
}

/** The field simulation `sim` plays. */
export function fieldOfSimulation(model: Pick<CompiledModel, 'fields' | 'fieldBlock'>, sim: number): number {
  return Math.floor(sim / model.fieldBlock) % model.fields;
}

/** A field's lineups as runChunk reads them: options sorted ascending in each (equal lineups score equal bits). */
export function packField(field: Field, slotCount: number): Int32Array {
  return packLineups(Array.from({ length: field.count }, (_, i) => Array.from(field.lineups.subarray(i * field.slotCount, (i + 1) * field.slotCount))), slotCount);
}

export function compileModel(args: {
  slate: SimSlate; contest: Contest; fieldCount: number; fields: number; pool: readonly SimLineup[]; portfolio: readonly number[];
  seed: number; simulations: number; keepForSelection: boolean; comparisons?: readonly (readonly number[])[];
}): CompiledModel {
  const { slate, contest, fieldCount, pool, portfolio, seed, simulations } = args;
  const n = slate.players.length;
  const floor = new Float64Array(n);
  const mu = new Float64Array(n);
  const sigma = new Float64Array(n);
  slate.players.forEach((p, i) => {
    const m = playerMarginal(slate.sport, p);
    floor[i] = m.floor;
    mu[i] = m.mu;
    sigma[i] = m.sigma;
  });
  const games = gameFactors(slate.sport, slate.players);
  const teamIndex = new Map<string, number>();
  const teamIds = Int32Array.from(slate.players.map((p) => {
    const key = p.team || `#${p.name}`;
    if (!teamIndex.has(key)) teamIndex.set(key, teamIndex.size);
    return teamIndex.get(key)!;
  }));
  const prefix = prizePrefix(contest.payouts);
  const { contestSize, topCut, keepTop, keepSims: selectable } = keptShape(contest, fieldCount, portfolio.length, simulations);
  const keepSims = args.keepForSelection ? selectable : 0;
  return {
    seed,
    playerCount: n,
    floor, mu, sigma,
    projectionError: projectionErrorOf(slate),
    playerTeam: teamIds,
    teamCount: teamIndex.size,
    gamePlayers: games.map((g) => g.players),
    gameChol: games.map((g) => g.chol),
    optionPlayer: Int32Array.from(slate.options.map((o) => o.player)),
    optionMult: Float64Array.from(slate.options.map((o) => o.multiplier)),
    slotCount: slate.slotCount,
    fieldCount,
    ...fieldLayout(simulations, selectable, args.fields),
    pool: packLineups(pool, slate.slotCount),
    poolCount: pool.length,
    portfolio: Int32Array.from(portfolio),
    comparisons: (args.comparisons ?? []).map((c) => Int32Array.from(c)),
    prefix,
    entryFee: contest.entryFee,
    contestSize,
    topCut,
    keepSims,
    keepTop,
  };
}

/** The share of the projection error's variance that a team's players have in common. */
export const TEAM_ERROR_SHARE = 1 / 3;

/**
 * One simulation's player points into `out`: every player's true mean drawn around his
 * projection (a lognormal factor of mean 1, the projection error, a third of its variance
 * shared by his team), then his game (the copula draw) around that mean. `eps` is scratch of
 * scratchSize(model).
 */
export function drawOutcomes(model: CompiledModel, sim: number, out: Float64Array, eps: Float64Array): void {
  const rng = streamRng(model.seed, sim);
  const n = model.playerCount;
  const err = model.projectionError;
  fillNormals(rng, eps, n);
  if (err > 0) fillNormals(rng, eps.subarray(n), n + model.teamCount);
  const shift = (err * err) / 2;
  const own = err * Math.sqrt(1 - TEAM_ERROR_SHARE);
  const shared = err * Math.sqrt(TEAM_ERROR_SHARE);
  const teamAt = 2 * n;
  for (let g = 0; g < model.gamePlayers.length; g++) {
    const players = model.gamePlayers[g]!;
    const chol = model.gameChol[g]!;
    const size = players.length;
    for (let i = 0; i < size; i++) {
      let z = 0;
      const row = i * size;
      for (let k = 0; k <= i; k++) z += chol[row + k]! * eps[players[k]!]!;
      const p = players[i]!;
      const s = model.sigma[p]!;
      if (s === 0) { out[p] = model.floor[p]!; continue; }
      const e = err > 0 ? own * eps[n + p]! + shared * eps[teamAt + model.playerTeam[p]!]! - shift : 0;
      out[p] = model.floor[p]! + Math.exp(model.mu[p]! + s * z + e);
    }
  }
}

/** The scratch drawOutcomes needs. */
export function scratchSize(model: Pick<CompiledModel, 'playerCount' | 'teamCount'>): number {
  return 2 * model.playerCount + model.teamCount + 2;
}

/** Sums of one chunk of simulations, per candidate lineup, and the portfolio's payout per simulation. */
export interface ChunkResult {
  from: number;
  to: number;
  sumPay: Float64Array;
  sumPay2: Float64Array;
  /** First places, a tie for first counting as its share. */
  wins: Float64Array;
  top1: Float64Array;
  cash: Float64Array;
  /** Payout sums over the kept simulations only (the selection's starting gains). */
  sumPayKept: Float64Array;
  portfolioPayout: Float64Array;
  /** The portfolio's entries in the top 1 % and in the money, per simulation. */
  portfolioTop1: Float64Array;
  portfolioCashes: Float64Array;
  /** The same per comparison set (model.comparisons). */
  comparisonPayout: Float64Array[];
  comparisonTop1: Float64Array[];
  comparisonCashes: Float64Array[];
  /** Kept simulations: each lineup's scores that reach the kept top of the field, grouped by lineup. */
  inMoney: InMoneyScores;
}

/** Per lineup, its (simulation, score) pairs where it reaches the paid top of the field, and its rank there. */
export interface InMoneyScores {
  /** Lineup l's pairs are at [start[l], start[l + 1]), simulations in order. */
  start: Int32Array;
  sim: Int32Array;
  score: Float32Array;
  /** Field entries scoring above it, and tied with it, in that simulation (the selection reads them, not the field again). */
  fieldAbove: Int32Array;
  fieldTied: Int32Array;
}

/** (lineup, simulation, score, above, tied) in simulation order, grouped by lineup (a counting sort that keeps the order). */
function groupByLineup(poolCount: number, count: number, lineup: Int32Array, sim: Int32Array, score: Float32Array, above: Int32Array, tied: Int32Array): InMoneyScores {
  const start = new Int32Array(poolCount + 1);
  for (let i = 0; i < count; i++) start[lineup[i]! + 1]! += 1;
  for (let l = 0; l < poolCount; l++) start[l + 1]! += start[l]!;
  const next = start.slice(0, poolCount);
  const out: InMoneyScores = { start, sim: new Int32Array(count), score: new Float32Array(count), fieldAbove: new Int32Array(count), fieldTied: new Int32Array(count) };
  for (let i = 0; i < count; i++) {
    const at = next[lineup[i]!]!++;
    out.sim[at] = sim[i]!;
    out.score[at] = score[i]!;
    out.fieldAbove[at] = above[i]!;
    out.fieldTied[at] = tied[i]!;
  }
  return out;
}

/**
 * One simulation's field scores grouped by score into equal-width buckets (a counting sort of
 * only the buckets that can reach the paid places): the exact count of field entries above and
 * tied with any score, with no sort. A score's bucket rises with the score, so the entries of
 * higher buckets are all above it and only its own bucket (a few entries) is compared.
 */
export class FieldRanks {
  private readonly bucketCount: number;
  /** Entries per bucket, then the entries in buckets above each (the counting sort's offsets). */
  private readonly counts: Int32Array;
  private readonly aboveBucket: Int32Array;
  private readonly bucketOf: Int32Array;
  /** Scores of buckets ≥ lowest, grouped by bucket: bucket b at [aboveBucket[b], aboveBucket[b] + counts[b]). */
  private readonly grouped: Float32Array;
  private min = 0;
  private scale = 0;
  /** Buckets below this one hold no entry that can matter (see build). */
  lowest = 0;
  /** Field entries above and tied with the score of the last `rank` call. */
  tied = 0;

  constructor(private readonly fieldCount: number) {
    // About two entries a bucket on average: the top of the field, where lineups are ranked, is sparser.
    this.bucketCount = Math.max(16, Math.min(1 << 20, fieldCount >> 1));
    this.counts = new Int32Array(this.bucketCount);
    this.aboveBucket = new Int32Array(this.bucketCount);
    this.bucketOf = new Int32Array(fieldCount);
    this.grouped = new Float32Array(fieldCount);
  }

  private bucket(x: number): number {
    const b = Math.floor((x - this.min) * this.scale);
    return b < 0 ? -1 : b >= this.bucketCount ? this.bucketCount - 1 : b;
  }

  /** Groups `scores` (the field's, this simulation); buckets holding only entries with `keepTop` or more above them are left out. */
  build(scores: Float32Array, keepTop: number): void {
    const n = this.fieldCount;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < n; i++) {
      const x = scores[i]!;
      if (x < min) min = x;
      if (x > max) max = x;
    }
    this.min = min;
    const perPoint = this.bucketCount / (max - min);
    this.scale = max > min && Number.isFinite(perPoint) ? perPoint : 0;
    const counts = this.counts;
    counts.fill(0);
    const last = this.bucketCount - 1;
    const scale = this.scale;
    for (let i = 0; i < n; i++) {
      // bucket(x) for x ≥ min, where truncation is the floor.
      const b = Math.min(last, ((scores[i]! - min) * scale) | 0);
      this.bucketOf[i] = b;
      counts[b]!++;
    }
    // From the top bucket down, until the buckets above hold keepTop entries: every entry of a
    // lower bucket has at least keepTop above it.
    let seen = 0;
    let b = this.bucketCount - 1;
    for (; b > 0; b--) {
      this.aboveBucket[b] = seen;
      seen += counts[b]!;
      if (seen >= keepTop) break;
    }
    if (b === 0) this.aboveBucket[0] = seen;
    this.lowest = b;
    const next = this.counts; // reused as each bucket's write position, then restored below
    for (let c = b; c < this.bucketCount; c++) next[c] = this.aboveBucket[c]!;
    for (let i = 0; i < n; i++) {
      const c = this.bucketOf[i]!;
      if (c >= b) this.grouped[next[c]!++] = scores[i]!;
    }
    for (let c = b; c < this.bucketCount; c++) next[c] = next[c]! - this.aboveBucket[c]!;
  }

  /** Field entries scoring above `x` (exact while they are fewer than keepTop; at least keepTop otherwise); `tied` gets those equal to it. */
  rank(x: number): number {
    const b = this.bucket(x);
    if (b < this.lowest) {
      this.tied = 0;
      // Below the lowest bucket kept: every entry of the kept buckets is above (or, below the
      // field's least score, every entry).
      return b < 0 ? this.fieldCount : this.aboveBucket[this.lowest]! + this.counts[this.lowest]!;
    }
    const from = this.aboveBucket[b]!;
    const to = from + this.counts[b]!;
    let above = from;
    let tied = 0;
    for (let i = from; i < to; i++) {
      const f = this.grouped[i]!;
      if (f > x) above++;
      else if (f === x) tied++;
    }
    this.tied = tied;
    return above;
  }
}

/** First index in sorted ascending `a` (from `from`) with a[i] >= x (lower) or > x (upper). */
function lowerBound(a: Float32Array, x: number, from = 0): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

function upperBound(a: Float32Array, x: number, from: number): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/**
 * Each lineup's points (its options' points added in slot order, as a plain loop would) into
 * `out`. Rosters of 6, 8, 9 and 10 slots (most of the
 * table's) are added unrolled: the field's scoring is most of a simulation's work, and
 * the unrolled sum is the same left-to-right sum, so the scores are identical to the bit.
 */
export function scoreLineups(lineups: Int32Array, count: number, k: number, points: Float64Array, out: Float32Array): void {
  const p = points;
  const f = lineups;
  if (k === 9) {
    for (let i = 0, b = 0; i < count; i++, b += 9) {
      out[i] = p[f[b]!]! + p[f[b + 1]!]! + p[f[b + 2]!]! + p[f[b + 3]!]! + p[f[b + 4]!]! + p[f[b + 5]!]! + p[f[b + 6]!]! + p[f[b + 7]!]! + p[f[b + 8]!]!;
    }
  } else if (k === 8) {
    for (let i = 0, b = 0; i < count; i++, b += 8) {
      out[i] = p[f[b]!]! + p[f[b + 1]!]! + p[f[b + 2]!]! + p[f[b + 3]!]! + p[f[b + 4]!]! + p[f[b + 5]!]! + p[f[b + 6]!]! + p[f[b + 7]!]!;
    }
  } else if (k === 10) {
    for (let i = 0, b = 0; i < count; i++, b += 10) {
      out[i] = p[f[b]!]! + p[f[b + 1]!]! + p[f[b + 2]!]! + p[f[b + 3]!]! + p[f[b + 4]!]! + p[f[b + 5]!]! + p[f[b + 6]!]! + p[f[b + 7]!]! + p[f[b + 8]!]! + p[f[b + 9]!]!;
    }
  } else if (k === 6) {
    for (let i = 0, b = 0; i < count; i++, b += 6) {
      out[i] = p[f[b]!]! + p[f[b + 1]!]! + p[f[b + 2]!]! + p[f[b + 3]!]! + p[f[b + 4]!]! + p[f[b + 5]!]!;
    }
  } else {
    for (let i = 0, b = 0; i < count; i++, b += k) {
      let s = 0;
      for (let j = 0; j < k; j++) s += p[f[b + j]!]!;
      out[i] = s;
    }
  }
}

/** Runs simulations [from, to) (all of one field, `field` packed by packField): scores every lineup once, ranks it against the field grouped by score once. */
export function runChunk(model: CompiledModel, from: number, to: number, field: Int32Array): ChunkResult {
  const { poolCount, fieldCount, slotCount: k, prefix, topCut } = model;
  const result: ChunkResult = {
    from, to,
    sumPay: new Float64Array(poolCount), sumPay2: new Float64Array(poolCount), wins: new Float64Array(poolCount),
    top1: new Float64Array(poolCount), cash: new Float64Array(poolCount), sumPayKept: new Float64Array(poolCount),
    portfolioPayout: new Float64Array(to - from),
    portfolioTop1: new Float64Array(to - from),
    portfolioCashes: new Float64Array(to - from),
    comparisonPayout: model.comparisons.map(() => new Float64Array(to - from)),
    comparisonTop1: model.comparisons.map(() => new Float64Array(to - from)),
    comparisonCashes: model.comparisons.map(() => new Float64Array(to - from)),
    inMoney: groupByLineup(poolCount, 0, new Int32Array(0), new Int32Array(0), new Float32Array(0), new Int32Array(0), new Int32Array(0)),
  };
  // Growable typed buffers: a GPP chunk keeps a few hundred thousand triples.
  let inMoneyCount = 0;
  let inMoneyLineup = new Int32Array(1024);
  let inMoneySim = new Int32Array(1024);
  let inMoneyScore = new Float32Array(1024);
  let inMoneyAbove = new Int32Array(1024);
  let inMoneyTied = new Int32Array(1024);
  const outcomes = new Float64Array(model.playerCount);
  const eps = new Float64Array(scratchSize(model));
  const optionPoints = new Float64Array(model.optionPlayer.length);
  const fieldScores = new Float32Array(fieldCount);
  const ranks = new FieldRanks(fieldCount);
  const poolScores = new Float32Array(poolCount);
  const poolAbove = new Int32Array(poolCount);
  const poolTied = new Int32Array(poolCount);
  const own = model.portfolio;
  const ownScores = new Float32Array(Math.max(own.length, ...model.comparisons.map((c) => c.length)));
  const { pool, optionPlayer, optionMult } = model;
  for (let sim = from; sim < to; sim++) {
    drawOutcomes(model, sim, outcomes, eps);
    for (let o = 0; o < optionPoints.length; o++) optionPoints[o] = optionMult[o]! * outcomes[optionPlayer[o]!]!;
    scoreLineups(field, fieldCount, k, optionPoints, fieldScores);
    // The field grouped by score: no sort. A lineup with keepTop or more field entries above it
    // is out of the money and out of the top 1 % (unless the contest pays more places than
    // there are opponents: then every lineup is ranked).
    const top = model.keepTop;
    const cut = top < fieldCount;
    ranks.build(fieldScores, top);
    const kept = sim < model.keepSims;
    scoreLineups(pool, poolCount, k, optionPoints, poolScores);
    for (let l = 0; l < poolCount; l++) {
      const x = poolScores[l]!;
      const above = ranks.rank(x);
      if (cut && above >= top) {
        poolAbove[l] = fieldCount;
        poolTied[l] = 0;
        continue;
      }
      const tied = ranks.tied + 1;
      if (kept) {
        if (inMoneyCount === inMoneyLineup.length) {
          const grow = <T extends Int32Array | Float32Array>(a: T, make: (n: number) => T): T => { const b = make(a.length * 2); b.set(a); return b; };
          inMoneyLineup = grow(inMoneyLineup, (n) => new Int32Array(n));
          inMoneySim = grow(inMoneySim, (n) => new Int32Array(n));
          inMoneyScore = grow(inMoneyScore, (n) => new Float32Array(n));
          inMoneyAbove = grow(inMoneyAbove, (n) => new Int32Array(n));
          inMoneyTied = grow(inMoneyTied, (n) => new Int32Array(n));
        }
        inMoneyLineup[inMoneyCount] = l;
        inMoneySim[inMoneyCount] = sim;
        inMoneyScore[inMoneyCount] = x;
        inMoneyAbove[inMoneyCount] = above;
        inMoneyTied[inMoneyCount] = tied - 1;
        inMoneyCount++;
      }
      poolAbove[l] = above;
      poolTied[l] = tied - 1;
      const pay = splitPrize(prefix, above, tied);
      if (pay > 0) {
        result.sumPay[l]! += pay;
        result.sumPay2[l]! += pay * pay;
        result.cash[l]! += 1;
        if (kept) result.sumPayKept[l]! += pay;
      }
      if (above === 0) result.wins[l]! += 1 / tied;
      if (above < topCut) result.top1[l]! += 1;
    }
    // The user's entries together: each also ranks behind (or ties) the others that beat it.
    for (let set = 0; set <= model.comparisons.length; set++) {
      const entries = set === 0 ? own : model.comparisons[set - 1]!;
      if (entries.length === 0) continue;
      for (let e = 0; e < entries.length; e++) ownScores[e] = poolScores[entries[e]!]!;
      const scores = ownScores.subarray(0, entries.length);
      scores.sort();
      let total = 0;
      let top = 0;
      let cashes = 0;
      for (let e = 0; e < entries.length; e++) {
        const l = entries[e]!;
        const x = poolScores[l]!;
        const lo = lowerBound(scores, x);
        const hi = upperBound(scores, x, lo);
        const above = poolAbove[l]! + (entries.length - hi);
        const pay = splitPrize(prefix, above, poolTied[l]! + (hi - lo));
        total += pay;
        if (pay > 0) cashes++;
        if (above < topCut) top++;
      }
      const at = sim - from;
      if (set === 0) {
        result.portfolioPayout[at] = total;
        result.portfolioTop1[at] = top;
        result.portfolioCashes[at] = cashes;
      } else {
        result.comparisonPayout[set - 1]![at] = total;
        result.comparisonTop1[set - 1]![at] = top;
        result.comparisonCashes[set - 1]![at] = cashes;
      }
    }
  }
  // Grouped here, in the chunk's thread: the run only joins each lineup's parts in order.
  if (inMoneyCount > 0) result.inMoney = groupByLineup(poolCount, inMoneyCount, inMoneyLineup, inMoneySim, inMoneyScore, inMoneyAbove, inMoneyTied);
  return result;
}
