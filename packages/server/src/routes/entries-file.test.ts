import { readFileSync } from 'node:fs';
import { getRoster, lineupsNotEnteredMessage, siteMinGamesMessage, siteMismatchMessage } from '@stacksmith/domain';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const DK_ENTRIES = readFileSync(new URL('./fixtures/dk-nfl-week1-entries.csv', import.meta.url), 'utf8');
const lineup = (roster: ReturnType<typeof getRoster>, n: number) => roster.slots.map((_, s) => String(n * 100 + s));

describe.each(DB_KINDS)('entries files on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind, {}, false); });
  afterAll(async () => t.close());

  it('fills a DKEntries file of two contests in order or from the picked lineups, entry columns as read', async () => {
    const user = await signUp(t.app);
    const roster = getRoster('nfl', 'dk', 'classic');
    const payload = { sport: 'nfl', site: 'dk', contestType: 'classic', fileName: 'DKEntries.csv', csv: DK_ENTRIES, lineups: [1, 2, 3, 4].map((n) => lineup(roster, n)) };
    const res = await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ layout: 'dk-entries', filled: 4, leftEmpty: 0 });
    const rows = Papa.parse<string[]>(body.csv, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...roster.uploadHeader]);
    expect(rows.slice(1).map((r) => [...r.slice(0, 4), r[4]])).toEqual([
      ['4712000101', 'NFL $5 Double Up [Single Entry]', '151000001', '$5', '100'],
      ['4712000102', 'NFL $3 Millionaire Maker', '151000002', '$3', '200'],
      ['4712000103', 'NFL $3 Millionaire Maker', '151000002', '$3', '300'],
      ['4712000104', 'NFL $3 Millionaire Maker', '151000002', '$3', '400'],
    ]);
    // The Millionaire Maker from lineup 2 again; too few lineups leave an entry empty.
    const picked = (await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload: { ...payload, starts: [0, 1] } })).json();
    expect(picked.entries.map((e: { players: string[] }) => e.players[0])).toEqual(['100', '200', '300', '400']);
    const short = (await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload: { ...payload, starts: [3, 2] } })).json();
    expect(short.entries.map((e: { players: string[] }) => e.players[0])).toEqual(['400', '300', '400', '']);
    expect(short.leftEmpty).toBe(1);
  });

  it('refuses to enter a lineup the site would refuse, naming it (checked on the file\'s own player list)', async () => {
    const user = await signUp(t.app);
    // Nine players of CIN@CLE alone: DraftKings needs 2 games. Lineup 2 of the 4 is that one.
    const oneGame = [7, 14, 21, 28, 35, 42, 63, 70, 56].map((n) => String(40100000 + n));
    const twoGames = ['40100007', '40100014', '40100021', '40100028', '40100035', '40100119', '40100126', '40100133', '40100056'];
    const payload = { sport: 'nfl', site: 'dk', contestType: 'classic', fileName: 'DKEntries.csv', csv: DK_ENTRIES, lineups: [twoGames, oneGame] };
    const res = await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(lineupsNotEnteredMessage([2], [siteMinGamesMessage('DraftKings', 2, 1)]));
    const good = await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload: { ...payload, lineups: [twoGames] } });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().filled).toBe(1);
  });

  it("fills FanDuel's entries file in its own columns, and refuses a file of another site or without entries", async () => {
    const user = await signUp(t.app);
    const roster = getRoster('nfl', 'fd', 'classic');
    const fd = readFileSync(new URL('../../../optimizer/src/io/fixtures/slates/fd-nfl-entries.csv', import.meta.url), 'utf8');
    const res = await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload: { sport: 'nfl', site: 'fd', contestType: 'classic', fileName: 'fd.csv', csv: fd, lineups: [lineup(roster, 1)] } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = Papa.parse<string[]>(res.json().csv, { skipEmptyLines: true }).data;
    expect(rows[0]!.slice(0, 4)).toEqual(['entry_id', 'contest_id', 'contest_name', 'entry_fee']);
    expect(rows[1]!.slice(0, 5)).toEqual(['3301001', '88001-1', '$3 NFL Sun Thunderdome', '3', '100']);
    const wrongSite = await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload: { sport: 'nfl', site: 'fd', contestType: 'classic', fileName: 'DKEntries.csv', csv: DK_ENTRIES } });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().error).toBe(siteMismatchMessage('DKEntries.csv', 'DraftKings entries file or lineup template (DKEntries.csv)', 'DraftKings', 'FanDuel'));
    expect(wrongSite.json()).toMatchObject({ code: 'site-mismatch', params: { fileSite: 'DraftKings', chosenSite: 'FanDuel' } });
    const salaries = readFileSync(new URL('./fixtures/dk-nfl-week1-salaries.csv', import.meta.url), 'utf8');
    const none = await t.app.inject({ method: 'POST', url: '/api/entries-file', headers: user.headers, payload: { sport: 'nfl', site: 'dk', contestType: 'classic', fileName: 'DKSalaries.csv', csv: salaries } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/has no entries/);
    expect((await t.app.inject({ method: 'POST', url: '/api/entries-file', payload: { sport: 'nfl', site: 'dk', contestType: 'classic', fileName: 'x.csv', csv: DK_ENTRIES } })).statusCode).toBe(401);
  });
});
