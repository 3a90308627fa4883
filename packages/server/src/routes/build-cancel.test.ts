// A build cancelled (its socket closed) before its first lineup frees its
// worker within a second, so the next user's build starts. The build here is one whose first
// lineup takes several seconds (a few thousand nba players whose points follow salary closely:
// about 4 to 9 s on this machine), so a cancel that waited for the lineup would hold the only
// worker far longer. Time is measured because the requirement is a time; the bound is
// the second, and the build's own length is several times that.
import type { AddressInfo } from 'node:net';
import { buildSocketProtocols, getRoster } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mulberry32 } from '../../../optimizer/test-support/prng.js';
import { randomPool } from '../../../optimizer/test-support/random-pool.js';
import { createTestApp, signUp, type TestApp } from '../test-support/harness.js';

interface Reply { lu?: unknown[]; error?: string }

/** Opens the socket (the token in its handshake) and sends the message; `done` resolves with the replies at the server's close. */
function open(url: string, token: string, message: unknown) {
  const ws = new WebSocket(url, buildSocketProtocols(token));
  const replies: Reply[] = [];
  ws.on('open', () => ws.send(JSON.stringify(message)));
  ws.on('message', (data) => replies.push(JSON.parse(data.toString()) as Reply));
  const done = new Promise<{ replies: Reply[]; code: number }>((resolve, reject) => {
    ws.on('close', (code) => resolve({ replies, code }));
    ws.on('error', reject);
  });
  return { ws, replies, done };
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('cancelling a build before its first lineup', () => {
  let t: TestApp;
  let url: string;
  let token: string;

  beforeAll(async () => {
    // The database plays no part here: SQLite, no demo data.
    t = await createTestApp('sqlite', { buildWorkers: 1 }, false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    token = (await signUp(t.app, 'canceller@example.com')).token;
    await t.app.users.setAdmin('canceller@example.com', true);
  });
  afterAll(async () => t.close());

  const message = (sport: 'nfl' | 'nba', players: unknown[]) => ({
    sport, site: 'dk', contestType: 'classic', slate: 'Main', season: 2024, counter: 1, players, numLUs: 1,
    projPtsRandInput: 'none', teamStacks: [], groups: [], savedLineups: [], afterStartActivated: false, afterStartLineups: [],
  });
  const small = () => message('nfl', randomPool(getRoster('nfl', 'dk', 'classic'), 60, 2));
  const large = () => {
    const rng = mulberry32(5);
    return message('nba', randomPool(getRoster('nba', 'dk', 'classic'), 4000, 1)
      .map((p) => ({ ...p, ProjPts: Math.round((p.Salary / 1000) * 3 * 100 + 50 * rng()) / 100 })));
  };

  it('frees the only worker without terminating it, and the next build runs on it', async () => {
    const { stats } = t.app.buildPool;
    // A first build loads the optimizer into the worker, so that what follows measures a busy worker.
    const warm = await open(url, token, small()).done;
    expect(warm.code).toBe(1000);

    const heavy = open(url, token, large());
    await until(() => stats.started === 2, 'the large build to reach the pool');
    // Let the worker get well into the first lineup (set-up, then the solve).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(heavy.replies).toEqual([]);
    const cancelledBefore = stats.cancelled;
    heavy.ws.close();
    // The next user's build is waiting for the worker as the first is cancelled.
    const next = open(url, token, small());
    await until(() => stats.cancelled === cancelledBefore + 1, 'the cancelled build to end');
    const { replies, code } = await next.done;

    expect(code).toBe(1000);
    expect(replies.flatMap((r) => r.lu ?? [])).toHaveLength(1);
    expect(heavy.replies).toEqual([]);
    // The worker stopped on its own (the optimizer saw the cancel flag inside its solve, within the
    // bounded work optimizer/src/cancel.test.ts measures), not by termination after the grace.
    expect(stats.stopped).toBe(0);
    expect(stats.done).toBe(2);
  });
});
