// A simulation run: the field drawn once, then S simulations of player outcomes, each lineup
// scored once per simulation and ranked against the field grouped by score once. Chunks of simulations
// run in worker threads (or in this thread) and are merged in order, so the same seed gives
// the same numbers whatever the thread count; progress is reported as chunks land.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Contest } from './contest.js';
import { fieldKeyCounts, sampleField, type Field, type FieldOptions } from './field.js';
import { compileModel, runChunk, type ChunkResult, type CompiledModel, type InMoneyScores } from './model.js';
import { lineupKey, type SimLineup, type SimSlate } from './slate.js';

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
  /** A field drawn before (to compare two portfolios against the same opponents). */
  field?: Field;
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
  /** Opponents' lineups identical to this one. */
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
  /** Share of entries finishing in the top 1 % and in the money, with standard errors (over simulations). */
  top1: number;
  top1Se: number;
  cash: number;
  cashSe: number;
}

export interface SimulationResult {
  simulations: number;
  fieldCount: number;
  lineups: LineupStats[];
  portfolio: PortfolioStats | null;
  /** The spec's comparison sets, as the portfolio. */
  comparisons: PortfolioStats[];
  /** Realised ownership of the field per option (percent). */
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
export const SIMULATION_LIMITS = { simulations: 100_000, lineups: 20_000, fieldSize: 500_000 } as const;

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
  done = 0;

  constructor(poolCount: number, simulations: number, comparisons = 0) {
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

  add(chunk: ChunkResult): void {
    for (const key of ['sumPay', 'sumPay2', 'wins', 'top1', 'cash', 'sumPayKept'] as const) {
      const into = this[key];
      const from = chunk[key];
      for (let i = 0; i < into.length; i++) into[i]! += from[i]!;
    }
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

function summarise(model: CompiledModel, totals: Totals, duplicates: Int32Array, fieldOwnership: Float64Array): SimulationResult {
  const s = totals.done;
  const fee = model.entryFee;
  const lineups: LineupStats[] = [];
  for (let l = 0; l < model.poolCount; l++) {
    const mean = s > 0 ? totals.sumPay[l]! / s : 0;
    const variance = s > 1 ? Math.max(0, (totals.sumPay2[l]! - s * mean * mean) / (s - 1)) : 0;
    lineups.push({
      meanPayout: mean,
      roi: (mean - fee) / fee,
      roiSe: s > 0 ? Math.sqrt(variance / s) / fee : 0,
      win: s > 0 ? totals.wins[l]! / s : 0,
      top1: s > 0 ? totals.top1[l]! / s : 0,
      cash: s > 0 ? totals.cash[l]! / s : 0,
      duplicates: duplicates[l]!,
    });
  }
  const stats = (entries: number, payout: Float64Array, top1s: Float64Array, cashes: Float64Array): PortfolioStats => {
    const cost = entries * fee;
    const profits = payout.slice(0, s).map((p) => p - cost);
    const top1 = meanAndSe(top1s.subarray(0, s));
    const cash = meanAndSe(cashes.subarray(0, s));
    return {
      entries, cost, ...profitStats(profits, cost), profits,
      top1: top1.mean / entries, top1Se: top1.se / entries, cash: cash.mean / entries, cashSe: cash.se / entries,
    };
  };
  const portfolio = model.portfolio.length > 0
    ? stats(model.portfolio.length, totals.portfolioPayout, totals.portfolioTop1, totals.portfolioCashes) : null;
  const comparisons = totals.comparisons.map((c, i) => stats(model.comparisons[i]!.length, c.payout, c.top1, c.cashes));
  const result: SimulationResult = { simulations: s, fieldCount: model.fieldCount, lineups, portfolio, comparisons, fieldOwnership, model };
  if (model.keepSims > 0) {
    const keptDone = Math.min(s, model.keepSims);
    result.keptMeanPayout = totals.sumPayKept.map((v) => (keptDone > 0 ? v / keptDone : 0));
    result.keptInMoney = joinInMoney(model.poolCount, totals.inMoney);
  }
  return result;
}

function meanAndSe(values: ArrayLike<number>): { mean: number; se: number } {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i]!;
  const mean = n > 0 ? sum / n : 0;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i]! - mean) ** 2;
  return { mean, se: n > 1 ? Math.sqrt(ss / (n - 1) / n) : 0 };
}

