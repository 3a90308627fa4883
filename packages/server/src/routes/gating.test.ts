// Server-side gating: a plan's withheld values never reach the client.
import { GATED_CLEAR_ROWS } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillWithheldForBuild } from '../services/gating.js';
import { createTestApp, DB_KINDS, signUpOnPlan, type TestApp } from '../test-support/harness.js';

const PLAYERS = '/api/nfl/players/dk/classic/main/Main/2023/1';
const SHOWDOWN = (name: string) => `/api/nfl/players/dk/showdown/main/${encodeURIComponent(name)}/2023/22`;
const PROPS = '/api/nfl/analysis/2023/1/props';

type Row = Record<string, unknown>;

describe.each(DB_KINDS)('gating by plan on %s', (kind) => {
  let t: TestApp;
  const headers: Record<string, Record<string, string> | undefined> = { visitor: undefined };
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const plan of ['Free', 'Pro', 'Elite']) headers[plan] = (await signUpOnPlan(t, plan)).headers;
  });
  afterAll(async () => t.close());

  const get = async (url: string, who: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: headers[who] });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const players = async (who: string, url = PLAYERS) => (await get(url, who)).players as Row[];
  const withField = (rows: Row[], field: string) => rows.filter((r) => field in r);

  it('sends visitors and Free users points, ceiling and ownership of the top rows only', async () => {
    const elite = await players('Elite');
    const top = [...elite].sort((a, b) => Number(b.ProjPts) - Number(a.ProjPts)).slice(0, GATED_CLEAR_ROWS).map((r) => r.Id).sort();
    for (const who of ['visitor', 'Free']) {
      const rows = await players(who);
      expect(rows).toHaveLength(elite.length);
      for (const field of ['ProjPts', 'HouseProjPts', 'Ceiling', 'ProjOwn', 'HouseOwn']) {
        expect(withField(rows, field).map((r) => r.Id).sort(), `${who} ${field}`).toEqual(top);
      }
      // What the page needs to list and build with stays: names, salaries, teams, games.
      for (const r of rows) for (const field of ['Id', 'Name', 'Position', 'Salary', 'TeamAbbrev', 'Opp', 'GameStart']) expect(r).toHaveProperty(field);
    }
  });

  it('sends Pro its points and ownership, and Elite everything', async () => {
    for (const who of ['Pro', 'Elite']) {
      const rows = await players(who);
      for (const field of ['ProjPts', 'Ceiling', 'ProjOwn']) expect(withField(rows, field), `${who} ${field}`).toHaveLength(rows.length);
    }
  });

  it('leaves showdown captains clear by their ×1.5 points, as the table sorts them', async () => {
    const slates = (await get('/api/nfl/main/slates/dk/2023/22', 'Elite')) as { showdown: string[] };
    const url = SHOWDOWN(slates.showdown[0]!);
    const rows = await players('Free', url);
    const clear = withField(rows, 'ProjPts');
    expect(clear).toHaveLength(GATED_CLEAR_ROWS);
    expect(clear.every((r) => r.RosterPosition !== 'FLEX')).toBe(true);
  });

  it('withholds projected ownership on props without the ownership permission', async () => {
    for (const who of ['visitor', 'Free']) {
      const props = (await get(PROPS, who)).props as Row[];
      const markets = new Set(props.map((p) => p.market));
      expect(withField(props, 'projOwn')).toHaveLength(markets.size * GATED_CLEAR_ROWS);
      for (const p of props) expect(p).toHaveProperty('oddsAmerican');
    }
    const props = (await get(PROPS, 'Pro')).props as Row[];
    expect(withField(props, 'projOwn')).toHaveLength(props.length);
  });

  it('builds a Free user’s lineups with the house values the page never received', async () => {
    const rows = await players('Free');
    const house = new Map((await players('Elite')).map((r) => [r.Id, r]));
    // As the page sends them (domain playerForSend): DKPts, ProjOwn and Ceiling 0 where it had nothing.
    const sent: Row[] = rows.map((r) => ({ ...r, DKPts: Number(r.ProjPts ?? 0), ProjOwn: Number(r.ProjOwn ?? 0), Ceiling: Number(r.Ceiling ?? 0) }));
    await fillWithheldForBuild(t.db.kysely, { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1', players: sent });
    for (const r of sent) {
      const h = house.get(r.Id)!;
      expect(r.DKPts).toBe(h.ProjPts);
      expect(r.ProjOwn).toBe(h.ProjOwn);
      expect(r.Ceiling).toBe(h.Ceiling);
    }
    // A user's own projection is kept.
    const own = [{ ...sent[5]!, ProjPts: 1, DKPts: 1, UserProj: 1 }];
    await fillWithheldForBuild(t.db.kysely, { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1', players: own });
    expect(own[0]!.DKPts).toBe(1);
  });

  it('fills nothing, and fails nothing, for a season that is no year (PostgreSQL would refuse it as an integer)', async () => {
    for (const season of ['2023x', 1e12, 'NaN', 2023.5]) {
      const rows: Row[] = (await players('Free')).slice(0, 3).map((r) => ({ ...r }));
      await fillWithheldForBuild(t.db.kysely, { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season, counter: '1', players: rows });
      expect(rows.some((r) => r.ProjPts === undefined)).toBe(true);
    }
  });
});
