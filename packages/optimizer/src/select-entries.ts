// Choosing N entries from a candidate pool so that the choice is never worse than the plain
// build: the pool always holds the plain build's lineups and the no-randomness optimum, the
// greedy selection (packages/sim) picks by the contest's own payout table, and the chosen
// entries and the plain build are then judged together on fresh simulations and fresh fields:
// where the plain build does at least as well, it is kept.
import {
  FieldError, lineupKey, meanAndSeByField, selectionSimulations, selectPortfolio, SelectionError, simulate,
  type Contest, type LineupStats, type PortfolioStats, type Selection, type SelectionLimit, type SimulationResult,
} from '@stacksmith/sim';
import { coded, type CodedMessage } from '@stacksmith/domain';
import { buildLineups } from './build.js';
import type { SimulationSlate } from './simulate.js';
import { InputError, type BuildRequest, type Lineup } from './types.js';

/**
 * The plain builds of a request for N entries: the user's own settings for N lineups (their
 * randomness: `randomness`, or the settings' default when they chose none), then lineup 1 with
 * no randomness at all, the proven optimum.
 */
export async function plainBuilds(request: BuildRequest, count: number, randomness: string | undefined): Promise<Lineup[]> {
  const { projPtsRandInput: _pool, ...own } = request.settings ?? {};
  const settings = { ...own, numLUs: count, ...(randomness !== undefined ? { projPtsRandInput: randomness } : {}) } as NonNullable<BuildRequest['settings']>;
  const builds: Lineup[] = [];
  for await (const batch of buildLineups({ ...request, settings })) builds.push(...batch.lineups);
  const steady = Object.fromEntries(Object.entries(settings).filter(([key]) => !/^proj(Pts|Own)Rand/.test(key)));
  const exact = { ...steady, numLUs: 1, projPtsRandInput: 'none', projOwnRandInput: 'none' } as NonNullable<BuildRequest['settings']>;
  for await (const batch of buildLineups({ ...request, settings: exact })) builds.push(...batch.lineups);
  return builds;
}

/**
 * The pool's lineups with the plain ones added where missing: `plain` indexes the plain
 * lineups in it, `added` the plain lineups appended (in order, as indices into `plain`).
 */
export function poolWithPlain(pool: readonly number[][], plain: readonly number[][]): { lineups: number[][]; plain: number[]; added: number[] } {
  const lineups = [...pool];
  const index = new Map(pool.map((l, i) => [lineupKey(l), i]));
  const plainIndices: number[] = [];
  const added: number[] = [];
  plain.forEach((l, j) => {
    let at = index.get(lineupKey(l));
    if (at === undefined) {
      at = lineups.length;
      lineups.push(l);
      added.push(j);
      index.set(lineupKey(l), at);
    }
    if (!plainIndices.includes(at)) plainIndices.push(at);
  });
  return { lineups, plain: plainIndices, added };
}

export interface EntrySelection {
  /** Indices into the pool of the entries, in the order picked. */
  chosen: number[];
  /** True when the plain build was kept because the selection did not beat it on fresh simulations. */
  keptPlain: boolean;
  /** The chosen entries together, and each alone, on fresh simulations. */
  portfolio: PortfolioStats;
  lineups: LineupStats[];
  /** The plain build's N on the same fresh simulations, and the chosen entries' profit over it (paired, with its SE). */
  plain: PortfolioStats;
  edge: { meanProfit: number; se: number; roi: number; roiSe: number };
  selection: Selection;
  /** The run the selection chose on (each pool lineup's results there, in-sample, over the simulations the selection read). */
  run: SimulationResult;
  warnings: CodedMessage[];
}

export interface SelectEntriesArgs {
  sim: SimulationSlate;
  contest: Contest;
  /** Worker threads of each simulation (default: the engine's choice; 0 runs in this thread). */
  threads?: number;
  /** Candidate lineups as options; `plain` indexes the plain build's lineups among them (first N: the plain entries). */
  pool: number[][];
  plain: number[];
  count: number;
  limits: SelectionLimit[];
  simulations: number;
  seed: number;
  signal?: AbortSignal;
  onProgress?: (phase: 'simulate' | 'select' | 'evaluate', done: number, total: number) => void;
}

/** A field that cannot be drawn (no lineup under the cap) is the input's fault, said plainly. */
export function fieldInputError(error: unknown): never {
  if (error instanceof FieldError) throw new InputError(error.coded);
  throw error;
}

