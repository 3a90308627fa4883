// A build worker for pool.test.ts that never reads its cancel flag: it spins in synchronous code
// (as a build stuck where the optimizer does not look would) unless the request says
// { spin: false }, then ends like a build worker.
import type { BuildOutcome, BuildTask, WorkerMessage } from '../build/worker.js';

export default function stuck({ request, port }: BuildTask): BuildOutcome {
  if ((request as unknown as { spin?: boolean }).spin !== false) for (;;) { /* never ends */ }
  port.postMessage({ type: 'end' } satisfies WorkerMessage);
  port.close();
  return { status: 'done' };
}
