// The user's rules that hold across the lineups of a build, as limits for portfolio selection
// (packages/sim picks the lineups; the rules are the optimizer's). A build plans each rule with a
// share by frequency: option o of a plan dimension (a stack rule, a flex or captain share, a
// group's pctGroup, a second game stack...) gets round(f·N) lineups, largest remainder. N chosen
// lineups keep that plan when each can be given an option it meets with every option getting
// its count; by Hall's theorem that holds exactly when, for every set T of the dimension's
// options, the chosen lineups meeting one of T number at least T's counts together. Those are
// the limits: one per set of options, over the candidates that meet one of them, grouped by
// dimension. Options that bind nothing (Force Nothing, "may be flex", a group off) are met by
// every lineup and need no limit. Whether a lineup meets an option is read from the option's
// own rows, the ones its lineups were solved under.
import { resolveSettings } from '@stacksmith/domain';
import type { SelectionLimit } from '@stacksmith/sim';
import { planRules } from './build.js';
import { largestRemainder } from './plan.js';
import type { Contribution } from './rules.js';
import { exposureLimits, type SimulationSlate } from './simulate.js';
import { AuxColumns } from './stack-rules.js';
import type { BuildRequest, Row } from './types.js';

const EPS = 1e-9;
/** Dimensions with more options that bind than this get one limit per option and one for all. */
const MAX_SUBSET_OPTIONS = 6;

interface AuxRow { vars: number[]; coefs: number[]; lo: number; hi: number }

/** 0/1 feasibility of a few rows over a few auxiliary columns (indicators): propagation and search. */
function feasibleBinary(rows: readonly AuxRow[], n: number, value: Int8Array = new Int8Array(n).fill(-1)): boolean {
  for (let changed = true; changed;) {
    changed = false;
    for (const r of rows) {
      let lo = 0;
      let hi = 0;
      r.vars.forEach((v, i) => {
        const c = r.coefs[i]!;
        if (value[v] === -1) { if (c < 0) lo += c; else hi += c; } else { lo += c * value[v]!; hi += c * value[v]!; }
      });
      if (lo > r.hi + EPS || hi < r.lo - EPS) return false;
      for (let i = 0; i < r.vars.length; i++) {
        const v = r.vars[i]!;
        if (value[v] !== -1) continue;
        const c = r.coefs[i]!;
        const lo0 = lo - Math.min(c, 0);
        const hi0 = hi - Math.max(c, 0);
        const can0 = lo0 <= r.hi + EPS && hi0 >= r.lo - EPS;
        const can1 = lo0 + c <= r.hi + EPS && hi0 + c >= r.lo - EPS;
        if (!can0 && !can1) return false;
        if (can0 !== can1) { value[v] = can1 ? 1 : 0; changed = true; break; }
      }
    }
  }
  const free = value.indexOf(-1);
  if (free < 0) return true;
  for (const guess of [1, 0]) {
    const next = Int8Array.from(value);
    next[free] = guess;
    if (feasibleBinary(rows, n, next)) return true;
  }
  return false;
}

/** Whether a lineup (its candidate columns) meets a plan option's rows, its indicator columns free. */
class OptionCheck {
  private readonly excluded = new Set<number>();
  private readonly rows: Row[] = [];
  /** Per candidate column: the rows it is in, with its coefficient. */
  private readonly byCol = new Map<number, { row: number; coef: number }[]>();
  /** Rows that a lineup with none of their columns breaks (a minimum): always checked. */
  private readonly always: number[] = [];
  private readonly auxRows: number[] = [];
  private readonly hasAux: Uint8Array;
  private readonly auxIndex = new Map<number, number>();
  private readonly activity: Float64Array;

  constructor(parts: readonly Contribution[], candidateCount: number) {
    for (const part of parts) {
      for (const col of part.exclude ?? []) this.excluded.add(col);
      this.rows.push(...part.rows);
    }
    this.hasAux = new Uint8Array(this.rows.length);
    this.rows.forEach((row, r) => {
      let aux = false;
      row.cols.forEach((col, i) => {
        if (col >= candidateCount) {
          aux = true;
          if (!this.auxIndex.has(col)) this.auxIndex.set(col, this.auxIndex.size);
          return;
        }
        let list = this.byCol.get(col);
        if (!list) this.byCol.set(col, (list = []));
        list.push({ row: r, coef: row.coefs[i]! });
      });
      if (aux) { this.auxRows.push(r); this.hasAux[r] = 1; } else if (row.lo > EPS || row.hi < -EPS) this.always.push(r);
    });
    this.activity = new Float64Array(this.rows.length);
  }

