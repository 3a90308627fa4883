// Uploads and the requests around them that no user can turn against the server: login checked
// before the body is read, uploads limited per address and per account (failed ones counted),
// the slate limit holding under concurrent uploads, stored slates near the file's size, files
// read off the event loop, data on a deleted own slate deleted with it, and password changes
// from two sessions at once settled with one winner.
import { readFileSync } from 'node:fs';
import {
  MAX_USER_SLATES, NOT_LOGGED_IN, PASSWORD_CHANGED_ELSEWHERE, TOO_MANY_UPLOADS, TOO_MANY_USER_SLATES, USER_SLATE_NOT_FOUND,
} from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const DK_NFL = readFileSync(new URL('./fixtures/dk-nfl-week1-salaries.csv', import.meta.url), 'utf8');
const upload = (overrides: Record<string, unknown> = {}) => ({
  sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv: DK_NFL, ...overrides,
});

describe.each(DB_KINDS)('uploads on %s', (kind) => {
  let t: TestApp;
  let limited: TestApp;
  beforeAll(async () => {
    // Room in the file threads' queue for every upload at once: the slate limit's lock is under test, not the busy answer.
    t = await createTestApp(kind, { maxQueuedJobs: 100 }, false);
    limited = await createTestApp(kind, { uploadRateLimitPerUser: 3, uploadRateLimitPerAddress: 5 }, false);
  });
  afterAll(async () => {
    await t.close();
    await limited.close();
  });

  it('says 401 before reading the body: an anonymous request is not parsed (a broken body still gets 401, not 400)', async () => {
    const broken = `{"csv":"${'x'.repeat(3_000_000)}`;
    for (const url of ['/api/user-slates', '/api/entries-file', '/api/late-swap-entries', '/api/nfl/save-lineups/main/dk/Main/2023/1']) {
      const res = await t.app.inject({ method: 'POST', url, payload: broken, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: NOT_LOGGED_IN, code: 'not-logged-in', params: {} });
    }
  });

  it('limits uploads per account and per address, failed ones included (429 with Retry-After)', async () => {
    const user = await signUp(limited.app);
    const send = (headers: Record<string, string>, remoteAddress: string, csv = 'not,a\nsalary,file') =>
      limited.app.inject({ method: 'POST', url: '/api/user-slates', headers, remoteAddress, payload: upload({ csv }) });
    // Three failed uploads use the account's three.
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await send(user.headers, `10.1.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([400, 400, 400]);
    const refused = await send(user.headers, '10.1.0.9', DK_NFL);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_UPLOADS, code: 'too-many-uploads', params: {} });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Many accounts behind one address share its five (the projection match of visitors too).
    const others = await Promise.all([0, 1, 2].map(() => signUp(limited.app)));
    const fromOne: number[] = [];
    for (const other of others) for (let i = 0; i < 2; i++) fromOne.push((await send(other.headers, '10.2.0.1')).statusCode);
    expect(fromOne).toEqual([400, 400, 400, 400, 400, 429]);
    const visitor = await limited.app.inject({
      method: 'POST', url: '/api/nfl/projections-upload/main/dk/classic/Main/2023/1', remoteAddress: '10.2.0.1', payload: { fileName: 'p.csv', csv: 'Name,ProjPts\nA B,1' },
    });
    expect(visitor.statusCode).toBe(429);
  });

  it('keeps the slate limit under concurrent uploads (a lock, not a read-then-write)', async () => {
    const user = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: MAX_USER_SLATES + 10 }, (_, i) =>
      t.app.inject({ method: 'POST', url: '/api/user-slates', headers: user.headers, payload: upload({ name: `s${i}` }) })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_USER_SLATES);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ error: TOO_MANY_USER_SLATES, code: 'too-many-user-slates', params: {} });
    const stored = await t.db.kysely.selectFrom('user_slates').select('user_slates.id').innerJoin('users', 'users.id', 'user_slates.user_id')
      .where('users.email', '=', user.email).execute();
    expect(stored).toHaveLength(MAX_USER_SLATES);
  });

  it('stores a slate near the size of its file (each column named once, not in every player)', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: user.headers, payload: upload() });
    const row = await t.db.kysely.selectFrom('user_slates').select('players').where('id', '=', res.json().slate.id).executeTakeFirstOrThrow();
    expect(row.players.length).toBeLessThan(1.6 * DK_NFL.length);
    const players = await t.app.inject({ method: 'GET', url: `/api/nfl/players/dk/classic/main/${res.json().slate.slate}/2023/1`, headers: user.headers });
    expect(players.json().players[0]).toMatchObject({ Id: '40100007', Name: 'Isaiah Quarles', Salary: 7700, UserProj: null });
  });

  it('reads files off the event loop: a request sent after a big upload is answered before it', async () => {
    const user = await signUp(t.app);
    const big = '\n'.repeat(1_000_000);
    const order: string[] = [];
    const uploadDone = t.app.inject({ method: 'POST', url: '/api/user-slates', headers: user.headers, payload: upload({ csv: `${DK_NFL}${big}` }) })
      .then((r) => { order.push(`upload ${r.statusCode}`); });
    // Give the upload time to reach its reading.
    await new Promise((resolve) => setImmediate(resolve));
    const other = t.app.inject({ method: 'GET', url: '/api/plans' }).then((r) => { order.push(`plans ${r.statusCode}`); });
    await Promise.all([uploadDone, other]);
    expect(order).toEqual(['plans 200', 'upload 201']);
  });

  it('deletes the lineups and data saved on an own slate with it; later writes on it are 404', async () => {
    const user = await signUp(t.app);
    const { slate } = (await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: user.headers, payload: upload() })).json();
    const lineupsUrl = `/api/nfl/save-lineups/main/dk/${slate.slate}/2023/1`;
    const lineup = { rawTable: [{ Id: '40100007' }], lineupHash: '40100007' };
    expect((await t.app.inject({ method: 'POST', url: lineupsUrl, headers: user.headers, payload: { lineups: [lineup] } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: lineupsUrl, headers: user.headers })).json().lineups).toHaveLength(1);
    // A save racing the deletion: either it lands first and is deleted with the slate, or it finds no slate.
    const [saved, deleted] = await Promise.all([
      t.app.inject({ method: 'POST', url: lineupsUrl, headers: user.headers, payload: { lineups: [{ ...lineup, lineupHash: 'x-1' }] } }),
      t.app.inject({ method: 'DELETE', url: `/api/user-slates/${slate.id}`, headers: user.headers }),
    ]);
    expect(deleted.statusCode).toBe(200);
    expect([200, 404]).toContain(saved.statusCode);
    const left = await t.db.kysely.selectFrom('saved_lineups').select('id').where('slate', '=', slate.slate).execute();
    expect(left).toEqual([]);
    const late = await t.app.inject({ method: 'POST', url: lineupsUrl, headers: user.headers, payload: { lineups: [lineup] } });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ error: USER_SLATE_NOT_FOUND, code: 'user-slate-not-found', params: {} });
    const settings = await t.app.inject({ method: 'POST', url: `/api/nfl/main/dk/${slate.slate}/2023/1/user-settings`, headers: user.headers, payload: { settings: {} } });
    expect(settings.statusCode).toBe(404);
  });

  it('two sessions changing the password at once: exactly one wins, the other gets 409, and the new password works', async () => {
    const user = await signUp(t.app, undefined, 'the-old-password');
    const change = (next: string) => t.app.inject({ method: 'POST', url: '/api/update-password', headers: user.headers, payload: { password: 'the-old-password', new_password: next } });
    const answers = await Promise.all([change('first-new-password'), change('second-new-password')]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json()).toEqual({ error: PASSWORD_CHANGED_ELSEWHERE, code: 'password-changed-elsewhere', params: {} });
    const winner = answers[0]!.statusCode === 200 ? 'first-new-password' : 'second-new-password';
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
    expect((await login(winner)).json()).toMatchObject({ success: true });
    expect((await login(winner === 'first-new-password' ? 'second-new-password' : 'first-new-password')).json()).not.toMatchObject({ success: true });
  });
});
