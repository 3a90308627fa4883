// Runs a simulation job in a worker thread of the jobs pool (the API stays responsive; the
// pool's size bounds the simulations this process runs at once) and ends it when the client
// goes away. With REDIS_URL the build socket runs simulations on the queue's worker
// processes instead (simulate-queue.ts), which run them here, in a thread of theirs.
import type { JobThreads, ThreadOutcome } from './job-thread.js';
import type { SimulationJob } from '../services/simulate-request.js';
import type { SimulationAnswer, SimulationProgress } from '@stacksmith/domain';

export type SimulationOutcome = ThreadOutcome<SimulationAnswer>;

/** Where simulations run, seen from the build socket: this process's threads, or the Redis queue's workers. */
export interface SimulationRunner {
  /** Runs a simulation; aborting the signal cancels it. `priority`: the queue's, 1 first (see buildPriority). */
  run(job: SimulationJob, onProgress: (p: SimulationProgress) => void, signal: AbortSignal, options?: { priority?: number }): Promise<SimulationOutcome>;
  close(): Promise<void>;
}

/** The default (no REDIS_URL): each simulation in a thread of this process's jobs pool, in arrival order. */
export function threadSimulations(threads: JobThreads): SimulationRunner {
  return { run: (job, onProgress, signal) => runSimulation(threads, job, onProgress, signal), close: () => Promise.resolve() };
}

export function runSimulation(
  threads: JobThreads, job: SimulationJob, onProgress: (p: SimulationProgress) => void, signal: AbortSignal,
): Promise<SimulationOutcome> {
  return threads.run<SimulationProgress, SimulationAnswer>('simulate-worker', job, onProgress, signal);
}
