// Starts a simulation job in its own worker thread (the API stays responsive) and ends it when
// the client goes away. With REDIS_URL the build socket runs simulations on the queue's worker
// processes instead (simulate-queue.ts), which run them here, in a thread of theirs.
import { runInThread, type ThreadOutcome } from './job-thread.js';
import type { SimulationJob } from '../services/simulate-request.js';
import type { SimulationAnswer, SimulationProgressMessage } from './simulate-job.js';

export type SimulationOutcome = ThreadOutcome<SimulationAnswer>;

/** Where simulations run, seen from the build socket: this process's threads, or the Redis queue's workers. */
export interface SimulationRunner {
  /** Runs a simulation; aborting the signal cancels it. `priority`: the queue's, 1 first (see buildPriority). */
  run(job: SimulationJob, onProgress: (p: SimulationProgressMessage) => void, signal: AbortSignal, options?: { priority?: number }): Promise<SimulationOutcome>;
  close(): Promise<void>;
}

/** The default (no REDIS_URL): each simulation in a worker thread of this process, in arrival order. */
export const threadSimulations: SimulationRunner = {
  run: (job, onProgress, signal) => runSimulation(job, onProgress, signal),
  close: () => Promise.resolve(),
};

export function runSimulation(job: SimulationJob, onProgress: (p: SimulationProgressMessage) => void, signal: AbortSignal): Promise<SimulationOutcome> {
  return runInThread<SimulationProgressMessage, SimulationAnswer>('simulate-worker', job, onProgress, signal);
}
