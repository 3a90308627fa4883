// Where entries late swaps run: a thread of this process's jobs pool (the default), or with
// REDIS_URL a 'late-swap' job of the build queue, taken by the `npm run worker` processes
// (which run it in a thread of theirs). Either way the server's event loop stays free.
import { JobQueue, type JobHandler, type JobKind, type QueueSettings } from './queue.js';
import type { JobThreads, ThreadOutcome } from './job-thread.js';
import type { LateSwapAnswer, LateSwapJob } from './late-swap-job.js';

export type LateSwapOutcome = ThreadOutcome<LateSwapAnswer>;

export interface LateSwapRunner {
  /** Runs a late swap; aborting the signal (the client went away) stops it. `priority`: the queue's (see buildPriority). */
  run(job: LateSwapJob, signal: AbortSignal, options?: { priority?: number }): Promise<LateSwapOutcome>;
  close(): Promise<void>;
}

const inThread = (threads: JobThreads, job: LateSwapJob, signal: AbortSignal) => threads.run<never, LateSwapAnswer>('late-swap-worker', job, null, signal);

export function threadLateSwaps(threads: JobThreads): LateSwapRunner {
  return { run: (job, signal) => inThread(threads, job, signal), close: () => Promise.resolve() };
}

/** No items flow back before the answer: the stream holds only its end. */
export const LATE_SWAP_JOB: JobKind<never> = { name: 'late-swap', position: () => 0 };

export class QueueLateSwapRunner implements LateSwapRunner {
  private readonly jobs: JobQueue;

  constructor(settings: QueueSettings) {
    this.jobs = new JobQueue(settings);
  }

  run(job: LateSwapJob, signal: AbortSignal, options: { priority?: number } = {}): Promise<LateSwapOutcome> {
    return this.jobs.run<never, LateSwapOutcome>(LATE_SWAP_JOB, job, () => undefined, signal, options);
  }

  close(): Promise<void> {
    return this.jobs.close();
  }
}

/** A worker process's late swaps: each in a thread of its jobs pool. */
export function lateSwapJobHandler(threads: JobThreads): JobHandler<LateSwapJob, never, LateSwapOutcome> {
  return { kind: LATE_SWAP_JOB, run: (data, _emit, signal) => inThread(threads, data, signal) };
}
