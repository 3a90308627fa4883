// A build worker thread: runs buildLineups for one request and posts each batch on the
// task's port. Answers how the build ended; failures are data, not thrown, so their kind
// survives the thread boundary.
//
// Cancelling: the pool sets `cancelFlag[0]` (shared memory) and the optimizer polls it inside
// every solve and set-up step. A message could not do this: while a solve runs, this thread's
// event loop is blocked, so a 'cancel' message would only be read once the lineup was done
// (seconds on a large pool, the whole first lineup when cancelled before it).
import type { MessagePort } from 'node:worker_threads';
import { buildLineups, BuildError, InputError, type BuildBatch, type BuildRequest, type CancelSignal } from '@stacksmith/optimizer';
import type { CodedMessage } from '@stacksmith/domain';

export interface BuildTask {
  request: BuildRequest;
  port: MessagePort;
  /** One Int32 over a SharedArrayBuffer: 0 while the build may run, 1 once it is cancelled. */
  cancelFlag: Int32Array;
  batchSize?: number;
}

export type BuildOutcome =
  | { status: 'done' }
  | { status: 'cancelled' }
  /** lost: the queue lost the job (Redis restarted without its data): said to the user in its own words. */
  | { status: 'failed'; kind: 'input' | 'build' | 'lost'; message: string; coded: CodedMessage }
  | { status: 'failed'; kind: 'internal'; message: string; coded?: undefined };

export type WorkerMessage = { type: 'batch'; batch: BuildBatch } | { type: 'end' };

/** The cancel flag as the optimizer polls it: one atomic load per look. */
export function sharedCancelSignal(flag: Int32Array): CancelSignal {
  return { get aborted() { return Atomics.load(flag, 0) !== 0; } };
}

export default async function runBuild({ request, port, cancelFlag, batchSize }: BuildTask): Promise<BuildOutcome> {
  const signal = sharedCancelSignal(cancelFlag);
  try {
    for await (const batch of buildLineups(request, { signal, ...(batchSize ? { batchSize } : {}) })) {
      if (signal.aborted) break;
      port.postMessage({ type: 'batch', batch } satisfies WorkerMessage);
    }
    return signal.aborted ? { status: 'cancelled' } : { status: 'done' };
  } catch (error) {
    if (signal.aborted) return { status: 'cancelled' };
    if (error instanceof InputError || error instanceof BuildError) {
      return { status: 'failed', kind: error instanceof InputError ? 'input' : 'build', message: error.message, coded: error.coded };
    }
    return { status: 'failed', kind: 'internal', message: error instanceof Error ? error.message : String(error) };
  } finally {
    port.postMessage({ type: 'end' } satisfies WorkerMessage);
    port.close();
  }
}
