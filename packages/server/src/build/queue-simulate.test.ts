// Simulations and entries late swaps on the Redis queue, on the local Redis: a server with REDIS_URL and two
// worker processes (worker-main.ts through tsx) on a queue prefix of this run's own. The simulate
// message goes through the build socket as in simulate-socket.test.ts.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getRoster } from '@stacksmith/domain';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { runBuild, type BuildReply } from '../test-support/build-socket-client.js';
import { createTestApp, signUp, type TestApp } from '../test-support/harness.js';
import { buildsHeld, dropQueueKeys, REDIS_URL, startWorkerProcess, until, type WorkerProcess } from '../test-support/queue-processes.js';
import { simulateMessageSchema, toSimulationJob } from '../services/simulate-request.js';
import type { SimulationAnswer, SimulationPhase } from '@stacksmith/domain';
import { JobThreads } from './job-thread.js';
import { runSimulation } from './simulate-runner.js';

interface Reply {
  lu?: { rawTable: { Id: string }[] }[];
  simProgress?: { phase: SimulationPhase; done: number; total: number };
  simResult?: SimulationAnswer;
  error?: string;
}

const exchange = (url: string, message: unknown, onReply?: (reply: Reply, ws: WebSocket) => void) =>
  runBuild(url, message, onReply ? { onReply: onReply as (reply: BuildReply, ws: WebSocket) => void } : {}) as Promise<{ replies: Reply[]; code: number }>;

const PHASES: SimulationPhase[] = ['build', 'simulate', 'select', 'evaluate'];
/** Progress never goes back: phase by phase, the count done growing within each (a re-run on another worker is silent until it passes it). */
function expectForwardOnly(replies: Reply[]) {
  const progress = replies.flatMap((r) => (r.simProgress ? [r.simProgress] : []));
  expect(progress.length).toBeGreaterThan(1);
  for (let i = 1; i < progress.length; i++) {
    const [before, after] = [progress[i - 1]!, progress[i]!];
    const order = Math.sign(PHASES.indexOf(after.phase) - PHASES.indexOf(before.phase)) || Math.sign(after.done - before.done);
    expect(order, `${JSON.stringify(before)} then ${JSON.stringify(after)}`).toBe(1);
  }
  return progress;
}

/** The answer the server gives without REDIS_URL (a thread of this process), as JSON carries it. */
async function inProcess(message: Record<string, unknown>): Promise<SimulationAnswer> {
  const threads = new JobThreads({ threads: 1, maxQueue: 1, timeoutMs: 120_000 });
  const outcome = await runSimulation(threads, toSimulationJob(simulateMessageSchema.parse(message)), () => {}, new AbortController().signal)
    .finally(() => threads.close());
  if (outcome.status !== 'done') throw new Error(`the in-process simulation ended ${JSON.stringify(outcome)}`);
  return JSON.parse(JSON.stringify(outcome.answer)) as SimulationAnswer;
}

const taken = (workers: WorkerProcess[]) => workers.reduce((n, w) => n + [...w.output().matchAll(/simulate \S+ taken/g)].length, 0);

