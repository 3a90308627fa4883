// A simulation run: several fields (each its own ownership draw around ProjOwn and its own
// lineups), the S simulations of player outcomes shared among them, each lineup scored once per
// simulation and ranked against its field grouped by score once. Chunks of simulations run in
// worker threads (or in this thread), each field drawn by the thread that plays it, and are
// merged in order, so the same seed gives the same numbers whatever the thread count; progress
// is reported as chunks land. Standard errors count the fields: simulations that share a field
// are correlated (fieldClusteredSe).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Contest } from './contest.js';
import { planFields, sampleField, type Field, type FieldOptions } from './field.js';
import {
  compileModel, fieldOfSimulation, FIELDS_PER_RUN, packField, runChunk, type ChunkResult, type CompiledModel, type InMoneyScores,
} from './model.js';
import { runField, type FieldInfo, type FieldSource } from './run-fields.js';
import type { SimLineup, SimSlate } from './slate.js';

export interface SimulationSpec {
  slate: SimSlate;
  contest: Contest;
  /** Candidate lineups (option indices). */
  lineups: readonly SimLineup[];
  /** Indices into `lineups` entered together (default: none). Must be at most maxEntriesPerUser. */
  portfolio?: readonly number[];
  simulations: number;
  seed: number;
  /**
   * Other sets of entries (indices into `lineups`, as many as the portfolio) judged on the same
   * simulations: `comparisons` in the result, a paired comparison in one pass.
   */
  comparisons?: readonly (readonly number[])[];
  /**
   * One field drawn before, played by every simulation (to compare against the same opponents):
   * the standard errors then count the simulations only. Without it the run draws its own fields.
   */
  field?: Field;
  /** Entries the user enters, when not the portfolio (a run for selection has none yet): the fields are the contest less these. */
  userEntries?: number;
  /** Fields the run draws (default FIELDS_PER_RUN; at most the simulations). */
  fields?: number;
  fieldOptions?: Omit<FieldOptions, 'seed'>;
}

export interface RunOptions {
  /** Worker threads (default: the machine's cores, at most 4; 0 runs in this thread). */
  threads?: number;
  /** Simulations per chunk (default 250). */
  chunkSize?: number;
  signal?: AbortSignal;
  /** Keep what portfolio selection needs (the first simulations' scores in the money, with their ranks in the field). */
  keepForSelection?: boolean;
  onProgress?: (progress: SimulationProgress) => void;
}

export interface LineupStats {
  /** Mean payout per entry. */
  meanPayout: number;
  /** (mean payout − fee) / fee, and its standard error. */
  roi: number;
  roiSe: number;
  /** Shares of simulations (0..1): 1st place (a tie counts as its share), top 1 %, any prize. */
  win: number;
  top1: number;
  cash: number;
  /** Opponents' lineups identical to this one (the mean over the run's fields, to 0.1). */
  duplicates: number;
}

export interface PortfolioStats {
  entries: number;
  cost: number;
  meanProfit: number;
  profitSe: number;
  roi: number;
  roiSe: number;
  /** Share of simulations in which the entries together lose money. */
  pLoss: number;
  /** Profit per simulation. */
  profits: Float64Array;
  /** Share of entries finishing in the top 1 % and in the money, with standard errors (counting the fields, as roiSe). */
  top1: number;
  top1Se: number;
  cash: number;
  cashSe: number;
}

export interface SimulationResult {
  simulations: number;
  /** Opponents in each field. */
  fieldCount: number;
  /** Fields the run played, and the field of each simulation done. */
  fields: number;
  simulationFields: Int32Array;
  lineups: LineupStats[];
  portfolio: PortfolioStats | null;
  /** The spec's comparison sets, as the portfolio. */
  comparisons: PortfolioStats[];
  /** Realised ownership of the field per option (percent; the mean over the run's fields). */
  fieldOwnership: Float64Array;
  model: CompiledModel;
  /** Per lineup, its (simulation, score) pairs in the kept simulations where it reaches the paid top of the field. */
  keptInMoney?: InMoneyScores;
  /** Mean payout per lineup over the kept simulations. */
  keptMeanPayout?: Float64Array;
}

