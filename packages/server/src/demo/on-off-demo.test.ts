// The nba on/off report (docs/on-off.md) on the demo data: the demo's game logs give each player
// his own usage and points per minute, so a star's night off moves his minutes and possessions to
// teammates by their logged rates. Every expectation is recomputed here from the stored logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson } from '../services/json.js';
import { createTestApp, DB_KINDS, TEST_SEED, type TestApp } from '../test-support/harness.js';
import { NBA_DEMO_GAMES } from './nba.js';

type Row = { Id: string; Name: string; TeamAbbrev: string; ProjMins: number; ProjPts: number };
type Answered = Row & { OnOffMins: number; OnOffUsage: number; OnOffPts: number; OnOffDiff: number };
const MIN_MINUTES = 10;

describe.each(DB_KINDS)('the on/off report on the demo data (%s)', (kind) => {
  let t: TestApp;
  let table: Row[];
  let logged: Map<string, { minutes: number; points: number; usageMinutes: number }>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const slate = await t.db.kysely.selectFrom('slates').select('id')
      .where('sport', '=', 'nba').where('site', '=', 'dk').where('counter', '=', TEST_SEED.today!).executeTakeFirstOrThrow();
    const rows = await t.db.kysely.selectFrom('slate_players').select('data').where('slate_id', '=', slate.id).execute();
    table = rows.map((r) => fromJson<Row>(r.data, {} as Row));
    const logs = await t.db.kysely.selectFrom('game_logs').select(['player_name', 'data']).where('sport', '=', 'nba').execute();
    logged = new Map();
    for (const g of logs) {
      const d = fromJson<{ Min: number; DKPts: number; Usg: number }>(g.data, { Min: 0, DKPts: 0, Usg: 0 });
      const sum = logged.get(g.player_name) ?? { minutes: 0, points: 0, usageMinutes: 0 };
      logged.set(g.player_name, { minutes: sum.minutes + d.Min, points: sum.points + d.DKPts, usageMinutes: sum.usageMinutes + d.Usg * d.Min });
    }
  });
  afterAll(async () => t.close());

  const usageOf = (name: string) => logged.get(name)!.usageMinutes / logged.get(name)!.minutes;
  const pointsPerMinuteOf = (name: string) => logged.get(name)!.points / logged.get(name)!.minutes;
  const values = async (playerTable: Row[], offList: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analysis/nba/on-off/values', payload: { playerTable, offList, minMinutes: MIN_MINUTES, site: 'dk' } });
    expect(res.statusCode).toBe(200);
    return res.json() as { values: Answered[]; players: Answered[]; off_list: string[] };
  };

  it('gives the star\'s minutes to the rotation and his possessions to those who take them, by their logged rates', async () => {
    const teamCode = table.reduce((a, b) => (b.ProjPts > a.ProjPts ? b : a)).TeamAbbrev;
    const team = table.filter((r) => r.TeamAbbrev === teamCode);
    expect(team).toHaveLength(9);
    for (const r of team) expect(logged.get(r.Name)?.minutes).toBeGreaterThan(0);
    const star = team.reduce((a, b) => (b.ProjMins > a.ProjMins ? b : a));
    const on = team.filter((r) => r !== star);
    const rotation = on.filter((r) => r.ProjMins >= MIN_MINUTES);
    const outside = on.filter((r) => r.ProjMins < MIN_MINUTES);
    const rotationMinutes = rotation.reduce((a, r) => a + r.ProjMins, 0);
    // Proportional shares; nobody reaches the 48-minute cap, so no water filling is involved.
    const added = (r: Row) => (star.ProjMins * r.ProjMins) / rotationMinutes;
    for (const r of rotation) expect(r.ProjMins + added(r)).toBeLessThan(48);
    const newMinutes = (r: Row) => r.ProjMins + (r.ProjMins >= MIN_MINUTES ? added(r) : 0);
    // The team keeps its usage-minutes: what the star used is spread over those on the floor.
    const before = team.reduce((a, r) => a + usageOf(r.Name) * r.ProjMins, 0);
    const after = on.reduce((a, r) => a + usageOf(r.Name) * newMinutes(r), 0);
    const factor = before / after;
    expect(usageOf(star.Name)).toBeGreaterThan(Math.max(...on.map((r) => usageOf(r.Name))));
    expect(factor).toBeGreaterThan(1.02);

    const { players, values: gainers, off_list } = await values(table, [star.Id]);
    expect(off_list).toEqual([star.Id]);
    const answered = players.filter((p) => p.TeamAbbrev === teamCode);
    expect(answered.map((p) => p.Name).sort()).toEqual(rotation.map((r) => r.Name).sort());
    for (const r of outside) expect(players.find((p) => p.Name === r.Name)).toBeUndefined();
    // All of the star's minutes are given out, none to the players under minMinutes.
    const given = answered.reduce((a, p) => a + p.OnOffMins - p.ProjMins, 0);
    expect(given).toBeCloseTo(star.ProjMins, 1);
    for (const p of answered) {
      const r = team.find((x) => x.Name === p.Name)!;
      expect(p.OnOffMins).toBeCloseTo(newMinutes(r), 1);
      expect(p.OnOffUsage).toBeCloseTo(usageOf(r.Name) * factor, 1);
      expect(p.OnOffDiff).toBeCloseTo(pointsPerMinuteOf(r.Name) * (factor * newMinutes(r) - r.ProjMins), 1);
      expect(gainers.find((v) => v.Name === p.Name)?.OnOffDiff).toBe(p.OnOffDiff);
    }
    // Everyone gains the same share of his minutes, so the gain per projected minute follows the
    // logged points per minute: higher rates gain more.
    const byRate = [...answered].sort((a, b) => pointsPerMinuteOf(b.Name) - pointsPerMinuteOf(a.Name));
    const perMinute = byRate.map((p) => p.OnOffDiff / p.ProjMins);
    expect(perMinute).toEqual([...perMinute].sort((a, b) => b - a));
    expect(perMinute[0]! / perMinute.at(-1)!).toBeCloseTo(pointsPerMinuteOf(byRate[0]!.Name) / pointsPerMinuteOf(byRate.at(-1)!.Name), 1);
  });

  it('answers an nba player\'s game log by his primary position for the Player Stats modal', async () => {
    const swingman = table.find((r) => String((r as Record<string, unknown>).Position).includes('/'))!;
    const primary = String((swingman as Record<string, unknown>).Position).split('/')[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/nba/analysis/player/${encodeURIComponent(swingman.Name)}/${primary}/stats` });
    const stats = res.json().stats as { Week: number; Opponent: string; Min: number }[];
    expect(stats.map((g) => g.Week)).toEqual(Array.from({ length: NBA_DEMO_GAMES }, (_, i) => i + 1));
    const minutes = stats.reduce((a, g) => a + g.Min, 0);
    expect(minutes).toBeCloseTo(logged.get(swingman.Name)!.minutes, 6);
    for (const g of stats) expect(g.Opponent).not.toBe(swingman.TeamAbbrev);
  });

  it('falls back to a flat usage, which moves no possessions, for players without a game log', async () => {
    const star = table.reduce((a, b) => (b.ProjMins > a.ProjMins ? b : a));
    const unlogged = table.filter((r) => r.TeamAbbrev === star.TeamAbbrev).map((r) => ({ ...r, Name: `${r.Name} Jr.` }));
    const { players } = await values(unlogged, [star.Id]);
    expect(players.length).toBeGreaterThan(0);
    for (const p of players) expect(p.OnOffUsage).toBe(20);
  });
});
