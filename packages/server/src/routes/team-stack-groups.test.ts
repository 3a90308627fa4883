// The Team Stacks tab saves its per-team rows and its stack groups (rows with players) as one
// list; a stack group needs players, a row needs TeamAbbrev, anything else is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const SCOPE = 'main/dk/Main/2023/3';

describe.each(DB_KINDS)('team stacks with stack groups on %s', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, false);
    user = await signUp(t.app);
  });
  afterAll(async () => t.close());

  it('keeps stack groups beside the team rows and answers them back', async () => {
    const teamStacks = [
      { TeamAbbrev: 'KC', Opp: 'DET', AllowQBStack: false },
      { ID: 9, name: 'KC pair', players: ['1', '2'], anchorPlayerID: ['1'], minGroup: 1, maxGroup: 2, pctGroup: 0.5, active: true },
    ];
    const save = await t.app.inject({ method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, headers: user.headers, payload: { teamStacks } });
    expect(save.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'POST', url: `/api/nfl/team-stacks/${SCOPE}`, headers: user.headers, payload: { players: [] } });
    expect(read.json()).toEqual(teamStacks);
  });

  it('refuses entries that are neither a team row nor a stack group, and visitors', async () => {
    for (const bad of [[{ name: 'no players' }], [{ TeamAbbrev: '' }], [{ players: 'x' }], 'x']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, headers: user.headers, payload: { teamStacks: bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const visitor = await t.app.inject({ method: 'POST', url: `/api/nfl/user-team-stacks/${SCOPE}`, payload: { teamStacks: [] } });
    expect(visitor.statusCode).toBe(401);
    const body = await t.app.inject({ method: 'POST', url: `/api/nfl/team-stacks/${SCOPE}`, payload: {} });
    expect(body.statusCode).toBe(400);
  });
});