export interface SimulationProgress {
  done: number;
  total: number;
  /** Results over the simulations done so far. */
  partial: () => SimulationResult;
}

/**
 * Joins the chunks' in-money scores (each grouped by lineup in its own thread) into one set
 * grouped by lineup: each lineup's part of each chunk in turn, so its simulations stay in order.
 */
function joinInMoney(poolCount: number, chunks: readonly ChunkResult[]): InMoneyScores {
  const start = new Int32Array(poolCount + 1);
  for (let l = 0; l < poolCount; l++) {
    let n = 0;
    for (const c of chunks) n += c.inMoney.start[l + 1]! - c.inMoney.start[l]!;
    start[l + 1] = start[l]! + n;
  }
  const total = start[poolCount]!;
  const out: InMoneyScores = {
    start, sim: new Int32Array(total), score: new Float32Array(total), fieldAbove: new Int32Array(total), fieldTied: new Int32Array(total),
  };
  let at = 0;
  for (let l = 0; l < poolCount; l++) {
    for (const { inMoney: c } of chunks) {
      for (let i = c.start[l]!; i < c.start[l + 1]!; i++, at++) {
        out.sim[at] = c.sim[i]!;
        out.score[at] = c.score[i]!;
        out.fieldAbove[at] = c.fieldAbove[i]!;
        out.fieldTied[at] = c.fieldTied[i]!;
      }
    }
  }
  return out;
}

export class SimulationAborted extends Error {
  constructor() {
    super('The simulation was cancelled');
    this.name = 'SimulationAborted';
  }
}

/** Most simulations, lineups and field entries a run accepts (memory stays within a few hundred MB). */
export const SIMULATION_LIMITS = { simulations: 100_000, lineups: 20_000, fieldSize: 500_000, fields: 16 } as const;

class Totals {
  readonly sumPay: Float64Array;
  readonly sumPay2: Float64Array;
  readonly wins: Float64Array;
  readonly top1: Float64Array;
  readonly cash: Float64Array;
  readonly sumPayKept: Float64Array;
  readonly portfolioPayout: Float64Array;
  readonly portfolioTop1: Float64Array;
  readonly portfolioCashes: Float64Array;
  readonly comparisons: { payout: Float64Array; top1: Float64Array; cashes: Float64Array }[];
  readonly inMoney: ChunkResult[] = [];
  /** Payout sums per lineup and field (lineup l, field f at l·fields + f), and simulations per field. */
  readonly fieldSumPay: Float64Array;
  readonly fieldSims: Float64Array;
  /** What each field drawn so far reports (its first report: a field drawn twice is the same field). */
  readonly fieldInfo = new Map<number, FieldInfo>();
  done = 0;

  constructor(poolCount: number, simulations: number, comparisons: number, readonly fields: number) {
    this.fieldSumPay = new Float64Array(poolCount * fields);
    this.fieldSims = new Float64Array(fields);
    this.sumPay = new Float64Array(poolCount);
    this.sumPay2 = new Float64Array(poolCount);
    this.wins = new Float64Array(poolCount);
    this.top1 = new Float64Array(poolCount);
    this.cash = new Float64Array(poolCount);
    this.sumPayKept = new Float64Array(poolCount);
    this.portfolioPayout = new Float64Array(simulations);
    this.portfolioTop1 = new Float64Array(simulations);
    this.portfolioCashes = new Float64Array(simulations);
    this.comparisons = Array.from({ length: comparisons }, () => ({
      payout: new Float64Array(simulations), top1: new Float64Array(simulations), cashes: new Float64Array(simulations),
    }));
  }