/** Mean, standard error, ROI and P(loss) of a list of profits. */
export function profitStats(profits: ArrayLike<number>, cost: number): Pick<PortfolioStats, 'meanProfit' | 'profitSe' | 'roi' | 'roiSe' | 'pLoss'> {
  const { mean, se } = meanAndSe(profits);
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

/** The opponents' field of a contest for this run (its size: the contest less the user's entries). */
export function drawField(spec: Pick<SimulationSpec, 'slate' | 'contest' | 'portfolio' | 'seed' | 'fieldOptions'>): Field {
  const opponents = Math.max(1, spec.contest.fieldSize - Math.max(1, spec.portfolio?.length ?? 0));
  return sampleField(spec.slate, opponents, { seed: spec.seed, ...spec.fieldOptions });
}

/** Runs a simulation; resolves with results over every simulation. */
export async function simulate(spec: SimulationSpec, options: RunOptions = {}): Promise<SimulationResult> {
  validate(spec);
  const field = spec.field ?? drawField(spec);
  const model = compileModel({
    slate: spec.slate, contest: spec.contest, field, pool: spec.lineups, portfolio: spec.portfolio ?? [],
    seed: spec.seed, simulations: spec.simulations, keepForSelection: options.keepForSelection ?? false, comparisons: spec.comparisons ?? [],
  });
  const counts = fieldKeyCounts(field);
  const duplicates = Int32Array.from(spec.lineups.map((l) => counts.get(lineupKey(l)) ?? 0));
  const fieldOwnership = new Float64Array(spec.slate.options.length);
  for (let i = 0; i < field.lineups.length; i++) fieldOwnership[field.lineups[i]!]! += 100 / field.count;

  // Small runs stay in this thread: starting workers would cost more than they save.
  const small = spec.simulations * (field.count + spec.lineups.length) < 20_000_000;
  const threads = Math.max(0, Math.floor(options.threads ?? (small ? 0 : defaultThreads())));
  const totals = new Totals(model.poolCount, spec.simulations, model.comparisons.length);
  const chunkSize = Math.max(1, options.chunkSize ?? 250);
  const chunks: { from: number; to: number }[] = [];
  for (let from = 0; from < spec.simulations; from += chunkSize) chunks.push({ from, to: Math.min(spec.simulations, from + chunkSize) });
  const report = () => options.onProgress?.({
    done: totals.done, total: spec.simulations, partial: () => summarise(model, totals, duplicates, fieldOwnership),
  });
  const { signal } = options;

  if (threads === 0) {
    for (const chunk of chunks) {
      if (signal?.aborted) throw new SimulationAborted();
      totals.add(runChunk(model, chunk.from, chunk.to));
      report();
      await new Promise((resolve) => setImmediate(resolve)); // let messages and cancels through
    }
  } else {
    await runInWorkers(model, chunks, Math.min(threads, chunks.length), totals, report, signal);
  }
  return summarise(model, totals, duplicates, fieldOwnership);
}

async function runInWorkers(
  model: CompiledModel, chunks: { from: number; to: number }[], threads: number,
  totals: Totals, report: () => void, signal?: AbortSignal,
): Promise<void> {
  const workers = Array.from({ length: threads }, () => startWorker({ model }));
  const pending = new Map<number, ChunkResult>();
  let next = 0; // next chunk to hand out
  let merged = 0; // chunks merged so far, in order
  try {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new SimulationAborted());
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const give = (worker: Worker) => {
        if (next < chunks.length) {
          worker.postMessage({ chunk: next, ...chunks[next]! });
          next++;
        }
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('message', ({ chunk, result }: { chunk: number; result: ChunkResult }) => {
          pending.set(chunk, result);
          while (pending.has(merged)) {
            totals.add(pending.get(merged)!);
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
