// The build socket's limits: who connects is known before anything is read,
// frames are bounded (60 MB refused at its header: the server hangs up long before the client has
// sent it all, and never parses it), a socket that never sends
// is closed, a peer that stops answering pings is dropped, and deep JSON is refused cleanly.
import type { AddressInfo } from 'node:net';
import {
  BAD_BUILD_REQUEST, BUILD_CLOSE, BUILD_REQUEST_TIMEOUT, buildSocketProtocols, INVALID_TOKEN, jsonTooDeep, MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS,
} from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runBuild } from '../test-support/build-socket-client.js';
import { BUILD_MESSAGE_MAX_DEPTH } from './build-socket.js';
import { createTestApp, DB_KINDS, signUp, TEST_SEED, type TestApp } from '../test-support/harness.js';

const SIXTY_MB = Buffer.alloc(60 * 1024 * 1024, 'x');

interface Ended { code: number; replies: { error?: string }[] }

/** Connects with `protocols` (and headers), sends `payload` on open unless null, and reports how the socket ended. */
function connect(url: string, payload: Buffer | string | null, options: { protocols?: string[]; headers?: Record<string, string>; autoPong?: boolean } = {}): Promise<Ended> {
  return new Promise((resolve) => {
    // A zero mask spares the client masking 60 MB in JavaScript.
    const ws = new WebSocket(url, options.protocols ?? buildSocketProtocols(null), {
      headers: options.headers, autoPong: options.autoPong ?? true, generateMask: (mask) => mask.fill(0),
    });
    const replies: { error?: string }[] = [];
    ws.on('open', () => {
      if (payload !== null) ws.send(payload);
    });
    ws.on('message', (data) => replies.push(JSON.parse(data.toString()) as { error?: string }));
    // Writing the rest of a refused frame may fail once the server has hung up: expected here.
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      resolve({ code, replies });
    });
  });
}

/**
 * The bytes the server read from the next connection it accepts, once `run` has ended: the
 * work a refused message cost it, measured instead of the time it took.
 */

