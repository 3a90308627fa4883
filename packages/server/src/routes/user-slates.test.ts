import { readFileSync } from 'node:fs';
import { MAX_USER_SLATE_FILE_CHARS, MAX_USER_SLATES, playersForContest, SLATE_FILE_IS_PROJECTIONS, TOO_MANY_USER_SLATES, siteMismatchMessage, UNABLE_TO_FETCH_PLAYERS, USER_SLATE_NOT_FOUND } from '@stacksmith/domain';
import { buildLineups, type PoolPlayer } from '@stacksmith/optimizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const DK_NFL = fixture('dk-nfl-week1-salaries.csv');
const FD_NFL = [
  'Id,Position,First Name,Nickname,Last Name,FPPG,Played,Salary,Game,Team,Opponent,Injury Indicator,Injury Details,Tier,Roster Position',
  '91956-1,QB,Joe,Joe Burrow,Burrow,21.5,16,8200,CIN@CLE,CIN,CLE,,,,QB',
].join('\n');
const DK_SHOWDOWN = [
  'Position,Name + ID,Name,ID,Roster Position,Salary,Game Info,TeamAbbrev,AvgPointsPerGame',
  'QB,Pat Mahomes (1),Pat Mahomes,1,CPT,17100,DET@KC 09/07/2023 08:20PM ET,KC,24.9',
  'QB,Pat Mahomes (1),Pat Mahomes,1,FLEX,11400,DET@KC 09/07/2023 08:20PM ET,KC,24.9',
  'WR,Amon St Brown (2),Amon St Brown,2,CPT,15900,DET@KC 09/07/2023 08:20PM ET,DET,19.1',
  'WR,Amon St Brown (2),Amon St Brown,2,FLEX,10600,DET@KC 09/07/2023 08:20PM ET,DET,19.1',
].join('\n');

const upload = (overrides: Record<string, unknown> = {}) => ({
  sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv: DK_NFL, ...overrides,
});

