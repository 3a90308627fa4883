// Where the heavy work runs (builds, simulations, entries late swaps, uploaded files) and the
// per-user limit on it. With REDIS_URL: builds, simulations and late swaps on the queue's worker
// processes (`npm run worker`), the limit holding across server nodes; without: this process's
// worker threads and an in-memory limit. Uploaded files are read in this process's file threads
// either way. Every pool is bounded (threads and queue), so that the work running at once does
// not grow with the number of users asking (docs/server.md "Limits").
import fp from 'fastify-plugin';
import { JobThreads } from '../build/job-thread.js';
import { BuildPool } from '../build/pool.js';
import { QueueBuildRunner, RedisBuildLimiter } from '../build/queue.js';
import { QueueLateSwapRunner, threadLateSwaps, type LateSwapRunner } from '../build/late-swap-runner.js';
import { MemoryBuildLimiter, type BuildLimiter, type BuildRunner } from '../build/runner.js';
import { QueueSimulationRunner } from '../build/simulate-queue.js';
import { threadSimulations, type SimulationRunner } from '../build/simulate-runner.js';

export default fp(async (app) => {
  const config = app.config;
  const queue = config.redisUrl ? { redisUrl: config.redisUrl, prefix: config.queuePrefix } : null;
  const builds: BuildRunner = queue ? new QueueBuildRunner(queue) : new BuildPool(config.buildWorkers);
  const limiter: BuildLimiter = queue ? new RedisBuildLimiter(queue) : new MemoryBuildLimiter();
  const timeoutMs = config.jobTimeoutSeconds * 1000;
  // Simulations and late swaps share one bounded pool: SIMULATION_WORKERS at once in all, however many users ask.
  const jobThreads = queue ? null : new JobThreads({ threads: config.simulationWorkers, maxQueue: config.maxQueuedJobs, timeoutMs, heapMb: config.jobThreadHeapMb });
  const simulations: SimulationRunner = queue ? new QueueSimulationRunner(queue) : threadSimulations(jobThreads!);
  const lateSwaps: LateSwapRunner = queue ? new QueueLateSwapRunner(queue) : threadLateSwaps(jobThreads!);
  const files = new JobThreads({ threads: config.fileWorkers, maxQueue: config.maxQueuedJobs, timeoutMs, heapMb: config.jobThreadHeapMb });
  app.decorate('buildPool', builds);
  app.decorate('buildLimiter', limiter);
  app.decorate('simulations', simulations);
  app.decorate('lateSwaps', lateSwaps);
  app.decorate('files', files);
  app.addHook('onClose', async () => {
    await limiter.close();
    await builds.close();
    await simulations.close();
    await lateSwaps.close();
    await jobThreads?.close();
    await files.close();
  });
}, { name: 'jobs' });
