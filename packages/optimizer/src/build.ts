// A build: N lineups, one exact integer program each, streamed in batches.
import {
  coded, findRoster, lineupRuleViolations, POSITION_RANDOM_KEYS, RANDOM_SIGMA, resolveSettings, UnknownRosterError, type BuildSettings, type PlayerGroup,
  type CodedMessage, type LineupNote, type LineupNoteCode, type RandomLevel, withText, type TeamStackRow, siteId,
} from '@stacksmith/domain';
import { fillNormals, seededRng } from '@stacksmith/sim';
import { buildPool, type Pool } from './pool.js';
import { afterStartLineups, pinnedSlots, requestNow, startedUnits } from './late-swap.js';
import { leaveOutStartedPlayers } from './started-games.js';
import {
  Exposures, fallbackPlan, lateSwapOriginal, PlanOptions, rescueLateSwap, Uniqueness, type Attempt, type Plan, type SolveWith,
} from './build-steps.js';
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
    throw new InputError(coded('saved-lineup-size', { lineup: index + 1, players: ids?.length ?? 0, slots: roster.slots.length }));
  }
  return ids.map((raw, s) => {
    const id = String(raw);
    const bare = siteId(id);
    const group = pool.groups.findIndex((g) => g.slots.includes(s));
    const unit = pool.units.findIndex((u) => u.Id === id) >= 0 ? pool.units.findIndex((u) => u.Id === id) : pool.units.findIndex((u) => u.Id === bare);
    const cand = unit >= 0 ? pool.unitCandidates[unit]!.find((c) => pool.candidates[c]!.group === group) : undefined;
    if (cand === undefined) throw new InputError(coded('saved-lineup-player-not-in-pool', { lineup: index + 1, id, slot: roster.slots[s]!.label }));
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
  if (!Array.isArray(list)) throw new InputError(coded('team-stacks-not-a-list', {}));
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

/** Fallback notes of a batch: "dimension: from → to" with the lineups it happened in. */
class FallbackNotes {
  private notes = new Map<string, { what: string; from: string; to: string; lineups: number[] }>();
  add(what: string, from: string, to: string, lineup: number) {
    const key = `${what}\u0000${from}\u0000${to}`;
    const note = this.notes.get(key) ?? { what, from, to, lineups: [] };
    note.lineups.push(lineup);
    this.notes.set(key, note);
  }
  flush(): CodedMessage[] {
    const out = [...this.notes.values()].map((note) => coded('plan-option-dropped', note));
    this.notes.clear();
    return out;
  }
}

/**
 * A build, step by step: read the request; read the pool; late swap's started players and kept
 * slots; saved lineups; the rules planned by frequency and those every lineup holds; then per
 * lineup: its objective (with randomness), its plan, a solve under exposures and uniqueness,
 * the plan's fallbacks, a late swap's rescue, and the lineup recorded and sent in batches.
 * Each concern is a unit of build-steps.ts holding its own part of the build's state.
 */
export async function* buildLineups(request: BuildRequest, options: BuildOptions = {}): AsyncGenerator<BuildBatch> {
  const { roster, settings, lateSwap, numLUs, minUnique } = readRequest(request);
  const size = roster.slots.length;

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
  const { candidates } = pool;

  // Late swap: what has started, and per lineup the slots that stay.
  const started = lateSwap ? startedUnits(pool, requestNow(request.now)) : new Set<number>();
  const pinnedPerLineup = lateSwap ? lateSwap.map((l, i) => pinnedSlots(pool, l, i, started)) : [];

  // Saved (and locked) lineups are kept as they are, but never one the site would refuse: a
  // lineup saved before a rule held, or sent by another client, is left out with a warning.
  const saved: number[][] = [];
  const savedLeftOut: CodedMessage[] = [];
  if (settings.includeSaved && !lateSwap) {
    (request.savedLineups ?? []).forEach((ids, i) => {
      const chosen = savedCandidates(pool, ids, i);
      const broken = lineupRuleViolations(roster, chosen.map((c) => pool.units[candidates[c]!.unit]!));
      if (broken.length > 0) savedLeftOut.push(coded('kept-lineup-left-out', { what: `Saved lineup ${i + 1}`, violations: broken }));
      else saved.push(chosen);
    });
  }
  const total = saved.length + numLUs;

  // Rules with a share are planned up front (plan.ts); the rest hold in every lineup.
  const aux = new AuxColumns(candidates.length);
  const { stackPlan, dimensions } = planRules(pool, settings, request, aux);
  const siteRuleParts = teamRulesParts(pool, aux);
  if (signal?.aborted) return;
  const sequences = dimensions.map((d) => planByFrequency(d.options.map((o) => o.freq), numLUs));
  const columnCount = candidates.length + aux.count;

  const exposures = new Exposures(pool, total);
  const uniqueness = new Uniqueness(pool, minUnique);
  const record = (chosen: number[]) => {
    exposures.record(chosen);
    uniqueness.record(chosen);
  };
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

  // Saved lineups are the user's as they are: minUnique binds new lineups against them, not
  // the saved lineups against each other (they were never built together).
  for (const chosen of saved) record(chosen);
  const warnings: CodedMessage[] = [...(fresh.warning ? [fresh.warning] : []), ...savedLeftOut, ...stackPlan.notes];
  const fallbacks = new FallbackNotes();
  const batchWarnings = () => [...warnings.splice(0), ...fallbacks.flush()];
  let pending: Lineup[] = saved.map((chosen) => toLineup(pool, chosen, chosen.reduce((s, c) => s + candidates[c]!.points, 0), true));
  let produced = saved.length;
  if (pending.length > 0) {
    yield { lineups: pending, count: produced, total, warnings: [] };
    pending = [];
  }

  // Plan options that cannot hold in any lineup (with the rules every lineup has), found once.
  const planOptions = new PlanOptions(dimensions, (parts) => {
    const model = assemble(pool, new Float64Array(columnCount), [fullRoster, ...staticParts, ...parts]);
    return solver.solve(model, { signal: options.signal }).status === 'infeasible';
  });

  for (let k = 0; k < numLUs; k++) {
    if (options.signal?.aborted) return;
    const position = saved.length + k; // this lineup's place in the whole build

    // The lineup's objective and ownership rules, with this lineup's random draws.
    const z = normals(seed * 100003 + k * 7919 + 1, pool.playerCandidates.length);
    const objective = new Float64Array(columnCount);
    candidates.forEach((c, i) => { objective[i] = Math.max(0, c.points * (1 + sigma[c.player]! * z[c.player]!)); });
    let ownParts = staticOwnParts;
    if (!ownParts) {
      const zo = normals(seed * 100003 + k * 7919 + 2, pool.playerCandidates.length);
      const own = Float64Array.from(candidates, (c) => Math.max(0, c.own * (1 + ownRandom * zo[c.player]!)));
      ownParts = ownershipRules({ pool, settings, own });
    }
    const lineupOwnParts = ownParts;

    // Late swap: the slots that stay, and the started players who may not come in.
    const pinned = pinnedPerLineup[k];
    const rosterPart = pinned && pinned.size > 0 ? rosterRule(pool, pinned) : fullRoster;
    const lateParts: Contribution[] = [];
    if (lateSwap) {
      const keep = new Set([...(pinned?.values() ?? [])].map((c) => candidates[c]!.unit));
      const gone = [...started].filter((u) => !keep.has(u));
      if (gone.length) lateParts.push({ rule: 'Games started', rows: [], exclude: gone.flatMap((u) => pool.unitCandidates[u]!) });
    }

    const solveWith: SolveWith = (parts, withUniqueness, family) => {
      const model = assemble(pool, objective, parts);
      if (withUniqueness) model.rows.push(...uniqueness.primed);
      const cuts: Row[] = [];
      const result = solver.solve(model, {
        signal: options.signal,
        family: family?.join(','),
        lazyRows: withUniqueness ? (cols) => { const cut = uniqueness.cut(cols); if (cut) cuts.push(cut); return cut; } : undefined,
      });
      return { result, cuts };
    };
    const baseFor = (plan: Plan) => [rosterPart, ...staticParts, ...lineupOwnParts, ...lateParts, ...planOptions.parts(plan)];
    // A late-swap lineup whose players have all started has nothing to re-optimise: it stays as it was.
    const frozen = lateSwap && pinned && pinned.size === size ? lateSwapOriginal(pool, lateSwap[k]!) : null;
    /** Solves under a plan: exposures as set, then with the OverMax tolerance. */
    const attempt = (plan: Plan): Attempt => {
      if (frozen) return { result: { status: 'optimal', columns: frozen, objective: frozen.reduce((sum, c) => sum + objective[c]!, 0) }, cuts: [], tolerated: 0 };
      const first = solveWith([...baseFor(plan), ...exposures.parts(0, position, pinned)], true, plan);
      if (first.result.status !== 'infeasible') return { ...first, tolerated: 0 };
      const tolerance = overMaxTolerance(settings.OverMax_Sensitivity, total);
      if (tolerance > 0) {
        const retry = solveWith([...baseFor(plan), ...exposures.parts(tolerance, position, pinned)], true, plan);
        if (retry.result.status !== 'infeasible') return { ...retry, tolerated: tolerance };
      }
      return { ...first, tolerated: 0 };
    };

    // The plan: as scheduled, dead options replaced; then the fallbacks when it is infeasible.
    const planned: Plan = sequences.map((seq) => seq[k]!);
    let plan = planOptions.withoutKnownDead(planned);
    let { result, cuts, tolerated } = attempt(plan);
    if (result.status === 'infeasible') {
      const replaced = planOptions.withoutDead(plan);
      if (replaced) {
        plan = replaced;
        ({ result, cuts, tolerated } = attempt(plan));
      }
    }
    if (result.status === 'infeasible' && dimensions.length > 0) {
      const found = fallbackPlan(planOptions, plan, attempt, (trial) => solveWith(baseFor(trial), false));
      if (found === 'aborted') return;
      if (found) ({ plan, attempt: { result, cuts, tolerated } } = found);
    }
    if (result.status === 'optimal' && !frozen) {
      plan.forEach((option, d) => {
        if (option !== planned[d]) fallbacks.add(dimensions[d]!.name, dimensions[d]!.options[planned[d]!]!.label, dimensions[d]!.options[option]!.label, position + 1);
      });
    }
    const notes: LineupNote[] = [];
    /** A note on this lineup: on the lineup, and among the batch's warnings with the lineup's number. */
    const note = (message: Extract<CodedMessage, { code: LineupNoteCode }>) => {
      notes.push(withText(message) as LineupNote);
      warnings.push({ ...message, params: { ...message.params, lineup: position + 1 } } as CodedMessage);
    };
    if (result.status === 'optimal' && tolerated > 0) {
      note(coded('exposure-tolerance', { lineups: tolerated, sensitivity: settings.OverMax_Sensitivity }));
    }

    // A late swap answers one lineup per lineup in, even when the rules leave it no room.
    let planSetAside = frozen !== null;
    if (result.status === 'infeasible' && lateSwap) {
      const rescue = rescueLateSwap(
        () => solveWith(baseFor(plan), false),
        () => solveWith([rosterPart, ...staticParts, ...lineupOwnParts, ...lateParts], false),
        () => lateSwapOriginal(pool, lateSwap[k]!),
      );
      if (rescue.kind === 'aborted') return;
      if (rescue.kind === 'alone') {
        ({ result, cuts } = rescue.solved);
        note(coded('cross-lineup-rules-set-aside', {}));
      } else if (rescue.kind === 'bare') {
        ({ result, cuts } = rescue.solved);
        planSetAside = true;
        note(coded('plan-set-aside', { detail: dimensions.map((d, i) => `${d.name} "${d.options[plan[i]!]!.label}"`).join(', ') }));
      } else if (rescue.kind === 'as-it-was') {
        result = { status: 'optimal', columns: rescue.columns, objective: rescue.columns.reduce((s, c) => s + objective[c]!, 0) };
        cuts = [];
        planSetAside = true;
        note(coded('kept-as-it-was', {}));
      }
    }
    if (result.status === 'aborted') return;

    // No lineup: say which rules clash, after sending what was made.
    if (result.status === 'infeasible') {
      if (pending.length > 0) yield { lineups: pending, count: produced, total, warnings: batchWarnings() };
      const parts = [...baseFor(planned), ...exposures.parts(0, position, pinned)];
      const blame = diagnose(pool, objective, parts, minUnique > 0 && uniqueness.history.length > 0, solveWith);
      // The diagnosis solves many models; an abort during it leaves its answer unproven.
      if (signal?.aborted) return;
      throw new BuildError(
        k === 0 && saved.length === 0
          ? coded('no-lineup-satisfies-rules', { rules: blame })
          : coded('lineup-has-no-solution', { lineup: position + 1, total, rules: blame }),
        blame, position,
      );
    }

    // The lineup made: recorded for exposures and uniqueness, and sent with its batch.
    const chosen = result.columns.filter((c) => c < candidates.length);
    record(chosen);
    uniqueness.prime(cuts);
    produced += 1;
    const lineup = toLineup(pool, chosen, result.objective, false, pinned);
    if (lateSwap?.[k]?.entry) lineup.entry = { ...lateSwap[k]!.entry };
    if (notes.length > 0) lineup.notes = notes;
    if (dimensions.length > 0 && !planSetAside) lineup.plan = planOptions.labels(plan);
    pending.push(lineup);
    if (pending.length >= batchSize || k === numLUs - 1) {
      yield { lineups: pending, count: produced, total, warnings: batchWarnings() };
      pending = [];
    }
    await yieldToEventLoop();
  }
}

/** The request's roster, settings and counts, checked before any work: bad values are InputErrors. */
function readRequest(request: BuildRequest) {
  const roster = findRoster(request.sport, request.site, request.contestType);
  // An unknown roster is bad input like any other (InputError), not an internal failure.
  if (!roster) throw new InputError(new UnknownRosterError(request.sport, request.site, request.contestType).coded);
  const settings = resolveSettings(request.sport, request.site, request.contestType, request.settings ?? {});
  const lateSwap = afterStartLineups(request);
  if (lateSwap && lateSwap.length === 0) throw new InputError(coded('late-swap-no-active-lineups', {}));
  const numLUs = lateSwap ? lateSwap.length : Math.floor(Number(settings.numLUs));
  if (!(numLUs >= 1)) throw new InputError(coded('num-lus-below-1', {}));
  const size = roster.slots.length;
  const minUnique = Math.floor(Number(settings.minUnique));
  if (!(minUnique >= 0 && minUnique <= size)) throw new InputError(coded('min-unique-out-of-range', { max: size }));
  if (settings.minSal > Math.min(settings.maxSal, roster.salaryCap)) throw new InputError(coded('min-sal-above-max-sal', { minSal: settings.minSal, maxSal: Math.min(settings.maxSal, roster.salaryCap) }));
  return { roster, settings, lateSwap, numLUs, minUnique };
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
