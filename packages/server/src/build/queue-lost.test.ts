// A build queued on Redis and lost there (Redis restarted without its data: the queue's keys
// gone) ends with its own message, BUILD_LOST, on the build socket: not "Internal server error".
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BUILD_CLOSE, BUILD_LOST, getRoster } from '@stacksmith/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPool } from '../../../optimizer/test-support/random-pool.js';
import { runBuild } from '../test-support/build-socket-client.js';
import { createTestApp, signUpOnPlan, type TestApp } from '../test-support/harness.js';
import { dropQueueKeys, REDIS_URL } from '../test-support/queue-processes.js';
import { BUILD_QUEUE } from './queue.js';

describe('a queued build lost by Redis', { timeout: 120_000 }, () => {
  const prefix = `test-lost-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  beforeAll(async () => {
    // No worker process: the build waits in the queue until its keys are gone.
    t = await createTestApp('sqlite', { redisUrl: REDIS_URL, queuePrefix: prefix }, false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await dropQueueKeys(prefix);
  });

  it('closes the socket with BUILD_LOST', async () => {
    const user = await signUpOnPlan(t, 'Elite');
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    const message = {
      token: user.token, sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2024, counter: 1,
      players: randomPool(getRoster('nfl', 'dk', 'classic'), 60, 3), numLUs: 2,
    };
    const look = new Redis(REDIS_URL);
    const ended = runBuild(url, message);
    for (let i = 0; (await look.zcard(`${prefix}:${BUILD_QUEUE}:prioritized`)) + (await look.llen(`${prefix}:${BUILD_QUEUE}:wait`)) < 1; i++) {
      if (i > 400) throw new Error('the build was not queued');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    look.disconnect();
    await dropQueueKeys(prefix);
    const { replies, code } = await ended;
    expect(replies.at(-1)).toEqual({ error: BUILD_LOST, code: 'build-lost', params: {} });
    expect(code).toBe(BUILD_CLOSE.failed);
  });
});