  add(chunk: ChunkResult, field: number): void {
    for (const key of ['sumPay', 'sumPay2', 'wins', 'top1', 'cash', 'sumPayKept'] as const) {
      const into = this[key];
      const from = chunk[key];
      for (let i = 0; i < into.length; i++) into[i]! += from[i]!;
    }
    const f = this.fields;
    for (let l = 0; l < chunk.sumPay.length; l++) this.fieldSumPay[l * f + field]! += chunk.sumPay[l]!;
    this.fieldSims[field]! += chunk.to - chunk.from;
    this.portfolioPayout.set(chunk.portfolioPayout, chunk.from);
    this.portfolioTop1.set(chunk.portfolioTop1, chunk.from);
    this.portfolioCashes.set(chunk.portfolioCashes, chunk.from);
    this.comparisons.forEach((c, i) => {
      c.payout.set(chunk.comparisonPayout[i]!, chunk.from);
      c.top1.set(chunk.comparisonTop1[i]!, chunk.from);
      c.cashes.set(chunk.comparisonCashes[i]!, chunk.from);
    });
    if (chunk.inMoney.sim.length > 0) this.inMoney.push(chunk);
    this.done = chunk.to;
  }
}

function summarise(model: CompiledModel, totals: Totals, optionCount: number): SimulationResult {
  const s = totals.done;
  const fee = model.entryFee;
  const F = model.fields;
  // Each candidate's duplicates and the field's ownership: means over the fields drawn so far.
  const infos = [...totals.fieldInfo.values()].sort((x, y) => x.index - y.index); // in field order, whatever order they came in
  const duplicates = new Float64Array(model.poolCount);
  const fieldOwnership = new Float64Array(optionCount);
  for (const info of infos) {
    for (let l = 0; l < duplicates.length; l++) duplicates[l]! += info.duplicates[l]! / infos.length;
    for (let o = 0; o < optionCount; o++) fieldOwnership[o]! += info.ownership[o]! / infos.length;
  }
  const simulationFields = new Int32Array(s);
  for (let i = 0; i < s; i++) simulationFields[i] = fieldOfSimulation(model, i);
  const lineups: LineupStats[] = [];
  for (let l = 0; l < model.poolCount; l++) {
    const { mean, se } = fieldClusteredSe(totals.fieldSims, totals.fieldSumPay.subarray(l * F, (l + 1) * F), totals.sumPay2[l]!);
    lineups.push({
      meanPayout: mean,
      roi: (mean - fee) / fee,
      roiSe: se / fee,
      win: s > 0 ? totals.wins[l]! / s : 0,
      top1: s > 0 ? totals.top1[l]! / s : 0,
      cash: s > 0 ? totals.cash[l]! / s : 0,
      duplicates: Math.round(duplicates[l]! * 10) / 10,
    });
  }
  const stats = (entries: number, payout: Float64Array, top1s: Float64Array, cashes: Float64Array): PortfolioStats => {
    const cost = entries * fee;
    const profits = payout.slice(0, s).map((p) => p - cost);
    const top1 = meanAndSeByField(top1s.subarray(0, s), simulationFields);
    const cash = meanAndSeByField(cashes.subarray(0, s), simulationFields);
    return {
      entries, cost, ...profitStats(profits, cost, simulationFields), profits,
      top1: top1.mean / entries, top1Se: top1.se / entries, cash: cash.mean / entries, cashSe: cash.se / entries,
    };
  };
  const portfolio = model.portfolio.length > 0
    ? stats(model.portfolio.length, totals.portfolioPayout, totals.portfolioTop1, totals.portfolioCashes) : null;
  const comparisons = totals.comparisons.map((c, i) => stats(model.comparisons[i]!.length, c.payout, c.top1, c.cashes));
  const result: SimulationResult = {
    simulations: s, fieldCount: model.fieldCount, fields: F, simulationFields, lineups, portfolio, comparisons, fieldOwnership, model,
  };
  if (model.keepSims > 0) {
    const keptDone = Math.min(s, model.keepSims);
    result.keptMeanPayout = totals.sumPayKept.map((v) => (keptDone > 0 ? v / keptDone : 0));
    result.keptInMoney = joinInMoney(model.poolCount, totals.inMoney);
  }
  return result;
}

