// Stored JSON documents are read through their schemas: a damaged one (edited by hand, written by
// an older release, half-migrated) fails on the server with the generic error and never reaches a
// page, nor leaks its content. One case per kind of document: first read whole, then damaged.
import { readFileSync } from 'node:fs';
import { INTERNAL_ERROR } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const SCOPE = 'main/dk/Main/2023/1';
/** Put in every damaged document: it must not appear in any answer. */
const LEAK = 'leaked-value';
/** A past contest entry's lineup whose one player carries a salary that is not a number. */
const DAMAGED_LINEUP = JSON.stringify([{ Id: '1', Name: 'A B', Position: 'QB', RosterPosition: 'QB', TeamAbbrev: 'KC', Opp: 'DET', Salary: LEAK, Own: 1, Pts: 1 }]);
const DK_NFL = readFileSync(new URL('./fixtures/dk-nfl-week1-salaries.csv', import.meta.url), 'utf8');

describe.each(DB_KINDS)('damaged stored documents on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let gameLog: { player_name: string; position: string };
  let nbaLog: { player_name: string; team: string };
  let ownSlate: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'boss@example.com');
    await t.app.users.setAdmin('boss@example.com', true);
    await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/custom-presets`, headers: admin.headers, payload: { displayName: 'Chalk', generalSettings: { numLUs: 20 } } });
    await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/cheatsheets`, headers: admin.headers, payload: { displayName: 'Targets', playerPicks: ['1'] } });
    await t.app.inject({ method: 'POST', url: `/api/nfl/${SCOPE}/user-settings`, headers: admin.headers, payload: { settings: { numLUs: 20 } } });
    await t.db.kysely.insertInto('site_presets').values({ sport: 'nfl', contest_type: 'classic', site: 'dk', num_teams: 26, data: JSON.stringify({ displayName: 'Stored', generalSettings: { numLUs: 20 } }) }).execute();
    gameLog = await t.db.kysely.selectFrom('game_logs').select(['player_name', 'position']).where('sport', '=', 'nfl').executeTakeFirstOrThrow();
    nbaLog = await t.db.kysely.selectFrom('game_logs').select(['player_name', 'team']).where('sport', '=', 'nba').executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('site_settings').values({ sport: 'nfl', site: 'dk', contest_type: 'classic', data: JSON.stringify({ numLUs: 20 }) }).execute();
    const uploaded = await t.app.inject({
      method: 'POST', url: '/api/user-slates', headers: admin.headers,
      payload: { sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv: DK_NFL },
    });
    ownSlate = uploaded.json().slate.slate;
  });
  afterAll(async () => t.close());

  const cases: { what: string; url: () => string; payload?: () => object; damage: () => Promise<unknown> }[] = [
    {
      what: 'a custom preset', url: () => `/api/nfl/${SCOPE}/custom-presets`,
      damage: () => t.db.kysely.updateTable('custom_presets').set({ data: JSON.stringify({ players: [{ Id: '1', UserProj: LEAK }] }) }).execute(),
    },
    {
      what: 'a cheat sheet', url: () => `/api/nfl/${SCOPE}/cheatsheets`,
      damage: () => t.db.kysely.updateTable('cheatsheets').set({ player_picks: JSON.stringify([{ Id: LEAK }]) }).execute(),
    },
    {
      what: 'a site preset', url: () => '/api/nfl/classic/dk/presets/26',
      damage: () => t.db.kysely.updateTable('site_presets').set({ data: JSON.stringify({ displayName: LEAK, generalSettings: LEAK }) }).execute(),
    },
    {
      what: "a user's settings", url: () => `/api/nfl/${SCOPE}/user-settings`,
      damage: () => t.db.kysely.updateTable('user_settings').set({ data: JSON.stringify([LEAK]) }).execute(),
    },
    {
      what: 'a game log', url: () => `/api/nfl/analysis/player/${encodeURIComponent(gameLog.player_name)}/${gameLog.position}/stats`,
      damage: () => t.db.kysely.updateTable('game_logs').set({ data: JSON.stringify({ Week: LEAK, Opponent: 'BUF' }) })
        .where('player_name', '=', gameLog.player_name).execute(),
    },
    {
      // The on/off model reads game logs for its rates and answers none of them: only the read's check stands between.
      what: 'a game log the on/off model reads', url: () => '/api/analysis/nba/on-off/values',
      payload: () => ({ playerTable: [{ Id: '1', Name: nbaLog.player_name, TeamAbbrev: nbaLog.team, ProjMins: 30, ProjPts: 30, Salary: 6000 }], offList: [] }),
      damage: () => t.db.kysely.updateTable('game_logs').set({ data: JSON.stringify({ Week: 1, Opponent: 'BOS', Min: LEAK }) })
        .where('player_name', '=', nbaLog.player_name).execute(),
    },
    {
      what: "a plan's permissions", url: () => '/api/plans',
      damage: () => t.db.kysely.updateTable('plans').set({ permissions: JSON.stringify({ 'opt.nfl.projections': LEAK }) }).where('name', '=', 'Pro').execute(),
    },
    {
      // The demo contest results: week 1 Main on each site, one site per read so that each is damaged apart.
      what: "a past contest's lineup (top stacks)", url: () => '/api/nfl/analysis/top-stacks/2023/1/dk',
      damage: () => t.db.kysely.updateTable('contest_results').set({ lineup: DAMAGED_LINEUP }).where('site', '=', 'dk').execute(),
    },
    {
      what: "a past contest's lineup (lineup comparison)", url: () => '/api/nfl/summary-data/2023/1',
      payload: () => ({ site: 'fd', lineups: [] }),
      damage: () => t.db.kysely.updateTable('contest_results').set({ lineup: DAMAGED_LINEUP }).where('site', '=', 'fd').execute(),
    },
    {
      what: "a past contest's lineup (winners' presets)", url: () => '/api/nfl/classic/ya/presets/26',
      damage: () => t.db.kysely.updateTable('contest_results').set({ lineup: DAMAGED_LINEUP }).where('site', '=', 'ya').execute(),
    },
    {
      // An array read as settings would answer its items as settings "0", "1"….
      what: "a site's default-setting overrides", url: () => '/api/nfl/site-settings/dk',
      damage: () => t.db.kysely.updateTable('site_settings').set({ data: JSON.stringify([LEAK]) }).execute(),
    },
    {
      // A packed player list whose missing-column indexes are not a list.
      what: "a user's own slate's players", url: () => `/api/nfl/players/dk/classic/main/${ownSlate}/2023/1`,
      damage: () => t.db.kysely.updateTable('user_slates').set({ players: JSON.stringify({ columns: ['Id', 'Name'], rows: [['1', LEAK]], absent: { 0: LEAK } }) }).execute(),
    },
  ];

  it.each(cases)('reads $what whole, and answers the generic error once it is damaged', async ({ url, payload, damage }) => {
    const read = () => t.app.inject({ method: payload ? 'POST' : 'GET', url: url(), headers: admin.headers, ...(payload ? { payload: payload() } : {}) });
    expect((await read()).statusCode).toBe(200);
    await damage();
    const damaged = await read();
    expect([damaged.statusCode, damaged.json()]).toEqual([500, { error: INTERNAL_ERROR, code: 'internal-error', params: {} }]);
    expect(damaged.body).not.toContain(LEAK);
  });
});
