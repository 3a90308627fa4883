import type { AddressInfo } from 'node:net';
import {
  BAD_SIMULATION_REQUEST, featureNotInPlan, featureNotInPlanError, MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS, SIMULATION_NEEDS_POINTS, simulationAnswerSchema, simulationInvalidLineup,
  simulationPlayersWithoutPoints, simulationProgressSchema, type CodedMessage,
} from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test-support/harness.js';
import { runBuild } from '../test-support/build-socket-client.js';

interface Reply {
  lu?: { rawTable: { Id: string }[] }[];
  simProgress?: { phase: string; done: number; total: number };
  simResult?: {
    simulations: number;
    lineups: { roi: number; win: number; top1: number; cash: number; duplicates: number }[];
    portfolio: { entries: number; roi: number; roiSe: number; pLoss: number; top1: number; histogram: { edges: number[]; counts: number[] } } | null;
    selected?: number[];
    lu?: { rawTable: { Id: string; Run: number; Slot: string; Salary: number }[] }[];
    warnings: string[];
    warningCodes: CodedMessage[];
    plain?: { roi: number; roiSe: number };
    edge?: { roi: number; roiSe: number };
  };
  error?: string;
}

/** One exchange on the build socket, the message's token in the handshake. */
const exchange = (url: string, message: unknown) => runBuild(url, message) as Promise<{ replies: Reply[]; code: number }>;

