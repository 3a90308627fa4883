// Queue benchmark (docs/server.md "Deployment"), in one run:
// 1. Throughput: 40 concurrent builds (20 users' worth, BENCH_LINEUPS lineups each, default 60,
//    on the optimizer bench's dk nfl classic slate of about 400 players) through the Redis queue,
//    run by one build worker process and then by two (one build thread each). Prints builds per
//    minute, the first-lineup latency (median and 90th percentile, from the moment all 40 are
//    queued) and the ratios two/one.
// 2. Fairness: on two worker processes, other users start small builds one after another, alone
//    and then while a heavy user keeps building 150 lineups as fast as MAX_BUILDS_PER_USER lets
//    them (the real RedisBuildLimiter, each user's queue priority as the build socket gives it).
//    Prints the other users' first-lineup latency with the heavy user against without, and the
//    share of the workers' time each side got (from BullMQ's events: job taken to job done).
// For each measurement: the CPU seconds of the server side (this process), of the worker
// processes and of redis-server (/proc/<pid>/stat), so a reader sees where the cores went.
// The server side is the QueueBuildRunner the build socket uses.
// Run: npm run bench:queue   (needs Redis: REDIS_URL, default redis://127.0.0.1:6379; redis-server's
// CPU is read only when it runs on this machine)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { MAX_LINEUP_LIMIT } from '../packages/domain/src/index.js';
import type { BuildRequest } from '../packages/optimizer/src/index.js';
import { benchSlate } from '../packages/optimizer/test-support/random-pool.js';
import { BUILD_QUEUE, QueueBuildRunner, RedisBuildLimiter, redisConnection } from '../packages/server/src/build/queue.js';
import { buildPriority } from '../packages/server/src/build/runner.js';
import { configFromEnv } from '../packages/server/src/config.js';
import { dropQueueKeys, REDIS_URL, startWorkerProcess, type WorkerProcess } from '../packages/server/src/test-support/queue-processes.js';

const BUILDS = 40;
const LINEUPS = Number(process.env.BENCH_LINEUPS ?? 60);
/** Fairness: the other users (one small build each, started this far apart) and their builds' size. */
const OTHERS = 20;
const OTHERS_APART_MS = 200;
const SMALL = 20;
const HEAVY = MAX_LINEUP_LIMIT;
/** The server's per-user limit, as the server reads it (MAX_BUILDS_PER_USER, default 2). */
const PER_USER = configFromEnv(process.env, {}).maxBuildsPerUser;
/**
 * As the build socket gives them: by plan (the heavy user's plan builds 150 lineups; the others'
 * plan 150 too, or 20) and by the user's other builds held when the limiter admitted this one.
 */
const priorityOf = (planLineups: number, othersHeld = 0) => buildPriority({ admin: false }, planLineups, MAX_LINEUP_LIMIT, othersHeld);

const players = benchSlate('nfl-dk-classic');
const request = (seed: number, numLUs = LINEUPS): BuildRequest => ({
  sport: 'nfl', site: 'dk', contestType: 'classic', players, seed, settings: { numLUs },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
/** A signal of one build's own that never aborts (one shared signal would collect a listener per build). */
const never = () => new AbortController().signal;

// --- CPU seconds by process -------------------------------------------------------------------

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** utime + stime of a process (all its threads), in seconds; null when it is not on this machine. */
function cpuOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}
const serverCpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1e6; };
const redis = new Redis(REDIS_URL);
const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]) || undefined;

interface CpuSplit { wall: number; server: number; workers: number; redis: number | null }
/** Starts counting; the returned function (called before the workers are stopped) gives the split. */
function cpuMeter(workers: WorkerProcess[]): () => CpuSplit {
  const sumWorkers = () => workers.reduce((sum, w) => sum + (cpuOf(w.child.pid) ?? 0), 0);
  const start = { at: performance.now(), server: serverCpu(), workers: sumWorkers(), redis: cpuOf(redisPid) };
  return () => {
    const redisNow = cpuOf(redisPid);
    return {
      wall: (performance.now() - start.at) / 1000,
      server: serverCpu() - start.server,
      workers: sumWorkers() - start.workers,
      redis: redisNow === null || start.redis === null ? null : redisNow - start.redis,
    };
  };
}
const cores = (seconds: number, wall: number) => `${seconds.toFixed(1)} s (${(seconds / wall).toFixed(2)} cores)`;
const cpuLine = (c: CpuSplit) =>
  `    CPU over ${c.wall.toFixed(1)} s: server side ${cores(c.server, c.wall)}, workers ${cores(c.workers, c.wall)}, redis-server ${c.redis === null ? 'not on this machine' : cores(c.redis, c.wall)}`;

// --- A run on fresh worker processes and a queue prefix of its own ----------------------------