/** The difference of two sets of entries judged on the same simulations, its SE counting the fields (simulation i in field fields[i]). */
function pairedEdge(a: PortfolioStats, b: PortfolioStats, fields: Int32Array): EntrySelection['edge'] {
  const n = Math.min(a.profits.length, b.profits.length);
  const { mean, se } = meanAndSeByField(a.profits.subarray(0, n).map((p, i) => p - b.profits[i]!), fields.subarray(0, n));
  return { meanProfit: mean, se, roi: a.cost > 0 ? mean / a.cost : 0, roiSe: a.cost > 0 ? se / a.cost : 0 };
}

/** Selects `count` entries from the pool; never returns entries rated below the plain build on the fresh simulations. */
export async function selectEntries(args: SelectEntriesArgs): Promise<EntrySelection> {
  const { sim, contest, pool, count, simulations, seed, signal } = args;
  // Worker threads as the engine decides (a large run uses the machine's cores) unless the caller says.
  const threads = args.threads === undefined ? {} : { threads: args.threads };
  const warnings: CodedMessage[] = [];
  const base = { slate: sim.slate, contest, simulations };
  // The selection reads only the first simulations of its run (selectionSimulations; they span
  // all the run's fields): the run stops there. The entries' own figures come from the full
  // count of fresh simulations below. Each run draws its fields for the entries it judges.
  const opponents = Math.max(1, contest.fieldSize - count);
  const run = await simulate({ ...base, simulations: selectionSimulations(contest, opponents, 0, simulations), lineups: pool, userEntries: count, seed }, {
    ...threads, keepForSelection: true, ...(signal ? { signal } : {}), onProgress: ({ done, total }) => args.onProgress?.('simulate', done, total),
  }).catch(fieldInputError);
  let selection: Selection;
  try {
    selection = selectPortfolio(run, {
      count, limits: args.limits, ...(signal ? { signal } : {}), onProgress: (done, total) => args.onProgress?.('select', done, total),
    });
  } catch (error) {
    if (error instanceof SelectionError) throw new InputError(error.coded);
    throw error;
  }
  for (const unmet of selection.unmet) warnings.push(coded('selection-minimum-unmet', { rule: unmet }));
  // Judged on fresh simulations and fresh fields (another seed: the selection's own fields would
  // flatter the entries chosen against them), in one pass: the chosen entries and the plain
  // build's N (for one entry also the no-randomness optimum) meet the same slates and fields, a
  // paired comparison.
  const plainEntries = args.plain.slice(0, count);
  const baselines = plainEntries.length === count ? [plainEntries] : [];
  if (count === 1 && args.plain.length > 1) baselines.push([args.plain[args.plain.length - 1]!]);
  const judged = [...new Set([...selection.chosen, ...baselines.flat()])];
  const at = new Map(judged.map((p, i) => [p, i]));
  const judgeRun = await simulate({
    ...base, lineups: judged.map((i) => pool[i]!), portfolio: selection.chosen.map((i) => at.get(i)!),
    comparisons: baselines.map((set) => set.map((i) => at.get(i)!)), seed: seed + 1,
  }, { ...threads, ...(signal ? { signal } : {}), onProgress: ({ done, total }) => args.onProgress?.('evaluate', done, total) }).catch(fieldInputError);
  const chosen = judgeRun.portfolio!;
  const lineupStats = (entries: number[]) => entries.map((i) => judgeRun.lineups[at.get(i)!]!);
  let best = -1;
  judgeRun.comparisons.forEach((stats, b) => {
    if (stats.meanProfit >= (best < 0 ? chosen.meanProfit : judgeRun.comparisons[best]!.meanProfit)) best = b;
  });
  const plainResult = judgeRun.comparisons[0] ?? null;
  if (best >= 0) {
    const kept = judgeRun.comparisons[best]!;
    warnings.push(coded('selection-plain-build-kept', {}));
    return {
      chosen: baselines[best]!, keptPlain: true, portfolio: kept, lineups: lineupStats(baselines[best]!), plain: plainResult!,
      edge: pairedEdge(kept, plainResult!, judgeRun.simulationFields), selection, run, warnings,
    };
  }
  const plain = plainResult ?? chosen;
  return {
    chosen: selection.chosen, keptPlain: false, portfolio: chosen, lineups: lineupStats(selection.chosen), plain, edge: pairedEdge(chosen, plain, judgeRun.simulationFields), selection, run, warnings,
  };
}
