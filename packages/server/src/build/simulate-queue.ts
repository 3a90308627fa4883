// Simulations on the Redis queue (docs/server.md "Deployment"): a job named 'simulate' on the queue of builds
// (queue.ts), run by the same `npm run worker` processes in a worker thread each
// of its jobs pool (runSimulation), its progress and answer flowing back through the job's stream.
import type { SimulationJob } from '../services/simulate-request.js';
import type { WirePlayer } from '@stacksmith/domain';
import { JobQueue, type JobHandler, type JobKind, type QueueSettings } from './queue.js';
import type { SimulationPhase, SimulationProgress } from '@stacksmith/domain';
import type { JobThreads } from './job-thread.js';
import { runSimulation, type SimulationOutcome, type SimulationRunner } from './simulate-runner.js';

/** A simulation job as JSON carries it: the client's rows as entries rather than a Map. */
type SimulationJobData = Omit<SimulationJob, 'rowsById'> & { rowsById?: [string, WirePlayer][] };

const PHASES: SimulationPhase[] = ['build', 'simulate', 'select', 'evaluate'];
/** More than any phase's total (SIMULATION_BOUNDS: 20,000 simulations, 5,000 lineups). */
const PHASE_SPAN = 1_000_000;

/** Progress in the order a run makes it: phase by phase, then the count done. A re-run (its worker died) is silent until it passes the last one sent. */
export const SIMULATION_JOB: JobKind<SimulationProgress> = {
  name: 'simulate',
  position: (progress) => PHASES.indexOf(progress.phase) * PHASE_SPAN + progress.done,
};

const toData = ({ rowsById, ...job }: SimulationJob): SimulationJobData => (rowsById ? { ...job, rowsById: [...rowsById] } : job);
const fromData = ({ rowsById, ...job }: SimulationJobData): SimulationJob => (rowsById ? { ...job, rowsById: new Map(rowsById) } : job);

/** The server's side: queues a simulation and forwards its progress, then its outcome. */
export class QueueSimulationRunner implements SimulationRunner {
  private readonly jobs: JobQueue;

  constructor(settings: QueueSettings) {
    this.jobs = new JobQueue(settings);
  }

  run(job: SimulationJob, onProgress: (p: SimulationProgress) => void, signal: AbortSignal, options: { priority?: number } = {}): Promise<SimulationOutcome> {
    return this.jobs.run<SimulationProgress, SimulationOutcome>(SIMULATION_JOB, toData(job), onProgress, signal, options);
  }

  close(): Promise<void> {
    return this.jobs.close();
  }
}

/** A worker process's simulations: each in a thread of its jobs pool, as the single-process server runs them. */
export function simulationJobHandler(threads: JobThreads): JobHandler<SimulationJobData, SimulationProgress, SimulationOutcome> {
  return { kind: SIMULATION_JOB, run: (data, emit, signal) => runSimulation(threads, fromData(data), emit, signal) };
}
