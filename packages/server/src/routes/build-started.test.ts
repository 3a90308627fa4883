// The server's build path leaves out started players (a user's uploaded slate downloaded
// mid-slate: its Final/In Progress marks and, on the day, the game times before the server's
// clock), says how many, and treats the demo's site slates as practice (only the marks count).
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDemoSlate } from '../services/build-request.js';
import { runBuild } from '../test-support/build-socket-client.js';
import { createTestApp, signUp, type TestApp } from '../test-support/harness.js';

const MIDSLATE = readFileSync(new URL('../../../optimizer/src/io/fixtures/slates/dk-nfl-midslate-2026.csv', import.meta.url), 'utf8');
/** 4:15 pm New York on the slate's Sunday: MIA@NE Final, DAL@NYG In Progress, KC@DEN (4:05) started by the clock. */
const DURING = Date.parse('2026-11-29T16:15:00-05:00');
const STARTED_TEAMS = new Set(['MIA', 'NE', 'DAL', 'NYG', 'KC', 'DEN']);

describe('started players in the server\'s build path', () => {
  let t: TestApp;
  let url: string;
  let user: { token: string; headers: Record<string, string> };
  let players: Record<string, unknown>[];
  let slate: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { buildWorkers: 1, lateSwapNow: DURING, seedDemo: true }, false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST', url: '/api/user-slates', headers: user.headers,
      payload: { sport: 'nfl', site: 'dk', season: 2026, counter: '13', fileName: 'DKSalaries.csv', csv: MIDSLATE },
    });
    expect(res.statusCode, res.body).toBe(201);
    slate = res.json().slate.slate;
    players = (await t.app.inject({ method: 'GET', url: `/api/nfl/players/dk/classic/main/${slate}/2026/13`, headers: user.headers })).json().players;
  }, 60_000);
  afterAll(async () => t.close());

  const message = (slateName: string) => ({
    token: user.token, sport: 'nfl', site: 'dk', contestType: 'classic', slate: slateName, season: 2026, counter: 13, players, numLUs: 3,
    teamStacks: [], groups: [], savedLineups: [], afterStartActivated: false, afterStartLineups: [],
  });

  it('an uploaded slate: no started player in any lineup, and the warning says how many were left out', async () => {
    const { replies, code } = await runBuild(url, message(slate));
    expect(code, JSON.stringify(replies.find((r) => r.error))).toBe(1000);
    const lineups = replies.flatMap((r) => r.lu ?? []);
    expect(lineups).toHaveLength(3);
    for (const lineup of lineups) for (const row of lineup.rawTable) expect(STARTED_TEAMS.has(String(row.TeamAbbrev)), String(row.Name)).toBe(false);
    expect(replies.flatMap((r) => r.warnings ?? [])).toContain(
      '48 players left out: their games have started (In Progress, Final, LOCKED or past the start time), and the site does not let a started player be added.',
    );
  });

  it('a site slate of the demo is practice: the file\'s marks still leave players out, game times do not', async () => {
    const { replies, code } = await runBuild(url, message('Main'));
    expect(code).toBe(1000);
    const warnings = replies.flatMap((r) => r.warnings ?? []);
    expect(replies.flatMap((r) => r.warningCodes ?? [])).toContainEqual({ code: 'started-players-left-out', params: { count: 32 } });
    expect(warnings.some((w) => w.startsWith('32 players left out'))).toBe(true);
    expect(isDemoSlate(true, 'Main')).toBe(true);
    expect(isDemoSlate(true, slate)).toBe(false);
    expect(isDemoSlate(false, 'Main')).toBe(false);
  });
});