async function withWorkers<T>(count: number, body: (workers: WorkerProcess[], prefix: string, runner: QueueBuildRunner) => Promise<T>): Promise<T> {
  const prefix = `bench-queue-${randomBytes(4).toString('hex')}`;
  const workers = await Promise.all(Array.from({ length: count }, () => startWorkerProcess(prefix)));
  const runner = new QueueBuildRunner({ redisUrl: REDIS_URL, prefix });
  try {
    // Warm each worker (the optimizer loads into its thread on the first build).
    await Promise.all(workers.map((_, i) => runner.run(request(1000 + i, 1), () => {}, never())));
    return await body(workers, prefix, runner);
  } finally {
    await runner.close();
    for (const worker of workers) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    await dropQueueKeys(prefix);
  }
}

// --- 1. Throughput ----------------------------------------------------------------------------

interface Throughput { perMinute: number; medianFirst: number; p90First: number; seconds: number; cpu: CpuSplit }

const throughput = (workerCount: number) => withWorkers(workerCount, async (workers, _prefix, runner): Promise<Throughput> => {
  const meter = cpuMeter(workers);
  const start = performance.now();
  const firsts: number[] = [];
  const outcomes = await Promise.all(Array.from({ length: BUILDS }, (_, i) => {
    let first = 0;
    return runner.run(request(i + 1), () => {
      if (!first) firsts.push((first = performance.now() - start));
    }, never(), { priority: 1 + (i % 2) });
  }));
  const seconds = (performance.now() - start) / 1000;
  const cpu = meter();
  const failed = outcomes.filter((o) => o.status !== 'done');
  if (failed.length) throw new Error(`${failed.length} builds did not finish: ${JSON.stringify(failed[0])}`);
  return { perMinute: (BUILDS / seconds) * 60, medianFirst: quantile(firsts, 0.5), p90First: quantile(firsts, 0.9), seconds, cpu };
});

// --- 2. Fairness ------------------------------------------------------------------------------

interface Fairness {
  firsts: number[];
  /** Worker-seconds per side while the others' builds ran, and the workers' capacity over that time. */
  busy: { heavy: number; others: number; capacity: number };
  heavyBuilds: number;
  refused: number;
  cpu: CpuSplit;
}

const fairness = (withHeavy: boolean, othersPlan: number) => withWorkers(2, async (workers, prefix, runner): Promise<Fairness> => {
  const limiter = new RedisBuildLimiter({ redisUrl: REDIS_URL, prefix });
  const eventsConnection = redisConnection(REDIS_URL);
  const events = new QueueEvents(BUILD_QUEUE, { connection: eventsConnection, prefix });
  await events.waitUntilReady();
  // Who each job is for, and when a worker took and finished it (Redis's clock: the event's stream id).
  const owner = new Map<string, 'heavy' | 'other'>();
  const taken = new Map<string, number>();
  const spans: { who: 'heavy' | 'other'; from: number; to: number }[] = [];
  const at = (eventId: string) => Number(eventId.split('-')[0]);
  events.on('active', ({ jobId }, id) => taken.set(jobId, at(id)));
  events.on('completed', ({ jobId }, id) => {
    const who = owner.get(jobId);
    if (who && taken.has(jobId)) spans.push({ who, from: taken.get(jobId)!, to: at(id) });
  });
  const stop = new AbortController();
  let heavyBuilds = 0;
  let refused = 0;
  /** One of the heavy user's tabs: builds again as soon as the limiter gives it a slot. */
  const heavyTab = async (tab: number) => {
    for (let seed = 100_000 * (tab + 1); !stop.signal.aborted; seed++) {
      const lease = await limiter.acquire('user:heavy', PER_USER);
      if (!lease) {
        refused++;
        await sleep(100);
        continue;
      }
      try {
        const outcome = await runner.run(request(seed, HEAVY), () => {}, stop.signal, { priority: priorityOf(HEAVY, lease.othersHeld), onQueued: (id) => owner.set(id, 'heavy') });
        if (outcome.status === 'done') heavyBuilds++;
      } finally {
        lease.release();
      }
    }
  };
  try {
    // One tab more than the limit allows: the limiter, not the bench, keeps the heavy user at PER_USER.
    const tabs = withHeavy ? Array.from({ length: PER_USER + 1 }, (_, tab) => heavyTab(tab)) : [];
    if (withHeavy) await sleep(1500);
    const meter = cpuMeter(workers);
    const windowStart = Date.now();
    const firsts = await Promise.all(Array.from({ length: OTHERS }, async (_, user) => {
      await sleep(user * OTHERS_APART_MS);
      const lease = await limiter.acquire(`user:other-${user}`, PER_USER);
      if (!lease) throw new Error('the limiter refused a user with no build running');
      try {
        const start = performance.now();
        let first = 0;
        const outcome = await runner.run(request(user + 1, SMALL), () => {
          if (!first) first = performance.now() - start;
        }, never(), { priority: priorityOf(othersPlan, lease.othersHeld), onQueued: (id) => owner.set(id, 'other') });
        if (outcome.status !== 'done') throw new Error(`a small build ended ${JSON.stringify(outcome)}`);
        return first;
      } finally {
        lease.release();
      }
    }));
    const windowEnd = Date.now();
    const cpu = meter();
    stop.abort();
    await Promise.all(tabs);
    await sleep(300); // the last completed events
    const clip = (who: 'heavy' | 'other') => spans.filter((s) => s.who === who)
      .reduce((sum, s) => sum + Math.max(0, Math.min(s.to, windowEnd) - Math.max(s.from, windowStart)), 0) / 1000;
    return {
      firsts, heavyBuilds, refused, cpu,
      busy: { heavy: clip('heavy'), others: clip('other'), capacity: (workers.length * (windowEnd - windowStart)) / 1000 },
    };
  } finally {
    stop.abort();
    await events.close();
    eventsConnection.disconnect();
    await limiter.close();
  }
});

