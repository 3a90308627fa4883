// Gating on the wire: a plan's withheld values (points, ceiling, ownership) never come back in
// a build's lineups or a simulation's selected lineups, although the server fills them in to
// solve. The page sends what it received (domain playerForSend: 0 where it had nothing), so
// every row of an answer must equal what was sent.
import type { AddressInfo } from 'node:net';
import { playerForSend } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../test-support/build-socket-client.js';
import { createTestApp, signUp, signUpOnPlan, type TestApp } from '../test-support/harness.js';
import { toJson } from '../services/json.js';

type Row = Record<string, unknown>;
const PLAYERS = '/api/nfl/players/dk/classic/main/Main/2023/1';
const SLATE = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };
const GATED = ['ProjPts', 'HouseProjPts', 'DKPts', 'Ceiling', 'ProjOwn', 'HouseOwn'];

describe('gated values on the build socket', { timeout: 120_000 }, () => {
  let t: TestApp;
  let url: string;
  let house: Map<unknown, Row>;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { buildWorkers: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    const admin = await signUp(t.app, 'gating-admin@example.com');
    await t.app.users.setAdmin('gating-admin@example.com', true);
    const all = (await t.app.inject({ method: 'GET', url: PLAYERS, headers: admin.headers })).json().players as Row[];
    house = new Map(all.map((r) => [r.Id, r]));
    // A plan with contest simulation but neither projections nor ownership.
    await t.db.kysely.insertInto('plans').values({
      name: 'SimOnly', price: 1, yearly_price: 10, permissions: toJson({ 'opt.nfl.lineup_limit': 20, 'opt.nfl.simulation': true }),
    }).execute();
  }, 120_000);
  afterAll(async () => t.close());

  /** The player rows a user receives, as the page sends them back. */
  async function sentRows(headers: Record<string, string>) {
    const rows = (await t.app.inject({ method: 'GET', url: PLAYERS, headers })).json().players as Row[];
    return rows.map((r) => playerForSend(r));
  }

  /** Every answered row is the row sent (plus Run, Slot), and some rows were withheld ones. */
  function expectOnlySentValues(lineups: { rawTable: Row[] }[], sent: Row[]) {
    const byId = new Map(sent.map((r) => [r.Id, r]));
    let withheldShown = 0;
    for (const lineup of lineups) {
      for (const row of lineup.rawTable) {
        const mine = byId.get(row.Id)!;
        for (const field of GATED) expect(row[field], `${String(row.Name)} ${field}`).toEqual(mine[field]);
        if (mine.Ceiling === 0 && Number(house.get(row.Id)!.Ceiling) > 0) withheldShown++;
      }
    }
    // The lineups hold players whose values were withheld: the test would see a leak.
    expect(withheldShown).toBeGreaterThan(0);
  }

  it('answers a Free user\'s build with the rows as sent, not the house values it solved with', async () => {
    const free = await signUpOnPlan(t, 'Free');
    const players = await sentRows(free.headers);
    const { replies, code } = await runBuild(url, { ...SLATE, players, numLUs: 3, token: free.token });
    expect(code).toBe(1000);
    const lineups = replies.flatMap((r) => r.lu ?? []);
    expect(lineups).toHaveLength(3);
    expectOnlySentValues(lineups, players);
    // Solved with the house values: lineup 1 is the best by the house's points, not by zeros.
    const points = (l: { rawTable: Row[] }) => l.rawTable.reduce((s, r) => s + Number(house.get(r.Id)!.ProjPts), 0);
    expect(points(lineups[0]!)).toBeGreaterThan(100);
  });

  it('answers a simulation\'s selected lineups with the rows as sent', async () => {
    const simOnly = await signUpOnPlan(t, 'SimOnly');
    const players = await sentRows(simOnly.headers);
    const { replies, code } = await runBuild(url, {
      type: 'simulate', ...SLATE, players, token: simOnly.token, pool: 12, select: 3, numLUs: 3,
      contest: { template: 'gpp', fieldSize: 200, entryFee: 5 }, simulations: 100, seed: 2,
    });
    expect(code).toBe(1000);
    const result = (replies.at(-1) as { simResult?: { lu?: { rawTable: Row[] }[] } }).simResult!;
    expect(result.lu).toHaveLength(3);
    expectOnlySentValues(result.lu!, players);
  });
});
