// Build worker processes (builds and simulations) for the queue tests and bench/queue.ts: worker-main.ts run through tsx
// with one build thread, its output kept to tell which process holds which build.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WORKER_MAIN = fileURLToPath(new URL('../worker-main.ts', import.meta.url));

export const REDIS_URL = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything the process printed. */
  output: () => string;
  exited: Promise<void>;
}

/** Starts `worker-main.ts` with one build thread; resolves once it takes jobs. */
export function startWorkerProcess(prefix: string, redisUrl = REDIS_URL): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
    cwd: ROOT, env: { ...process.env, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, BUILD_WORKERS: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start: ${text}`)), 30_000);
    const read = (data: Buffer) => {
      text += data.toString();
      if (text.includes('build worker ready')) {
        clearTimeout(timer);
        resolve({ child, output: () => text, exited });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the worker exited (${code}): ${text}`)));
  });
}

/** Ids of the jobs of one kind (builds unless told) a worker process took and has not ended. */
export function buildsHeld(worker: WorkerProcess, kind: 'build' | 'simulate' = 'build'): string[] {
  const taken = [...worker.output().matchAll(new RegExp(`${kind} (\\S+) taken`, 'g'))].map((m) => m[1]!);
  const ended = new Set([...worker.output().matchAll(new RegExp(`${kind} (\\S+) (done|cancelled|failed)`, 'g'))].map((m) => m[1]!));
  return taken.filter((id) => !ended.has(id));
}

export async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}


/** Deletes every key under a queue prefix (a test's or a bench run's own). */
export async function dropQueueKeys(prefix: string, redisUrl = REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
