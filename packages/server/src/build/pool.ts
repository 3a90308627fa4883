// The pool of build worker threads (piscina), one per core by default, so that the API stays
// responsive while lineups are solved.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { BuildBatch, BuildRequest } from '@stacksmith/optimizer';
import { Piscina } from 'piscina';
import type { BuildRunner, BuildRunOptions } from './runner.js';
import type { BuildOutcome, BuildTask, WorkerMessage } from './worker.js';

/** The worker module beside `base` (a URL without extension): compiled, or the TypeScript source through tsx (tests). */
export function workerFile(base = new URL('./worker', import.meta.url)): { filename: string; execArgv: string[] } {
  const js = fileURLToPath(`${base.href}.js`);
  if (existsSync(js)) return { filename: js, execArgv: [] };
  return { filename: fileURLToPath(`${base.href}.ts`), execArgv: ['--import', 'tsx'] };
}

export interface BuildPoolOptions {
  /** See CANCEL_GRACE_MS. */
  cancelGraceMs?: number;
  /** Another worker module (tests: one that ignores its cancel flag). */
  worker?: { filename: string; execArgv: string[] };
}

export interface BuildPoolStats {
  started: number;
  done: number;
  cancelled: number;
  failed: number;
  /** Cancelled builds that had not ended CANCEL_GRACE_MS after the cancel: dropped from the queue, or their worker terminated. */
  stopped: number;
}

/**
 * How long a cancelled build may take to notice its cancel flag before its worker is terminated.
 *
 * Why a flag first and termination only as a backstop: the optimizer polls the flag inside its
 * solves and set-up (within milliseconds of work, see docs/optimizer.md "Cancellation"), and a
 * worker that stops on its own stays warm for the next build. A terminated worker is replaced by
 * a new thread that must load the optimizer again before it can run anything (about a second
 * from the TypeScript sources), which the next user's build would wait for. Termination remains
 * for a build stuck where the optimizer does not look (a bug, or a step no one foresaw), so that
 * a cancel always frees its worker within this grace plus a thread start.
 */
const CANCEL_GRACE_MS = 500;

export class BuildPool implements BuildRunner {
  private readonly piscina: Piscina;
  readonly stats: BuildPoolStats = { started: 0, done: 0, cancelled: 0, failed: 0, stopped: 0 };

  private readonly cancelGraceMs: number;

  constructor(threads: number, options: BuildPoolOptions = {}) {
    this.cancelGraceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
    const { filename, execArgv } = options.worker ?? workerFile();
    const size = Math.max(1, Math.floor(threads));
    this.piscina = new Piscina({ filename, execArgv, minThreads: 1, maxThreads: size, idleTimeout: 60_000 });
  }

  /** Runs a build; onBatch sees each batch as it comes; aborting the signal cancels it. */
  async run(request: BuildRequest, onBatch: (batch: BuildBatch) => void, signal: AbortSignal, options: BuildRunOptions = {}): Promise<BuildOutcome> {
    const { batchSize } = options;
    // The client may have gone while its request was being checked.
    if (signal.aborted) return { status: 'cancelled' };
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (message: WorkerMessage) => {
      if (message.type === 'end') ended();
      else if (message.type === 'batch' && !signal.aborted) onBatch(message.batch);
    });
    // The worker posts 'end' after its last batch; messages on one port keep their order.
    let ended = () => {};
    const endReceived = new Promise<void>((resolve) => (ended = resolve));
    // A message cannot reach a worker busy in a solve (its event loop is blocked until the
    // lineup is done): the cancel is a shared-memory flag that the optimizer polls.
    const cancelFlag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const stop = new AbortController();
    let backstop: NodeJS.Timeout | undefined;
    const cancel = () => {
      Atomics.store(cancelFlag, 0, 1);
      backstop = setTimeout(() => stop.abort(), this.cancelGraceMs);
    };
    this.stats.started++;
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const task: BuildTask = { request, port: port2, cancelFlag, ...(batchSize ? { batchSize } : {}) };
      const outcome = await this.piscina.run(task, { transferList: [port2], signal: stop.signal }) as BuildOutcome;
      await endReceived;
      const how = signal.aborted && outcome.status === 'done' ? 'cancelled' : outcome.status;
      this.stats[how]++;
      return outcome;
    } catch (error) {
      // Piscina terminates the worker of a task whose signal aborts, and rejects the run.
      if (!stop.signal.aborted) throw error;
      this.stats.stopped++;
      this.stats.cancelled++;
      return { status: 'cancelled' };
    } finally {
      clearTimeout(backstop);
      signal.removeEventListener('abort', cancel);
      port1.close();
    }
  }

  get queued(): number {
    return this.piscina.queueSize;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
