// The field: opponents' lineups sampled so that each option is played about as often as its
// projected ownership says, every lineup valid for the roster and the cap, with the stacks and
// salary use seen in real contests. Duplicates arise on their own where ownership is
// concentrated, as in real fields.
//
// Each slot is filled in turn (most constrained first) by a weighted draw among the options
// that keep the lineup completable under the cap and above its salary floor. An option's weight
// is its own (tuned so that realised ownership meets ProjOwn) times the affinities of the
// players already in the lineup: a QB's pass catchers are drawn more, a defence facing the
// lineup's players less. Affinities rather than forced stacks keep every weight tunable.
import { DEFAULT_OWNERSHIP_ERROR } from './outcomes.js';
import { fillNormals, streamRng, uniform, type Rng } from './random.js';
import { SimCodedError, simMessage } from './messages.js';
import { lineupKey, type SimSlate } from './slate.js';

/** Options at `candidate` positions on the `side` of a held player at `held` positions weigh ×factor ('*': any). */
export interface FieldAffinity {
  held: readonly string[];
  candidate: readonly string[];
  side: 'team' | 'opp';
  factor: number;
}

const affinity = (held: string[], candidate: string[], side: 'team' | 'opp', factor: number): FieldAffinity => ({ held, candidate, side, factor });

/**
 * How the field builds, by sport (classic contests). Factors are set so that the sampled
 * fields stack the way large GPP fields do (docs/simulation.md): about four nfl lineups in
 * five pair the QB with a pass catcher and few play a defence against their own players (one in
 * six on the test slate); mlb lineups stack hitters.
 */
export const FIELD_AFFINITIES: Readonly<Record<string, readonly FieldAffinity[]>> = {
  nfl: [
    affinity(['QB'], ['WR', 'TE'], 'team', 4),
    affinity(['QB'], ['WR', 'TE', 'RB'], 'opp', 1.6),
    affinity(['DST'], ['QB', 'RB', 'WR', 'TE', 'K'], 'opp', 0.15),
    affinity(['QB', 'RB', 'WR', 'TE', 'K'], ['DST'], 'opp', 0.15),
  ],
  mlb: [
    affinity(['C', '1B', '2B', '3B', 'SS', 'OF'], ['C', '1B', '2B', '3B', 'SS', 'OF'], 'team', 1.9),
    affinity(['P'], ['C', '1B', '2B', '3B', 'SS', 'OF'], 'opp', 0.3),
    affinity(['C', '1B', '2B', '3B', 'SS', 'OF'], ['P'], 'opp', 0.3),
  ],
};

export interface FieldOptions {
  seed: number;
  /** How the field stacks; default FIELD_AFFINITIES of the sport. [] for none. */
  affinities?: readonly FieldAffinity[];
  /** Mean salary left unspent, as a share of the cap (real fields leave little: default 1.2 %). */
  meanSalaryLeft?: number;
  /**
   * How far ProjOwn may be off (sd of log(true ÷ projected ownership)): the field plays one
   * ownership drawn around ProjOwn per run. Default: the slate's ownershipError, else
   * DEFAULT_OWNERSHIP_ERROR; 0 plays ProjOwn exactly.
   */
  ownershipError?: number;
  /** Rounds that tune the pick weights towards ProjOwn, and lineups sampled per round. */
  calibrationRounds?: number;
  calibrationSample?: number;
}

export interface Field {
  /** count × slotCount option indices. */
  lineups: Int32Array;
  count: number;
  slotCount: number;
  /** The ownership each option was aimed at (percent). */
  targets: Float64Array;
}

interface SamplerTables {
  slotOrder: number[];
  /** Options per slot, eligible and with a positive weight possible. */
  slotOptions: Int32Array[];
  slotMinSalary: Float64Array;
  slotMaxSalary: Float64Array;
  /** Options per slot, cheapest first (the bounds and the fallback search read them). */
  slotBySalary: Int32Array[];
  positionOptions: Map<string, number[]>;
  /** Per option: salary, player, bit mask of its slots. Per player: team and opponent ids. */
  salary: Float64Array;
  player: Int32Array;
  slotMask: Int32Array;
  team: Int32Array;
  opp: Int32Array;
}