const urlOf = (t: TestApp) => `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;

describe.each(DB_KINDS)('the build socket limits on %s', (kind) => {
  let logins: TestApp;
  let visitors: TestApp;
  let players: Record<string, unknown>[];
  let adminToken: string;

  beforeAll(async () => {
    logins = await createTestApp(kind, { buildWorkers: 1, buildMessageMaxBytes: 4 * 1024 * 1024 }, { ...TEST_SEED, nfl: { weeks: [1], contestEntries: 5 }, dateSports: [] });
    await logins.app.listen({ port: 0, host: '127.0.0.1' });
    players = (await logins.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players;
    adminToken = (await signUp(logins.app, 'limits-admin@example.com')).token;
    await logins.app.users.setAdmin('limits-admin@example.com', true);
    // Visitors may build here; short timeouts so that idle and dead sockets end quickly.
    visitors = await createTestApp(kind, { buildWorkers: 1, specialBuildMode: true, buildRequestTimeoutSeconds: 0.5, buildPingIntervalSeconds: 0.2 }, false);
    await visitors.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await logins.close();
    await visitors.close();
  });

  const message = (extra: Record<string, unknown> = {}) => ({
    sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: 1, players, numLUs: 2, ...extra,
  });

  it('refuses a 60 MB message without a token at its header (1009), unparsed, and keeps answering', async () => {
    const parsed = logins.app.buildSocketStats.parsed;
    // Refused at the frame's header (close 1009) and never parsed; what the server reads off the
    // wire meanwhile is bounded by the second it gives the peer to answer the close, not by size.
    const ended = await connect(urlOf(logins), SIXTY_MB);
    // Without a token at the upgrade the token may come in the message: the frame is refused at its header, never read.
    expect(ended.code).toBe(BUILD_CLOSE.tooLarge);
    expect(ended.replies).toEqual([]);
    expect(logins.app.buildSocketStats.parsed).toBe(parsed);
    expect((await logins.app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
  });

  it("refuses a visitor's 60 MB message at its header in the special build mode, unparsed", async () => {
    const parsed = visitors.app.buildSocketStats.parsed;
    const ended = await connect(urlOf(visitors), SIXTY_MB);
    expect(ended.code).toBe(BUILD_CLOSE.tooLarge);
    expect(visitors.app.buildSocketStats.parsed).toBe(parsed);
    // A visitor's real build still works.
    const { replies, code } = await runBuild(urlOf(visitors), message());
    expect(code).toBe(BUILD_CLOSE.done);
    expect(replies.flatMap((r) => r.lu ?? [])).toHaveLength(2);
  });

  it("bounds a logged-in user's messages too (BUILD_MESSAGE_MAX_BYTES)", async () => {
    const parsed = logins.app.buildSocketStats.parsed;
    const ended = await connect(urlOf(logins), Buffer.alloc(5 * 1024 * 1024, 'x'), { protocols: buildSocketProtocols(adminToken) });
    expect(ended.code).toBe(BUILD_CLOSE.tooLarge);
    expect(logins.app.buildSocketStats.parsed).toBe(parsed);
  });

  it('takes the token from the upgrade (subprotocol or Authorization header) or from the message', async () => {
    const byHeader = await connect(urlOf(logins), JSON.stringify(message()), { headers: { authorization: `Bearer ${adminToken}` } });
    expect(byHeader.code).toBe(BUILD_CLOSE.done);
    // The spec's client: no token at the upgrade, the message's `token` field.
    const inMessageOnly = await runBuild(urlOf(logins), message({ token: adminToken }), { token: null });
    expect(inMessageOnly.code).toBe(BUILD_CLOSE.done);
    expect(inMessageOnly.replies.flatMap((r) => r.lu ?? [])).toHaveLength(2);
    const forgedInMessage = await runBuild(urlOf(logins), message({ token: `${adminToken}x` }), { token: null });
    expect(forgedInMessage.replies).toEqual([{ error: INVALID_TOKEN, code: 'invalid-token', params: {} }]);
    const none = await runBuild(urlOf(logins), message(), { token: null });
    expect(none.replies).toEqual([{ error: MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS, code: 'must-be-logged-in-to-create-lineups', params: {} }]);
    const forged = await connect(urlOf(logins), JSON.stringify(message()), { protocols: buildSocketProtocols(`${adminToken}x`) });
    expect(forged.replies).toEqual([{ error: INVALID_TOKEN, code: 'invalid-token', params: {} }]);
    expect(forged.code).toBe(BUILD_CLOSE.refused);
  });

  it('refuses a token from before a password change', async () => {
    const user = await signUp(logins.app, 'socket-change@example.com', 'old-password');
    const changed = await logins.app.inject({ method: 'POST', url: '/api/update-password', headers: user.headers, payload: { password: 'old-password', new_password: 'new-password' } });
    const old = await runBuild(urlOf(logins), message({ token: user.token }));
    expect(old.replies).toEqual([{ error: INVALID_TOKEN, code: 'invalid-token', params: {} }]);
    const fresh = await runBuild(urlOf(logins), message({ token: changed.json().access_token, numLUs: 1 }));
    expect(fresh.code).toBe(BUILD_CLOSE.done);
  });

  it('closes a socket that never sends its request, and frees its slot', async () => {
    const timedOut = visitors.app.buildSocketStats.timedOut;
    // Two idle sockets hold the visitor's two slots until they are closed.
    const idle = await Promise.all([connect(urlOf(visitors), null), connect(urlOf(visitors), null)]);
    for (const ended of idle) {
      expect(ended.replies).toEqual([{ error: BUILD_REQUEST_TIMEOUT, code: 'build-request-timeout', params: {} }]);
      expect(ended.code).toBe(BUILD_CLOSE.refused);
    }
    expect(visitors.app.buildSocketStats.timedOut).toBe(timedOut + 2);
    const after = await runBuild(urlOf(visitors), message({ numLUs: 1 }));
    expect(after.code).toBe(BUILD_CLOSE.done);
  });

  it('drops a peer that stops answering pings', async () => {
    const dropped = visitors.app.buildSocketStats.dropped;
    const ended = await connect(urlOf(visitors), null, { autoPong: false });
    // Dropped by the keepalive (no close frame: 1006) before the 0.5 s request timeout.
    expect(ended.code).toBe(1006);
    expect(visitors.app.buildSocketStats.dropped).toBe(dropped + 1);
  });

  it('refuses JSON nested deeper than the bound with a clean message', async () => {
    const deep = JSON.stringify(message()).replace(/}$/, `,"teamStacks":[${'['.repeat(5000)}${']'.repeat(5000)}]}`);
    const { replies, code } = await runBuild(urlOf(logins), deep, { token: adminToken });
    expect(replies).toHaveLength(1);
    expect(replies[0]!.error).toBe(`${BAD_BUILD_REQUEST}: ${jsonTooDeep(BUILD_MESSAGE_MAX_DEPTH)}`);
    expect(code).toBe(BUILD_CLOSE.refused);
  });
});
