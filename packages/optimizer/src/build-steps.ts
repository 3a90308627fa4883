// The units a build is made of, one concern each, so that build.ts reads as the sequence of
// steps of one lineup: uniqueness between lineups, exposures across the build, the plan of
// frequency rules and its fallbacks, and the rescue of a late-swap lineup the rules leave no
// room for. Each unit keeps its own part of the build's state.
import type { Pool } from './pool.js';
import type { LateSwapLineup } from './late-swap.js';
import { unitById } from './late-swap.js';
import type { Contribution } from './rules.js';
import type { PlanDimension } from './stack-rules.js';
import type { Row, SolveResult } from './types.js';

/** One lineup's plan: the chosen option index of each dimension. */
export type Plan = number[];

/** A solve and the uniqueness cuts it needed. */
export interface Solved {
  result: SolveResult;
  cuts: Row[];
}

/** Solves a lineup's model from its rule parts, with the uniqueness cuts or without. */
export type SolveWith = (parts: Contribution[], withUniqueness: boolean, family?: Plan) => Solved;

function nameList(pool: Pool, units: number[]): string {
  const names = units.map((u) => pool.units[u]!.Name);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/**
 * minUnique: a new lineup shares at most (roster size − minUnique) players with every earlier
 * one, saved lineups included. Checked lazily (a cut against the first lineup overlapped too
 * much), and the rows that bound recent lineups open the next lineup's model.
 */
export class Uniqueness {
  /** The players of each lineup so far. */
  readonly history: number[][] = [];
  /** Rows that start the next lineup's model: recent cuts and a row against the last lineup. */
  primed: Row[] = [];
  private readonly maxOverlap: number;
  private readonly playerMark: Uint8Array;

  constructor(private readonly pool: Pool, readonly minUnique: number) {
    this.maxOverlap = pool.roster.slots.length - minUnique;
    this.playerMark = new Uint8Array(pool.playerCandidates.length);
  }

  record(chosen: number[]): void {
    this.history.push(chosen.map((c) => this.pool.candidates[c]!.player));
  }

  /** The row that keeps a lineup from sharing too many of these players. */
  row(players: number[]): Row {
    const cols = players.flatMap((p) => this.pool.playerCandidates[p]!);
    return { rule: `Min unique ${this.minUnique}`, cols, coefs: cols.map(() => 1), lo: -Infinity, hi: this.maxOverlap, lazy: true };
  }

  /** The first earlier lineup a new one overlaps too much, as a cut. */
  cut(columns: number[]): Row | null {
    if (this.minUnique === 0) return null;
    const { candidates } = this.pool;
    const mark = this.playerMark;
    for (const c of columns) if (c < candidates.length) mark[candidates[c]!.player] = 1;
    let cut: Row | null = null;
    for (const players of this.history) {
      let shared = 0;
      for (const p of players) shared += mark[p]!;
      if (shared > this.maxOverlap) { cut = this.row(players); break; }
    }
    for (const c of columns) if (c < candidates.length) mark[candidates[c]!.player] = 0;
    return cut;
  }

  /** After a lineup is made: its solve's cuts and a row against it open the next model. */
  prime(cuts: Row[]): void {
    this.primed = [...cuts, ...this.primed].slice(0, 24);
    if (this.minUnique > 0) this.primed.unshift(this.row(this.history[this.history.length - 1]!));
  }
}

/**
 * MinExp and MaxExp across the build: a player at its max is left out of the next lineups, and
 * a player below its min is forced into the lineups due to hold it.
 */
export class Exposures {
  private readonly uses: Int32Array;
  private readonly bounds: { max: number; min: number }[];

  constructor(private readonly pool: Pool, private readonly total: number) {
    this.uses = new Int32Array(pool.units.length);
    this.bounds = pool.units.map((u) => ({
      max: Math.floor(((u.MaxExp ?? 100) * total) / 100 + 1e-9),
      min: Math.ceil(((u.MinExp ?? 0) * total) / 100 - 1e-9),
    }));
  }

  record(chosen: number[]): void {
    for (const c of chosen) this.uses[this.pool.candidates[c]!.unit]! += 1;
  }

  /**
   * The exposure rules of the lineup at `position` of the build, letting a max be exceeded by
   * `tolerance` lineups; players a late swap keeps (`pinned`) stay whatever the exposures say.
   */
  parts(tolerance: number, position: number, pinned?: ReadonlyMap<number, number>): Contribution[] {
    const { pool, uses, bounds, total } = this;
    const excluded: number[] = [];
    const capped: number[] = [];
    const forced: number[] = [];
    const locked: number[] = [];
    pool.units.forEach((_, u) => {
      const cap = bounds[u]!.max === 0 ? 0 : bounds[u]!.max + tolerance;
      if (uses[u]! >= cap) (bounds[u]!.max === 0 ? excluded : capped).push(u);
      // Min exposures are met by reservation: lineup t is due round((t + ½)·min/N) uses.
      const due = Math.floor(((position + 0.5) * bounds[u]!.min) / total + 0.5);
      if (bounds[u]!.min > 0 && uses[u]! < due) (bounds[u]!.min >= total ? locked : forced).push(u);
    });
    const out: Contribution[] = [];
    const kept = new Set([...(pinned?.values() ?? [])]);
    const notKept = (list: number[]) => list.flatMap((u) => pool.unitCandidates[u]!).filter((c) => !kept.has(c));
    if (excluded.length) out.push({ rule: `Excluded: ${nameList(pool, excluded)}`, rows: [], exclude: notKept(excluded) });
    if (capped.length) out.push({ rule: `Max exposure reached: ${nameList(pool, capped)}`, rows: [], exclude: notKept(capped) });
    for (const [list, label] of [[locked, 'Locked'], [forced, 'Min exposure due']] as const) {
      if (list.length === 0) continue;
      const rule = `${label}: ${nameList(pool, list)}`;
      out.push({ rule, rows: list.map((u) => ({ rule, cols: pool.unitCandidates[u]!, coefs: pool.unitCandidates[u]!.map(() => 1), lo: 1, hi: Infinity })) });
    }
    return out;
  }
}

/**
 * The options of the frequency-planned rules: which cannot hold in any lineup (found once, with
 * the rules every lineup has), and the next most frequent option to use instead.
 */
export class PlanOptions {
  private readonly dead = new Set<string>();
  private readonly checked = new Set<string>();

  /** `infeasibleAlone(parts)`: whether the parts cannot hold with the rules every lineup has. */
  constructor(readonly dimensions: PlanDimension[], private readonly infeasibleAlone: (parts: Contribution[]) => boolean) {}

  /** The other options of dimension d, most frequent first. */
  alternatives(d: number, current: number): number[] {
    return this.dimensions[d]!.options
      .map((o, i) => ({ o, i })).filter(({ i }) => i !== current)
      .sort((a, b) => b.o.freq - a.o.freq || a.i - b.i).map(({ i }) => i);
  }

  /** Whether the option is already known to hold in no lineup. */
  knownDead(d: number, option: number): boolean {
    return this.dead.has(`${d}:${option}`);
  }

  /** Whether the option holds in no lineup, finding out (once) when not yet known. */
  isDead(d: number, option: number): boolean {
    const key = `${d}:${option}`;
    if (!this.checked.has(key)) {
      this.checked.add(key);
      const parts = this.dimensions[d]!.options[option]!.parts;
      if (parts.length > 0 && this.infeasibleAlone(parts)) this.dead.add(key);
    }
    return this.dead.has(key);
  }

  /** The most frequent other option not known to be dead (the option itself when none is). */
  liveAlternative(d: number, option: number): number {
    return this.alternatives(d, option).find((o) => !this.knownDead(d, o)) ?? option;
  }

  /** The plan with the options known to be dead replaced at once by the next most frequent. */
  withoutKnownDead(plan: Plan): Plan {
    return plan.map((option, d) => (this.knownDead(d, option) ? this.liveAlternative(d, option) : option));
  }

  /** The plan with every dead option (checked now) replaced, or null when none was dead. */
  withoutDead(plan: Plan): Plan | null {
    let changed = false;
    const next = plan.map((option, d) => {
      if (!this.isDead(d, option)) return option;
      changed = true;
      return this.liveAlternative(d, option);
    });
    return changed ? next : null;
  }

  /** The rule parts of a plan's chosen options. */
  parts(plan: Plan): Contribution[] {
    return plan.flatMap((option, d) => this.dimensions[d]!.options[option]!.parts);
  }

  /** The plan as the lineup's record shows it: dimension name → chosen option's label. */
  labels(plan: Plan): Record<string, string> {
    return Object.fromEntries(plan.map((option, d) => [this.dimensions[d]!.name, this.dimensions[d]!.options[option]!.label]));
  }
}

/** An attempt under a plan: its solve, and by how many lineups max exposures were exceeded. */
export type Attempt = Solved & { tolerated: number };

/**
 * When a plan leaves a lineup infeasible: the next most frequent option of one dimension at a
 * time, then every dimension at its most frequent workable option. Answers the plan that worked
 * and its attempt, null when none did, or 'aborted'.
 */
export function fallbackPlan(
  options: PlanOptions, start: Plan, attempt: (plan: Plan) => Attempt, solveAlone: (plan: Plan) => Solved,
): { plan: Plan; attempt: Attempt } | null | 'aborted' {
  const { dimensions } = options;
  for (let d = 0; d < dimensions.length; d++) {
    for (const option of options.alternatives(d, start[d]!)) {
      if (options.knownDead(d, option)) continue;
      const trial = start.map((o, j) => (j === d ? option : o));
      const next = attempt(trial);
      if (next.result.status === 'aborted') return 'aborted';
      if (next.result.status === 'optimal') return { plan: trial, attempt: next };
    }
  }
  // Every dimension at its most frequent workable option, one at a time.
  const trial = [...start];
  for (let d = 0; d < dimensions.length; d++) {
    for (const option of [start[d]!, ...options.alternatives(d, start[d]!)]) {
      trial[d] = option;
      const probe = solveAlone(trial);
      if (probe.result.status === 'aborted') return 'aborted';
      if (probe.result.status === 'optimal') break;
    }
  }
  const next = attempt(trial);
  if (next.result.status === 'aborted') return 'aborted';
  return next.result.status === 'optimal' ? { plan: trial, attempt: next } : null;
}

/** The columns of a late-swap lineup as it was, when all its players are still in the pool. */
export function lateSwapOriginal(pool: Pool, lineup: LateSwapLineup): number[] | null {
  const cols: number[] = [];
  for (let s = 0; s < lineup.ids.length; s++) {
    const unit = lineup.ids[s] ? unitById(pool, lineup.ids[s]!) : -1;
    if (unit < 0) return null;
    const group = pool.groups.findIndex((g) => g.slots.includes(s));
    const col = pool.unitCandidates[unit]!.find((c) => pool.candidates[c]!.group === group);
    if (col === undefined) return null;
    cols.push(col);
  }
  return cols;
}

/** How a late-swap lineup the rules leave no room for was still answered. */
export type LateSwapRescue =
  | { kind: 'alone'; solved: Solved }
  | { kind: 'bare'; solved: Solved }
  | { kind: 'as-it-was'; columns: number[] }
  | { kind: 'none' }
  | { kind: 'aborted' };

/**
 * A late swap answers one lineup per lineup in: without the cross-lineup rules (exposures,
 * uniqueness), else without the planned rules too, else the lineup as it was.
 */
export function rescueLateSwap(alone: () => Solved, bare: () => Solved, original: () => number[] | null): LateSwapRescue {
  const withoutCrossLineup = alone();
  if (withoutCrossLineup.result.status === 'aborted') return { kind: 'aborted' };
  if (withoutCrossLineup.result.status === 'optimal') return { kind: 'alone', solved: withoutCrossLineup };
  const withoutPlan = bare();
  if (withoutPlan.result.status === 'aborted') return { kind: 'aborted' };
  if (withoutPlan.result.status === 'optimal') return { kind: 'bare', solved: withoutPlan };
  const columns = original();
  return columns ? { kind: 'as-it-was', columns } : { kind: 'none' };
}
