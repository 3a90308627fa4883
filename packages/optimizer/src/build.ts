// A build: N lineups, one exact integer program each, streamed in batches.
import {
  findRoster, lineupNoteMessage, POSITION_RANDOM_KEYS, RANDOM_SIGMA, resolveSettings, UnknownRosterError, type BuildSettings, type PlayerGroup,
  type LineupNote, type LineupNoteCode, type RandomLevel, type TeamStackRow, siteId,
} from '@stacksmith/domain';
import { fillNormals, seededRng } from '@stacksmith/sim';
import { buildPool, type Pool } from './pool.js';
import { afterStartLineups, pinnedSlots, requestNow, startedUnits, unitById, type LateSwapLineup } from './late-swap.js';
import { leaveOutStartedPlayers } from './started-games.js';
import { planByFrequency } from './plan.js';
import {
  captainShareDimensions, defenceRules, flexShareDimensions, matchupRule, ownershipRules, rosterRule, salaryRule, teamRulesParts, topNRules,
  type Contribution,
} from './rules.js';
import { AuxColumns, stackAndGroupPlan, type PlanDimension } from './stack-rules.js';
import { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
import {
  BuildCancelled, BuildError, InputError, type BuildBatch, type BuildOptions, type BuildRequest, type LinearModel, type Lineup,
  type LineupSlot, type MipSolver, type Row,
} from './types.js';

/** Extra lineups a player may exceed MaxExp by, per OverMax_Sensitivity, used only when needed. */
function overMaxTolerance(sensitivity: string, total: number): number {
  if (sensitivity === 'Strict') return 0;
  if (sensitivity === 'Loose') return Math.max(1, Math.floor(total * 0.1));
  return 1;
}

/** Standard normal draws from a seeded generator (Box–Muller, shared with the simulation). */
function normals(seed: number, count: number): Float64Array {
  const out = new Float64Array(count);
  fillNormals(seededRng(seed), out);
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

/** The model of one lineup; auxiliary columns stay at 0 unless a part uses them. */
function assemble(pool: Pool, objective: Float64Array, parts: Contribution[]): LinearModel {
  const n = objective.length;
  const lower = new Uint8Array(n);
  const upper = new Uint8Array(n);
  upper.fill(1, 0, pool.candidates.length);
  const rows: Row[] = [];
  let branchFirst: Uint8Array | undefined;
  const exclusive = new Set<number[]>();
  for (const part of parts) {
    rows.push(...part.rows);
    for (const col of part.aux ?? []) upper[col] = 1;
    for (const col of part.structural ?? []) (branchFirst ??= new Uint8Array(n))[col] = 1;
    for (const set of part.exclusive ?? []) exclusive.add(set);
  }
  for (const part of parts) {
    for (const col of part.exclude ?? []) upper[col] = 0;
    for (const col of part.fix ?? []) lower[col] = 1;
  }
  const model: LinearModel = { objective, lower, upper, rows };
  if (branchFirst) model.branchFirst = branchFirst;
  if (exclusive.size > 0) model.exclusive = [...exclusive];
  return model;
}

/** Assigns the chosen candidates to concrete slots: pinned ones first, then the most specific slots. */
function assignSlots(pool: Pool, chosen: number[], pinned?: ReadonlyMap<number, number>): number[] {
  const { roster } = pool;
  const holder = new Array<number>(roster.slots.length).fill(-1);
  for (const [s, c] of pinned ?? []) holder[s] = c;
  const slotOrder = roster.slots.map((_, s) => s).filter((s) => holder[s] === -1)
    .sort((a, b) => roster.slots[a]!.eligible.length - roster.slots[b]!.eligible.length || a - b);
  chosen = chosen.filter((c) => !holder.includes(c));
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

function toLineup(pool: Pool, chosen: number[], solvedPoints: number, saved: boolean, pinned?: ReadonlyMap<number, number>): Lineup {
  const holder = assignSlots(pool, chosen, pinned);
  const slots = holder.map((c, s) => {
    const cand = pool.candidates[c]!;
    const slot: LineupSlot = { slot: pool.roster.slots[s]!.label, player: pool.units[cand.unit]!, points: cand.points, salary: cand.salary };
    if (pinned?.has(s)) slot.locked = true;
    return slot;
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
    const bare = siteId(id);
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

/** Splits the Team Stacks list into per-team rows and stack groups (rows with players). */
function splitTeamStacks(list: BuildRequest['teamStacks']): { rows: TeamStackRow[]; groups: PlayerGroup[] } {
  if (list === undefined || list === null) return { rows: [], groups: [] };
  if (!Array.isArray(list)) throw new InputError('teamStacks must be a list');
  const rows: TeamStackRow[] = [];
  const groups: PlayerGroup[] = [];
  for (const item of list) {
    if (item && typeof item === 'object' && Array.isArray((item as PlayerGroup).players)) groups.push(item as PlayerGroup);
    else rows.push(item as TeamStackRow);
  }
  return { rows, groups };
}

/**
 * The rules of a build: those planned by frequency (dimensions, in the order the build plans
 * them) and the stack and group rows every lineup holds. Portfolio selection reads the same.
 */
export function planRules(
  pool: Pool, settings: BuildSettings, request: Pick<BuildRequest, 'teamStacks' | 'stackGroups' | 'groups'>, aux: AuxColumns,
): { stackPlan: ReturnType<typeof stackAndGroupPlan>; dimensions: PlanDimension[] } {
  const teamStacks = splitTeamStacks(request.teamStacks);
  const stackPlan = stackAndGroupPlan(pool, settings, {
    teamStacks: teamStacks.rows,
    stackGroups: [...teamStacks.groups, ...(request.stackGroups ?? [])],
    groups: request.groups ?? [],
  }, aux);
  return { stackPlan, dimensions: [...stackPlan.dimensions, ...flexShareDimensions(pool, settings), ...captainShareDimensions(pool, settings)] };
}

/** One lineup's plan: the chosen option index of each dimension. */
type Plan = number[];

/** Fallback notes of a batch: "dimension: from → to" with the lineups it happened in. */
class FallbackNotes {
  private notes = new Map<string, { what: string; from: string; to: string; lineups: number[] }>();
  add(what: string, from: string, to: string, lineup: number) {
    const key = `${what}\u0000${from}\u0000${to}`;
    const note = this.notes.get(key) ?? { what, from, to, lineups: [] };
    note.lineups.push(lineup);
    this.notes.set(key, note);
  }
  flush(): string[] {
    const out = [...this.notes.values()].map(({ what, from, to, lineups }) =>
      `${what}: "${from}" was infeasible and dropped for ${lineups.length} lineup${lineups.length > 1 ? 's' : ''} `
      + `(${lineups.length > 1 ? 'lineups' : 'lineup'} ${lineups.join(', ')}); "${to}" was used instead`);
    this.notes.clear();
    return out;
  }
}

export async function* buildLineups(request: BuildRequest, options: BuildOptions = {}): AsyncGenerator<BuildBatch> {
  const roster = findRoster(request.sport, request.site, request.contestType);
  // An unknown roster is bad input like any other (InputError), not an internal failure.
  if (!roster) throw new InputError(new UnknownRosterError(request.sport, request.site, request.contestType).message);
  const settings = resolveSettings(request.sport, request.site, request.contestType, request.settings ?? {});
  const lateSwap = afterStartLineups(request);
  if (lateSwap && lateSwap.length === 0) throw new InputError('after start is on but there are no lineups of an active slate');
  const numLUs = lateSwap ? lateSwap.length : Math.floor(Number(settings.numLUs));
  if (!(numLUs >= 1)) throw new InputError('numLUs must be at least 1');
  const size = roster.slots.length;
  const minUnique = Math.floor(Number(settings.minUnique));
  if (!(minUnique >= 0 && minUnique <= size)) throw new InputError(`minUnique must be between 0 and ${size}`);
  if (settings.minSal > Math.min(settings.maxSal, roster.salaryCap)) throw new InputError(`minSal ${settings.minSal} is above maxSal ${Math.min(settings.maxSal, roster.salaryCap)}`);

  // Set-up over a large pool takes a while (rules over thousands of players): the abort is
  // looked at while the pool is read and between the set-up steps, as well as in every solve.
  const { signal } = options;
  // A fresh build leaves out started players; a late swap keeps them where they stand.
  const fresh = lateSwap ? { players: request.players, warning: null } : leaveOutStartedPlayers(request);
  let pool: Pool;
  try {
    pool = buildPool(roster, fresh.players, settings, signal);
  } catch (error) {
    if (error instanceof BuildCancelled) return;
    throw error;
  }
  const solver: MipSolver = options.solver ?? createBranchAndBoundSolver();
  const batchSize = Math.max(1, options.batchSize ?? 5);
  const seed = request.seed ?? 1;
  const { candidates, units } = pool;

  // Late swap: what has started, and per lineup the slots that stay.
  const started = lateSwap ? startedUnits(pool, requestNow(request.now)) : new Set<number>();
  const pinnedPerLineup = lateSwap ? lateSwap.map((l, i) => pinnedSlots(pool, l, i, started)) : [];

  const saved = settings.includeSaved && !lateSwap ? (request.savedLineups ?? []).map((ids, i) => savedCandidates(pool, ids, i)) : [];
  const total = saved.length + numLUs;

  // Rules with a share are planned up front (plan.ts); the rest hold in every lineup.
  const aux = new AuxColumns(candidates.length);
  const { stackPlan, dimensions } = planRules(pool, settings, request, aux);
  const siteRuleParts = teamRulesParts(pool, aux);
  if (signal?.aborted) return;
  const sequences = dimensions.map((d) => planByFrequency(d.options.map((o) => o.freq), numLUs));
  const columnCount = candidates.length + aux.count;

  const unitCount = new Int32Array(units.length);
  const history: number[][] = []; // players of each lineup, for uniqueness
  const record = (chosen: number[]) => {
    for (const c of chosen) unitCount[candidates[c]!.unit]! += 1;
    history.push(chosen.map((c) => candidates[c]!.player));
  };

  const exposure = units.map((u) => ({
    max: Math.floor(((u.MaxExp ?? 100) * total) / 100 + 1e-9),
    min: Math.ceil(((u.MinExp ?? 0) * total) / 100 - 1e-9),
  }));
  const fullRoster = rosterRule(pool);
  if (signal?.aborted) return;
  const staticParts: Contribution[] = [
    salaryRule(pool, settings), ...topNRules(pool, settings), ...defenceRules(pool, settings), ...matchupRule(pool), ...siteRuleParts, ...stackPlan.statics,
  ];
  if (signal?.aborted) return;
  // A late swap re-optimises entries already made: without randomness, so that a swapped
  // lineup is the best the open slots allow and never scores less than the entry did.
  const ownRandom = lateSwap ? 0 : RANDOM_SIGMA[settings.projOwnRandInput] ?? 0;
  const baseOwn = Float64Array.from(candidates, (c) => c.own);
  const staticOwnParts = ownRandom > 0 ? null : ownershipRules({ pool, settings, own: baseOwn });
  const sigma = Float64Array.from(pool.playerCandidates, (cols) => (lateSwap ? 0 : sigmaFor(settings, candidates[cols[0]!]!.primary)));

  const maxOverlap = size - minUnique;
  const playerMark = new Uint8Array(pool.playerCandidates.length);
  const uniquenessRow = (players: number[]): Row => {
    const cols = players.flatMap((p) => pool.playerCandidates[p]!);
    return { rule: `Min unique ${minUnique}`, cols, coefs: cols.map(() => 1), lo: -Infinity, hi: maxOverlap, lazy: true };
  };
  /** The first earlier lineup a new one overlaps too much, as a cut. */
  const uniquenessCut = (columns: number[]): Row | null => {
    if (minUnique === 0) return null;
    for (const c of columns) if (c < candidates.length) playerMark[candidates[c]!.player] = 1;
    let cut: Row | null = null;
    for (const players of history) {
      let shared = 0;
      for (const p of players) shared += playerMark[p]!;
      if (shared > maxOverlap) { cut = uniquenessRow(players); break; }
    }
    for (const c of columns) if (c < candidates.length) playerMark[candidates[c]!.player] = 0;
    return cut;
  };
  // Uniqueness rows that bound recent lineups stay in the next lineup's model from the start.
  let primedCuts: Row[] = [];

  // Saved lineups are the user's as they are: minUnique binds new lineups against them, not
  // the saved lineups against each other (optimizer-rules, "minUnique").
  for (const chosen of saved) record(chosen);
  const warnings: string[] = [...(fresh.warning ? [fresh.warning] : []), ...stackPlan.notes];
  const fallbacks = new FallbackNotes();
  const batchWarnings = () => [...warnings.splice(0), ...fallbacks.flush()];
  let pending: Lineup[] = saved.map((chosen) => toLineup(pool, chosen, chosen.reduce((s, c) => s + candidates[c]!.points, 0), true));
  let produced = saved.length;
  if (pending.length > 0) {
    yield { lineups: pending, count: produced, total, warnings: [] };
    pending = [];
  }

  // Plan options that cannot hold in any lineup (with the rules every lineup has), found once.
  const deadOptions = new Set<string>();
  const checkedOptions = new Set<string>();
  const alternatives = (d: number, current: number) => dimensions[d]!.options
    .map((o, i) => ({ o, i })).filter(({ i }) => i !== current)
    .sort((a, b) => b.o.freq - a.o.freq || a.i - b.i).map(({ i }) => i);
  const isDead = (d: number, option: number): boolean => {
    const key = `${d}:${option}`;
    if (!checkedOptions.has(key)) {
      checkedOptions.add(key);
      const parts = dimensions[d]!.options[option]!.parts;
      if (parts.length > 0) {
        const model = assemble(pool, new Float64Array(columnCount), [fullRoster, ...staticParts, ...parts]);
        if (solver.solve(model, { signal: options.signal }).status === 'infeasible') deadOptions.add(key);
      }
    }
    return deadOptions.has(key);
  };
  const liveAlternative = (d: number, option: number) => alternatives(d, option).find((o) => !deadOptions.has(`${d}:${o}`)) ?? option;

  for (let k = 0; k < numLUs; k++) {
    if (options.signal?.aborted) return;
    const position = saved.length + k; // this lineup's place in the whole build
    const z = normals(seed * 100003 + k * 7919 + 1, pool.playerCandidates.length);
    const objective = new Float64Array(columnCount);
    candidates.forEach((c, i) => { objective[i] = Math.max(0, c.points * (1 + sigma[c.player]! * z[c.player]!)); });
    let ownParts = staticOwnParts;
    if (!ownParts) {
      const zo = normals(seed * 100003 + k * 7919 + 2, pool.playerCandidates.length);
      const own = Float64Array.from(candidates, (c) => Math.max(0, c.own * (1 + ownRandom * zo[c.player]!)));
      ownParts = ownershipRules({ pool, settings, own });
    }
    const pinned = pinnedPerLineup[k];
    const rosterPart = pinned && pinned.size > 0 ? rosterRule(pool, pinned) : fullRoster;
    const lateParts: Contribution[] = [];
    if (lateSwap) {
      const keep = new Set([...(pinned?.values() ?? [])].map((c) => candidates[c]!.unit));
      const gone = [...started].filter((u) => !keep.has(u));
      if (gone.length) lateParts.push({ rule: 'Games started', rows: [], exclude: gone.flatMap((u) => pool.unitCandidates[u]!) });
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
      // A player kept by a late swap stays whatever the exposures say.
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
    };
    const solveWith = (parts: Contribution[], withUniqueness: boolean, family?: Plan) => {
      const model = assemble(pool, objective, parts);
      if (withUniqueness) model.rows.push(...primedCuts);
      const cuts: Row[] = [];
      const result = solver.solve(model, {
        signal: options.signal,
        family: family?.join(','),
        lazyRows: withUniqueness ? (cols) => { const cut = uniquenessCut(cols); if (cut) cuts.push(cut); return cut; } : undefined,
      });
      return { result, cuts };
    };
    const planParts = (plan: Plan) => plan.flatMap((option, d) => dimensions[d]!.options[option]!.parts);
    const baseFor = (plan: Plan) => [rosterPart, ...staticParts, ...ownParts!, ...lateParts, ...planParts(plan)];
    /** Solves under a plan: exposures as set, then with the OverMax tolerance. */
    // A late-swap lineup whose players have all started has nothing to re-optimise: it stays as it was.
    const frozen = lateSwap && pinned && pinned.size === size ? lateSwapOriginal(pool, lateSwap[k]!) : null;
    const asItWas = (columns: number[]) => ({ status: 'optimal' as const, columns, objective: columns.reduce((sum, c) => sum + objective[c]!, 0) });
    const attempt = (plan: Plan, crossLineup = true) => {
      if (frozen) return { result: asItWas(frozen), cuts: [] as Row[], tolerated: 0 };
      if (!crossLineup) return { ...solveWith(baseFor(plan), false), tolerated: 0 };
      const first = solveWith([...baseFor(plan), ...exposureParts(0)], true, plan);
      if (first.result.status !== 'infeasible') return { ...first, tolerated: 0 };
      const tolerance = overMaxTolerance(settings.OverMax_Sensitivity, total);
      if (tolerance > 0) {
        const retry = solveWith([...baseFor(plan), ...exposureParts(tolerance)], true, plan);
        if (retry.result.status !== 'infeasible') return { ...retry, tolerated: tolerance };
      }
      return { ...first, tolerated: 0 };
    };
    const planned: Plan = sequences.map((seq) => seq[k]!);
    // Options that no lineup can meet (found once) are replaced at once by the next most frequent.
    let plan = planned.map((option, d) => (deadOptions.has(`${d}:${option}`) ? liveAlternative(d, option) : option));
    let { result, cuts, tolerated } = attempt(plan);
    if (result.status === 'infeasible') {
      let changed = false;
      plan = plan.map((option, d) => {
        if (!isDead(d, option)) return option;
        changed = true;
        return liveAlternative(d, option);
      });
      if (changed) ({ result, cuts, tolerated } = attempt(plan));
    }
    if (result.status === 'infeasible' && dimensions.length > 0) {
      // Fallback: the next most frequent option of one dimension at a time, then of all.
      const start = plan;
      search: for (let d = 0; d < dimensions.length; d++) {
        for (const option of alternatives(d, start[d]!)) {
          if (deadOptions.has(`${d}:${option}`)) continue;
          const trial = start.map((o, j) => (j === d ? option : o));
          const next = attempt(trial);
          if (next.result.status === 'aborted') return;
          if (next.result.status === 'optimal') { plan = trial; ({ result, cuts, tolerated } = next); break search; }
        }
      }
      if (result.status === 'infeasible') {
        // Every dimension at its most frequent workable option, one at a time.
        const trial = [...start];
        for (let d = 0; d < dimensions.length; d++) {
          for (const option of [start[d]!, ...alternatives(d, start[d]!)]) {
            trial[d] = option;
            const probe = solveWith(baseFor(trial), false);
            if (probe.result.status === 'aborted') return;
            if (probe.result.status === 'optimal') break;
          }
        }
        const next = attempt(trial);
        if (next.result.status === 'aborted') return;
        if (next.result.status === 'optimal') { plan = trial; ({ result, cuts, tolerated } = next); }
      }
    }
    if (result.status === 'optimal' && !frozen) {
      plan.forEach((option, d) => {
        if (option !== planned[d]) fallbacks.add(dimensions[d]!.name, dimensions[d]!.options[planned[d]!]!.label, dimensions[d]!.options[option]!.label, position + 1);
      });
    }
    const notes: LineupNote[] = [];
    /** A note on this lineup: its code on the lineup, its text among the batch's warnings. */
    const note = (code: LineupNoteCode, detail = '') => {
      const message = lineupNoteMessage(code, detail);
      notes.push({ code, message });
      warnings.push(`Lineup ${position + 1}: ${message}`);
    };
    if (result.status === 'optimal' && tolerated > 0) {
      note('exposure-tolerance', `${tolerated} lineup(s) (OverMax_Sensitivity ${settings.OverMax_Sensitivity})`);
    }
    let planSetAside = frozen !== null;
    if (result.status === 'infeasible' && lateSwap) {
      // A late swap returns one lineup per lineup in: without the cross-lineup rules, then
      // without the planned rules, else the lineup as it was.
      const alone = attempt(plan, false);
      if (alone.result.status === 'aborted') return;
      const bare = alone.result.status === 'optimal' ? null : solveWith([rosterPart, ...staticParts, ...ownParts, ...lateParts], false);
      if (bare?.result.status === 'aborted') return;
      if (alone.result.status === 'optimal') {
        ({ result, cuts } = alone);
        note('cross-lineup-rules-set-aside');
      } else if (bare?.result.status === 'optimal') {
        ({ result, cuts } = bare);
        planSetAside = true;
        note('plan-set-aside', dimensions.map((d, i) => `${d.name} "${d.options[plan[i]!]!.label}"`).join(', '));
      } else {
        const original = lateSwapOriginal(pool, lateSwap[k]!);
        if (original) {
          result = { status: 'optimal', columns: original, objective: original.reduce((s, c) => s + objective[c]!, 0) };
          cuts = [];
          planSetAside = true;
          note('kept-as-it-was');
        }
      }
    }
    if (result.status === 'aborted') return;
    if (result.status === 'infeasible') {
      if (pending.length > 0) yield { lineups: pending, count: produced, total, warnings: batchWarnings() };
      const parts = [...baseFor(planned), ...exposureParts(0)];
      const blame = diagnose(pool, objective, parts, minUnique > 0 && history.length > 0, solveWith);
      // The diagnosis solves many models; an abort during it leaves its answer unproven.
      if (signal?.aborted) return;
      throw new BuildError(
        k === 0 && saved.length === 0
          ? `No lineup satisfies the rules: ${blame.join(' + ')}`
          : `Lineup ${position + 1} of ${total} has no solution: ${blame.join(' + ')} cannot all hold`,
        blame, position,
      );
    }
    const chosen = result.columns.filter((c) => c < candidates.length);
    record(chosen);
    primedCuts = [...cuts, ...primedCuts].slice(0, 24);
    if (minUnique > 0) primedCuts.unshift(uniquenessRow(history[history.length - 1]!));
    produced += 1;
    const lineup = toLineup(pool, chosen, result.objective, false, pinned);
    if (lateSwap?.[k]?.entry) lineup.entry = { ...lateSwap[k]!.entry };
    if (notes.length > 0) lineup.notes = notes;
    if (dimensions.length > 0 && !planSetAside) lineup.plan = Object.fromEntries(plan.map((option, d) => [dimensions[d]!.name, dimensions[d]!.options[option]!.label]));
    pending.push(lineup);
    if (pending.length >= batchSize || k === numLUs - 1) {
      yield { lineups: pending, count: produced, total, warnings: batchWarnings() };
      pending = [];
    }
    await yieldToEventLoop();
  }
}

/** The columns of a late-swap lineup as it was, when all its players are still in the pool. */
function lateSwapOriginal(pool: Pool, lineup: LateSwapLineup): number[] | null {
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
