// A build: N lineups, one exact integer program each, streamed in batches.
import {
  findRoster, POSITION_RANDOM_KEYS, RANDOM_SIGMA, resolveSettings, UnknownRosterError, type BuildSettings, type RandomLevel,
} from '@stacksmith/domain';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildPool, type Pool } from './pool.js';
import {
  captainShareRules, defenceRules, flexPosition, flexShareRules, ownershipRules, rosterRule, salaryRule, topNRules,
  type Contribution,
} from './rules.js';
import { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
import {
  BuildError, InputError, type BuildBatch, type BuildOptions, type BuildRequest, type LinearModel, type Lineup,
  type MipSolver, type Row,
} from './types.js';

/** Extra lineups a player may exceed MaxExp by, per OverMax_Sensitivity, used only when needed. */
function overMaxTolerance(sensitivity: string, total: number): number {
  if (sensitivity === 'Strict') return 0;
  if (sensitivity === 'Loose') return Math.max(1, Math.floor(total * 0.1));
  return 1;
}

/** Standard normal draws from a seeded generator (Box–Muller). */
function normals(seed: number, count: number): Float64Array {
  const rng = xoroshiro128plus(seed | 0);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i += 2) {
    const u = Math.max(uniformFloat64(rng), Number.MIN_VALUE);
    const v = uniformFloat64(rng);
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < count) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

function sigmaFor(settings: BuildSettings, position: string): number {
  const key = POSITION_RANDOM_KEYS[position];
  const level = ((key && settings[key]) || settings.projPtsRandInput || 'none') as RandomLevel;
  return RANDOM_SIGMA[level] ?? 0;
}

function nameList(pool: Pool, units: number[]): string {
  const names = units.map((u) => pool.units[u]!.Name);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

function assemble(pool: Pool, objective: Float64Array, parts: Contribution[]): LinearModel {
  const n = pool.candidates.length;
  const lower = new Uint8Array(n);
  const upper = new Uint8Array(n).fill(1);
  const rows: Row[] = [];
  for (const part of parts) {
    rows.push(...part.rows);
    for (const col of part.exclude ?? []) upper[col] = 0;
  }
  return { objective, lower, upper, rows };
}

/** Assigns the chosen candidates to concrete slots: the most specific slots first. */
function assignSlots(pool: Pool, chosen: number[]): number[] {
  const { roster } = pool;
  const slotOrder = roster.slots.map((_, s) => s).sort((a, b) => roster.slots[a]!.eligible.length - roster.slots[b]!.eligible.length || a - b);
  const holder = new Array<number>(roster.slots.length).fill(-1);
  const fits = (c: number, s: number) => pool.groups[pool.candidates[c]!.group]!.slots.includes(s)
    && roster.slots[s]!.eligible.some((p) => pool.candidates[c]!.positions.includes(p));
  // Augmenting paths (Kuhn): at most ten slots, so the simple version is plenty.
  const place = (c: number, seen: Set<number>): boolean => {
    for (const s of slotOrder) {
      if (seen.has(s) || !fits(c, s)) continue;
      seen.add(s);
      if (holder[s] === -1 || place(holder[s]!, seen)) { holder[s] = c; return true; }
    }
    return false;
  };
  const ordered = [...chosen].sort((a, b) => pool.candidates[a]!.positions.length - pool.candidates[b]!.positions.length);
  for (const c of ordered) if (!place(c, new Set())) throw new Error('internal: a solved lineup does not fit the slots');
  return holder;
}

function toLineup(pool: Pool, chosen: number[], solvedPoints: number, saved: boolean): Lineup {
  const holder = assignSlots(pool, chosen);
  const slots = holder.map((c, s) => {
    const cand = pool.candidates[c]!;
    return { slot: pool.roster.slots[s]!.label, player: pool.units[cand.unit]!, points: cand.points, salary: cand.salary };
  });
  return {
    slots,
    points: slots.reduce((sum, s) => sum + s.points, 0),
    solvedPoints,
    salary: slots.reduce((sum, s) => sum + s.salary, 0),
    ownership: chosen.reduce((sum, c) => sum + pool.candidates[c]!.own, 0),
    saved,
  };
}

/** Finds the candidates of a saved lineup given as player Ids in slot order. */
function savedCandidates(pool: Pool, ids: string[], index: number): number[] {
  const { roster } = pool;
  if (!Array.isArray(ids) || ids.length !== roster.slots.length) {
    throw new InputError(`saved lineup ${index + 1} has ${ids?.length ?? 0} players, the roster has ${roster.slots.length}`);
  }
  return ids.map((raw, s) => {
    const id = String(raw);
    const bare = id.split('|')[0]!;
    const group = pool.groups.findIndex((g) => g.slots.includes(s));
    const unit = pool.units.findIndex((u) => u.Id === id) >= 0 ? pool.units.findIndex((u) => u.Id === id) : pool.units.findIndex((u) => u.Id === bare);
    const cand = unit >= 0 ? pool.unitCandidates[unit]!.find((c) => pool.candidates[c]!.group === group) : undefined;
    if (cand === undefined) throw new InputError(`saved lineup ${index + 1}: player ${id} is not in the pool for slot ${roster.slots[s]!.label}`);
    return cand;
  });
}

function yieldToEventLoop(): Promise<void> {
  // Lets an abort (a message or a timer) be seen between lineups.
  return new Promise((resolve) => (globalThis.setImmediate ? globalThis.setImmediate(resolve) : setTimeout(resolve, 0)));
}

export async function* buildLineups(request: BuildRequest, options: BuildOptions = {}): AsyncGenerator<BuildBatch> {
  const roster = findRoster(request.sport, request.site, request.contestType);
  // An unknown roster is bad input like any other (InputError), not an internal failure.
  if (!roster) throw new InputError(new UnknownRosterError(request.sport, request.site, request.contestType).message);
  const settings = resolveSettings(request.sport, request.site, request.contestType, request.settings ?? {});
  const numLUs = Math.floor(Number(settings.numLUs));
  if (!(numLUs >= 1)) throw new InputError('numLUs must be at least 1');
  const size = roster.slots.length;
  const minUnique = Math.floor(Number(settings.minUnique));
  if (!(minUnique >= 0 && minUnique <= size)) throw new InputError(`minUnique must be between 0 and ${size}`);
  if (settings.minSal > Math.min(settings.maxSal, roster.salaryCap)) throw new InputError(`minSal ${settings.minSal} is above maxSal ${Math.min(settings.maxSal, roster.salaryCap)}`);

  const pool = buildPool(roster, request.players, settings);
  const solver: MipSolver = options.solver ?? createBranchAndBoundSolver();
  const batchSize = Math.max(1, options.batchSize ?? 5);
  const seed = request.seed ?? 1;
  const { candidates, units } = pool;

  const saved = settings.includeSaved ? (request.savedLineups ?? []).map((ids, i) => savedCandidates(pool, ids, i)) : [];
  const total = saved.length + numLUs;
  const unitCount = new Int32Array(units.length);
  const history: number[][] = []; // players of each lineup, for uniqueness
  const flexUsed = new Map<string, number>();
  const captainUsed = new Map<string, number>();
  const record = (chosen: number[]) => {
    for (const c of chosen) unitCount[candidates[c]!.unit]! += 1;
    history.push(chosen.map((c) => candidates[c]!.player));
    const flex = flexPosition(pool, chosen);
    if (flex) flexUsed.set(flex, (flexUsed.get(flex) ?? 0) + 1);
    const captain = chosen.find((c) => pool.groups[candidates[c]!.group]!.captain);
    if (captain !== undefined) captainUsed.set(candidates[captain]!.primary, (captainUsed.get(candidates[captain]!.primary) ?? 0) + 1);
  };

  const exposure = units.map((u) => ({
    max: Math.floor(((u.MaxExp ?? 100) * total) / 100 + 1e-9),
    min: Math.ceil(((u.MinExp ?? 0) * total) / 100 - 1e-9),
  }));
  const staticParts: Contribution[] = [rosterRule(pool), salaryRule(pool, settings), ...topNRules(pool, settings), ...defenceRules(pool, settings)];
  const ownRandom = RANDOM_SIGMA[settings.projOwnRandInput] ?? 0;
  const baseOwn = Float64Array.from(candidates, (c) => c.own);
  const staticOwnParts = ownRandom > 0 ? null : ownershipRules({ pool, settings, own: baseOwn });
  const sigma = Float64Array.from(pool.playerCandidates, (cols) => sigmaFor(settings, candidates[cols[0]!]!.primary));

  const maxOverlap = size - minUnique;
  const playerMark = new Uint8Array(pool.playerCandidates.length);
  const uniquenessRow = (players: number[]): Row => {
    const cols = players.flatMap((p) => pool.playerCandidates[p]!);
    return { rule: `Min unique ${minUnique}`, cols, coefs: cols.map(() => 1), lo: -Infinity, hi: maxOverlap, lazy: true };
  };
  /** The first earlier lineup a new one overlaps too much, as a cut. */
  const uniquenessCut = (columns: number[]): Row | null => {
    if (minUnique === 0) return null;
    for (const c of columns) playerMark[candidates[c]!.player] = 1;
    let cut: Row | null = null;
    for (const players of history) {
      let shared = 0;
      for (const p of players) shared += playerMark[p]!;
      if (shared > maxOverlap) { cut = uniquenessRow(players); break; }
    }
    for (const c of columns) playerMark[candidates[c]!.player] = 0;
    return cut;
  };
  // Uniqueness rows that bound recent lineups stay in the next lineup's model from the start.
  let primedCuts: Row[] = [];

  // Saved lineups are the user's as they are: minUnique binds new lineups against them, not
  // the saved lineups against each other (optimizer-rules, "minUnique").
  for (const chosen of saved) record(chosen);
  const warnings: string[] = [];
  let pending: Lineup[] = saved.map((chosen) => toLineup(pool, chosen, chosen.reduce((s, c) => s + candidates[c]!.points, 0), true));
  let produced = saved.length;
  if (pending.length > 0) {
    yield { lineups: pending, count: produced, total, warnings: [] };
    pending = [];
  }

  for (let k = 0; k < numLUs; k++) {
    if (options.signal?.aborted) return;
    const position = saved.length + k; // this lineup's place in the whole build
    const z = normals(seed * 100003 + k * 7919 + 1, pool.playerCandidates.length);
    const objective = Float64Array.from(candidates, (c) => Math.max(0, c.points * (1 + sigma[c.player]! * z[c.player]!)));
    let ownParts = staticOwnParts;
    if (!ownParts) {
      const zo = normals(seed * 100003 + k * 7919 + 2, pool.playerCandidates.length);
      const own = Float64Array.from(candidates, (c) => Math.max(0, c.own * (1 + ownRandom * zo[c.player]!)));
      ownParts = ownershipRules({ pool, settings, own });
    }
    const exposureParts = (tolerance: number): Contribution[] => {
      const excluded: number[] = [];
      const capped: number[] = [];
      const forced: number[] = [];
      const locked: number[] = [];
      units.forEach((_, u) => {
        const cap = exposure[u]!.max === 0 ? 0 : exposure[u]!.max + tolerance;
        if (unitCount[u]! >= cap) (exposure[u]!.max === 0 ? excluded : capped).push(u);
        // Min exposures are met by reservation: lineup t is due round((t + ½)·min/N) uses.
        const due = Math.floor(((position + 0.5) * exposure[u]!.min) / total + 0.5);
        if (exposure[u]!.min > 0 && unitCount[u]! < due) (exposure[u]!.min >= total ? locked : forced).push(u);
      });
      const out: Contribution[] = [];
      if (excluded.length) out.push({ rule: `Excluded: ${nameList(pool, excluded)}`, rows: [], exclude: excluded.flatMap((u) => pool.unitCandidates[u]!) });
      if (capped.length) out.push({ rule: `Max exposure reached: ${nameList(pool, capped)}`, rows: [], exclude: capped.flatMap((u) => pool.unitCandidates[u]!) });
      for (const [list, label] of [[locked, 'Locked'], [forced, 'Min exposure due']] as const) {
        if (list.length === 0) continue;
        const rule = `${label}: ${nameList(pool, list)}`;
        out.push({ rule, rows: list.map((u) => ({ rule, cols: pool.unitCandidates[u]!, coefs: pool.unitCandidates[u]!.map(() => 1), lo: 1, hi: Infinity })) });
      }
      return out;
    };
    const shareParts = [...flexShareRules(pool, settings, flexUsed, total), ...captainShareRules(pool, settings, captainUsed, total)];
    const solveWith = (parts: Contribution[], withUniqueness: boolean) => {
      const model = assemble(pool, objective, parts);
      if (withUniqueness) model.rows.push(...primedCuts);
      const cuts: Row[] = [];
      const result = solver.solve(model, {
        signal: options.signal,
        lazyRows: withUniqueness ? (cols) => { const cut = uniquenessCut(cols); if (cut) cuts.push(cut); return cut; } : undefined,
      });
      return { result, cuts };
    };
    const baseParts = [...staticParts, ...ownParts, ...shareParts];
    let { result, cuts } = solveWith([...baseParts, ...exposureParts(0)], true);
    if (result.status === 'infeasible') {
      const tolerance = overMaxTolerance(settings.OverMax_Sensitivity, total);
      if (tolerance > 0) {
        const retry = solveWith([...baseParts, ...exposureParts(tolerance)], true);
        if (retry.result.status === 'optimal') {
          ({ result, cuts } = retry);
          warnings.push(`Lineup ${position + 1}: max exposures were exceeded by up to ${tolerance} lineup(s) (OverMax_Sensitivity ${settings.OverMax_Sensitivity})`);
        }
      }
    }
    if (result.status === 'aborted') return;
    if (result.status === 'infeasible') {
      if (pending.length > 0) yield { lineups: pending, count: produced, total, warnings: warnings.splice(0) };
      const parts = [...baseParts, ...exposureParts(0)];
      const blame = diagnose(pool, objective, parts, minUnique > 0 && history.length > 0, solveWith);
      throw new BuildError(
        k === 0 && saved.length === 0
          ? `No lineup satisfies the rules: ${blame.join(' + ')}`
          : `Lineup ${position + 1} of ${total} has no solution: ${blame.join(' + ')} cannot all hold`,
        blame, position,
      );
    }
    const chosen = result.columns;
    record(chosen);
    primedCuts = [...cuts, ...primedCuts].slice(0, 24);
    if (minUnique > 0) primedCuts.unshift(uniquenessRow(history[history.length - 1]!));
    produced += 1;
    pending.push(toLineup(pool, chosen, result.objective, false));
    if (pending.length >= batchSize || k === numLUs - 1) {
      yield { lineups: pending, count: produced, total, warnings: warnings.splice(0) };
      pending = [];
    }
    await yieldToEventLoop();
  }
}

/**
 * Names the rules that make a lineup infeasible: a deletion filter over the rules, which
 * leaves a set that is infeasible together while dropping any one of them makes it feasible.
 */
function diagnose(
  pool: Pool,
  _objective: Float64Array,
  parts: Contribution[],
  uniquenessInPlay: boolean,
  solveWith: (parts: Contribution[], withUniqueness: boolean) => { result: { status: string } },
): string[] {
  const roster = parts.find((p) => p.rule === 'Roster')!;
  if (solveWith([roster], false).result.status === 'infeasible') {
    return [`the pool cannot fill the roster (${pool.roster.uploadHeader.join(', ')})`];
  }
  let kept = parts.filter((p) => p !== roster);
  let uniqueness = uniquenessInPlay;
  for (const part of [...kept]) {
    const without = kept.filter((p) => p !== part);
    if (solveWith([roster, ...without], uniqueness).result.status === 'infeasible') kept = without;
  }
  if (uniqueness && solveWith([roster, ...kept], false).result.status === 'infeasible') uniqueness = false;
  const names = kept.map((p) => p.rule);
  if (uniqueness) names.push('Min unique (earlier lineups)');
  return names.length > 0 ? names : ['Roster'];
}
