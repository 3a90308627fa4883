// Builds across machines, on the local Redis and PostgreSQL: two server nodes (app
// instances sharing one database, each with its own Redis connections) and two build worker
// processes (worker-main.ts through tsx), all on a queue prefix of this run's own.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRoster, TOO_MANY_BUILDS } from '@stacksmith/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { mulberry32 } from '../../../optimizer/test-support/prng.js';
import { randomPool } from '../../../optimizer/test-support/random-pool.js';
import { dropPgSchema, openDb } from '../db/connect.js';
import { runBuild, type BuildReply } from '../test-support/build-socket-client.js';
import { QueueBuildRunner, BUILD_QUEUE, RedisBuildLimiter } from './queue.js';
import { buildPriority, MemoryBuildLimiter, type BuildLimiter } from './runner.js';
import { createTestAppOnDb, PG_URL, pgAvailable, signUp, type TestApp } from '../test-support/harness.js';
import { buildsHeld, dropQueueKeys, REDIS_URL, ROOT, startWorkerProcess, until, type WorkerProcess } from '../test-support/queue-processes.js';

const SERVER_MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const JWT_SECRET = 'test-secret-0123456789abcdef';

/** Two app instances on one database (PostgreSQL when reachable, else one SQLite file). */
export async function serverNodes(overrides: Parameters<typeof createTestAppOnDb>[2]) {
  let open: () => ReturnType<typeof openDb>;
  let cleanup: () => Promise<void>;
  /** The database's settings for a server process (main.ts) on the same store. */
  let dbEnv: Record<string, string>;
  if (pgAvailable) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    open = () => openDb({ databaseUrl: PG_URL, pgSchema: schema });
    cleanup = () => dropPgSchema(PG_URL, schema);
    dbEnv = { DATABASE_URL: PG_URL, PG_SCHEMA: schema };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'queue-'));
    open = () => openDb({ sqlitePath: join(dir, 'db.sqlite') });
    dbEnv = { SQLITE_PATH: join(dir, 'db.sqlite') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // One after the other: the first runs the migrations.
  const nodes: TestApp[] = [];
  for (let i = 0; i < 2; i++) nodes.push(await createTestAppOnDb(await open(), async () => undefined, overrides, false));
  const urls: string[] = [];
  for (const node of nodes) {
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`ws://127.0.0.1:${(node.app.server.address() as AddressInfo).port}/build`);
  }
  return {
    nodes, urls, dbEnv,
    async close() {
      for (const node of nodes) await node.close();
      await cleanup();
    },
  };
}

export const buildMessage = (numLUs: number, poolSize = 80, seed = 7) => ({
  sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2024, counter: 1,
  players: randomPool(getRoster('nfl', 'dk', 'classic'), poolSize, 3), numLUs, seed,
  projPtsRandInput: 'none', teamStacks: [], groups: [], savedLineups: [], afterStartActivated: false, afterStartLineups: [],
});

/** A server process (main.ts through tsx) on the given database and queue; resolves once it listens. */
async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: ROOT, stdio: 'ignore',
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET, SEED_DEMO: '0', LOG: '0', BUILD_WORKERS: '1' },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/auth`).then(() => true, () => false)) break;
    if (i > 600 || child.exitCode !== null) throw new Error('the server process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url: `ws://127.0.0.1:${port}/build` };
}

/** A build whose first lineup takes seconds (as in build-cancel.test.ts): a few thousand nba players whose points follow salary closely. */
const heavyMessage = () => {
  const rng = mulberry32(5);
  return {
    ...buildMessage(150), sport: 'nba',
    players: randomPool(getRoster('nba', 'dk', 'classic'), 4000, 1)
      .map((p) => ({ ...p, ProjPts: Math.round((p.Salary / 1000) * 3 * 100 + 50 * rng()) / 100 })),
  };
};

const hashes = (replies: BuildReply[]) => replies.flatMap((r) => r.lu ?? []).map((l) => l.lineupHash);

