// Queued builds survive a Redis crash with the persistence docs/server.md asks operators for
// (appendonly yes, appendfsync everysec): a redis-server of this test's own on a spare port,
// builds queued while no worker runs, the server killed (SIGKILL, no chance to save) and
// started again on its append-only file; then a worker starts and every build completes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRoster } from '@stacksmith/domain';
import type { BuildBatch, BuildRequest } from '@stacksmith/optimizer';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { randomPool } from '../../../optimizer/test-support/random-pool.js';
import { startWorkerProcess, type WorkerProcess } from '../test-support/queue-processes.js';
import { BUILD_QUEUE, QueueBuildRunner } from './queue.js';

const freePort = () => new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});

async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
    '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined); // refused until the server listens
  for (let i = 0; ; i++) {
    if (await probe.connect().then(() => true, () => false)) break;
    if (i > 100) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  probe.disconnect();
  return child;
}

describe('queued builds across a Redis restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'redis-aof-'));
  let redis: ChildProcess | undefined;
  let worker: WorkerProcess | undefined;
  let runner: QueueBuildRunner | undefined;
  afterAll(async () => {
    await runner?.close();
    worker?.child.kill('SIGKILL');
    redis?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('completes every build queued before the crash (appendonly yes, appendfsync everysec)', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const prefix = 'restart';
    redis = await startRedis(port, dir);
    runner = new QueueBuildRunner({ redisUrl: url, prefix });
    const players = randomPool(getRoster('nfl', 'dk', 'classic'), 60, 4);
    const request = (seed: number): BuildRequest => ({ sport: 'nfl', site: 'dk', contestType: 'classic', players, seed, settings: { numLUs: 6 } });
    const batches: BuildBatch[][] = [[], [], []];
    const runs = batches.map((got, i) => runner!.run(request(i + 1), (batch) => got.push(batch), new AbortController().signal));

    // All three wait in the queue (no worker yet); everysec has written them to disk after a second.
    const look = new Redis(url);
    for (let i = 0; (await look.zcard(`${prefix}:${BUILD_QUEUE}:prioritized`)) < 3; i++) {
      if (i > 200) throw new Error('the builds were not queued');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    look.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    redis = await startRedis(port, dir);

    worker = await startWorkerProcess(prefix, url);
    const outcomes = await Promise.all(runs);
    // Without the append-only file the restarted Redis is empty: the builds would end as lost.
    expect(outcomes).toEqual([{ status: 'done' }, { status: 'done' }, { status: 'done' }]);
    for (const got of batches) {
      expect(got.flatMap((b) => b.lineups)).toHaveLength(6);
      expect(got.at(-1)!.count).toBe(6);
    }
  }, 120_000);
});