/** Ownership targets: ProjOwn scaled so that each slot group (captain, the rest) sums to its slots × 100. */
export function ownershipTargets(slate: SimSlate): Float64Array {
  const targets = new Float64Array(slate.options.length);
  for (const captain of [true, false]) {
    const members = slate.options.map((o, i) => ({ o, i })).filter(({ o }) => o.captain === captain);
    if (members.length === 0) continue;
    const slots = new Set(members.flatMap(({ o }) => o.slots)).size;
    let sum = members.reduce((s, { o }) => s + Math.max(0, o.ownership), 0);
    // Without any ownership the field plays the projections: weight by points squared.
    const weightOf = sum > 0 ? (i: number) => Math.max(0, slate.options[i]!.ownership)
      : (i: number) => Math.max(0, slate.players[slate.options[i]!.player]!.mean) ** 2;
    if (sum <= 0) sum = members.reduce((s, { i }) => s + weightOf(i), 0);
    for (const { i } of members) targets[i] = sum > 0 ? Math.min(100, (weightOf(i) * slots * 100) / sum) : 0;
  }
  return targets;
}

function tables(slate: SimSlate): SamplerTables {
  const k = slate.slotCount;
  const slotOptions: Int32Array[] = [];
  const slotMinSalary = new Float64Array(k);
  const slotMaxSalary = new Float64Array(k);
  for (let s = 0; s < k; s++) {
    const list = slate.options.map((o, i) => (o.slots.includes(s) ? i : -1)).filter((i) => i >= 0);
    slotOptions.push(Int32Array.from(list));
    const salaries = list.map((i) => slate.options[i]!.salary);
    slotMinSalary[s] = salaries.length ? Math.min(...salaries) : Infinity;
    // Not the very top salary: bounding by it would make the priciest player the filler every
    // lineup that spent too little must take (a lineup that misses its floor is drawn again).
    const sorted = [...salaries].sort((x, y) => y - x);
    slotMaxSalary[s] = sorted[Math.min(sorted.length - 1, 4)] ?? 0;
  }
  // Most constrained slots first (QB, TE, DST before WR before FLEX; a captain before flex).
  const slotOrder = [...Array(k).keys()].sort((a, b) => slotOptions[a]!.length - slotOptions[b]!.length || a - b);
  const positionOptions = new Map<string, number[]>();
  slate.options.forEach((o, i) => {
    const p = o.positions[0] ?? '';
    const list = positionOptions.get(p);
    if (list) list.push(i); else positionOptions.set(p, [i]);
  });
  const teamIds = new Map<string, number>();
  const teamId = (t: string) => {
    if (!teamIds.has(t)) teamIds.set(t, teamIds.size);
    return teamIds.get(t)!;
  };
  return {
    slotOrder, slotOptions, slotMinSalary, slotMaxSalary, positionOptions,
    slotBySalary: slotOptions.map((list) => Int32Array.from([...list].sort((a, b) => slate.options[a]!.salary - slate.options[b]!.salary || a - b))),
    salary: Float64Array.from(slate.options.map((o) => o.salary)),
    player: Int32Array.from(slate.options.map((o) => o.player)),
    slotMask: Int32Array.from(slate.options.map((o) => o.slots.reduce((m, x) => m | (1 << x), 0))),
    team: Int32Array.from(slate.players.map((p) => teamId(p.team))),
    opp: Int32Array.from(slate.players.map((p) => (p.opp ? teamId(p.opp) : -1))),
  };
}

class LineupSampler {
  private readonly holder: Int32Array;
  private salary = 0;
  private minSpend = 0;
  private readonly positionId: Int32Array;
  private readonly positionCount: number;
  private readonly teamCount: number;
  /** Per held player's position: the affinities it spreads (candidate position ids, side, factor). */
  private readonly spread: { positions: number[]; side: 'team' | 'opp'; factor: number }[][];
  /** Weight multiplier by team × position for the lineup held so far. */
  private readonly multiplier: Float64Array;
  private readonly boundsFor = new Float64Array(64);
  private readonly inLineup: number[] = [];
  /** 1 for the players of inLineup: every candidate of every pick asks (a list search there was a fifth of a field's draw). */
  private readonly held: Uint8Array;
  private readonly restUsed: number[] = [];
  private readonly apart: (number[] | undefined)[];

  private ws = new Float64Array(0);
  private wslots = new Int32Array(0);

