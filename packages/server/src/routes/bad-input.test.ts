// Regression tests: hostile input and racing saves get a 4xx with
// {error} (or resolve cleanly), never a 500, on both databases.
import { BAD_BUILD_REQUEST, buildSocketProtocols, EMAIL_ALREADY_REGISTERED, jsonTooDeep, NOT_A_CALENDAR_DATE, RESERVED_JSON_KEY, TEXT_CONTAINS_NUL } from '@stacksmith/domain';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../input/json-text.js';
import { BUILD_MESSAGE_MAX_DEPTH } from './build-socket.js';
import { createTestApp, DB_KINDS, signUp, TEST_SEED, type TestApp } from '../test-support/harness.js';

const SCOPE = 'main/dk/Main/2023/1';

/** {"a":{"a":…}} nested `depth` levels, and the same shape as arrays. */
function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}
function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

describe.each(DB_KINDS)('bad input on %s', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, TEST_SEED);
    user = await signUp(t.app);
    admin = await signUp(t.app, `admin-${kind}@example.com`);
    await t.app.users.setAdmin(admin.email, true);
  });
  afterAll(async () => t.close());

  async function expect400(options: InjectOptions, message?: string | RegExp, status = 400) {
    const res = await t.app.inject(options);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { error: unknown };
    expect(typeof body.error).toBe('string');
    if (message) expect(body.error).toMatch(message);
    return body.error as string;
  }

  it('refuses a NUL in the path, the query and JSON text', async () => {
    await expect400({ method: 'GET', url: '/api/check-promo/A%00B' }, TEXT_CONTAINS_NUL);
    await expect400({ method: 'GET', url: '/api/auth/main/abc?id=x%00y' }, TEXT_CONTAINS_NUL);
    await expect400({ method: 'POST', url: '/api/login', payload: { email: 'a\u0000@example.com', password: 'x' } }, TEXT_CONTAINS_NUL);
    await expect400({ method: 'POST', url: '/api/sign-up', payload: { email: 'nul@example.com', password: 'pass\u0000word', first_name: 'A', last_name: 'B' } }, TEXT_CONTAINS_NUL);
    await expect400({ method: 'POST', url: `/api/nfl/${SCOPE}/user-settings`, headers: user.headers, payload: { settings: { note: 'x\u0000' } } }, TEXT_CONTAINS_NUL);
    // An escaped backslash before u0000 is text, not a NUL.
    const fine = await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/user-settings`, headers: { ...user.headers, 'content-type': 'application/json' }, payload: '{"note":"a\\\\u0000b"}' });
    expect(fine.statusCode, fine.body).toBe(200);
    const stored = await t.app.inject({ method: 'GET', url: `/api/nfl/${SCOPE}/user-settings`, headers: user.headers });
    expect(stored.json()).toEqual({ note: 'a\\u0000b' });
  });

  it('refuses dates that do not exist', async () => {
    await expect400({ method: 'GET', url: '/api/nba/players/dk/classic/main/Main/2023/2026-11-31' }, NOT_A_CALENDAR_DATE);
    await expect400({ method: 'GET', url: '/api/nba/main/slates/dk/2023/2026-02-29' }, NOT_A_CALENDAR_DATE);
    await expect400({ method: 'GET', url: '/api/nba/players/dk/classic/main/Main/2023/2026-13-01' }, NOT_A_CALENDAR_DATE);
    // A real day still works (2028 is a leap year).
    const leap = await t.app.inject({ method: 'GET', url: '/api/nba/main/slates/dk/2023/2028-02-29' });
    expect(leap.statusCode).toBe(200);
  });

  it('refuses null lineups in exposure stats and summary data', async () => {
    for (const lineups of [[null], [[null]], [{ rawTable: [null] }], [1, 'x']]) {
      await expect400({ method: 'POST', url: '/api/nfl/exposure-stats/9', payload: { players: [{ Id: '1' }], lineups } });
      await expect400({ method: 'POST', url: '/api/nfl/summary-data/2023/1', payload: { lineups } });
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/nfl/exposure-stats/2', payload: { players: [{ Id: '1' }, { Id: '2' }], lineups: [{ rawTable: [{ Id: '1' }, { Id: 3 }] }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { players: { Id: string; Exp: number }[] }).players.map((p) => p.Exp)).toEqual([100, 0]);
  });

  it('refuses JSON nested deeper than the limit on every JSON route, and takes it at the limit', async () => {
    const routes: [string, (deep: string) => string, Record<string, string>][] = [
      [`/api/nfl/${SCOPE}/user-settings`, (d) => `{"settings":${d}}`, user.headers],
      [`/api/nfl/user-projections/${SCOPE}/1`, (d) => `{"Id":"1","x":${d}}`, user.headers],
      ['/api/nfl/main/dk/Main/2023/1/user-groups', (d) => `{"groups":[{"players":[${d}]}]}`, user.headers],
      ['/api/nfl/main/dk/Main/2023/1/custom-presets', (d) => `{"displayName":"p","groups":[${d}]}`, admin.headers],
      ['/api/nfl/exposure-stats/9', (d) => `{"players":[],"lineups":[{"rawTable":[{"Id":1,"x":${d}}]}]}`, {}],
      ['/api/analysis/nba/on-off/off-list', (d) => `{"playerTable":[{"x":${d}}]}`, {}],
      ['/api/analysis/nba/on-off/values', (d) => `{"playerTable":[{"x":${d}}]}`, {}],
      ['/api/analysis/nba/on-off/game-stats/BOS', (d) => `{"playerTable":[{"x":${d}}]}`, {}],
    ];
    for (const [url, wrap, headers] of routes) {
      for (const deep of [deepObject(5000), deepArray(100_000)]) {
        await expect400({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: wrap(deep) }, jsonTooDeep(MAX_JSON_DEPTH));
      }
      // Nesting well inside the limit is ordinary input.
      const shallow = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: wrap(deepObject(10)) });
      expect(shallow.statusCode, `${url}: ${shallow.body}`).toBeLessThan(500);
      expect(shallow.json()).not.toHaveProperty('error', expect.stringMatching(/nested/));
    }
  });

  it('refuses objects whose toString or valueOf is not a function (they break every conversion to text)', async () => {
    const trap = { toString: 1, valueOf: 1 };
    await expect400({ method: 'POST', url: '/api/nfl/summary-data/2023/1', payload: { lineups: [{ rawTable: [{ Position: trap }] }] } }, RESERVED_JSON_KEY);
    await expect400({ method: 'POST', url: '/api/nfl/exposure-stats/9', payload: { players: [{ Id: 1, RosterPosition: trap }], lineups: [] } }, RESERVED_JSON_KEY);
    await expect400({ method: 'POST', url: '/api/analysis/nba/on-off/values', payload: { playerTable: [{ Name: 'x', Minutes: { valueOf: 'x' } }] } }, RESERVED_JSON_KEY);
    // Spelt with escapes it is the same key.
    await expect400({ method: 'POST', url: '/api/nfl/exposure-stats/9', headers: { 'content-type': 'application/json' }, payload: '{"players":[{"Id":1,"Position":{"\\u0074oString":1}}],"lineups":[]}' }, RESERVED_JSON_KEY);
    // The words as values are fine.
    const ok = await t.app.inject({ method: 'POST', url: '/api/nfl/exposure-stats/9', payload: { players: [{ Id: 'toString', Name: 'valueOf' }], lineups: [] } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('bounds ids, hashes and emails that would overflow an index', async () => {
    const long = 'x'.repeat(5000);
    await expect400({ method: 'POST', url: '/api/sign-up', payload: { email: `${long}@example.com`, password: 'correct horse', first_name: 'A', last_name: 'B' } });
    await expect400({ method: 'POST', url: '/api/login', payload: { email: `${long}@example.com`, password: 'x' } });
    await expect400({ method: 'POST', url: '/api/send-reset-password', payload: { email: `${long}@example.com` } });
    await expect400({ method: 'POST', url: `/api/nfl/user-projections/${SCOPE}/1`, headers: user.headers, payload: { Id: long, UserProj: 1 } });
    await expect400({ method: 'POST', url: `/api/nfl/save-lineups/${SCOPE}`, headers: user.headers, payload: { lineups: [{ rawTable: [{ Id: '1' }], lineupHash: long }] } });
    await expect400({ method: 'POST', url: `/api/nfl/save-lineups/${SCOPE}`, headers: user.headers, payload: { remove: [long] } });
    await expect400({ method: 'GET', url: `/api/check-promo/${long}` }, 'A part of the path is too long', 414);
    await expect400({ method: 'GET', url: `/api/nfl/${SCOPE.replace('Main', 'x'.repeat(121))}/user-settings`, headers: user.headers });
    await expect400({ method: 'GET', url: `/api/nfl/${SCOPE.replace('Main', long)}/user-settings`, headers: user.headers }, 'A part of the path is too long', 414);
  });

  it('answers 10 simultaneous sign-ups with one email: one account, nine "already registered"', async () => {
    const email = `race-${kind}@example.com`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({
      method: 'POST', url: '/api/sign-up', payload: { email, password: 'correct horse', first_name: 'R', last_name: 'Ace' },
    })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((a) => a.json() as { success: boolean; error: string | null });
    expect(bodies.filter((b) => b.success)).toHaveLength(1);
    expect(bodies.filter((b) => !b.success).map((b) => b.error)).toEqual(Array(9).fill(EMAIL_ALREADY_REGISTERED));
    const accounts = await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });

  it('takes simultaneous cheat-sheet and custom-preset saves of one name: no 500, one row, the content of one save', async () => {
    const base = '/api/nfl/main/dk/Main/2023/1';
    const cheats = await Promise.all(Array.from({ length: 10 }, (_, i) => t.app.inject({
      method: 'POST', url: `${base}/cheatsheets`, headers: admin.headers, payload: { displayName: 'Race', playerPicks: [String(i)] },
    })));
    expect(cheats.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const presets = await Promise.all(Array.from({ length: 10 }, (_, i) => t.app.inject({
      method: 'POST', url: `${base}/custom-presets`, headers: admin.headers, payload: { displayName: 'Race', players: [{ Id: String(i), MaxExp: i }] },
    })));
    expect(presets.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const sheets = (await t.app.inject({ method: 'GET', url: `${base}/cheatsheets` })).json() as { name: string; player_picks: string[] }[];
    expect(sheets.filter((s) => s.name === 'Race')).toHaveLength(1);
    expect(Number(sheets.find((s) => s.name === 'Race')!.player_picks[0])).toBeGreaterThanOrEqual(0);
    const stored = (await t.app.inject({ method: 'GET', url: `${base}/custom-presets` })).json() as { displayName: string; presets: { players: { Id: string; MaxExp: number }[] } }[];
    const race = stored.filter((p) => p.displayName === 'Race');
    expect(race).toHaveLength(1);
    expect(race[0]!.presets.players[0]!.MaxExp).toBe(Number(race[0]!.presets.players[0]!.Id));
    // Delete still removes it.
    await t.app.inject({ method: 'POST', url: `${base}/cheatsheets`, headers: admin.headers, payload: { displayName: 'Race', delete: true } });
    const after = (await t.app.inject({ method: 'GET', url: `${base}/cheatsheets` })).json() as { name: string }[];
    expect(after.some((s) => s.name === 'Race')).toBe(false);
  });
});

/** Sends one text message on the build socket; answers the replies and the close code. */
function sendOnce(url: string, token: string, text: string): Promise<{ replies: { error?: string }[]; code: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, buildSocketProtocols(token));
    const replies: { error?: string }[] = [];
    ws.on('open', () => ws.send(text));
    ws.on('message', (data) => replies.push(JSON.parse(data.toString()) as { error?: string }));
    ws.on('close', (code) => resolve({ replies, code }));
    ws.on('error', reject);
  });
}

describe('bad input on the build socket', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${t.config.buildPath}`;
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => t.close());

  it('refuses deep JSON and NUL plainly, never with an internal text', async () => {
    const cases = [
      `{"sport":"nfl","players":${deepArray(BUILD_MESSAGE_MAX_DEPTH + 2)}}`,
      `{"sport":"nfl","players":${deepObject(20_000)}}`,
    ];
    for (const text of cases) {
      const { replies, code } = await sendOnce(url, token, text);
      expect(code).toBe(1008);
      expect(replies).toHaveLength(1);
      expect(replies[0]!.error).toBe(`${BAD_BUILD_REQUEST}: ${jsonTooDeep(BUILD_MESSAGE_MAX_DEPTH)}`);
    }
    const nul = await sendOnce(url, token, `{"sport":"nfl\\u0000"}`);
    expect(nul.replies[0]!.error).toBe(`${BAD_BUILD_REQUEST}: ${TEXT_CONTAINS_NUL}`);
  });
});
