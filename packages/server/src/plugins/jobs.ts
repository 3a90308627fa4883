// Where the heavy work runs (builds, simulations, entries late swaps) and the per-user limit on
// it. With REDIS_URL: the queue's worker processes (`npm run worker`), the limit holding across
// server nodes; without: this process's worker threads and an in-memory limit.
import fp from 'fastify-plugin';
import { BuildPool } from '../build/pool.js';
import { QueueBuildRunner, RedisBuildLimiter } from '../build/queue.js';
import { QueueLateSwapRunner, threadLateSwaps, type LateSwapRunner } from '../build/late-swap-runner.js';
import { MemoryBuildLimiter, type BuildLimiter, type BuildRunner } from '../build/runner.js';
import { QueueSimulationRunner } from '../build/simulate-queue.js';
import { threadSimulations, type SimulationRunner } from '../build/simulate-runner.js';

export default fp(async (app) => {
  const queue = app.config.redisUrl ? { redisUrl: app.config.redisUrl, prefix: app.config.queuePrefix } : null;
  const builds: BuildRunner = queue ? new QueueBuildRunner(queue) : new BuildPool(app.config.buildWorkers);
  const limiter: BuildLimiter = queue ? new RedisBuildLimiter(queue) : new MemoryBuildLimiter();
  const simulations: SimulationRunner = queue ? new QueueSimulationRunner(queue) : threadSimulations;
  const lateSwaps: LateSwapRunner = queue ? new QueueLateSwapRunner(queue) : threadLateSwaps;
  app.decorate('buildPool', builds);
  app.decorate('buildLimiter', limiter);
  app.decorate('simulations', simulations);
  app.decorate('lateSwaps', lateSwaps);
  app.addHook('onClose', async () => {
    await limiter.close();
    await builds.close();
    await simulations.close();
    await lateSwaps.close();
  });
}, { name: 'jobs' });
