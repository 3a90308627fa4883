// Queue benchmark (issue 24): 40 concurrent builds (20 users' worth, 60 lineups each on the
// optimizer bench's dk nfl classic slate of about 400 players) through the Redis queue, run by one build worker process and
// then by two (one build thread each), in the same run. Prints builds per minute, the
// first-lineup latency (median and 90th percentile, from the moment all 40 are queued) and the
// ratios two/one. The server side is the QueueBuildRunner the build socket uses.
// Run: npm run bench:queue   (needs Redis: REDIS_URL, default redis://127.0.0.1:6379)
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BuildRequest } from '../packages/optimizer/src/index.js';
import { benchSlate } from '../packages/optimizer/test-support/random-pool.js';
import { QueueBuildRunner } from '../packages/server/src/build/queue.js';
import { REDIS_URL, startWorkerProcess } from '../packages/server/src/test-support/queue-processes.js';

const BUILDS = 40;
const LINEUPS = 60;
const players = benchSlate('nfl-dk-classic');
const request = (seed: number, numLUs = LINEUPS): BuildRequest => ({
  sport: 'nfl', site: 'dk', contestType: 'classic', players, seed, settings: { numLUs },
});

interface Result { perMinute: number; medianFirst: number; p90First: number; seconds: number }

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

async function measure(workerCount: number): Promise<Result> {
  const prefix = `bench-queue-${randomBytes(4).toString('hex')}`;
  const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorkerProcess(prefix)));
  const runner = new QueueBuildRunner({ redisUrl: REDIS_URL, prefix });
  try {
    // Warm each worker (the optimizer loads into its thread on the first build).
    await Promise.all(workers.map((_, i) => runner.run(request(1000 + i, 1), () => {}, new AbortController().signal)));
    const start = performance.now();
    const firsts: number[] = [];
    const outcomes = await Promise.all(Array.from({ length: BUILDS }, (_, i) => {
      let first = 0;
      return runner.run(request(i + 1), () => {
        if (!first) firsts.push((first = performance.now() - start));
      }, new AbortController().signal, { priority: 1 + (i % 2) });
    }));
    const seconds = (performance.now() - start) / 1000;
    const failed = outcomes.filter((o) => o.status !== 'done');
    if (failed.length) throw new Error(`${failed.length} builds did not finish: ${JSON.stringify(failed[0])}`);
    return { perMinute: (BUILDS / seconds) * 60, medianFirst: quantile(firsts, 0.5), p90First: quantile(firsts, 0.9), seconds };
  } finally {
    await runner.close();
    for (const worker of workers) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const one = await measure(1);
const two = await measure(2);
for (const [name, r] of [['1 worker process ', one], ['2 worker processes', two]] as const) {
  console.log(`${name}: ${BUILDS} builds of ${LINEUPS} lineups in ${r.seconds.toFixed(1)} s = ${r.perMinute.toFixed(1)} builds/min; first lineup median ${fmt(r.medianFirst)}, p90 ${fmt(r.p90First)}`);
}
console.log(`ratio two/one: builds/min x${(two.perMinute / one.perMinute).toFixed(2)}, median first-lineup latency x${(two.medianFirst / one.medianFirst).toFixed(2)}`);