describe('builds on the Redis queue across two server nodes and two worker processes', () => {
  const prefix = `test-queue-${randomBytes(4).toString('hex')}`;
  let cluster: Awaited<ReturnType<typeof serverNodes>>;
  const workers: WorkerProcess[] = [];
  let token: string;

  beforeAll(async () => {
    workers.push(...await Promise.all([startWorkerProcess(prefix), startWorkerProcess(prefix)]));
    cluster = await serverNodes({ redisUrl: REDIS_URL, queuePrefix: prefix, maxBuildsPerUser: 2 });
    token = (await signUp(cluster.nodes[0]!.app, 'queued@example.com')).token;
    await cluster.nodes[0]!.app.users.setAdmin('queued@example.com', true);
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
    for (const worker of workers) worker.child.kill('SIGKILL');
    await dropQueueKeys(prefix);
  });

  it('completes builds started on either server node, with the same lineups for the same request', async () => {
    const [a, b] = await Promise.all(cluster.urls.map((url) => runBuild(url, buildMessage(12), { token })));
    expect(a!.code).toBe(1000);
    expect(b!.code).toBe(1000);
    expect(hashes(a!.replies)).toHaveLength(12);
    expect(new Set(hashes(a!.replies)).size).toBe(12);
    expect(hashes(b!.replies)).toEqual(hashes(a!.replies));
    // The batches count up without a gap.
    expect(a!.replies.map((r) => r.luNum)).toEqual([5, 10, 12]);
  }, 120_000);

  it('moves the build of a worker killed with SIGKILL to the other worker: every lineup arrives once, in order', async () => {
    const message = buildMessage(150, 200, 11);
    const reference = await runBuild(cluster.urls[1]!, message, { token });
    expect(hashes(reference.replies)).toHaveLength(150);

    let killed: WorkerProcess | undefined;
    const result = await runBuild(cluster.urls[0]!, message, {
      token,
      onReply: (reply) => {
        if (killed || !reply.lu) return;
        killed = workers.find((w) => buildsHeld(w).length > 0);
        killed?.child.kill('SIGKILL');
      },
    });
    expect(killed).toBeDefined();
    await killed!.exited;
    expect(killed!.child.signalCode).toBe('SIGKILL');
    const survivor = workers.find((w) => w !== killed)!;
    expect(result.code).toBe(1000);
    expect(hashes(result.replies)).toEqual(hashes(reference.replies));
    // The survivor finished the build the killed worker had taken.
    const moved = [...killed!.output().matchAll(/build (\S+) taken/g)].map((m) => m[1]!).at(-1)!;
    await until(() => survivor.output().includes(`build ${moved} done`), 'the survivor to report the build done', 10_000);
    workers.splice(workers.indexOf(killed!), 1, await startWorkerProcess(prefix));
  }, 180_000);

  it('cancels the build on its worker when the socket closes', async () => {
    let holder: WorkerProcess | undefined;
    let id: string | undefined;
    await runBuild(cluster.urls[1]!, buildMessage(150, 150, 5), {
      token,
      onReply: (reply, ws) => {
        if (holder || !reply.lu) return;
        holder = workers.find((w) => buildsHeld(w).length > 0);
        id = holder && buildsHeld(holder)[0];
        ws.close();
      },
    });
    expect(id).toBeDefined();
    await until(() => holder!.output().includes(`build ${id} cancelled`), 'the worker to end the cancelled build', 10_000);
    // Stopped part way: the worker never reports it done.
    expect(holder!.output()).not.toContain(`build ${id} done`);
  }, 120_000);

  it('cancels on its worker the build of a server process killed with SIGKILL (its heartbeat stops)', async () => {
    const server = await startServerProcess({ ...cluster.dbEnv, REDIS_URL, QUEUE_PREFIX: prefix });
    const build = runBuild(server.url, heavyMessage(), { token });
    // Killed once a worker has taken the build (its first lineup is seconds away).
    await until(() => workers.some((w) => buildsHeld(w).length > 0), 'a worker to take the build');
    const holder = workers.find((w) => buildsHeld(w).length > 0);
    const id = holder && buildsHeld(holder)[0];
    server.child.kill('SIGKILL');
    expect((await build).code).toBe(1006);
    expect(id).toBeDefined();
    // The build ends as cancelled (not done) once the node's alive key has expired.
    await until(() => /build \S+ (done|cancelled)/.test(holder!.output().split(`build ${id} taken`)[1] ?? ''), 'the orphaned build to end', 30_000);
    expect(holder!.output()).toContain(`build ${id} cancelled`);
    // The dead node's build slot (per-user limit) expires instead of blocking its user for good.
    const redis = new Redis(REDIS_URL);
    try {
      for (let i = 0; ; i++) {
        const keys = await redis.keys(`${prefix}:builds-of:*`);
        const live = await Promise.all(keys.map((key) => redis.zcount(key, Date.now(), '+inf')));
        if (live.every((n) => n === 0)) break;
        if (i > 300) throw new Error('the dead node still holds a build slot');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      redis.disconnect();
    }
  }, 120_000);

  it('holds the per-user limit across both server nodes', async () => {
    // Two long builds, one on each node: the user's limit of 2, both held by a worker.
    // Each socket kept by its node's index: the two open in either order, and closing the
    // wrong one would leave the awaited build running all 150 heavy lineups.
    const sockets: WebSocket[] = [];
    const running = cluster.urls.map((url, i) => runBuild(url, heavyMessage(), { token, onSent: (ws) => { sockets[i] = ws; } }));
    await until(() => workers.every((w) => buildsHeld(w).length > 0), 'both workers to hold a build');
    for (const url of cluster.urls) {
      expect((await runBuild(url, buildMessage(1), { token })).replies).toEqual([{ error: TOO_MANY_BUILDS, code: 'too-many-builds', params: {} }]);
    }
    // Another user's build is admitted (it runs once a worker is free: the first build is cancelled).
    const other = (await signUp(cluster.nodes[1]!.app, 'other@example.com')).token;
    await cluster.nodes[1]!.app.users.setAdmin('other@example.com', true);
    const theirs = runBuild(cluster.urls[1]!, buildMessage(1), { token: other });
    sockets[0]!.close();
    await running[0];
    expect((await theirs).code).toBe(1000);
    // Once one build ends, a slot is free again on either node (the release reaches Redis a moment after the close).
    let again: Awaited<ReturnType<typeof runBuild>> | undefined;
    for (let i = 0; i < 50; i++) {
      again = await runBuild(cluster.urls[1]!, buildMessage(1), { token });
      if (again.code === 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again!.code).toBe(1000);
    sockets[1]!.close();
    await running[1];
  }, 180_000);
});

describe('rate limits with REDIS_URL', () => {
  it('count across server nodes', async () => {
    const prefix = `test-rate-${randomBytes(4).toString('hex')}`;
    const cluster = await serverNodes({ redisUrl: REDIS_URL, queuePrefix: prefix, signUpRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await cluster.nodes[i % 2]!.app.inject({
          method: 'POST', url: '/api/sign-up', payload: { email: `r${i}@example.com`, password: 'correct horse', first_name: 'R', last_name: 'L' },
        });
        statuses.push(res.statusCode);
      }
      // Three sign-ups per hour per address in all, whichever node takes them.
      expect(statuses.slice(0, 3).every((s) => s < 300)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await cluster.close();
      await dropQueueKeys(prefix);
    }
  }, 60_000);
});

describe('queue priority by plan', () => {
  it('maps plans to priorities: full plans and admins first, then accounts, then visitors', () => {
    expect(buildPriority({ admin: false }, 150, 150)).toBe(1);
    expect(buildPriority({ admin: true }, 20, 150)).toBe(1);
    expect(buildPriority({ admin: false }, 20, 150)).toBe(2);
    expect(buildPriority(null, 150, 150)).toBe(3);
  });

  it("puts a user's build beside another of theirs behind every first build, whatever the plans", () => {
    const second = buildPriority({ admin: false }, 150, 150, 1);
    expect(second).toBeGreaterThan(buildPriority(null, 150, 150));
    expect(buildPriority({ admin: false }, 150, 150, 2)).toBeGreaterThan(buildPriority(null, 150, 150, 1));
    // Between two users' second builds the plan still decides.
    expect(second).toBeLessThan(buildPriority({ admin: false }, 20, 150, 1));
  });

  it('tells each admitted build how many the user already holds, in memory and across nodes in Redis', async () => {
    const prefix = `test-held-${randomBytes(4).toString('hex')}`;
    const limiters: BuildLimiter[] = [new MemoryBuildLimiter(), new RedisBuildLimiter({ redisUrl: REDIS_URL, prefix })];
    try {
      for (const limiter of limiters) {
        const first = await limiter.acquire('user:1', 2);
        const second = await limiter.acquire('user:1', 2);
        const someoneElse = await limiter.acquire('user:2', 2);
        expect([first?.othersHeld, second?.othersHeld, someoneElse?.othersHeld]).toEqual([0, 1, 0]);
        expect(await limiter.acquire('user:1', 2)).toBeNull();
        first!.release();
        // Slot by slot: the user's build that follows a finished one runs beside the other.
        expect((await limiter.acquire('user:1', 2))?.othersHeld).toBe(1);
      }
    } finally {
      for (const limiter of limiters) await limiter.close();
      await dropQueueKeys(prefix);
    }
  });

  it("runs a full plan's build before a visitor's build queued earlier", async () => {
    const prefix = `test-priority-${randomBytes(4).toString('hex')}`;
    const runner = new QueueBuildRunner({ redisUrl: REDIS_URL, prefix });
    const redis = new Redis(REDIS_URL);
    let worker: WorkerProcess | undefined;
    try {
      const players = randomPool(getRoster('nfl', 'dk', 'classic'), 60, 4);
      const request = (seed: number) => ({ sport: 'nfl' as const, site: 'dk' as const, contestType: 'classic' as const, players, seed, settings: { numLUs: 2 } });
      const finished: string[] = [];
      const queued = async (n: number) => {
        for (let i = 0; (await redis.zcard(`${prefix}:${BUILD_QUEUE}:prioritized`)) < n; i++) {
          if (i > 400) throw new Error('the build was not queued');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      const visitor = runner.run(request(1), () => {}, new AbortController().signal, { priority: 3 }).then(() => finished.push('visitor'));
      await queued(1);
      const full = runner.run(request(2), () => {}, new AbortController().signal, { priority: 1 }).then(() => finished.push('full'));
      await queued(2);
      // One worker with one thread takes them one at a time, by priority.
      worker = await startWorkerProcess(prefix);
      await Promise.all([visitor, full]);
      expect(finished).toEqual(['full', 'visitor']);
    } finally {
      worker?.child.kill('SIGKILL');
      await runner.close();
      redis.disconnect();
      await dropQueueKeys(prefix);
    }
  }, 60_000);
});

