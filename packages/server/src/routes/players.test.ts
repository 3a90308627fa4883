import { playersReplySchema, slateListsReplySchema, UNABLE_TO_FETCH_PLAYERS } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUpOnPlan, TEST_SEED, type TestApp } from '../test-support/harness.js';

describe.each(DB_KINDS)('players and slates on %s', (kind) => {
  let t: TestApp;
  // A plan with every value: visitors and Free users get points and ownership of the top rows only (gating.test.ts).
  let elite: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    elite = (await signUpOnPlan(t, 'Elite')).headers;
  });
  afterAll(async () => t.close());

  it('lists the week 1 slates and the showdown-only final', async () => {
    const week1 = await t.app.inject({ method: 'GET', url: '/api/nfl/main/slates/dk/2023/1' });
    expect(week1.statusCode).toBe(200);
    const lists = week1.json();
    expect(lists.classic).toEqual(['Main', 'Early', 'Primetime']);
    expect(lists.showdown).toHaveLength(3);
    const final = await t.app.inject({ method: 'GET', url: '/api/nfl/main/slates/ya/2023/22' });
    expect(final.json()).toEqual({ classic: [], showdown: ['Main'] });
  });

  it('answers the Main slate players with Vegas lines, ownership and ceilings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1', headers: elite });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.max_salary).toBe(50000);
    expect(typeof body.updated_at).toBe('string');
    const players = body.players as Record<string, unknown>[];
    expect(players.length).toBeGreaterThan(200);
    const positions = new Set(players.map((p) => p.Position));
    expect([...positions].sort()).toEqual(['DST', 'QB', 'RB', 'TE', 'WR']);
    for (const p of players) {
      expect(p.Salary as number).toBeGreaterThanOrEqual(2000);
      expect(p.Salary as number).toBeLessThanOrEqual(10000);
      expect(p).toHaveProperty('OU');
      expect(p).toHaveProperty('ImpPts');
      expect(p.Ceiling as number).toBeGreaterThan(p.ProjPts as number);
    }
    const ownership = players.reduce((a, p) => a + (p.ProjOwn as number), 0);
    expect(ownership).toBeGreaterThan(850);
    expect(ownership).toBeLessThan(905);
    expect(new Set(players.map((p) => p.Id)).size).toBe(players.length);
  });

  it('answers the domain\'s players and slate lists replies, field for field (the web client\'s types are these)', async () => {
    // A visitor's rows (values withheld beyond the top rows) and a paying user's rows both.
    for (const headers of [{}, elite]) {
      const body = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/showdown/main/Main/2023/22', headers })).json();
      // Checked here as well as by the route, so the reply stays the domain's even if a route stops declaring it.
      expect(playersReplySchema.parse(body)).toEqual(body);
      expect(body.players.length).toBeGreaterThan(0);
    }
    const lists = (await t.app.inject({ method: 'GET', url: '/api/nfl/main/slates/dk/2023/1' })).json();
    expect(slateListsReplySchema.parse(lists)).toEqual(lists);
  });

  it('answers showdown players once per roster position, captain salary ×1.5 on dk', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/showdown/main/Main/2023/22', headers: elite });
    const players = res.json().players as { Id: string; RosterPosition: string; Salary: number; ProjPts: number }[];
    const captains = players.filter((p) => p.RosterPosition === 'CPT');
    const flex = players.filter((p) => p.RosterPosition === 'FLEX');
    expect(captains.length).toBe(flex.length);
    expect(captains.length).toBeGreaterThan(20);
    for (const c of captains) {
      const f = flex.find((x) => x.Id === c.Id)!;
      expect(c.Salary).toBe(Math.round(f.Salary * 1.5));
      expect(c.ProjPts).toBe(f.ProjPts);
    }
    const fd = await t.app.inject({ method: 'GET', url: '/api/nfl/players/fd/showdown/main/Main/2023/22' });
    expect((fd.json().players as { RosterPosition: string }[]).some((p) => p.RosterPosition === 'MVP')).toBe(true);
  });

  it('serves date slates for nba and pga', async () => {
    const nba = await t.app.inject({ method: 'GET', url: '/api/nba/players/dk/classic/main/Main/2023/2026-11-23' });
    expect(nba.statusCode).toBe(200);
    const players = nba.json().players as { ProjMins?: number; Position: string }[];
    expect(players.every((p) => typeof p.ProjMins === 'number')).toBe(true);
    const slates = await t.app.inject({ method: 'GET', url: '/api/pga/main/slates/fd/2024/2026-11-23' });
    expect(slates.json()).toEqual({ classic: ['Main'], showdown: [] });
  });

  it('serves the demo date slates written at start-up, and a GET writes none', async () => {
    // The harness seeds nba and pga on its fixed day only.
    const seeded = await t.app.inject({ method: 'GET', url: `/api/nba/main/slates/dk/2023/${TEST_SEED.today}` });
    expect(seeded.json().classic).toContain('Main');
    const near = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const slates = await t.app.inject({ method: 'GET', url: `/api/mlb/main/slates/dk/2023/${near}` });
    expect(slates.json()).toEqual({ classic: [], showdown: [] });
    const players = await t.app.inject({ method: 'GET', url: `/api/mlb/players/fd/classic/main/Main/2023/${near}` });
    expect(players.statusCode).toBe(404);
    const written = await t.db.kysely.selectFrom('slates').select('id').where('sport', '=', 'mlb').execute();
    expect(written).toEqual([]);
  });

  it('answers 404 for an unknown slate or brand and 400 for a bad path', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Nope/2023/1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: UNABLE_TO_FETCH_PLAYERS, code: 'unable-to-fetch-players', params: {} });
    const brand = await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/other/Main/2023/1' });
    expect(brand.statusCode).toBe(404);
    for (const url of ['/api/xfl/players/dk/classic/main/Main/2023/1', '/api/nfl/players/zz/classic/main/Main/2023/1', '/api/nfl/players/dk/classic/main/Main/2023/week1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('serves OpenAPI at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/login');
    expect(paths).toContain('/api/{sport}/players/{site}/{contestType}/{brand}/{slate}/{season}/{counter}');
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  });
});
