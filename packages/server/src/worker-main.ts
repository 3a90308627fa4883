// `npm run worker` (node dist/worker-main.js): a build worker process for a server run with
// REDIS_URL. It takes builds, simulations and entries late swaps from the queue and runs
// BUILD_WORKERS of them at once (builds on as many threads, a simulation or a late swap in a
// thread of its own), writing their lineups, progress or answer back for the server node that
// asked (build/queue.ts).
// Start as many as you like, on any machine that reaches the Redis.
import { configFromEnv } from './config.js';
import { JobThreads } from './build/job-thread.js';
import { BuildPool } from './build/pool.js';
import { buildJobHandler, startQueueWorker } from './build/queue.js';
import { simulationJobHandler } from './build/simulate-queue.js';
import { lateSwapJobHandler } from './build/late-swap-runner.js';

const config = (() => {
  try {
    return configFromEnv(process.env, {});
  } catch (error) {
    console.error(`Stacksmith worker could not start: ${(error as Error).message}`);
    process.exit(1);
  }
})();
if (!config.redisUrl) {
  console.error('REDIS_URL is not set: a build worker takes its builds from the Redis queue (redis://host:6379).');
  process.exit(2);
}
const threads = Math.max(1, Math.floor(config.buildWorkers));
const pool = new BuildPool(threads);
// Simulations and late swaps in a bounded pool of their own, each stopped at JOB_TIMEOUT_SECONDS.
const jobThreads = new JobThreads({ threads, maxQueue: threads, timeoutMs: config.jobTimeoutSeconds * 1000, heapMb: config.jobThreadHeapMb });
const handlers = [buildJobHandler(pool), simulationJobHandler(jobThreads), lateSwapJobHandler(jobThreads)];
const worker = startQueueWorker({ redisUrl: config.redisUrl, prefix: config.queuePrefix }, handlers, threads);
worker.on('error', (error) => console.error('build worker:', error.message));
// One line per job taken and ended ("build <id> taken", "simulate <id> done"): which process held
// a job, for operators (and the fault tests).
worker.on('active', (job) => console.log(`${job.name} ${job.id} taken`));
worker.on('completed', (job, status) => console.log(`${job.name} ${job.id} ${String(status)}`));
await worker.waitUntilReady();
console.log(`build worker ready: ${threads} thread(s), queue prefix ${config.queuePrefix}`);

// SIGTERM/SIGINT: finish the builds in hand, take no new ones, then leave.
let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await worker.close();
  await pool.close();
  await jobThreads.close();
  process.exit(0);
};
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
