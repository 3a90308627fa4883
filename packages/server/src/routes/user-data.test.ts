import { NOT_LOGGED_IN, userProjectionsReplySchema } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const SCOPE = 'main/dk/Main/2023/1';

describe.each(DB_KINDS)('per-user slate data on %s', (kind) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, false);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(async () => t.close());

  it('keeps user projections per user and removes them', async () => {
    const post = await t.app.inject({
      method: 'POST', url: `/api/nfl/user-projections/${SCOPE}/1700000000000`, headers: alice.headers,
      payload: [{ Id: '11', UserProj: 20.5, UserOwn: null }, { Id: 12, MinExp: 10, MaxExp: 50 }],
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ success: true, count: 2 });
    await t.app.inject({ method: 'POST', url: `/api/nfl/user-projections/${SCOPE}/1700000000001`, headers: alice.headers, payload: { Id: '11', UserProj: 22 } });
    const mine = await t.app.inject({ method: 'GET', url: `/api/nfl/user-projections/${SCOPE}`, headers: alice.headers });
    expect(mine.json()).toEqual({ 11: { Id: '11', UserProj: 22 }, 12: { Id: '12', MinExp: 10, MaxExp: 50 } });
    expect(userProjectionsReplySchema.parse(mine.json())).toEqual(mine.json());
    const theirs = await t.app.inject({ method: 'GET', url: `/api/nfl/user-projections/${SCOPE}`, headers: bob.headers });
    expect(theirs.json()).toEqual({});
    const otherSlate = await t.app.inject({ method: 'GET', url: '/api/nfl/user-projections/main/fd/Main/2023/1', headers: alice.headers });
    expect(otherSlate.json()).toEqual({});
    const stale = await t.app.inject({ method: 'POST', url: `/api/nfl/user-projections/${SCOPE}/1699999999999`, headers: alice.headers, payload: { Id: '11', UserProj: 5 } });
    expect(stale.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/nfl/user-projections/${SCOPE}`, headers: alice.headers })).json()[11]).toEqual({ Id: '11', UserProj: 22 });
    const bobDelete = await t.app.inject({ method: 'DELETE', url: `/api/nfl/user-projections/${SCOPE}`, headers: bob.headers });
    expect(bobDelete.json()).toEqual({ success: true, removed: 0 });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/nfl/user-projections/${SCOPE}`, headers: alice.headers });
    expect(del.json()).toEqual({ success: true, removed: 2 });
    const after = await t.app.inject({ method: 'GET', url: `/api/nfl/user-projections/${SCOPE}`, headers: alice.headers });
    expect(after.json()).toEqual({});
  });

  it('answers 401 to visitors and 400 to bad bodies', async () => {
    const calls = [
      { method: 'GET', url: `/api/nfl/user-projections/${SCOPE}` },
      { method: 'POST', url: `/api/nfl/user-projections/${SCOPE}/1`, payload: { Id: '1' } },
      { method: 'DELETE', url: `/api/nfl/user-projections/${SCOPE}` },
      { method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, payload: { teamStacks: [] } },
      { method: 'DELETE', url: `/api/nfl/user-team-stacks/${SCOPE}` },
      { method: 'GET', url: `/api/nfl/${SCOPE}/user-settings` },
      { method: 'POST', url: `/api/nfl/${SCOPE}/user-settings`, payload: { numLUs: 3 } },
      { method: 'GET', url: `/api/nfl/${SCOPE}/user-groups` },
      { method: 'POST', url: `/api/nfl/${SCOPE}/user-groups`, payload: { groups: [] } },
      { method: 'GET', url: `/api/nfl/save-lineups/${SCOPE}` },
      { method: 'POST', url: `/api/nfl/save-lineups/${SCOPE}`, payload: { lineups: [] } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ error: NOT_LOGGED_IN, code: 'not-logged-in', params: {} });
    }
    const bad = [
      { method: 'POST', url: `/api/nfl/user-projections/${SCOPE}/1`, payload: { UserProj: 3 } },
      // What is saved must read back as the reply's edits: numbers (or null), never text.
      { method: 'POST', url: `/api/nfl/user-projections/${SCOPE}/1`, payload: { Id: '11', UserProj: 'lots' } },
      { method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, payload: { teamStacks: [{ TeamAbbrev: 'KC', AllowQBStack: 'sometimes' }] } },
      { method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, payload: { teamStacks: [{ nope: 1 }] } },
      { method: 'POST', url: `/api/nfl/${SCOPE}/user-groups`, payload: { groups: 'x' } },
      { method: 'POST', url: `/api/nfl/save-lineups/${SCOPE}`, payload: { lineups: [{ rawTable: [] }] } },
      { method: 'GET', url: '/api/nfl/user-projections/main/dk/Main/2023/notacounter' },
    ] as const;
    for (const call of bad) {
      const res = await t.app.inject({ ...call, headers: alice.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('derives team stacks from the players, and keeps a user\'s own per user', async () => {
    const players = [{ TeamAbbrev: 'KC', Opp: 'DET' }, { TeamAbbrev: 'DET', Opp: 'KC' }, { TeamAbbrev: 'KC', Opp: 'DET' }];
    const house = await t.app.inject({ method: 'POST', url: `/api/nfl/team-stacks/${SCOPE}`, payload: { players } });
    expect(house.statusCode).toBe(200);
    const rows = house.json() as { TeamAbbrev: string; AllowQBStack: boolean; TotalMaxPlayers: number }[];
    expect(rows.map((r) => r.TeamAbbrev)).toEqual(['DET', 'KC']);
    expect(rows[0]).toMatchObject({ AllowQBStack: true, Opp: 'KC' });
    const edited = [{ ...rows[0], AllowQBStack: false }, rows[1]];
    const save = await t.app.inject({ method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, headers: alice.headers, payload: { teamStacks: edited } });
    expect(save.json()).toEqual({ success: true });
    const mine = await t.app.inject({ method: 'POST', url: `/api/nfl/team-stacks/${SCOPE}`, headers: alice.headers, payload: { players } });
    expect(mine.json()[0].AllowQBStack).toBe(false);
    const bobs = await t.app.inject({ method: 'POST', url: `/api/nfl/team-stacks/${SCOPE}`, headers: bob.headers, payload: { players } });
    expect(bobs.json()[0].AllowQBStack).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/nfl/user-team-stacks/${SCOPE}`, headers: alice.headers });
    const reset = await t.app.inject({ method: 'POST', url: `/api/nfl/team-stacks/${SCOPE}`, headers: alice.headers, payload: { players } });
    expect(reset.json()[0].AllowQBStack).toBe(true);
  });

  it('stores settings and groups per user', async () => {
    await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/user-settings`, headers: alice.headers, payload: { settings: { numLUs: 20, teamStackPct: 0.8 } } });
    await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/user-settings`, headers: bob.headers, payload: { numLUs: 5 } });
    expect((await t.app.inject({ method: 'GET', url: `/api/nfl/${SCOPE}/user-settings`, headers: alice.headers })).json()).toEqual({ numLUs: 20, teamStackPct: 0.8 });
    expect((await t.app.inject({ method: 'GET', url: `/api/nfl/${SCOPE}/user-settings`, headers: bob.headers })).json()).toEqual({ numLUs: 5 });
    const groups = [{ ID: 1, name: 'Chiefs', players: ['1', '2'], minGroup: 1, maxGroup: 2, active: true, anchorPlayerID: '1' }];
    const saved = await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/user-groups`, headers: alice.headers, payload: { groups } });
    expect(saved.json().success).toBe(true);
    const mine = (await t.app.inject({ method: 'GET', url: `/api/nfl/${SCOPE}/user-groups`, headers: alice.headers })).json();
    expect(mine).toEqual([{ ...groups[0], anchorPlayerID: ['1'], pctGroup: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/nfl/${SCOPE}/user-groups`, headers: bob.headers })).json()).toEqual([]);
  });

  it('checks settings by their types: a wrong-typed value is a 400 naming the key; text numbers and unknown keys are read back', async () => {
    const dana = await signUp(t.app);
    const url = `/api/nfl/${SCOPE}/user-settings`;
    for (const settings of [{ minSal: 'abc' }, { stackSettingMode: 5 }]) {
      const refused = await t.app.inject({ method: 'POST', url, headers: dana.headers, payload: { settings } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('request-fields-invalid');
      expect(refused.json().params.issues[0]).toMatch(new RegExp(`^${Object.keys(settings)[0]}:`));
    }
    await t.app.inject({ method: 'POST', url, headers: dana.headers, payload: { settings: { minSal: '49000', includeSaved: 1, fooBar: 'x' } } });
    expect((await t.app.inject({ method: 'GET', url, headers: dana.headers })).json()).toEqual({ minSal: 49000, includeSaved: true, fooBar: 'x' });
  });

  it('checks stored groups and team stacks as it reads them: a damaged document fails there, never reaches the client', async () => {
    const carol = await signUp(t.app);
    const groups = [{ ID: 1, name: 'Bills', players: ['1', { Id: 2 }], minGroup: 1, maxGroup: 2, active: true }];
    await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/user-groups`, headers: carol.headers, payload: { groups } });
    await t.app.inject({ method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, headers: carol.headers, payload: { teamStacks: [{ TeamAbbrev: 'BUF', AllowQBStack: true }] } });
    const read = () => Promise.all([
      t.app.inject({ method: 'GET', url: `/api/nfl/${SCOPE}/user-groups`, headers: carol.headers }),
      t.app.inject({ method: 'POST', url: `/api/nfl/team-stacks/${SCOPE}`, headers: carol.headers, payload: { players: [] } }),
    ]);
    const [goodGroups, goodStacks] = await read();
    expect(goodGroups.json()).toEqual([{ ...groups[0], anchorPlayerID: [], pctGroup: 1 }]);
    expect(goodStacks.json()).toEqual([{ TeamAbbrev: 'BUF', AllowQBStack: true }]);
    const { id } = await t.db.kysely.selectFrom('users').select('id').where('email', '=', carol.email).executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('user_groups').set({ data: '[{"name":"no players list","players":"x"}]' }).where('user_id', '=', id).execute();
    await t.db.kysely.updateTable('user_team_stacks').set({ data: '[{"TeamAbbrev":"BUF","AllowQBStack":"sometimes"}]' }).where('user_id', '=', id).execute();
    for (const res of await read()) {
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('sometimes');
      expect(res.body).not.toContain('no players list');
    }
  });

  it('saves lineups by hash per user and removes them', async () => {
    const lineup = (ids: string[]) => ({ rawTable: ids.map((Id, i) => ({ Id, Run: 1, Slot: `S${i}` })), lineupHash: [...ids].sort().join('-') });
    const a = lineup(['1', '2', '3']);
    const b = lineup(['4', '5', '6']);
    const post = await t.app.inject({ method: 'POST', url: `/api/nfl/save-lineups/${SCOPE}`, headers: alice.headers, payload: { lineups: [a, b, a] } });
    expect(post.json()).toEqual({ success: true });
    const mine = (await t.app.inject({ method: 'GET', url: `/api/nfl/save-lineups/${SCOPE}`, headers: alice.headers })).json();
    expect(mine.lineups.map((l: { lineupHash: string; saved: boolean }) => [l.lineupHash, l.saved])).toEqual([[a.lineupHash, true], [b.lineupHash, true]]);
    expect((await t.app.inject({ method: 'GET', url: `/api/nfl/save-lineups/${SCOPE}`, headers: bob.headers })).json()).toEqual({ lineups: [] });
    await t.app.inject({ method: 'POST', url: `/api/nfl/save-lineups/${SCOPE}`, headers: bob.headers, payload: { remove: [a.lineupHash] } });
    await t.app.inject({ method: 'POST', url: `/api/nfl/save-lineups/${SCOPE}`, headers: alice.headers, payload: { remove: [b.lineupHash] } });
    const left = (await t.app.inject({ method: 'GET', url: `/api/nfl/save-lineups/${SCOPE}`, headers: alice.headers })).json();
    expect(left.lineups.map((l: { lineupHash: string }) => l.lineupHash)).toEqual([a.lineupHash]);
  });
});
