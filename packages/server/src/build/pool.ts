// The pool of build worker threads (piscina), one per core by default, so that the API stays
// responsive while lineups are solved.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { BuildBatch, BuildRequest } from '@stacksmith/optimizer';
import { Piscina } from 'piscina';
import type { BuildOutcome, WorkerMessage } from './worker.js';

function workerFile(): { filename: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./worker.js', import.meta.url));
  if (existsSync(js)) return { filename: js, execArgv: [] };
  // Running from the TypeScript sources (tests): the worker is loaded through tsx.
  return { filename: fileURLToPath(new URL('./worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

export interface BuildPoolStats {
  started: number;
  done: number;
  cancelled: number;
  failed: number;
}

export class BuildPool {
  private readonly piscina: Piscina;
  readonly stats: BuildPoolStats = { started: 0, done: 0, cancelled: 0, failed: 0 };

  constructor(threads: number) {
    const { filename, execArgv } = workerFile();
    const size = Math.max(1, Math.floor(threads));
    this.piscina = new Piscina({ filename, execArgv, minThreads: 1, maxThreads: size, idleTimeout: 60_000 });
  }

  /** Runs a build; onBatch sees each batch as it comes; aborting the signal cancels it. */
  async run(request: BuildRequest, onBatch: (batch: BuildBatch) => void, signal: AbortSignal, batchSize?: number): Promise<BuildOutcome> {
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
    const cancel = () => port1.postMessage('cancel');
    this.stats.started++;
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const outcome = await this.piscina.run({ request, port: port2, batchSize }, { transferList: [port2] }) as BuildOutcome;
      await endReceived;
      const how = signal.aborted && outcome.status === 'done' ? 'cancelled' : outcome.status;
      this.stats[how]++;
      return outcome;
    } finally {
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
