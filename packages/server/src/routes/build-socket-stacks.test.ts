// The build message as the Team Stacks and Player Groups tabs send it (team rows, stack groups
// inside teamStacks, active groups, advanced stack rules) reaches the optimizer through
// toBuildRequest and is honoured in every lineup streamed back.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../test-support/build-socket-client.js';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

type Row = Record<string, unknown> & { Id: string; Position: string; TeamAbbrev: string; Salary: number };
interface Reply { lu?: { rawTable: Row[] }[]; error?: string }

const build = async (url: string, message: unknown) => (await runBuild(url, message)).replies as Reply[];

describe.each(DB_KINDS)('team stacks and groups through the build socket on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let players: Row[];
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { buildWorkers: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players;
    token = (await signUp(t.app, 'stacker@example.com')).token;
    await t.app.users.setAdmin('stacker@example.com', true);
  });
  afterAll(async () => t.close());

  it('honours a team limit, a stack group, a player group and a 100 % advanced stack rule', async () => {
    const byCost = [...players].sort((a, b) => Number(b.Salary) - Number(a.Salary));
    const banned = byCost[0]!.TeamAbbrev;
    const wr = players.filter((p) => p.Position === 'WR' && p.TeamAbbrev !== banned).sort((a, b) => a.Salary - b.Salary)[4]!;
    const te = players.find((p) => p.Position === 'TE' && p.TeamAbbrev === wr.TeamAbbrev)!;
    const dst = players.find((p) => p.Position === 'DST' && p.TeamAbbrev !== banned)!;
    const replies = await build(url, {
      token, sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: 1, players, numLUs: 8,
      savedLineups: [], afterStartActivated: false, afterStartLineups: [],
      stackSettingMode: 'advanced',
      specificStacks: [{ label: 'QB + 2', freq: 1, teamFlexMin: 2 }],
      teamStacks: [
        { TeamAbbrev: banned, TotalMaxPlayers: 0, TotalMinPlayers: 0 },
        { ID: 1, name: 'pair', players: [wr.Id, te.Id], anchorPlayerID: [], minGroup: 2, maxGroup: 2, pctGroup: 1, active: true },
      ],
      groups: [{ ID: 2, name: 'defence', players: [dst.Id], anchorPlayerID: [], minGroup: 1, maxGroup: 1, pctGroup: 1, active: true }],
    });
    expect(replies.find((r) => r.error)?.error).toBeUndefined();
    const lineups = replies.flatMap((r) => r.lu ?? []).map((l) => l.rawTable);
    expect(lineups).toHaveLength(8);
    for (const lineup of lineups) {
      const ids = new Set(lineup.map((r) => String(r.Id)));
      expect(lineup.some((r) => r.TeamAbbrev === banned)).toBe(false);
      expect(ids.has(wr.Id) && ids.has(te.Id)).toBe(true);
      expect(ids.has(dst.Id)).toBe(true);
      const qb = lineup.find((r) => r.Position === 'QB')!;
      expect(lineup.filter((r) => r.TeamAbbrev === qb.TeamAbbrev && ['RB', 'WR', 'TE'].includes(r.Position)).length).toBeGreaterThanOrEqual(2);
    }
  });
});