  constructor(
    private readonly slate: SimSlate,
    private readonly t: SamplerTables,
    private readonly weights: Float64Array,
    affinities: readonly FieldAffinity[],
    private readonly meanSalaryLeft: number,
  ) {
    this.holder = new Int32Array(slate.slotCount);
    this.held = new Uint8Array(slate.players.length);
    this.apart = slate.players.map((p) => (p.apart && p.apart.length > 0 ? p.apart : undefined));
    const positions = [...new Set(slate.players.map((p) => p.position))];
    this.positionCount = positions.length;
    this.positionId = Int32Array.from(slate.players.map((p) => positions.indexOf(p.position)));
    this.teamCount = Math.max(0, ...t.team, ...t.opp) + 1;
    this.multiplier = new Float64Array(this.teamCount * this.positionCount);
    this.spread = positions.map((held) => affinities
      .filter((a) => a.held.includes(held) || a.held.includes('*'))
      .map((a) => ({
        positions: positions.map((p, i) => (a.candidate.includes(p) || a.candidate.includes('*') ? i : -1)).filter((i) => i >= 0),
        side: a.side,
        factor: a.factor,
      })));
  }

  private freeSlotFor(option: number): number {
    const mask = this.t.slotMask[option]!;
    for (const s of this.t.slotOrder) if (this.holder[s] === -1 && (mask & (1 << s)) !== 0) return s;
    return -1;
  }

  /**
   * Salary bounds of the still-free slots, one slot (taken) left out. The least is the cheapest
   * way to fill them with distinct players not in the lineup (each slot in turn, most constrained
   * first, takes its cheapest free player): summing each slot's cheapest alone counts the same
   * cheap player in several slots, and on a slate with little room under the cap almost every
   * lineup drawn that way ends over it.
   */
  private restBounds(taken: number): [number, number] {
    let min = 0;
    let max = 0;
    const used = this.restUsed;
    used.length = 0;
    for (const s of this.t.slotOrder) {
      if (s === taken || this.holder[s] !== -1) continue;
      max += this.t.slotMaxSalary[s]!;
      const list = this.t.slotBySalary[s]!;
      let cheapest = this.t.slotMinSalary[s]!;
      for (let i = 0; i < list.length; i++) {
        const player = this.t.player[list[i]!]!;
        if (this.held[player] === 1 || used.includes(player)) continue;
        cheapest = this.t.salary[list[i]!]!;
        used.push(player);
        break;
      }
      min += cheapest;
    }
    return [min, max];
  }

  /** The per-pick context: salary bounds by slot, the lineup's players, the affinities they spread. */
  private prepare(): void {
    this.boundsFor.fill(Number.NaN);
    for (const player of this.inLineup) this.held[player] = 0;
    this.inLineup.length = 0;
    this.multiplier.fill(1);
    const P = this.positionCount;
    for (let s = 0; s < this.holder.length; s++) {
      const h = this.holder[s]!;
      if (h === -1) continue;
      const player = this.t.player[h]!;
      this.inLineup.push(player);
      this.held[player] = 1;
      for (const a of this.spread[this.positionId[player]!]!) {
        const team = a.side === 'team' ? this.t.team[player]! : this.t.opp[player]!;
        if (team < 0) continue;
        for (const p of a.positions) this.multiplier[team * P + p]! *= a.factor;
      }
    }
  }

  /** The player is in the lineup already, or may not share it with a player in it. */
  private clashes(player: number, lineup: readonly number[]): boolean {
    if (lineup.includes(player)) return true;
    const apart = this.apart[player];
    return apart !== undefined && apart.some((p) => lineup.includes(p));
  }

  private usable(option: number, slot: number): boolean {
    if (slot < 0) return false;
    const player = this.t.player[option]!;
    if (this.held[player] === 1) return false;
    const apart = this.apart[player];
    if (apart !== undefined && apart.some((p) => this.held[p] === 1)) return false;
    if (Number.isNaN(this.boundsFor[2 * slot]!)) {
      const [min, max] = this.restBounds(slot);
      this.boundsFor[2 * slot] = min;
      this.boundsFor[2 * slot + 1] = max;
    }
    const after = this.salary + this.t.salary[option]!;
    return after + this.boundsFor[2 * slot]! <= this.slate.salaryCap && after + this.boundsFor[2 * slot + 1]! >= this.minSpend;
  }