describe('simulations on the Redis queue', { timeout: 180_000 }, () => {
  const prefix = `test-queue-sim-${randomBytes(4).toString('hex')}`;
  const workers: WorkerProcess[] = [];
  let t: TestApp;
  let url: string;
  let token: string;
  let players: Record<string, unknown>[];
  let lineups: string[][];

  beforeAll(async () => {
    workers.push(...await Promise.all([startWorkerProcess(prefix), startWorkerProcess(prefix)]));
    t = await createTestApp('sqlite', { redisUrl: REDIS_URL, queuePrefix: prefix });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    token = (await signUp(t.app, 'sim-queue@example.com')).token;
    await t.app.users.setAdmin('sim-queue@example.com', true);
    players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1', headers: { authorization: `Bearer ${token}` } })).json().players;
    const built = await exchange(url, { sport: 'nfl', site: 'dk', contestType: 'classic', players, token, numLUs: 12, projPtsRandInput: 'med', seed: 3 });
    lineups = built.replies.flatMap((r) => r.lu ?? []).map((l) => l.rawTable.map((row) => String(row.Id)));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    for (const worker of workers) worker.child.kill('SIGKILL');
    await dropQueueKeys(prefix);
  });

  const message = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    type: 'simulate', sport: 'nfl', site: 'dk', contestType: 'classic', players, lineups, token,
    contest: { template: 'gpp', fieldSize: 400, entryFee: 5 }, simulations: 400, seed: 4, ...extra,
  });

  it('runs a simulation on a worker process: progress, then the answer the in-process run gives for the same seed', async () => {
    expect(lineups).toHaveLength(12);
    // A pool built on the worker, then a selection: every phase, and the client's rows (a Map in the job) in the answer.
    const { lineups: _sent, ...pooled } = message({ pool: 20, select: 3, numLUs: 3 });
    void _sent;
    const before = taken(workers);
    const { replies, code } = await exchange(url, pooled);
    expect(code).toBe(1000);
    expect(taken(workers)).toBe(before + 1);
    const progress = expectForwardOnly(replies);
    expect(new Set(progress.map((p) => p.phase))).toEqual(new Set(PHASES));
    const results = replies.filter((r) => r.simResult);
    expect(results).toHaveLength(1);
    expect(replies.at(-1)).toBe(results[0]);
    expect(results[0]!.simResult!.lu).toHaveLength(3);
    expect(results[0]!.simResult).toEqual(await inProcess(pooled));
  });

  it('runs an entries late swap on a worker process, not on the server', async () => {
    const roster = getRoster('nfl', 'dk', 'classic');
    const csv = Papa.unparse([
      ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...roster.uploadHeader],
      ...lineups.slice(0, 4).map((ids, i) => [String(7000 + i), 'NFL Milly', '91', '$20', ...ids]),
    ]);
    const lateSwaps = () => workers.reduce((n, w) => n + [...w.output().matchAll(/late-swap \S+ done/g)].length, 0);
    const before = lateSwaps();
    const res = await t.app.inject({
      method: 'POST', url: '/api/late-swap-entries', headers: { authorization: `Bearer ${token}` },
      payload: { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1', players, fileName: 'DKEntries.csv', csv },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { results: { entryId: string; status: string; after: string[] }[] };
    expect(body.results.map((r) => r.entryId)).toEqual(['7000', '7001', '7002', '7003']);
    // The demo week is in the past: every game has started, so each entry stays as it was.
    expect(body.results.map((r) => [r.status, r.after])).toEqual(lineups.slice(0, 4).map((ids) => ['unchanged', ids]));
    await until(() => lateSwaps() === before + 1, 'a worker to report the late swap done', 10_000);
  });

  it('cancels the simulation on its worker when the socket closes', async () => {
    let holder: WorkerProcess | undefined;
    let id: string | undefined;
    await exchange(url, message({ simulations: 20_000, contest: { template: 'gpp', fieldSize: 20_000, entryFee: 5 } }), (reply, ws) => {
      if (holder || !reply.simProgress) return;
      holder = workers.find((w) => buildsHeld(w, 'simulate').length > 0);
      id = holder && buildsHeld(holder, 'simulate')[0];
      ws.close();
    });
    expect(id).toBeDefined();
    await until(() => holder!.output().includes(`simulate ${id} cancelled`), 'the worker to end the cancelled simulation', 10_000);
    // Stopped part way: the worker never reports it done.
    expect(holder!.output()).not.toContain(`simulate ${id} done`);
  });

  it('re-runs on the other worker the simulation of a worker killed with SIGKILL: one answer, the same as in-process', async () => {
    const long = message({ simulations: 6000, contest: { template: 'gpp', fieldSize: 3000, entryFee: 5 } });
    const reference = await inProcess(long);
    let killed: WorkerProcess | undefined;
    const { replies, code } = await exchange(url, long, (reply) => {
      if (killed || !reply.simProgress) return;
      killed = workers.find((w) => buildsHeld(w, 'simulate').length > 0);
      killed?.child.kill('SIGKILL');
    });
    expect(killed).toBeDefined();
    await killed!.exited;
    expect(killed!.child.signalCode).toBe('SIGKILL');
    expect(code).toBe(1000);
    expectForwardOnly(replies);
    const results = replies.filter((r) => r.simResult);
    expect(results).toHaveLength(1);
    expect(results[0]!.simResult).toEqual(reference);
    // The survivor ran the simulation the killed worker had taken.
    const moved = [...killed!.output().matchAll(/simulate (\S+) taken/g)].map((m) => m[1]!).at(-1)!;
    const survivor = workers.find((w) => w !== killed)!;
    await until(() => survivor.output().includes(`simulate ${moved} done`), 'the survivor to report the simulation done', 10_000);
    workers.splice(workers.indexOf(killed!), 1, await startWorkerProcess(prefix));
  });
});
