import type { AddressInfo } from 'node:net';
import {
  BAD_BUILD_REQUEST, buildBatchSchema, buildErrorSchema, featureNotInPlan, featureNotInPlanError, getRoster, lineupLimitWarning, MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS,
  TOO_MANY_BUILDS,
} from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runBuild, type BuildReply } from '../test-support/build-socket-client.js';
import { createTestApp, DB_KINDS, signUp, TEST_SEED, type TestApp } from '../test-support/harness.js';

const TEST_SEED_NO_DATES = { ...TEST_SEED, nfl: { weeks: [1], contestEntries: 5 }, dateSports: [] };

type Reply = BuildReply;

/** Opens the socket as the web app does, sends the message, collects replies until the server closes. */
const build = (url: string, message: unknown, onReply?: (reply: Reply, ws: WebSocket) => void, token?: string | null) =>
  runBuild(url, message, { onReply, token });

describe.each(DB_KINDS)('the build socket on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let players: Record<string, unknown>[];
  let adminToken: string;
  let freeToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { buildWorkers: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players;
    const admin = await signUp(t.app, 'admin@example.com');
    await t.app.users.setAdmin('admin@example.com', true);
    adminToken = admin.token;
    freeToken = (await signUp(t.app, 'free@example.com')).token;
  });
  afterAll(async () => t.close());

  const message = (extra: Record<string, unknown>) => ({
    sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: 1, players,
    teamStacks: [], groups: [], savedLineups: [], afterStartActivated: false, afterStartLineups: [], ...extra,
  });

  it('streams 150 valid, distinct lineups to an admin and closes, while the API keeps answering', async () => {
    // An API call made at the first batch answers before the build ends: builds run off the main thread.
    let apiAnsweredAt = -1;
    let batches = 0;
    const httpUrl = url.replace('ws:', 'http:').replace('/build', '/api/nfl/main/slates/dk/2023/1');
    const { replies, code } = await build(url, message({ token: adminToken, numLUs: 150 }), () => {
      batches++;
      if (batches === 1) void fetch(httpUrl).then((res) => { if (res.ok) apiAnsweredAt = batches; });
    });
    expect(apiAnsweredAt).toBeGreaterThan(0);
    expect(apiAnsweredAt).toBeLessThan(batches);
    expect(code).toBe(1000);
    expect(replies.every((r) => r.error === undefined)).toBe(true);
    const lineups = replies.flatMap((r) => r.lu ?? []);
    expect(lineups).toHaveLength(150);
    expect(replies.at(-1)!.luNum).toBe(150);
    expect(replies.every((r) => r.total === 150)).toBe(true);
    const counts = replies.map((r) => r.luNum!);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    const roster = getRoster('nfl', 'dk', 'classic');
    const byId = new Map(players.map((p) => [p.Id, p]));
    lineups.forEach((lineup, i) => {
      expect(lineup.rawTable).toHaveLength(9);
      expect(lineup.rawTable.map((r) => r.Slot)).toEqual(roster.uploadHeader);
      expect(lineup.rawTable.every((r) => r.Run === i + 1)).toBe(true);
      const salary = lineup.rawTable.reduce((a, r) => a + Number(r.Salary), 0);
      expect(salary).toBeLessThanOrEqual(50000);
      expect(lineup.lineupHash).toBe(lineup.rawTable.map((r) => String(r.Id)).sort().join('-'));
      expect(new Set(lineup.rawTable.map((r) => r.Id)).size).toBe(9);
      for (const row of lineup.rawTable) expect(byId.get(row.Id)?.Name).toBe(row.Name);
      expect(lineup.saved).toBe(false);
    });
    expect(new Set(lineups.map((l) => l.lineupHash)).size).toBe(150);
  });

  it('cancels a build when the client closes the socket', async () => {
    const before = { ...t.app.buildPool.stats };
    const { replies } = await build(url, message({ token: adminToken, numLUs: 150 }), (_reply, ws) => ws.close());
    const received = replies.flatMap((r) => r.lu ?? []).length;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(150);
    // The single worker is free again: a new build completes, and the first one counts as cancelled.
    const next = await build(url, message({ token: adminToken, numLUs: 2 }));
    expect(next.code).toBe(1000);
    expect(t.app.buildPool.stats.cancelled).toBe(before.cancelled + 1);
    expect(t.app.buildPool.stats.done).toBe(before.done + 1);
  });

  it('caps the lineups at the plan limit with a warning', async () => {
    const { replies, code } = await build(url, message({ token: freeToken, numLUs: 10 }));
    expect(code).toBe(1000);
    expect(replies.flatMap((r) => r.lu ?? [])).toHaveLength(3);
    expect(replies[0]!.warnings).toContain(lineupLimitWarning(3));
    // The same warning by code, at the same place as its text.
    const at = replies[0]!.warnings!.indexOf(lineupLimitWarning(3));
    expect(replies[0]!.warningCodes![at]).toEqual({ code: 'lineup-limit', params: { limit: 3 } });
    // Each batch is the domain's batch message, field for field (the schema drops fields it does not name).
    for (const reply of replies) expect(buildBatchSchema.parse(reply)).toEqual(reply);
  });

  it('refuses an after-start build to a plan without opt.nfl.after_start', async () => {
    const { replies, code } = await build(url, message({ token: freeToken, numLUs: 1, afterStartActivated: true, afterStartLineups: [] }));
    expect(replies).toEqual([{ error: featureNotInPlan('opt.nfl.after_start'), ...featureNotInPlanError('opt.nfl.after_start') }]);
    expect(buildErrorSchema.parse(replies[0])).toEqual(replies[0]);
    expect(code).toBe(1008);
  });

  it('answers malformed messages with {error} and a close, and keeps serving', async () => {
    const notJson = await build(url, 'this is not json', undefined, adminToken);
    expect(notJson.replies).toHaveLength(1);
    expect(notJson.replies[0]!.error).toMatch(new RegExp(`^${BAD_BUILD_REQUEST}`));
    expect(notJson.code).toBe(1008);
    const noPlayers = await build(url, { sport: 'nfl', site: 'dk', token: adminToken, players: 'nope' });
    expect(noPlayers.replies[0]!.error).toMatch(/players/);
    const badSport = await build(url, message({ token: adminToken, sport: 'cricket' }));
    expect(badSport.replies[0]!.error).toMatch(/sport/);
    const anonymous = await build(url, message({ numLUs: 1 }));
    expect(anonymous.replies).toEqual([{ error: MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS, code: 'must-be-logged-in-to-create-lineups', params: {} }]);
    const infeasible = await build(url, message({ token: adminToken, numLUs: 1, minSal: 49000, maxSal: 40000 }));
    expect(infeasible.replies[0]!.error).toBeTruthy();
    expect(infeasible.code).toBe(1011);
    const ok = await t.app.inject({ method: 'GET', url: '/api/nfl/main/slates/dk/2023/1' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a setting of the wrong type with a coded error naming the key, and keeps serving', async () => {
    for (const [key, value] of [['minSal', 'abc'], ['stackSettingMode', 5], ['projPtsRandInput', 'wild'], ['specificStacks', '[{"freq": "often"}]']] as const) {
      const { replies, code } = await build(url, message({ token: adminToken, numLUs: 1, [key]: value }));
      expect(replies).toHaveLength(1);
      expect(replies[0]!.code).toBe('bad-build-request');
      const problem = (replies[0]!.params as { problem: { code: string; params: { issues: string[] } } }).problem;
      expect(problem.code).toBe('request-fields-invalid');
      expect(problem.params.issues[0]).toMatch(new RegExp(`^${key}(\\.|:)`));
      expect(replies[0]!.error).toMatch(new RegExp(`^${BAD_BUILD_REQUEST}: .*${key}`));
      expect(code).toBe(1008);
    }
  });

  it('builds showdown lineups from the players call as the client sends them (Id|RosterPosition, captain ×1.5)', async () => {
    const rows = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/showdown/main/Main/2023/22' })).json().players as Record<string, unknown>[];
    const sent = rows.map((p) => {
      const captain = p.RosterPosition === 'CPT';
      return { ...p, Id: `${p.Id}|${p.RosterPosition}`, ProjPts: captain ? Number(p.ProjPts) * 1.5 : p.ProjPts, Ceiling: captain ? Number(p.Ceiling) * 1.5 : p.Ceiling };
    });
    const { replies, code } = await build(url, message({ token: adminToken, contestType: 'showdown', counter: 22, players: sent, numLUs: 5 }));
    expect(replies.find((r) => r.error)).toBeUndefined();
    expect(code).toBe(1000);
    const lineups = replies.flatMap((r) => r.lu ?? []);
    expect(lineups).toHaveLength(5);
    for (const lineup of lineups) {
      expect(lineup.rawTable.map((r) => r.Slot)).toEqual(['CPT', 'FLEX', 'FLEX', 'FLEX', 'FLEX', 'FLEX']);
      expect(lineup.rawTable[0]!.RosterPosition).toBe('CPT');
      expect(String(lineup.rawTable[0]!.Id)).toMatch(/\|CPT$/);
      const names = lineup.rawTable.map((r) => r.Name);
      expect(new Set(names).size).toBe(6);
      expect(lineup.rawTable.reduce((a, r) => a + Number(r.Salary), 0)).toBeLessThanOrEqual(50000);
    }
  });

  it('refuses more builds at once than a user may run', async () => {
    const limited = await createTestApp(kind, { buildWorkers: 1, maxBuildsPerUser: 1 }, { ...TEST_SEED_NO_DATES });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const limitedUrl = `ws://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}/build`;
      const token = (await signUp(limited.app, 'busy@example.com')).token;
      await limited.app.users.setAdmin('busy@example.com', true);
      // The second build starts once the first has sent a batch, so both overlap.
      let second: Promise<Awaited<ReturnType<typeof build>>> | undefined;
      const first = await build(limitedUrl, message({ token, numLUs: 150 }), (reply, ws) => {
        if (second === undefined && reply.lu) {
          second = build(limitedUrl, message({ token, numLUs: 1 }));
          void second.then(() => ws.close());
        }
      });
      expect(first.replies.some((r) => r.lu)).toBe(true);
      expect((await second!).replies).toEqual([{ error: TOO_MANY_BUILDS, code: 'too-many-builds', params: {} }]);
      // Once the first has ended (cancelled by its close) the user may build again.
      for (let i = 0; i < 500 && limited.app.buildPool.stats.cancelled + limited.app.buildPool.stats.done < 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setImmediate(resolve));
      const third = await build(limitedUrl, message({ token, numLUs: 1 }));
      expect(third.code).toBe(1000);
    } finally {
      await limited.close();
    }
  });

  it('includes saved lineups when asked', async () => {
    const first = await build(url, message({ token: adminToken, numLUs: 1 }));
    const saved = first.replies.flatMap((r) => r.lu ?? []);
    const { replies } = await build(url, message({ token: adminToken, numLUs: 2, includeSaved: true, savedLineups: saved }));
    const lineups = replies.flatMap((r) => r.lu ?? []);
    expect(lineups).toHaveLength(3);
    expect(lineups.filter((l) => l.saved).map((l) => l.lineupHash)).toEqual([saved[0]!.lineupHash]);
  });
});