  meets(lineup: readonly number[]): boolean {
    if (lineup.some((col) => this.excluded.has(col))) return false;
    const touched: number[] = [];
    for (const col of lineup) {
      for (const { row, coef } of this.byCol.get(col) ?? []) {
        if (this.activity[row] === 0) touched.push(row);
        this.activity[row]! += coef;
      }
    }
    const holds = (r: number) => {
      if (this.hasAux[r]) return true; // below, with the indicators
      const a = this.activity[r]!;
      return a >= this.rows[r]!.lo - EPS && a <= this.rows[r]!.hi + EPS;
    };
    let ok = touched.every(holds) && this.always.every(holds);
    if (ok && this.auxRows.length > 0) {
      const reduced: AuxRow[] = this.auxRows.map((r) => {
        const row = this.rows[r]!;
        const vars: number[] = [];
        const coefs: number[] = [];
        row.cols.forEach((col, i) => {
          const v = this.auxIndex.get(col);
          if (v !== undefined) { vars.push(v); coefs.push(row.coefs[i]!); }
        });
        return { vars, coefs, lo: row.lo - this.activity[r]!, hi: row.hi - this.activity[r]! };
      });
      ok = feasibleBinary(reduced, this.auxIndex.size);
    }
    for (const r of touched) this.activity[r] = 0;
    return ok;
  }
}

const quoted = (labels: string[]) => labels.map((l) => `"${l}"`).join(' or ');

/**
 * Limits for the rules a build plans by share, for a portfolio of `count` lineups chosen from
 * `lineups` (each a candidate lineup as options of `sim`, which are the pool's candidates).
 */
export function ruleLimits(
  sim: SimulationSlate,
  request: Pick<BuildRequest, 'sport' | 'site' | 'contestType' | 'settings' | 'teamStacks' | 'stackGroups' | 'groups'>,
  lineups: readonly (readonly number[])[],
  count: number,
): SelectionLimit[] {
  const { pool } = sim;
  const settings = resolveSettings(request.sport, request.site, request.contestType, request.settings ?? {});
  const { dimensions } = planRules(pool, settings, request, new AuxColumns(pool.candidates.length));
  const limits: SelectionLimit[] = [];
  for (const dimension of dimensions) {
    const counts = largestRemainder(dimension.options.map((o) => o.freq), count);
    const binding = dimension.options
      .map((option, i) => ({ label: option.label, need: counts[i]!, parts: option.parts }))
      .filter((o) => o.parts.length > 0 && o.need > 0)
      .map((o) => {
        const check = new OptionCheck(o.parts, pool.candidates.length);
        return { ...o, meets: lineups.map((lineup) => check.meets(lineup)) };
      });
    const limitOf = (options: typeof binding): SelectionLimit | null => {
      const members = lineups.map((_, l) => l).filter((l) => options.some((o) => o.meets[l]));
      // Met by every candidate, so by any choice.
      if (members.length === lineups.length) return null;
      const need = options.reduce((sum, o) => sum + o.need, 0);
      return { lineups: members, min: need, max: count, group: dimension.name, label: `${dimension.name}: ${quoted(options.map((o) => o.label))} in at least ${need} of ${count} lineups` };
    };
    // An option no candidate meets is reported by its own limit; left out of the sets, as the
    // build gives its lineups to another option.
    const live = binding.filter((o) => o.meets.some(Boolean));
    const sets: (typeof binding)[] = binding.filter((o) => !live.includes(o)).map((o) => [o]);
    if (live.length <= MAX_SUBSET_OPTIONS) {
      for (let mask = 1; mask < 1 << live.length; mask++) sets.push(live.filter((_, i) => mask & (1 << i)));
    } else {
      sets.push(...live.map((o) => [o]), live);
    }
    for (const set of sets) {
      const limit = limitOf(set);
      if (limit) limits.push(limit);
    }
  }
  return limits;
}

/** Every limit the selection keeps: the players' MinExp/MaxExp and the rules planned by share. */
export function selectionLimits(
  sim: SimulationSlate,
  request: Parameters<typeof ruleLimits>[1],
  lineups: readonly (readonly number[])[],
  count: number,
): SelectionLimit[] {
  return [...exposureLimits(sim, count), ...ruleLimits(sim, request, lineups, count)];
}
