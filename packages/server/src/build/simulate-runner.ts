// Starts a simulation job in its own worker thread (the API stays responsive) and ends it when
// the client goes away. With REDIS_URL the build socket runs simulations on the queue's worker
// processes instead (simulate-queue.ts), which run them here, in a thread of theirs.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SimulationJob } from '../services/simulate-request.js';
import type { SimulationAnswer, SimulationProgressMessage } from './simulate-job.js';

export type SimulationOutcome =
  | { status: 'done'; answer: SimulationAnswer }
  | { status: 'cancelled' }
  | { status: 'failed'; kind: 'input' | 'internal'; message: string };

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

function startWorker(job: SimulationJob): Worker {
  const js = fileURLToPath(new URL('./simulate-worker.js', import.meta.url));
  if (existsSync(js)) return new Worker(js, { workerData: job });
  // From the TypeScript sources (tests): the worker is imported through tsx's loader.
  const ts = pathToFileURL(fileURLToPath(new URL('./simulate-worker.ts', import.meta.url))).href;
  const code = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(ts)}); })`;
  return new Worker(code, { eval: true, workerData: job });
}

export function runSimulation(job: SimulationJob, onProgress: (p: SimulationProgressMessage) => void, signal: AbortSignal): Promise<SimulationOutcome> {
  if (signal.aborted) return Promise.resolve({ status: 'cancelled' });
  const worker = startWorker(job);
  return new Promise<SimulationOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SimulationOutcome) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(outcome);
    };
    const onAbort = () => finish({ status: 'cancelled' });
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: { type: string; progress?: SimulationProgressMessage; answer?: SimulationAnswer; kind?: 'input' | 'internal'; message?: string }) => {
      if (message.type === 'progress') onProgress(message.progress!);
      else if (message.type === 'done') finish({ status: 'done', answer: message.answer! });
      else finish({ status: 'failed', kind: message.kind ?? 'internal', message: message.message ?? 'The simulation failed' });
    });
    worker.on('error', (error) => finish({ status: 'failed', kind: 'internal', message: error.message }));
    worker.on('exit', (code) => { if (code !== 0) finish({ status: 'failed', kind: 'internal', message: `The simulation worker stopped (${code})` }); });
  });
}
