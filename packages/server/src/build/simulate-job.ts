// One simulation job, run inside a worker thread: the slate from the player rows, the contest,
// the simulation (and the selection), then the answer. Progress goes out as it accumulates.
import {
  BuildError, buildLineups, builtLineupOptions, InputError, lineupOptions, plainBuilds, poolWithPlain, selectEntries, selectionLimits, simulationSlate,
  type Lineup,
} from '@stacksmith/optimizer';
import { coded, CodedError, warningsOnWire, type CodedMessage, type SimulationAnswer, type SimulationProgress } from '@stacksmith/domain';
import {
  contestFromPayouts, contestFromTemplate, DEFAULT_PROJECTION_ERROR, histogram, SimCodedError, simulate, type PortfolioStats,
} from '@stacksmith/sim';
import { toWireLineup } from '../services/build-request.js';
import type { SimulationJob } from '../services/simulate-request.js';


// The answer and its progress messages are the domain's (build-socket.ts: simulationAnswerSchema).

/** Bad input: answered as an {error} with its code, never as a failure of the server. */
export class SimulationInputError extends CodedError {
  constructor(message: CodedMessage) {
    super(message);
    this.name = 'SimulationInputError';
  }
}

/** A refusal of the layers below (the optimizer's, the simulation's) as the simulation's input error, its code kept. */
function inputErrorOf(error: unknown): SimulationInputError | null {
  if (error instanceof InputError || error instanceof BuildError) return new SimulationInputError(error.coded);
  if (error instanceof SimCodedError) return new SimulationInputError(error.coded);
  return null;
}

const round = (x: number, digits = 6) => Number(x.toFixed(digits));

export async function runSimulationJob(job: SimulationJob, onProgress: (p: SimulationProgress) => void): Promise<SimulationAnswer> {
  const warnings: CodedMessage[] = [];
  let sim;
  let options: number[][];
  let contest;
  let built: Lineup[] = [];
  let plainIndices: number[] = [];
  try {
    sim = simulationSlate(job.request);
    if (job.projectionError !== undefined) sim.slate.projectionError = job.projectionError;
    if (job.buildPool) {
      for await (const batch of buildLineups(job.request, { batchSize: 25 })) {
        built = built.concat(batch.lineups);
        onProgress({ phase: 'build', done: batch.count, total: batch.total });
      }
      options = built.map((lineup) => builtLineupOptions(sim!, lineup));
      if (job.select !== undefined) {
        // The plain build (the user's settings, N lineups) and the no-randomness optimum join the pool.
        const plain = await plainBuilds(job.request, job.select, job.plainRandomness);
        const merged = poolWithPlain(options, plain.map((lineup) => builtLineupOptions(sim!, lineup)));
        built = [...built, ...merged.added.map((j) => plain[j]!)];
        options = merged.lineups;
        plainIndices = merged.plain;
      }
    } else {
      options = (job.lineups ?? []).map((ids, i) => lineupOptions(sim!, ids, `lineup ${i + 1}`));
    }
    const base = { fieldSize: job.contest.fieldSize, entryFee: job.contest.entryFee };
    contest = contestFromTemplate(job.contest.template, job.contest.maxEntriesPerUser ? { ...base, maxEntriesPerUser: job.contest.maxEntriesPerUser } : base);
    if (job.contest.payouts) contest = contestFromPayouts('Your payout table', job.contest.payouts, { ...base, maxEntriesPerUser: contest.maxEntriesPerUser });
  } catch (error) {
    throw inputErrorOf(error) ?? error;
  }
  if (job.select !== undefined && job.select > contest.maxEntriesPerUser) {
    throw new SimulationInputError(coded('simulation-entries-over-max', { entries: job.select, max: contest.maxEntriesPerUser }));
  }
  let entries = job.entries;
  if (entries?.some((i) => i >= options.length)) throw new SimulationInputError(coded('simulation-entry-index', {}));
  if (!entries && job.select === undefined) {
    if (options.length <= contest.maxEntriesPerUser) entries = options.map((_, i) => i);
    else warnings.push(coded('simulated-alone', { lineups: options.length, maxEntries: contest.maxEntriesPerUser }));
  }
  if (entries && entries.length > contest.maxEntriesPerUser) {
    throw new SimulationInputError(coded('simulation-entries-over-max', { entries: entries.length, max: contest.maxEntriesPerUser }));
  }
  if (entries && entries.length >= contest.fieldSize) throw new SimulationInputError(coded('simulation-field-too-small', {}));

  let portfolio: PortfolioStats | null;
  let lineupResults;
  let selected: number[] | undefined;
  let comparison: Pick<SimulationAnswer, 'plain' | 'edge'> = {};
  try {
    if (job.select !== undefined) {
      const selection = await selectEntries({
        sim, contest, pool: options, plain: plainIndices, count: job.select, simulations: job.simulations, seed: job.seed, threads: 0,
        limits: selectionLimits(sim, job.request, options, job.select),
        onProgress: (phase, done, total) => onProgress({ phase, done, total }),
      });
      warnings.push(...selection.warnings);
      selected = selection.chosen;
      portfolio = selection.portfolio;
      // The chosen lineups' own figures come from the fresh simulations: those of the run that
      // chose them are flattered by the choice.
      lineupResults = [...selection.run.lineups];
      selection.chosen.forEach((p, n) => { lineupResults[p] = selection.lineups[n]!; });
      if (plainIndices.length > 0) {
        comparison = { plain: { roi: selection.plain.roi, roiSe: selection.plain.roiSe }, edge: { roi: selection.edge.roi, roiSe: selection.edge.roiSe } };
      }
    } else {
      const run = await simulate({
        slate: sim.slate, contest, lineups: options, portfolio: entries ?? [], simulations: job.simulations, seed: job.seed,
      }, { threads: 0, onProgress: ({ done, total }) => onProgress({ phase: 'simulate', done, total }) });
      portfolio = run.portfolio;
      lineupResults = run.lineups;
    }
  } catch (error) {
    // A player pool the field cannot be drawn from (no lineup under the cap) is the input's fault.
    throw inputErrorOf(error) ?? error;
  }
  const answer: SimulationAnswer = {
    simulations: job.simulations,
    contest: {
      name: contest.name, fieldSize: contest.fieldSize, entryFee: contest.entryFee, maxEntriesPerUser: contest.maxEntriesPerUser,
      paidPlaces: contest.payouts.length, topPrize: contest.payouts[0] ?? 0,
    },
    lineups: lineupResults.map((l) => ({
      roi: round(l.roi), roiSe: round(l.roiSe), win: round(l.win), top1: round(l.top1), cash: round(l.cash), duplicates: l.duplicates, meanPayout: round(l.meanPayout, 4),
    })),
    portfolio: null,
    ...warningsOnWire(warnings),
  };
  if (portfolio) {
    const { profits, ...stats } = portfolio;
    answer.portfolio = { ...stats, histogram: histogram(profits, 40) };
  }
  if (selected) answer.selected = selected;
  Object.assign(answer, comparison);
  answer.projectionError = sim.slate.projectionError ?? DEFAULT_PROJECTION_ERROR[sim.slate.sport] ?? 0.2;
  if (selected && job.buildPool) answer.lu = selected.map((i, n) => toWireLineup(built[i]!, n + 1, job.rowsById ?? new Map()));
  return answer;
}