// --- The run ----------------------------------------------------------------------------------

/** The figures depend on what else the machine runs: said with them. */
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');
console.log(`${cpus().length} cores; load average (1, 5, 15 min) at the start: ${load()}`);
const one = await throughput(1);
const two = await throughput(2);
console.log(`Throughput: ${BUILDS} concurrent builds of ${LINEUPS} lineups`);
for (const [name, r] of [['1 worker process ', one], ['2 worker processes', two]] as const) {
  console.log(`  ${name}: ${r.seconds.toFixed(1)} s = ${r.perMinute.toFixed(1)} builds/min; first lineup median ${fmt(r.medianFirst)}, p90 ${fmt(r.p90First)}`);
  console.log(cpuLine(r.cpu));
}
console.log(`  ratio two/one: builds/min x${(two.perMinute / one.perMinute).toFixed(2)}, median first-lineup latency x${(two.medianFirst / one.medianFirst).toFixed(2)}`);
// The workers' CPU per build (all their threads): what a build costs wherever it runs, so the
// builds per minute a core given to the workers yields. The wall-clock ratio above depends on
// how many cores are idle here; this depends on the machine's speed (and contention) only.
const perBuild = (r: Throughput) => (r.cpu.workers / BUILDS) * 1000;
console.log(`  worker CPU per build: one ${perBuild(one).toFixed(0)} ms, two ${perBuild(two).toFixed(0)} ms (x${(perBuild(two) / perBuild(one)).toFixed(2)});`
  + ` i.e. about ${(60_000 / perBuild(one)).toFixed(0)} builds/min for each core the workers get`);

const runs = [
  ['without the heavy user                 ', await fairness(false, HEAVY)],
  ['with it, the others on its plan (150)   ', await fairness(true, HEAVY)],
  ['with it, the others on a 20-lineup plan ', await fairness(true, 20)],
] as const;
console.log(`Fairness on 2 worker processes: ${OTHERS} other users start a build of ${SMALL} lineups ${OTHERS_APART_MS} ms apart;`
  + ` a heavy user builds ${HEAVY} lineups again and again, MAX_BUILDS_PER_USER=${PER_USER} at once (priority ${priorityOf(HEAVY)},`
  + ` ${priorityOf(HEAVY, 1)} for a build beside another of its own; the others' priority: ${priorityOf(HEAVY)} on its plan, ${priorityOf(20)} on a 20-lineup plan)`);
for (const [name, r] of runs) {
  const share = (seconds: number) => `${((100 * seconds) / r.busy.capacity).toFixed(0)}%`;
  console.log(`  ${name}: others' first lineup median ${fmt(quantile(r.firsts, 0.5))}, p90 ${fmt(quantile(r.firsts, 0.9))}, max ${fmt(Math.max(...r.firsts))};`
    + ` worker time: others ${share(r.busy.others)}, heavy ${share(r.busy.heavy)}, idle ${share(r.busy.capacity - r.busy.others - r.busy.heavy)}`
    + (r.heavyBuilds ? ` (heavy builds done ${r.heavyBuilds}, refused by the limiter ${r.refused} times)` : ''));
  console.log(cpuLine(r.cpu));
}
const alone = runs[0][1];
for (const [name, r] of runs.slice(1)) {
  console.log(`  ratio ${name.trim().replace(/^with it, /, '')} / without: others' median first-lineup latency x${(quantile(r.firsts, 0.5) / quantile(alone.firsts, 0.5)).toFixed(2)},`
    + ` p90 x${(quantile(r.firsts, 0.9) / quantile(alone.firsts, 0.9)).toFixed(2)}`);
}
console.log(`load average at the end: ${load()}`);
redis.disconnect();