/**
 * The mean of values observed in groups (fields) and its standard error, counting that values
 * sharing a field are correlated: a one-way random-effects split of the variance (unbalanced
 * ANOVA, method of moments). The within-field variance σw² is estimated from the spread inside
 * the fields (N − F degrees of freedom), the between-field variance σb² from the spread of the
 * field means less what σw² explains (never below 0); the mean's variance is
 * σw²/N + σb²·Σ(n_f/N)². With one field it is the plain standard error over the values (the
 * field is then given, not drawn); with equal fields it is at least the plain one and close
 * to the standard error of the F field means when the fields differ.
 */
export function fieldClusteredSe(counts: ArrayLike<number>, sums: ArrayLike<number>, sumOfSquares: number): { mean: number; se: number } {
  let n = 0;
  let total = 0;
  let groups = 0;
  let between = 0; // Σ sum_f² / n_f
  let squares = 0; // Σ n_f²
  for (let f = 0; f < counts.length; f++) {
    const c = counts[f]!;
    if (c <= 0) continue;
    n += c;
    total += sums[f]!;
    groups++;
    between += (sums[f]! * sums[f]!) / c;
    squares += c * c;
  }
  if (n === 0) return { mean: 0, se: 0 };
  const mean = total / n;
  if (n < 2) return { mean, se: 0 };
  const ssb = Math.max(0, between - n * mean * mean);
  const ssw = Math.max(0, sumOfSquares - between);
  if (groups < 2) return { mean, se: Math.sqrt((ssw + ssb) / (n - 1) / n) };
  const within = n > groups ? ssw / (n - groups) : 0;
  const weight = n - squares / n;
  const betweenVar = weight > 0 ? Math.max(0, (ssb - (groups - 1) * within) / weight) : 0;
  return { mean, se: Math.sqrt(within / n + (betweenVar * squares) / (n * n)) };
}

/** Mean and standard error of per-simulation values, simulation i played in field fields[i] (fieldClusteredSe); without fields, the plain one. */
export function meanAndSeByField(values: ArrayLike<number>, fields?: ArrayLike<number>): { mean: number; se: number } {
  const counts: number[] = [];
  const sums: number[] = [];
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    const f = fields ? fields[i]! : 0;
    while (counts.length <= f) { counts.push(0); sums.push(0); }
    counts[f]! += 1;
    sums[f]! += values[i]!;
    squares += values[i]! * values[i]!;
  }
  return fieldClusteredSe(counts, sums, squares);
}

/** Mean, standard error (counting the fields when `fields` gives each simulation's), ROI and P(loss) of a list of profits. */
export function profitStats(profits: ArrayLike<number>, cost: number, fields?: ArrayLike<number>): Pick<PortfolioStats, 'meanProfit' | 'profitSe' | 'roi' | 'roiSe' | 'pLoss'> {
  const { mean, se } = meanAndSeByField(profits, fields);
  let losses = 0;
  for (let i = 0; i < profits.length; i++) if (profits[i]! < 0) losses++;
  return {
    meanProfit: mean, profitSe: se, roi: cost > 0 ? mean / cost : 0, roiSe: cost > 0 ? se / cost : 0,
    pLoss: profits.length > 0 ? losses / profits.length : 0,
  };
}

/** A histogram of values in `bins` equal bins between their min and max. */
export function histogram(values: ArrayLike<number>, bins = 30): { edges: number[]; counts: number[] } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    min = Math.min(min, values[i]!);
    max = Math.max(max, values[i]!);
  }
  if (!(max >= min)) return { edges: [], counts: [] };
  if (max === min) max = min + 1;
  const width = (max - min) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < values.length; i++) counts[Math.min(bins - 1, Math.floor((values[i]! - min) / width))]! += 1;
  return { edges: Array.from({ length: bins + 1 }, (_, i) => min + i * width), counts };
}

function workerEntry(): { url: URL; fromSource: boolean } {
  const fromSource = import.meta.url.endsWith('.ts');
  return { url: new URL(fromSource ? './sim-worker.ts' : './sim-worker.js', import.meta.url), fromSource };
}