  /** Picks one of `candidates` by weight among those that fit and places it; false when none fits. */
  private pick(rng: Rng, candidates: ArrayLike<number>, slot: number): boolean {
    const n = candidates.length;
    if (this.ws.length < n) { this.ws = new Float64Array(n); this.wslots = new Int32Array(n); }
    const ws = this.ws;
    this.prepare();
    const P = this.positionCount;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const c = candidates[i]!;
      const player = this.t.player[c]!;
      const w = this.usable(c, slot) ? this.weights[c]! * this.multiplier[this.t.team[player]! * P + this.positionId[player]!]! : 0;
      ws[i] = w;
      total += w;
    }
    if (!(total > 0)) return false;
    let u = uniform(rng) * total;
    let chosen = -1;
    for (let i = 0; i < n; i++) {
      if (ws[i]! <= 0) continue;
      chosen = i;
      u -= ws[i]!;
      if (u <= 0) break;
    }
    this.holder[slot] = candidates[chosen]!;
    this.salary += this.t.salary[candidates[chosen]!]!;
    return true;
  }

  /** One lineup into `out` (slotCount options); false only when no valid lineup exists. */
  sample(rng: Rng, out: Int32Array, offset: number): boolean {
    const cap = this.slate.salaryCap;
    for (let attempt = 0; attempt < 12; attempt++) {
      this.holder.fill(-1);
      this.salary = 0;
      // Salary left unspent: exponential, most lineups within 1-2 % of the cap, as in real fields.
      const left = Math.min(0.08, -Math.log(Math.max(uniform(rng), 1e-12)) * this.meanSalaryLeft);
      this.minSpend = attempt < 6 ? cap * (1 - left) : 0;
      let ok = true;
      for (const s of this.t.slotOrder) {
        if (!this.pick(rng, this.t.slotOptions[s]!, s)) { ok = false; break; }
      }
      if (!ok || this.salary > cap || this.salary < this.minSpend) continue;
      out.set(this.holder, offset);
      return true;
    }
    // Sequential draws keep running into dead ends (a slate with little room under the cap, or
    // few players per slot): a complete search that still tries options in a weighted random order.
    return this.search(rng, out, offset, 4000) || this.search(null, out, offset, SEARCH_LIMIT);
  }

  /**
   * Depth-first search over the slots (most constrained first) for a lineup under the cap:
   * options in a random order weighted like the draws (rng), or cheapest first (null), which
   * finds a lineup whenever one exists. Gives up after `budget` nodes.
   */
  search(rng: Rng | null, out: Int32Array, offset: number, budget: number): boolean {
    const order = this.t.slotOrder;
    const cap = this.slate.salaryCap;
    // A safe bound: each free slot's cheapest option, players not kept distinct.
    const restMin = new Float64Array(order.length + 1);
    for (let d = order.length - 1; d >= 0; d--) restMin[d] = restMin[d + 1]! + this.t.slotMinSalary[order[d]!]!;
    this.holder.fill(-1);
    this.salary = 0;
    this.minSpend = 0;
    const players: number[] = [];
    let nodes = 0;
    const walk = (depth: number): boolean => {
      if (depth === order.length) return true;
      if (++nodes > budget) return false;
      const slot = order[depth]!;
      const list = rng ? this.weightedOrder(rng, this.t.slotOptions[slot]!) : this.t.slotBySalary[slot]!;
      for (let i = 0; i < list.length; i++) {
        const o = list[i]!;
        const player = this.t.player[o]!;
        const salary = this.t.salary[o]!;
        if (this.clashes(player, players)) continue;
        if (this.salary + salary + restMin[depth + 1]! > cap) {
          if (!rng) break; // cheapest first: every later option costs more
          continue;
        }
        this.holder[slot] = o;
        this.salary += salary;
        players.push(player);
        if (walk(depth + 1)) return true;
        players.pop();
        this.salary -= salary;
        this.holder[slot] = -1;
        if (nodes > budget) return false;
      }
      return false;
    };
    if (!walk(0)) return false;
    out.set(this.holder, offset);
    return true;
  }

  /** The options in a random order, each next one drawn by weight (Efraimidis–Spirakis keys); zero weights last. */
  private weightedOrder(rng: Rng, options: Int32Array): number[] {
    this.prepare();
    const P = this.positionCount;
    const keyed: { o: number; key: number }[] = [];
    for (let i = 0; i < options.length; i++) {
      const o = options[i]!;
      const player = this.t.player[o]!;
      const w = this.weights[o]! * this.multiplier[this.t.team[player]! * P + this.positionId[player]!]!;
      const u = Math.max(uniform(rng), 1e-300);
      keyed.push({ o, key: w > 0 ? Math.log(u) / w : -Infinity });
    }
    keyed.sort((a, b) => b.key - a.key || a.o - b.o);
    return keyed.map((k) => k.o);
  }
}

