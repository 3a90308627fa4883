// Jobs in worker threads of this process (simulations, entries late swaps, reading and matching
// uploaded files), so that the API stays responsive while they compute. One piscina pool per
// kind of work, as builds use (pool.ts): its size is the bound on how many run at once in this
// process, whoever asks, and its queue is bounded too, so that the work and memory a crowd of
// users can cause stays fixed. Each job also has a time bound: a job still running after it is
// stopped (its thread terminated), which bounds the CPU a single request can take.
//
// The job's module sits beside this file (the built JavaScript, or the TypeScript source through
// tsx in tests) and exports `default threadJob(run, isInputError)`. Progress travels on a
// message port; the answer or the error comes back as data, so an input error's kind survives
// the thread boundary.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { coded, CodedError, renderMessage, type CodedMessage } from '@stacksmith/domain';
import { Piscina } from 'piscina';
import { workerFile } from './pool.js';

export type ThreadOutcome<Answer> =
  | { status: 'done'; answer: Answer }
  | { status: 'cancelled' }
  /**
   * input: the request's fault (said to the user); busy: every thread and queue place taken (try
   * later); lost: the Redis queue lost the job (try again); internal: a bug (logged, not said).
   * What is said to the user is coded; a bug's message is only logged.
   */
  | { status: 'failed'; kind: 'input' | 'busy' | 'lost'; message: string; coded: CodedMessage }
  | { status: 'failed'; kind: 'internal'; message: string; coded?: undefined };

/** A failed outcome saying a coded message: its text, and the code for the answer. */
function failedWith(kind: 'input' | 'busy', message: CodedMessage) {
  return { status: 'failed', kind, message: renderMessage(message), coded: message } as const;
}

export interface ThreadTask<Data> {
  data: Data;
  /** To the caller: that the job started, then its progress. */
  port: MessagePort;
}

type PortMessage<Progress> = { type: 'started' } | { type: 'progress'; progress: Progress };

export type ThreadAnswer<Answer> =
  | { status: 'done'; answer: Answer }
  | { status: 'failed'; kind: 'input'; message: string; coded: CodedMessage }
  | { status: 'failed'; kind: 'internal'; message: string; coded?: undefined };

export interface JobThreadOptions {
  /** Jobs running at once. */
  threads: number;
  /** Jobs waiting for a thread beyond which a new one is refused ('busy'). */
  maxQueue: number;
  /** A job running longer (from its start in a thread, not counting its wait) is stopped and answered jobTookTooLong (an input failure). */
  timeoutMs: number;
  /**
   * The JavaScript heap one thread may grow to (MB): a job past it ends its own thread and is
   * answered jobNeededTooMuchMemory (an input failure), never the server's own heap.
   */
  heapMb?: number | undefined;
}

/** Job modules beside this file, by the name a job is run with. */
export type JobScript = 'simulate-worker' | 'late-swap-worker' | 'file-worker';

/** A pool of worker threads running jobs of the modules beside this file. */
export class JobThreads {
  private readonly piscina: Piscina;
  private readonly size: number;
  /** Jobs asked for and not yet ended: running, or waiting for a thread. */
  private outstanding = 0;

  constructor(private readonly options: JobThreadOptions) {
    // Built JavaScript, or the TypeScript sources through tsx (tests): as this very file is.
    const { execArgv } = workerFile(new URL('./job-thread', import.meta.url));
    this.size = Math.max(1, Math.floor(options.threads));
    this.piscina = new Piscina({
      execArgv, minThreads: 0, maxThreads: this.size, idleTimeout: 30_000,
      ...(options.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } } : {}),
    });
  }

  /** Runs the job module `script` on `data`; onProgress sees its progress messages; aborting the signal stops it. */
  async run<Progress, Answer>(
    script: JobScript, data: unknown, onProgress: ((progress: Progress) => void) | null, signal: AbortSignal,
  ): Promise<ThreadOutcome<Answer>> {
    if (signal.aborted) return { status: 'cancelled' };
    // Counted here rather than by piscina's maxQueue, which lets tasks through while threads start.
    if (this.outstanding >= this.size + Math.max(0, this.options.maxQueue)) return failedWith('busy', coded('jobs-busy', {}));
    this.outstanding++;
    const channel = new MessageChannel();
    // Piscina terminates the thread of a task whose signal aborts (a CPU-bound job never looks
    // at a message), and rejects the run. The time bound starts when a thread takes the job.
    const timeout = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    channel.port1.on('message', (message: PortMessage<Progress>) => {
      if (message.type === 'started') timer = setTimeout(() => timeout.abort(), this.options.timeoutMs);
      else if (!signal.aborted) onProgress?.(message.progress);
    });
    const stop = AbortSignal.any([signal, timeout.signal]);
    try {
      const task: ThreadTask<unknown> = { data, port: channel.port2 };
      const filename = workerFile(new URL(`./${script}`, import.meta.url)).filename;
      return await this.piscina.run(task, { filename, signal: stop, transferList: [channel.port2] }) as ThreadAnswer<Answer>;
    } catch (error) {
      if (signal.aborted) return { status: 'cancelled' };
      if (timeout.signal.aborted) return failedWith('input', coded('job-took-too-long', { seconds: Math.round(this.options.timeoutMs / 1000) }));
      if ((error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return failedWith('input', coded('job-needed-too-much-memory', { megabytes: this.options.heapMb ?? 0 }));
      return { status: 'failed', kind: 'internal', message: error instanceof Error ? error.message : String(error) };
    } finally {
      this.outstanding--;
      clearTimeout(timer);
      channel.port1.close();
    }
  }

  /** Jobs waiting for a thread. */
  get queued(): number {
    return Math.max(0, this.outstanding - this.size);
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}

/** The thread's side: the module's default export, running the job and answering its outcome as data. */
export function threadJob<Data, Progress, Answer>(
  run: (data: Data, onProgress: (progress: Progress) => void) => Promise<Answer> | Answer, isInputError: (error: unknown) => boolean,
): (task: ThreadTask<Data>) => Promise<ThreadAnswer<Answer>> {
  return async ({ data, port }) => {
    const post = (message: PortMessage<Progress>) => port.postMessage(message);
    post({ type: 'started' });
    try {
      return { status: 'done', answer: await run(data, (progress) => post({ type: 'progress', progress })) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Only a coded error is the user's to read: one without a code is a bug, whatever its type.
      const refusal = isInputError(error) && error instanceof CodedError ? error.coded : undefined;
      return refusal ? { status: 'failed', kind: 'input', message, coded: refusal } : { status: 'failed', kind: 'internal', message };
    } finally {
      port.close();
    }
  };
}