/** A simulation worker; from the TypeScript sources (tests, tsx) it loads through tsx's loader. */
function startWorker(workerData: unknown): Worker {
  const { url, fromSource } = workerEntry();
  if (!fromSource) return new Worker(url, { workerData });
  const code = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(code, { eval: true, workerData });
}

export function defaultThreads(): number {
  return Math.min(4, availableParallelism());
}

function validate(spec: SimulationSpec): void {
  const { contest, lineups, simulations } = spec;
  if (!Number.isInteger(simulations) || simulations < 1 || simulations > SIMULATION_LIMITS.simulations) {
    throw new RangeError(`simulations must be a whole number from 1 to ${SIMULATION_LIMITS.simulations}`);
  }
  if (spec.fields !== undefined && (!Number.isInteger(spec.fields) || spec.fields < 1 || spec.fields > SIMULATION_LIMITS.fields)) {
    throw new RangeError(`fields must be a whole number from 1 to ${SIMULATION_LIMITS.fields}`);
  }
  if (lineups.length > SIMULATION_LIMITS.lineups) throw new RangeError(`at most ${SIMULATION_LIMITS.lineups} lineups can be simulated at once`);
  if (contest.fieldSize > SIMULATION_LIMITS.fieldSize) throw new RangeError(`the field may have at most ${SIMULATION_LIMITS.fieldSize} entries`);
  const entries = spec.portfolio?.length ?? 0;
  if (entries > contest.maxEntriesPerUser) throw new RangeError(`${entries} entries is more than this contest's ${contest.maxEntriesPerUser} per user`);
  if (entries >= contest.fieldSize) throw new RangeError(`${entries} entries leave no room for opponents in a contest of ${contest.fieldSize}`);
  for (const set of spec.comparisons ?? []) {
    if (set.length !== entries) throw new RangeError('each comparison set must have as many entries as the portfolio');
    if (set.some((i) => !Number.isInteger(i) || i < 0 || i >= lineups.length)) throw new RangeError('a comparison set names a lineup that is not there');
  }
}

/** Opponents in a contest's field: its size less the user's entries (at least one). */
function opponents(spec: Pick<SimulationSpec, 'contest' | 'portfolio' | 'userEntries'>): number {
  return Math.max(1, spec.contest.fieldSize - Math.max(1, spec.userEntries ?? spec.portfolio?.length ?? 0));
}

/** One opponents' field of a contest, drawn apart from any run (to play it in several runs: `field` of the spec). */
export function drawField(spec: Pick<SimulationSpec, 'slate' | 'contest' | 'portfolio' | 'userEntries' | 'seed' | 'fieldOptions'>): Field {
  return sampleField(spec.slate, opponents(spec), { seed: spec.seed, ...spec.fieldOptions });
}

interface Chunk { from: number; to: number; field: number }

