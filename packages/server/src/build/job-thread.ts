// One job in a worker thread of this process, so the API stays responsive while it computes
// (simulations, entries late swaps). The thread's script sits beside this file: the built
// JavaScript, or the TypeScript source through tsx's loader (tests). The thread posts progress,
// then its answer or its error as data, so an input error's kind survives the thread boundary.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';

export type ThreadOutcome<Answer> =
  | { status: 'done'; answer: Answer }
  | { status: 'cancelled' }
  | { status: 'failed'; kind: 'input' | 'internal'; message: string };

type ThreadMessage<Progress, Answer> =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; answer: Answer }
  | { type: 'failed'; kind: 'input' | 'internal'; message: string };

function startThread(script: string, data: unknown): Worker {
  const js = fileURLToPath(new URL(`./${script}.js`, import.meta.url));
  if (existsSync(js)) return new Worker(js, { workerData: data });
  const ts = pathToFileURL(fileURLToPath(new URL(`./${script}.ts`, import.meta.url))).href;
  const code = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(ts)}); })`;
  return new Worker(code, { eval: true, workerData: data });
}

/** Runs `script` (a file name beside this one, without extension) on `data`; aborting the signal stops the thread. */
export function runInThread<Progress, Answer>(
  script: string, data: unknown, onProgress: (progress: Progress) => void, signal: AbortSignal,
): Promise<ThreadOutcome<Answer>> {
  if (signal.aborted) return Promise.resolve({ status: 'cancelled' });
  const worker = startThread(script, data);
  return new Promise<ThreadOutcome<Answer>>((resolve) => {
    let settled = false;
    const finish = (outcome: ThreadOutcome<Answer>) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(outcome);
    };
    const onAbort = () => finish({ status: 'cancelled' });
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: ThreadMessage<Progress, Answer>) => {
      if (message.type === 'progress') onProgress(message.progress);
      else if (message.type === 'done') finish({ status: 'done', answer: message.answer });
      else finish({ status: 'failed', kind: message.kind, message: message.message });
    });
    worker.on('error', (error) => finish({ status: 'failed', kind: 'internal', message: error.message }));
    worker.on('exit', (code) => { if (code !== 0) finish({ status: 'failed', kind: 'internal', message: `The worker thread stopped (${code})` }); });
  });
}

/** The thread's side: runs the job on its workerData, posting progress, then the answer or the error. */
export function serveThreadJob<Data, Progress, Answer>(
  run: (data: Data, onProgress: (progress: Progress) => void) => Promise<Answer>, isInputError: (error: unknown) => boolean,
): void {
  const port = parentPort!;
  const post = (message: ThreadMessage<Progress, Answer>) => port.postMessage(message);
  run(workerData as Data, (progress) => post({ type: 'progress', progress }))
    .then((answer) => post({ type: 'done', answer }))
    .catch((error: unknown) => post({
      type: 'failed', kind: isInputError(error) ? 'input' : 'internal', message: error instanceof Error ? error.message : String(error),
    }));
}
