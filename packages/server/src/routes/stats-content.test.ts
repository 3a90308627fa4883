import { ADMIN_ONLY } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const CONTENT = 'main/dk/Main/2023/1';

describe.each(DB_KINDS)('statistics, presets, slate content, plans and analysis on %s', (kind) => {
  let t: TestApp;
  let players: Record<string, unknown>[];
  let admin: Awaited<ReturnType<typeof signUp>>;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players;
    admin = await signUp(t.app, 'boss@example.com');
    await t.app.users.setAdmin('boss@example.com', true);
    user = await signUp(t.app);
  });
  afterAll(async () => t.close());

  const lineupOf = (rows: Record<string, unknown>[]) => ({ rawTable: rows, lineupHash: rows.map((r) => r.Id).sort().join('-') });

  it('counts exposures per player and ranks them within the position', async () => {
    const [a, b, c] = players as { Id: string; Position: string }[];
    const lineups = [lineupOf([a!, b!]), lineupOf([a!, c!]), lineupOf([a!, b!]), lineupOf([b!])];
    const res = await t.app.inject({ method: 'POST', url: '/api/nfl/exposure-stats/2', payload: { players: [a, b, c], lineups } });
    expect(res.statusCode).toBe(200);
    const rows = res.json().players as { Id: string; Exp: number; Count: number; userRankPos: number }[];
    expect(rows.map((r) => [r.Id, r.Count, r.Exp])).toEqual([[a!.Id, 3, 75], [b!.Id, 3, 75], [c!.Id, 1, 25]]);
    const flat = await t.app.inject({ method: 'POST', url: '/api/nfl/exposure-stats/2', payload: { players: [a], lineups: [a, b, a, c] } });
    expect(flat.json().players[0].Exp).toBe(100);
    const bad = await t.app.inject({ method: 'POST', url: '/api/nfl/exposure-stats/0', payload: { players: [], lineups: [] } });
    expect(bad.statusCode).toBe(400);
  });

  it('compares lineups with past contest results', async () => {
    const qb = players.find((p) => p.Position === 'QB')!;
    const mate = players.find((p) => p.Position === 'WR' && p.TeamAbbrev === qb.TeamAbbrev)!;
    const res = await t.app.inject({ method: 'POST', url: '/api/nfl/summary-data/2023/1', headers: admin.headers, payload: { lineups: [lineupOf([qb, mate])], slateSize: 13, lineupSize: 2 } });
    expect(res.statusCode).toBe(200);
    const rows = res.json().lineup_comparison as { Metric: string; MyPcts: number; Finish1to5: number; Lost: number }[];
    const stacked = rows.find((r) => r.Metric === 'QB stacked with 1+ teammate')!;
    expect(stacked.MyPcts).toBe(1);
    for (const r of rows) for (const key of ['Finish1to5', 'Lost'] as const) expect(r[key]).toBeGreaterThanOrEqual(0);
    expect(rows.some((r) => r.Lost > 0)).toBe(true);
    // Without analytics.nfl.historical the finish columns go out blanked (null), which the reply's schema takes.
    const free = await t.app.inject({ method: 'POST', url: '/api/nfl/summary-data/2023/1', headers: user.headers, payload: { lineups: [lineupOf([qb, mate])], slateSize: 13, lineupSize: 2 } });
    expect(free.statusCode).toBe(200);
    const freeRows = free.json().lineup_comparison as Record<string, unknown>[];
    expect(freeRows.find((r) => r.Metric === 'QB stacked with 1+ teammate')).toEqual({ Metric: 'QB stacked with 1+ teammate', MyPcts: 1, Finish1to5: null, Finish6to50: null, Cashed: null, Lost: null });
    const bad = await t.app.inject({ method: 'POST', url: '/api/nfl/summary-data/2023/1', headers: admin.headers, payload: { slateSize: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('answers presets from past winners and site settings keyed by contest type', async () => {
    const presets = await t.app.inject({ method: 'GET', url: '/api/nfl/classic/dk/presets/26', headers: admin.headers });
    expect(presets.statusCode).toBe(200);
    const list = presets.json().presets as { generalSettings: { teamStackPct: number } }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]!.generalSettings.teamStackPct).toBeGreaterThanOrEqual(0);
    expect(list[0]!.generalSettings.teamStackPct).toBeLessThanOrEqual(1);
    const settings = await t.app.inject({ method: 'GET', url: '/api/nfl/site-settings/fd' });
    const body = settings.json();
    expect(body.classic).toMatchObject({ numLUs: 3, maxSal: 60000, teamStackPct: 0.9 });
    expect(body.showdown).toMatchObject({ numLUs: 3 });
    const nba = await t.app.inject({ method: 'GET', url: '/api/nba/site-settings/dk' });
    expect(nba.json()).toMatchObject({ classic: { minSal: 49000, maxSal: 50000 }, showdown: { maxSal: 50000 } }); // dk nba showdown
    const nbaFd = await t.app.inject({ method: 'GET', url: '/api/nba/site-settings/fd' });
    expect(nbaFd.json()).toMatchObject({ showdown: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/nfl/classic/dk/presets/notanumber', headers: admin.headers })).statusCode).toBe(400);
  });

  it('lets admins write custom presets and cheat sheets that everyone reads', async () => {
    const preset = { displayName: 'Chalk', players: [{ Id: '1', UserProj: 3, Name: 'dropped' }], generalSettings: { numLUs: 20 }, stackSettings: { teamStackPct: 0.5 }, groups: [] };
    const refused = await t.app.inject({ method: 'POST', url: `/api/nfl/${CONTENT}/custom-presets`, headers: user.headers, payload: preset });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ADMIN_ONLY, code: 'admin-only', params: {} });
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/nfl/${CONTENT}/cheatsheets`, payload: { displayName: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const saved = await t.app.inject({ method: 'POST', url: `/api/nfl/${CONTENT}/custom-presets`, headers: admin.headers, payload: preset });
    expect(saved.json()).toEqual({ success: true });
    await t.app.inject({ method: 'POST', url: `/api/nfl/${CONTENT}/custom-presets`, headers: admin.headers, payload: { ...preset, generalSettings: { numLUs: 30 } } });
    const read = (await t.app.inject({ method: 'GET', url: `/api/nfl/${CONTENT}/custom-presets` })).json();
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ displayName: 'Chalk', presets: { players: [{ Id: '1', UserProj: 3 }], site_settings: { numLUs: 30 }, team_stacks: { teamStackPct: 0.5 }, groups: [] } });
    await t.app.inject({ method: 'POST', url: `/api/nfl/${CONTENT}/custom-presets`, headers: admin.headers, payload: { displayName: 'Chalk', delete: true } });
    expect((await t.app.inject({ method: 'GET', url: `/api/nfl/${CONTENT}/custom-presets` })).json()).toEqual([]);

    const sheet = await t.app.inject({ method: 'POST', url: `/api/nfl/${CONTENT}/cheatsheets`, headers: admin.headers, payload: { displayName: 'Expert Targets', playerPicks: [1, '2'] } });
    expect(sheet.json()).toEqual({ success: true });
    const sheets = (await t.app.inject({ method: 'GET', url: `/api/nfl/${CONTENT}/cheatsheets`, headers: user.headers })).json();
    expect(sheets).toEqual([{ id: expect.any(Number), name: 'Expert Targets', player_picks: ['1', '2'] }]);
    const bad = await t.app.inject({ method: 'POST', url: `/api/nfl/${CONTENT}/cheatsheets`, headers: admin.headers, payload: { playerPicks: [] } });
    expect(bad.statusCode).toBe(400);
  });

  it('records builds for users and visitors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/20', headers: admin.headers });
    expect(res.json()).toEqual({ success: true });
    await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/5' });
    const rows = await t.db.kysely.selectFrom('built_lineups').select(['user_id', 'num_lus']).orderBy('id').execute();
    expect(rows.map((r) => [r.user_id !== null, r.num_lus])).toEqual([[true, 20], [false, 5]]);
    expect((await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/-4' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/partner/dk/Main/1/2023/4' })).statusCode).toBe(404);
  });

  it('serves props, game logs, top stacks and build-analysis ranges', async () => {
    const propsRes = (await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/2023/1/props' })).json();
    const markets = new Set((propsRes.props as { market: string }[]).map((p) => p.market));
    expect([...markets].sort()).toEqual(['Most Pass Yards', 'Most Points', 'Most Rec Yards', 'Most Rush Yards']);
    const qb = players.find((p) => p.Position === 'QB')!;
    const log = (await t.app.inject({ method: 'GET', url: `/api/nfl/analysis/player/${encodeURIComponent(String(qb.Name))}/QB/stats` })).json();
    expect(log.stats[0].Week).toBe(1);
    expect(log.stats[0]).toHaveProperty('PassYds');
    // From a slate's Player Stats: only the games played before that slate.
    const statsBefore = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/nfl/analysis/player/${encodeURIComponent(String(qb.Name))}/QB/stats?${query}` }));
    expect((await statsBefore('season=2023&before=1')).json()).toEqual({ stats: [] });
    expect((await statsBefore('season=2023&before=2')).json().stats.map((r: { Week: number }) => r.Week)).toEqual([1]);
    expect((await statsBefore('season=2022&before=2')).json()).toEqual({ stats: [] });
    expect((await statsBefore('before=not-a-week')).statusCode).toBe(400);
    const nba = await t.app.inject({ method: 'GET', url: '/api/nba/analysis/player/Nobody/PG/stats' });
    expect(nba.json()).toEqual({ stats: [] });
    const stacks = (await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/top-stacks/2023/1/dk' })).json();
    expect(stacks.stacks.length).toBeGreaterThan(0);
    const counts = (await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/build-analysis/player-count/26/5', headers: admin.headers })).json();
    expect(counts.QB.Max).toBeGreaterThanOrEqual(counts.QB.Min);
    expect(counts.QB.Max).toBeLessThanOrEqual(5);
    const ranks = await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/build-analysis/position-ranks/26/20', headers: admin.headers });
    expect(ranks.statusCode).toBe(200);
    expect(Object.keys(ranks.json())).toEqual(['QB', 'RB', 'WR', 'TE', 'DST']);
    expect((await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/2023/40/props' })).statusCode).toBe(400);
  });

  it('moves the minutes of off players to their teammates', async () => {
    const table = [
      { Id: 'a', Name: 'A', TeamAbbrev: 'BOS', ProjMins: 30, ProjPts: 30, Salary: 6000 },
      { Id: 'b', Name: 'B', TeamAbbrev: 'BOS', ProjMins: 10, ProjPts: 10, Salary: 4000 },
      { Id: 'c', Name: 'C', TeamAbbrev: 'BOS', ProjMins: 20, ProjPts: 25, Salary: 7000 },
      { Id: 'd', Name: 'D', TeamAbbrev: 'NY', ProjMins: 0, ProjPts: 0, Salary: 3000 },
    ];
    expect((await t.app.inject({ method: 'POST', url: '/api/analysis/nba/on-off/off-list', payload: { playerTable: table } })).json()).toEqual({ off_list: ['d'] });
    const values = (await t.app.inject({ method: 'POST', url: '/api/analysis/nba/on-off/values', payload: { playerTable: table, offList: ['c'], minMinutes: 5, site: 'dk' } })).json();
    const a = values.players.find((p: { Id: string }) => p.Id === 'a');
    expect(a.OnOffMins).toBe(45);
    expect(a.OnOffPts).toBe(45);
    expect(values.values.map((v: { Id: string }) => v.Id)).toEqual(['a', 'b']);
    const game = (await t.app.inject({ method: 'POST', url: '/api/analysis/nba/on-off/game-stats/bos', payload: { playerTable: table, offPlayers: ['a'] } })).json();
    expect(game.players.map((p: { Id: string }) => p.Id)).toEqual(['b', 'c']);
    for (const [url, payload] of [
      ['/api/analysis/nba/on-off/values', { playerTable: table, minMinutes: 'lots' }],
      ['/api/analysis/nba/on-off/off-list', { playerTable: 'none' }],
      ['/api/analysis/nba/on-off/game-stats/b', { playerTable: table }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    // A gated route checks the login before its input: a visitor's bad request is 401, not 400.
    expect((await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/build-analysis/player-count/26/0' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/top-stacks/2023/1/zz' })).statusCode).toBe(400);
  });
});