describe.each(DB_KINDS)('user slates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind, {}, false); });
  afterAll(async () => t.close());

  it('makes an uploaded salary file a slate its owner alone lists, reads and deletes', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ name: 'Sunday main' }) });
    expect(res.statusCode).toBe(201);
    const { slate } = res.json();
    expect(slate).toMatchObject({ name: 'Sunday main', slate: `my-${slate.id}`, sport: 'nfl', site: 'dk', contestType: 'classic', season: 2023, counter: '1', players: 65, seasonAverages: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/user-slates?sport=nfl&site=dk', headers: owner.headers });
    expect(list.json().slates.map((s: { id: number }) => s.id)).toEqual([slate.id]);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/user-slates', headers: other.headers });
    expect(theirs.json().slates).toEqual([]);
    const fdList = await t.app.inject({ method: 'GET', url: '/api/user-slates?sport=nfl&site=fd', headers: owner.headers });
    expect(fdList.json().slates).toEqual([]);

    const playersUrl = `/api/nfl/players/dk/classic/main/${slate.slate}/2023/1`;
    const players = await t.app.inject({ method: 'GET', url: playersUrl, headers: owner.headers });
    expect(players.statusCode).toBe(200);
    const body = players.json();
    expect(body.max_salary).toBe(50000);
    expect(body.season_averages).toBe(true);
    expect(body.players).toHaveLength(65);
    expect(body.players.at(-1)).toMatchObject({ Name: 'Darius Vance', GameState: 'postponed', MaxExp: 0 });
    expect(body.players[0]).toMatchObject({ Id: '40100007', Name: 'Isaiah Quarles', Position: 'QB', TeamAbbrev: 'CIN', Opp: 'CLE', Salary: 7700, MaxExp: 100 });

    // Another user, a visitor and the wrong site or contest type: not found.
    for (const [url, headers] of [[playersUrl, other.headers], [playersUrl, {}], [`/api/nfl/players/fd/classic/main/${slate.slate}/2023/1`, owner.headers],
      [`/api/nfl/players/dk/showdown/main/${slate.slate}/2023/1`, owner.headers]] as const) {
      const denied = await t.app.inject({ method: 'GET', url, headers });
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual({ error: UNABLE_TO_FETCH_PLAYERS, code: 'unable-to-fetch-players', params: {} });
    }
    const stranger = await t.app.inject({ method: 'DELETE', url: `/api/user-slates/${slate.id}`, headers: other.headers });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: USER_SLATE_NOT_FOUND, code: 'user-slate-not-found', params: {} });

    // The owner's data on the slate goes with it.
    await t.app.inject({ method: 'POST', url: `/api/nfl/main/dk/${slate.slate}/2023/1/user-settings`, headers: owner.headers, payload: { settings: { numLUs: 20 } } });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/user-slates/${slate.id}`, headers: owner.headers });
    expect(gone.json()).toEqual({ success: true });
    expect((await t.app.inject({ method: 'GET', url: playersUrl, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/nfl/main/dk/${slate.slate}/2023/1/user-settings`, headers: owner.headers })).json()).toEqual({});
  });

  it('tells showdown from the CPT rows and keeps nfl showdown in week 22', async () => {
    const owner = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ csv: DK_SHOWDOWN, fileName: 'DKSalaries (1).csv' }) });
    expect(res.statusCode).toBe(201);
    const { slate } = res.json();
    expect(slate).toMatchObject({ contestType: 'showdown', counter: '22', name: 'DKSalaries (1)', players: 4 });
    const players = await t.app.inject({ method: 'GET', url: `/api/nfl/players/dk/showdown/main/${slate.slate}/2023/22`, headers: owner.headers });
    expect(players.json().players.map((p: { Id: string; RosterPosition: string }) => `${p.Id}|${p.RosterPosition}`)).toEqual(['1|CPT', '1|FLEX', '2|CPT', '2|FLEX']);
    // Stored like the site's slates (each row the player's own points): the page scales the captain once.
    const rows = players.json().players as { Id: string; RosterPosition: string; ProjPts: number }[];
    expect(rows.map((p) => p.ProjPts)).toEqual([24.9, 24.9, 19.1, 19.1]);
    const onPage = playersForContest('nfl', 'dk', 'showdown', rows);
    expect(onPage.find((p) => p.Id === '1|CPT')!.ProjPts).toBeCloseTo(24.9 * 1.5, 9);
    expect(onPage.find((p) => p.Id === '1|FLEX')!.ProjPts).toBe(24.9);
  });

  it('an uploaded showdown slate built as the page sends it: the captain counts 1.5× his stored row, once', async () => {
    const owner = await signUp(t.app);
    const csv = readFileSync(new URL('../../../optimizer/src/io/fixtures/dk-nfl-showdown.csv', import.meta.url), 'utf8');
    const res = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ csv, fileName: 'DKSalaries.csv' }) });
    expect(res.statusCode).toBe(201);
    const { slate } = res.json();
    const fetched = await t.app.inject({ method: 'GET', url: `/api/nfl/players/dk/showdown/main/${slate.slate}/2023/22`, headers: owner.headers });
    const stored = fetched.json().players as (PoolPlayer & { Id: string })[];
    const lineups = [];
    for await (const batch of buildLineups({ sport: 'nfl', site: 'dk', contestType: 'showdown', players: playersForContest('nfl', 'dk', 'showdown', stored), settings: { numLUs: 3, projPtsRandInput: 'none' } })) lineups.push(...batch.lineups);
    expect(lineups).toHaveLength(3);
    for (const lineup of lineups) {
      const captain = lineup.slots[0]!;
      const row = stored.find((p) => `${p.Id}|${p.RosterPosition}` === captain.player.Id)!;
      expect(row.RosterPosition).toBe('CPT');
      expect(captain.points).toBeCloseTo(Number(row.ProjPts) * 1.5, 9);
    }
  });

  it('reads the entries file with its player list, and keeps player status: out excluded, questionable shown', async () => {
    const owner = await signUp(t.app);
    const entries = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ csv: fixture('dk-nfl-week1-entries.csv'), fileName: 'DKEntries.csv' }) });
    expect(entries.statusCode).toBe(201);
    expect(entries.json().slate).toMatchObject({ players: 64, contestType: 'classic' });
    const fd = [
      FD_NFL,
      '91956-2,WR,Ja Marr,Ja Marr Chase,Chase,17.7,15,8800,CIN@CLE,CIN,CLE,O,Hip,,WR/FLEX',
      '91956-3,RB,Nick,Nick Chubb,Chubb,17.0,17,8700,CIN@CLE,CLE,CIN,Q,Knee,,RB/FLEX',
    ].join('\n');
    const res = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ site: 'fd', csv: fd, fileName: 'FanDuel.csv' }) });
    expect(res.statusCode).toBe(201);
    const players = (await t.app.inject({ method: 'GET', url: `/api/nfl/players/fd/classic/main/${res.json().slate.slate}/2023/1`, headers: owner.headers })).json().players;
    expect(players.map((p: { Name: string; Status?: string; MaxExp: number }) => [p.Name, p.Status ?? null, p.MaxExp])).toEqual([
      ['Joe Burrow', null, 100], ['Ja Marr Chase', 'out', 0], ['Nick Chubb', 'questionable', 100],
    ]);
  });

  it('refuses bad files with a clear 4xx and keeps nothing', async () => {
    const owner = await signUp(t.app);
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [upload({ csv: FD_NFL }), 400, siteMismatchMessage('DKSalaries.csv', 'FanDuel player list', 'FanDuel', 'DraftKings')],
      [upload({ csv: 'Id,Name,Position,TeamAbbrev,Opp,Salary,ProjPts\n1,A,QB,CIN,CLE,5000,10' }), 400, SLATE_FILE_IS_PROJECTIONS],
      [upload({ csv: 'Foo,Bar\n1,2' }), 400, /unknown format/],
      [upload({ csv: DK_NFL.replace('7700,CIN@CLE', 'lots,CIN@CLE') }), 400, /line 2, column Salary: "lots" is not a number/],
      [upload({ csv: '' }), 400, /empty/],
      [upload({ csv: 'x'.repeat(MAX_USER_SLATE_FILE_CHARS + 1) }), 400, /over 3 MB/],
      [upload({ sport: 'xfl' }), 400, /sport/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
      const error = res.json().error as string;
      if (typeof message === 'string') expect(error).toBe(message);
      else expect(error).toMatch(message);
    }
    // A reader's refusal reaches the client with its code and params, the cell's problem among them.
    const badCell = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ csv: DK_NFL.replace('7700,CIN@CLE', 'lots,CIN@CLE') }) });
    expect(badCell.json()).toMatchObject({
      code: 'file-cell', params: { fileName: 'DKSalaries.csv', line: 2, column: 'Salary', problem: { code: 'cell-not-a-number', params: { raw: 'lots' } } },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/user-slates', headers: owner.headers });
    expect(list.json().slates).toEqual([]);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/user-slates', payload: upload() });
    expect(visitor.statusCode).toBe(401);
  });

  it('files a salary file under its own games\' week or date, not the page it was uploaded on', async () => {
    const owner = await signUp(t.app);
    // Uploaded from week 5's page, the week 1 file (games of 2023-09-10) goes to week 1.
    const nfl = (await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ counter: '5' }) })).json().slate;
    expect(nfl).toMatchObject({ season: 2023, counter: '1' });
    const nba = [
      'Position,Name + ID,Name,ID,Roster Position,Salary,Game Info,TeamAbbrev,AvgPointsPerGame',
      'PG,Lane Holloway (7),Lane Holloway,7,PG/G/UTIL,9500,DEN@LAL 10/24/2023 10:30PM ET,LAL,44.1',
      'C,Hayes Gaines (8),Hayes Gaines,8,C/UTIL,7300,DEN@LAL 10/24/2023 10:30PM ET,DEN,39.5',
      'SG,Eli Pryor (9),Eli Pryor,9,SG/G/UTIL,7900,PHO@GS 10/24/2023 10:00PM ET,GS,42.8',
    ].join('\n');
    const made = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ sport: 'nba', counter: '2026-11-28', csv: nba }) });
    expect(made.json().slate).toMatchObject({ counter: '2023-10-24' });
    // A file without game times keeps the page's week.
    const fd = (await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ site: 'fd', counter: '3', csv: FD_NFL, fileName: 'FanDuel.csv' }) })).json().slate;
    expect(fd).toMatchObject({ counter: '3' });
  });

  it('answers the same file uploaded again with its slate, and never lists one name twice', async () => {
    const owner = await signUp(t.app);
    const first = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload() });
    const again = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload() });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().slate).toEqual(first.json().slate);
    // Another file of the same name (an updated salary file) is a slate of its own, named apart.
    const updated = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: upload({ csv: DK_NFL.replace('7700', '7800') }) });
    expect(updated.statusCode).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/user-slates?sport=nfl&site=dk', headers: owner.headers })).json().slates as { name: string }[];
    expect(list.map((s) => s.name).sort()).toEqual(['DKSalaries', 'DKSalaries (2)']);
  });

  it('keeps at most MAX_USER_SLATES slates a user (409 beyond), per user', async () => {
    const owner = await signUp(t.app);
    const tiny = upload({ csv: DK_SHOWDOWN, fileName: 'tiny.csv' });
    for (let i = 0; i < MAX_USER_SLATES; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: { ...tiny, name: `tiny ${i}` } })).statusCode).toBe(201);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: owner.headers, payload: tiny });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: TOO_MANY_USER_SLATES, code: 'too-many-user-slates', params: {} });
    const other = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: other.headers, payload: tiny })).statusCode).toBe(201);
  });

  it("keeps my-<id> for users' slates: an admin import cannot name a site slate so", async () => {
    const owner = await signUp(t.app);
    await t.db.kysely.updateTable('users').set({ admin: 1 }).where('email', '=', owner.email).execute();
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/import/salaries', headers: owner.headers,
      payload: { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'my-3', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv: DK_NFL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/kept for users' own slates/);
  });
});