/** No field of opponents can be drawn: the roster cannot be filled under the cap from the players given. */
export class FieldError extends SimCodedError {
  constructor() {
    super(simMessage('simulation-no-valid-lineup', {}));
    this.name = 'FieldError';
  }
}

/** Nodes the cheapest-first search may visit (a bound on the work a crafted slate can cause). */
const SEARCH_LIMIT = 2_000_000;


function sampleMany(sampler: LineupSampler, rng: Rng, count: number, k: number): Int32Array {
  const lineups = new Int32Array(count * k);
  for (let i = 0; i < count; i++) {
    if (!sampler.sample(rng, lineups, i * k)) throw new FieldError();
  }
  return lineups;
}

/** Realised ownership (percent) of each option in a set of lineups. */
export function realisedOwnership(optionCount: number, lineups: Int32Array, count: number): Float64Array {
  const own = new Float64Array(optionCount);
  for (let i = 0; i < lineups.length; i++) own[lineups[i]!]! += 1;
  for (let o = 0; o < optionCount; o++) own[o] = count > 0 ? (own[o]! * 100) / count : 0;
  return own;
}

/** The slate with each option's ownership multiplied by a lognormal factor of mean 1 (seeded). */
function withOwnershipError(slate: SimSlate, error: number, seed: number): SimSlate {
  const z = new Float64Array(slate.options.length);
  fillNormals(streamRng(seed, 0x0e11), z);
  const shift = (error * error) / 2;
  return { ...slate, options: slate.options.map((o, i) => ({ ...o, ownership: o.ownership * Math.exp(error * z[i]! - shift) })) };
}

/** Samples `count` opponent lineups. Reproducible: the same slate, count and seed give the same field. */
export function sampleField(slate: SimSlate, count: number, options: FieldOptions): Field {
  const { lineups, targets } = sampleTuned(slate, count, count, options);
  return { lineups, count, slotCount: slate.slotCount, targets };
}

/** The weights tuned to the (drawn) ownership targets for a field of `count`, and `draw` lineups drawn with them. */
function sampleTuned(slate: SimSlate, count: number, draw: number, options: FieldOptions): { lineups: Int32Array; targets: Float64Array; weights: Float64Array } {
  const k = slate.slotCount;
  const t = tables(slate);
  const ownershipError = options.ownershipError ?? slate.ownershipError ?? DEFAULT_OWNERSHIP_ERROR;
  const targets = ownershipTargets(ownershipError > 0 ? withOwnershipError(slate, ownershipError, options.seed) : slate);
  const affinities = options.affinities ?? FIELD_AFFINITIES[slate.sport] ?? [];
  const weights = Float64Array.from(targets);
  const sampler = new LineupSampler(slate, t, weights, affinities, options.meanSalaryLeft ?? 0.012);
  // Whether any lineup exists at all, found once (cheapest first): the draws then never give up.
  if (slate.slotCount === 0 || !sampler.search(null, new Int32Array(k), 0, SEARCH_LIMIT)) throw new FieldError();
  const rng = streamRng(options.seed, 0x51e1d);
  const rounds = options.calibrationRounds ?? 10;
  // A small field needs no more tuning draws than it has lineups (at least 500, at most 2,000 a round).
  const sample = options.calibrationSample ?? Math.min(2000, Math.max(500, count));
  // Sequential picking under the cap and the affinities bends ownership away from the weights:
  // tune the weights multiplicatively until the realised ownership meets the targets. Later
  // rounds sample more lineups and step less, so the weights settle instead of chasing noise.
  for (let round = 0; round < rounds; round++) {
    const late = round >= rounds / 2;
    const n = late ? sample * 2 : sample;
    const own = realisedOwnership(slate.options.length, sampleMany(sampler, rng, n, k), n);
    for (let o = 0; o < weights.length; o++) {
      if (targets[o]! <= 0) continue;
      const ratio = (targets[o]! + 0.2) / (own[o]! + 0.2);
      weights[o] = weights[o]! * Math.min(3, Math.max(1 / 3, ratio)) ** (late ? 0.6 : 0.9);
    }
  }
  return { lineups: sampleMany(sampler, rng, draw, k), targets, weights };
}