describe('simulate on the build socket', { timeout: 120_000 }, () => {
  let t: TestApp;
  let url: string;
  let players: Record<string, unknown>[];
  let adminToken: string;
  let freeToken: string;
  let lineups: string[][];

  beforeAll(async () => {
    t = await createTestApp('sqlite', { buildWorkers: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    adminToken = (await signUp(t.app, 'sim-admin@example.com')).token;
    await t.app.users.setAdmin('sim-admin@example.com', true);
    // As the admin: a visitor's answer leaves out the points and ownership a simulation needs.
    players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1', headers: { authorization: `Bearer ${adminToken}` } })).json().players;
    freeToken = (await signUp(t.app, 'sim-free@example.com')).token;
    const built = await exchange(url, {
      sport: 'nfl', site: 'dk', contestType: 'classic', players, token: adminToken, numLUs: 24, projPtsRandInput: 'med',
    });
    lineups = built.replies.flatMap((r) => r.lu ?? []).map((l) => l.rawTable.map((row) => String(row.Id)));
  }, 120_000);
  afterAll(async () => t.close());

  const message = (extra: Record<string, unknown> = {}) => ({
    type: 'simulate', sport: 'nfl', site: 'dk', contestType: 'classic', players, lineups, token: adminToken,
    contest: { template: 'gpp', fieldSize: 400, entryFee: 5 }, simulations: 200, seed: 4, ...extra,
  });

  it('streams progress, then each lineup\'s results and the selected portfolio judged on fresh simulations, and closes', async () => {
    expect(lineups).toHaveLength(24);
    const { replies, code } = await exchange(url, message({ select: 5 }));
    expect(code).toBe(1000);
    const progress = replies.filter((r) => r.simProgress).map((r) => r.simProgress!);
    expect(progress.length).toBeGreaterThan(1);
    expect(new Set(progress.map((p) => p.phase))).toEqual(new Set(['simulate', 'select', 'evaluate']));
    expect(progress.filter((p) => p.phase === 'simulate').at(-1)).toEqual({ phase: 'simulate', done: 200, total: 200 });
    const result = replies.at(-1)!.simResult!;
    // Progress and answer are the domain's messages, field for field (the web client's types are these).
    for (const p of progress) expect(simulationProgressSchema.parse(p)).toEqual(p);
    expect(simulationAnswerSchema.parse(result)).toEqual(result);
    expect(result.simulations).toBe(200);
    expect(result.lineups).toHaveLength(24);
    for (const l of result.lineups) {
      expect(l.roi).toBeGreaterThanOrEqual(-1);
      expect(l.win).toBeLessThanOrEqual(l.top1);
      expect(l.cash).toBeLessThanOrEqual(1);
    }
    expect(result.selected).toHaveLength(5);
    expect(new Set(result.selected).size).toBe(5);
    expect(result.selected!.every((i) => i >= 0 && i < 24)).toBe(true);
    expect(result.portfolio!.entries).toBe(5);
    expect(result.portfolio!.histogram.counts.reduce((a, b) => a + b, 0)).toBe(200);
    // Reproducible with the seed.
    const again = await exchange(url, message({ select: 5 }));
    expect(again.replies.at(-1)!.simResult!.selected).toEqual(result.selected);
  });

  it('builds a pool on the server from the build fields, selects from it and answers the chosen lineups', async () => {
    const { lineups: _sent, ...rest } = message({ select: 4, pool: 30, numLUs: 3 });
    void _sent;
    const { replies, code } = await exchange(url, rest);
    expect(code).toBe(1000);
    expect(replies.some((r) => r.simProgress?.phase === 'build')).toBe(true);
    const result = replies.at(-1)!.simResult!;
    expect(simulationAnswerSchema.parse(result)).toEqual(result);
    // The pool of 30, the plain build's 4 and the no-randomness optimum where the pool lacks them.
    expect(result.lineups.length).toBeGreaterThanOrEqual(30);
    expect(result.lineups.length).toBeLessThanOrEqual(35);
    expect(result.edge!.roiSe).toBeGreaterThan(0);
    expect(result.plain!.roi).toBeGreaterThanOrEqual(-1);
    expect(result.lu).toHaveLength(4);
    result.lu!.forEach((lineup, n) => {
      expect(lineup.rawTable.map((r) => r.Slot)).toEqual(['QB', 'RB', 'RB', 'WR', 'WR', 'WR', 'TE', 'FLEX', 'DST']);
      expect(lineup.rawTable.every((r) => r.Run === n + 1)).toBe(true);
      expect(new Set(lineup.rawTable.map((r) => r.Id)).size).toBe(9);
      expect(lineup.rawTable.reduce((sum, r) => sum + Number(r.Salary), 0)).toBeLessThanOrEqual(50_000);
    });
    const both = await exchange(url, message({ select: 4, pool: 30 }));
    expect(both.replies[0]!.error).toMatch(/send either lineups or a pool size/);
  });

  it('enters all the lineups together when the contest allows that many', async () => {
    const { replies } = await exchange(url, message({ lineups: lineups.slice(0, 3) }));
    expect(replies.at(-1)!.simResult!.portfolio!.entries).toBe(3);
    const single = await exchange(url, message({ contest: { template: 'single-entry', fieldSize: 300, entryFee: 5 } }));
    const result = single.replies.at(-1)!.simResult!;
    expect(result.portfolio).toBeNull();
    expect(result.warnings[0]).toMatch(/24 lineups is more than the 1 entries per user/);
    expect(result.warningCodes[0]).toEqual({ code: 'simulated-alone', params: { lineups: 24, maxEntries: 1 } });
  });

  it('needs a login and the plan\'s simulation feature', async () => {
    const visitor = await exchange(url, message({ token: undefined }));
    expect(visitor.replies).toEqual([{ error: MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS, code: 'must-be-logged-in-to-create-lineups', params: {} }]);
    expect(visitor.code).toBe(1008);
    const free = await exchange(url, message({ token: freeToken }));
    expect(free.replies).toEqual([{ error: featureNotInPlan('opt.nfl.simulation'), ...featureNotInPlanError('opt.nfl.simulation') }]);
    expect(free.code).toBe(1008);
  });

  it('answers bad input with a clear error and a refusal close', async () => {
    const tooFew = await exchange(url, message({ simulations: 5 }));
    expect(tooFew.code).toBe(1008);
    expect(tooFew.replies[0]!.error).toMatch(new RegExp(`^${BAD_SIMULATION_REQUEST}: simulations: `));
    const unknown = await exchange(url, message({ lineups: [['nobody', ...lineups[0]!.slice(1)]] }));
    // The refusal travels as its code and params too, so a client tells it apart without reading the text.
    expect(unknown.replies).toEqual([{
      error: 'lineup 1: player nobody is not in the player pool', code: 'simulation-player-not-in-pool', params: { label: 'lineup 1', id: 'nobody' },
    }]);
    expect(unknown.code).toBe(1008);
    const tooMany = await exchange(url, message({ select: 3, contest: { template: 'double-up', fieldSize: 300, entryFee: 5 } }));
    expect(tooMany.replies).toEqual([{
      error: '3 entries is more than the 1 per user of this contest', code: 'simulation-entries-over-max', params: { entries: 3, max: 1 },
    }]);
    // A refusal of the simulation package arrives with its own code, rendered by the domain.
    const payouts = await exchange(url, message({ contest: { template: 'gpp', fieldSize: 2, entryFee: 5, payouts: [10, 5, 1] } }));
    expect(payouts.replies).toEqual([{
      error: 'The payout table pays 3 places but the contest has 2 entries', code: 'payout-more-places-than-field', params: { places: 3, fieldSize: 2 },
    }]);
    expect(payouts.code).toBe(1008);
  });

  it('refuses lineups the roster would refuse and absurd values, naming the lineup or the player', async () => {
    const byId = new Map(players.map((p) => [String(p.Id), p]));
    // The same WR in all three WR slots and the flex.
    const twice = [...lineups[0]!];
    twice[4] = twice[3]!;
    const repeated = await exchange(url, message({ lineups: [lineups[1]!, twice] }));
    expect(repeated.replies).toEqual([{
      error: simulationInvalidLineup('lineup 2', `${String(byId.get(twice[3]!)!.Name)} is in it more than once`),
      code: 'simulation-player-twice', params: { label: 'lineup 2', name: String(byId.get(twice[3]!)!.Name) },
    }]);
    expect(repeated.code).toBe(1008);
    // Over the cap: the first lineup's players made dearer.
    const dear = players.map((p) => (lineups[0]!.includes(String(p.Id)) ? { ...p, Salary: 9000 } : p));
    const over = await exchange(url, message({ players: dear, lineups: [lineups[0]!] }));
    expect(over.replies).toEqual([{
      error: simulationInvalidLineup('lineup 1', 'its salary 81000 is over the cap of 50000'), code: 'simulation-over-cap', params: { label: 'lineup 1', salary: 81000, cap: 50000 },
    }]);
    // ProjPts 1e308: refused, the player named, not simulated into a +352 % ROI.
    const absurd = players.map((p) => (String(p.Id) === lineups[0]![0] ? { ...p, ProjPts: 1e308 } : p));
    const huge = await exchange(url, message({ players: absurd }));
    expect(huge.code).toBe(1008);
    expect(huge.replies[0]!.error).toMatch(new RegExp(`${String(byId.get(lineups[0]![0]!)!.Name)}`));
    expect(huge.replies[0]!.error).toMatch(/not a value a simulation can use|ProjPts/);
  });

  it('refuses players without points (a visitor\'s rows, points withheld; rows with no projection) with a clear error', async () => {
    const asVisitor = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players as Record<string, unknown>[];
    expect(asVisitor.length).toBe(players.length);
    const withheld = asVisitor.filter((p) => p.ProjPts === undefined);
    expect(withheld.length).toBeGreaterThan(0);
    for (const extra of [{}, { select: 3 }, { lineups: undefined, pool: 10, select: 3 }]) {
      const { replies, code } = await exchange(url, message({ players: asVisitor, ...extra }));
      const examples = withheld.slice(0, 3).map((p) => String(p.Name));
      expect(replies).toEqual([{
        error: `${BAD_SIMULATION_REQUEST}: players: ${simulationPlayersWithoutPoints(withheld.length, players.length, examples)}`,
        code: 'bad-simulation-request',
        params: { field: 'players', problem: { code: 'simulation-players-without-points', params: { missing: withheld.length, total: players.length, examples } } },
      }]);
      expect(code).toBe(1008);
    }
    // Every row without a projection, and rows whose points are all 0: the simulation has nothing to draw.
    const bare = players.map(({ Id, Name, Position, TeamAbbrev, Opp, Salary }) => ({ Id, Name, Position, TeamAbbrev, Opp, Salary }));
    const none = await exchange(url, message({ players: bare }));
    expect(none.replies[0]!.error).toMatch(new RegExp(`^${BAD_SIMULATION_REQUEST}: players: ${players.length} of the ${players.length} players have no projected points`));
    const zero = await exchange(url, message({ players: bare.map((p) => ({ ...p, ProjPts: 0 })) }));
    expect(zero.replies).toEqual([{ error: SIMULATION_NEEDS_POINTS, code: 'simulation-needs-points', params: {} }]);
    expect(zero.code).toBe(1008);
    // Defences with neither points nor ownership still make valid lineups: the field draws them
    // (by a search where weighted draws find none) rather than giving up.
    const noDefence = players.map((p) => (p.Position === 'DST' ? { ...p, ProjPts: 0, DKPts: 0, ProjOwn: 0, HouseOwn: 0, UserOwn: null } : p));
    const field = await exchange(url, message({ players: noDefence }));
    expect(field.code).toBe(1000);
    expect(field.replies.at(-1)!.simResult!.lineups).toHaveLength(24);
  });

  it('puts back the values the plan withholds when the message names its slate, as a build does', async () => {
    const asVisitor = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players as Record<string, unknown>[];
    expect(asVisitor.some((p) => p.ProjPts === undefined)).toBe(true);
    const slate = { slate: 'Main', season: 2023, counter: '1' };
    const filled = await exchange(url, message({ players: asVisitor, ...slate }));
    expect(filled.code).toBe(1000);
    const full = await exchange(url, message(slate));
    // The same means and ownership as the admin's own rows: the same seeded results.
    expect(filled.replies.at(-1)!.simResult!.lineups).toEqual(full.replies.at(-1)!.simResult!.lineups);
  });
});