/** Runs a simulation; resolves with results over every simulation. */
export async function simulate(spec: SimulationSpec, options: RunOptions = {}): Promise<SimulationResult> {
  validate(spec);
  const fieldCount = spec.field?.count ?? opponents(spec);
  const model = compileModel({
    slate: spec.slate, contest: spec.contest, fieldCount, fields: spec.field ? 1 : spec.fields ?? FIELDS_PER_RUN,
    pool: spec.lineups, portfolio: spec.portfolio ?? [],
    seed: spec.seed, simulations: spec.simulations, keepForSelection: options.keepForSelection ?? false, comparisons: spec.comparisons ?? [],
  });
  // The pick weights are tuned once here (and a slate with no valid lineup fails here, before
  // any thread starts); each field is drawn from them by the thread that plays it.
  const source: FieldSource = spec.field
    ? { kind: 'given', field: spec.field, packed: packField(spec.field, spec.slate.slotCount) }
    : { kind: 'plan', plan: planFields(spec.slate, fieldCount, { seed: spec.seed, ...spec.fieldOptions }) };
  const optionCount = spec.slate.options.length;

  // Small runs stay in this thread: starting workers would cost more than they save.
  const small = spec.simulations * (fieldCount + spec.lineups.length) < 20_000_000;
  const threads = Math.max(0, Math.floor(options.threads ?? (small ? 0 : defaultThreads())));
  const totals = new Totals(model.poolCount, spec.simulations, model.comparisons.length, model.fields);
  const chunkSize = Math.max(1, options.chunkSize ?? 250);
  // Chunks never cross a block of simulations: each plays one field.
  const chunks: Chunk[] = [];
  for (let from = 0; from < spec.simulations;) {
    const blockEnd = (Math.floor(from / model.fieldBlock) + 1) * model.fieldBlock;
    const to = Math.min(spec.simulations, blockEnd, from + chunkSize);
    chunks.push({ from, to, field: fieldOfSimulation(model, from) });
    from = to;
  }
  const report = () => options.onProgress?.({
    done: totals.done, total: spec.simulations, partial: () => summarise(model, totals, optionCount),
  });
  const { signal } = options;

  if (threads === 0) {
    const packed = new Map<number, Int32Array>();
    for (const chunk of chunks) {
      if (signal?.aborted) throw new SimulationAborted();
      let field = packed.get(chunk.field);
      if (!field) {
        const drawn = runField(model, source, chunk.field, optionCount);
        field = drawn.packed;
        packed.set(chunk.field, field);
        totals.fieldInfo.set(chunk.field, drawn.info);
      }
      totals.add(runChunk(model, chunk.from, chunk.to, field), chunk.field);
      report();
      await new Promise((resolve) => setImmediate(resolve)); // let messages and cancels through
    }
  } else {
    await runInWorkers(model, source, optionCount, chunks, Math.min(threads, chunks.length), totals, report, signal);
  }
  return summarise(model, totals, optionCount);
}

/**
 * Runs the chunks in worker threads, merged in order. A worker keeps to one field while it has
 * chunks left, then takes a field no other worker has started (drawing a field costs about as
 * much as a few hundred simulations), and only when none is left helps with another's.
 */
async function runInWorkers(
  model: CompiledModel, source: FieldSource, optionCount: number, chunks: Chunk[], threads: number,
  totals: Totals, report: () => void, signal?: AbortSignal,
): Promise<void> {
  const workers = Array.from({ length: threads }, () => startWorker({ model, source, optionCount }));
  const queues: number[][] = Array.from({ length: model.fields }, () => []);
  chunks.forEach((c, i) => queues[c.field]!.push(i));
  const started = new Uint8Array(model.fields);
  const current = new Map<Worker, number>();
  const nextChunk = (worker: Worker): number | undefined => {
    let f = current.get(worker);
    if (f === undefined || queues[f]!.length === 0) {
      // A given field is in every worker: take chunks in order.
      if (source.kind === 'given') f = 0;
      else {
        f = queues.findIndex((q, i) => q.length > 0 && !started[i]);
        if (f < 0) f = queues.reduce((best, q, i) => (q.length > queues[best]!.length ? i : best), 0);
      }
      started[f] = 1;
      current.set(worker, f);
    }
    return queues[f]!.shift();
  };
  const pending = new Map<number, ChunkResult>();
  let merged = 0; // chunks merged so far, in order
  let handed = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new SimulationAborted());
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const give = (worker: Worker) => {
        const chunk = handed < chunks.length ? nextChunk(worker) : undefined;
        if (chunk !== undefined) {
          worker.postMessage({ chunk, ...chunks[chunk]! });
          handed++;
        }
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('message', ({ chunk, result, info }: { chunk: number; result: ChunkResult; info?: FieldInfo }) => {
          if (info && !totals.fieldInfo.has(info.index)) totals.fieldInfo.set(info.index, info);
          pending.set(chunk, result);
          while (pending.has(merged)) {
            totals.add(pending.get(merged)!, chunks[merged]!.field);
            pending.delete(merged);
            merged++;
            report();
          }
          if (merged === chunks.length) {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          } else {
            give(worker);
          }
        });
        give(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