/**
 * What a run needs to draw its fields (plain data, so that worker threads can draw them): pick
 * weights tuned once so that a field plays ProjOwn, then each field draws its own ownership
 * around that (the weights times a lognormal factor of mean 1) and its own lineups.
 */
export interface FieldPlan {
  slate: SimSlate;
  /** Opponents in each field. */
  count: number;
  seed: number;
  /** Pick weights tuned to ProjOwn (before any field's ownership draw). */
  weights: Float64Array;
  targets: Float64Array;
  ownershipError: number;
  affinities: readonly FieldAffinity[];
  meanSalaryLeft: number;
}

/** Random streams of the field draws: far above any simulation's index (streamRng(seed, simulation)). */
const FIELD_STREAM = 0x4000_0000;

/** Tuned weights per slate object and settings: two runs on one slate (a selection and its fresh evaluation) tune once. */
const tunedCache = new WeakMap<SimSlate, Map<string, { weights: Float64Array; targets: Float64Array }>>();

/**
 * Tunes the pick weights once (to ProjOwn exactly) and checks that a lineup exists: throws
 * FieldError when none does. The tuning is a property of the slate, not of a run (its own fixed
 * seed), so it is done once per slate and settings. The fields are drawn by drawPlannedField.
 */
export function planFields(slate: SimSlate, count: number, options: FieldOptions): FieldPlan {
  const ownershipError = options.ownershipError ?? slate.ownershipError ?? DEFAULT_OWNERSHIP_ERROR;
  const key = JSON.stringify([count, options.affinities, options.meanSalaryLeft, options.calibrationRounds, options.calibrationSample]);
  let bySettings = tunedCache.get(slate);
  if (!bySettings) tunedCache.set(slate, (bySettings = new Map()));
  let tuned = bySettings.get(key);
  if (!tuned) {
    tuned = sampleTuned(slate, count, 0, { ...options, seed: 0, ownershipError: 0 });
    bySettings.set(key, tuned);
  }
  return {
    slate, count, seed: options.seed, weights: tuned.weights, targets: tuned.targets, ownershipError,
    affinities: options.affinities ?? FIELD_AFFINITIES[slate.sport] ?? [], meanSalaryLeft: options.meanSalaryLeft ?? 0.012,
  };
}

/**
 * Field `index` of a plan: its own ownership (each option's tuned weight times
 * exp(o·ε − o²/2), ε seeded by the run's seed and the field's index) and its own lineups.
 * Reproducible: the same plan and index give the same field in any thread.
 */
export function drawPlannedField(plan: FieldPlan, index: number): Field {
  const { slate, count } = plan;
  const k = slate.slotCount;
  const weights = Float64Array.from(plan.weights);
  const targets = Float64Array.from(plan.targets);
  const o = plan.ownershipError;
  if (o > 0) {
    const z = new Float64Array(weights.length);
    fillNormals(streamRng(plan.seed, FIELD_STREAM + 2 * index), z);
    for (let i = 0; i < weights.length; i++) {
      const factor = Math.exp(o * z[i]! - (o * o) / 2);
      weights[i] = weights[i]! * factor;
      targets[i] = Math.min(100, targets[i]! * factor);
    }
  }
  const sampler = new LineupSampler(slate, tables(slate), weights, plan.affinities, plan.meanSalaryLeft);
  const lineups = sampleMany(sampler, streamRng(plan.seed, FIELD_STREAM + 2 * index + 1), count, k);
  return { lineups, count, slotCount: k, targets };
}

/** How many times each key occurs in the field. */
export function fieldKeyCounts(field: Field): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < field.count; i++) {
    const key = lineupKey(Array.from(field.lineups.subarray(i * field.slotCount, (i + 1) * field.slotCount)));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
