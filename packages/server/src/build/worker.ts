// A build worker thread: runs buildLineups for one request and posts each batch on the
// task's port. A 'cancel' message on the port aborts the build (the optimizer yields to the
// event loop between lineups, so the message is seen promptly). Answers how the build ended;
// failures are data, not thrown, so their kind survives the thread boundary.
import type { MessagePort } from 'node:worker_threads';
import { buildLineups, BuildError, InputError, type BuildBatch, type BuildRequest } from '@stacksmith/optimizer';

export interface BuildTask {
  request: BuildRequest;
  port: MessagePort;
  batchSize?: number;
}

export type BuildOutcome =
  | { status: 'done' }
  | { status: 'cancelled' }
  | { status: 'failed'; kind: 'input' | 'build' | 'internal'; message: string };

export type WorkerMessage = { type: 'batch'; batch: BuildBatch } | { type: 'end' };

export default async function runBuild({ request, port, batchSize }: BuildTask): Promise<BuildOutcome> {
  const controller = new AbortController();
  port.on('message', (message) => {
    if (message === 'cancel') controller.abort();
  });
  try {
    for await (const batch of buildLineups(request, { signal: controller.signal, ...(batchSize ? { batchSize } : {}) })) {
      if (controller.signal.aborted) break;
      port.postMessage({ type: 'batch', batch } satisfies WorkerMessage);
    }
    return controller.signal.aborted ? { status: 'cancelled' } : { status: 'done' };
  } catch (error) {
    if (controller.signal.aborted) return { status: 'cancelled' };
    const kind = error instanceof InputError ? 'input' : error instanceof BuildError ? 'build' : 'internal';
    return { status: 'failed', kind, message: error instanceof Error ? error.message : String(error) };
  } finally {
    port.postMessage({ type: 'end' } satisfies WorkerMessage);
    port.close();
  }
}
