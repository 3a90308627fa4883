// Analysis calls on the demo data plus a small hand-made contest (week 5, not in the test seed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../../test-support/harness.js';

const player = (Id: string, Position: string, TeamAbbrev: string, Opp: string, Own: number, RosterPosition = Position) =>
  ({ Id, Name: `P${Id}`, Position, RosterPosition, TeamAbbrev, Opp, Salary: 5000, Own, Pts: 10 });
const QB1 = player('q1', 'QB', 'KC', 'BUF', 20);
const WR1 = player('w1', 'WR', 'KC', 'BUF', 30);
const TE1 = player('t1', 'TE', 'KC', 'BUF', 10, 'FLEX');
const DST1 = player('d1', 'DST', 'KC', 'BUF', 10);
const RB1 = player('r1', 'RB', 'BUF', 'KC', 40);
const QB2 = player('q2', 'QB', 'BUF', 'KC', 25);
// Field 100, cash line 20: rank 1 is top 5 %, rank 10 cashed in the top half, 30 and 60 lost.
const CONTEST = [
  { rank: 1, points: 200, lineup: [QB1, WR1, TE1, DST1, RB1] }, // QB+2 (DST not counted), bring-back RB1
  { rank: 10, points: 150, lineup: [QB1, WR1, RB1] }, // QB+1, bring-back
  { rank: 30, points: 120, lineup: [QB1, WR1, TE1] }, // QB+2
  { rank: 60, points: 100, lineup: [QB2, { ...RB1, RosterPosition: 'FLEX' }] }, // QB+1, RB in FLEX
];

describe.each(DB_KINDS)('analysis calls on %s', (kind) => {
  let t: TestApp;
  // The lineup comparison needs analytics.nfl.historical: an admin has every permission.
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signUp(t.app, 'analyst@example.com')).headers;
    await t.app.users.setAdmin('analyst@example.com', true);
    await t.db.kysely.insertInto('contest_results').values(CONTEST.map((c) => ({
      sport: 'nfl', site: 'dk', contest_type: 'classic', season: 2023, counter: '5', slate: 'Main', contest_name: 'Fixture',
      field_size: 100, cash_line: 20, rank: c.rank, entry_name: `e${c.rank}`, points: c.points, lineup: JSON.stringify(c.lineup),
    }))).execute();
  });
  afterAll(async () => t.close());

  it('ranks QB stacks of the week by top finishes, then by count', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/top-stacks/2023/5/dk' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stacks).toEqual([
      { QB: 'Pq1', Team: 'KC', Players: ['Pt1', 'Pw1'], Count: 2, TopCount: 1, Pct: 50, AvgPoints: 160 },
      { QB: 'Pq1', Team: 'KC', Players: ['Pw1'], Count: 1, TopCount: 0, Pct: 25, AvgPoints: 150 },
      { QB: 'Pq2', Team: 'BUF', Players: ['Pr1'], Count: 1, TopCount: 0, Pct: 25, AvgPoints: 100 },
    ]);
    expect(body.entries).toBe(4);
    const byStack = Object.fromEntries((body.stackShares as { Stack: string }[]).map((r) => [r.Stack, r]));
    expect(byStack['QB+1']).toEqual({ Stack: 'QB+1', All: 50, Finish1to5: 0, Finish6to50: 100, Cashed: 0, Lost: 50 });
    expect(byStack['QB+2']).toEqual({ Stack: 'QB+2', All: 50, Finish1to5: 100, Finish6to50: 0, Cashed: 0, Lost: 50 });
    expect(byStack['QB alone']!).toMatchObject({ All: 0 });
    expect(byStack['With bring-back']).toEqual({ Stack: 'With bring-back', All: 50, Finish1to5: 100, Finish6to50: 100, Cashed: 0, Lost: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/top-stacks/2023/5/xx' })).statusCode).toBe(400);
  });

  it('compares my lineups with the week\'s entries by finish', async () => {
    const mine = [{ rawTable: [QB1, WR1], lineupHash: 'q1-w1' }, { rawTable: [QB2, RB1], lineupHash: 'q2-r1' }];
    const res = await t.app.inject({ method: 'POST', url: '/api/nfl/summary-data/2023/5', headers: admin, payload: { lineups: mine, slateSize: 2, site: 'dk' } });
    const rows = Object.fromEntries((res.json().lineup_comparison as { Metric: string }[]).map((r) => [r.Metric, r]));
    expect(rows['QB stacked with 1+ teammate']).toEqual({ Metric: 'QB stacked with 1+ teammate', MyPcts: 1, Finish1to5: 1, Finish6to50: 1, Cashed: 0, Lost: 1 });
    expect(rows['QB stacked with 2+ teammates']).toMatchObject({ MyPcts: 0, Finish1to5: 1, Finish6to50: 0, Lost: 0.5 });
    // Neither of mine has an opponent of the QB (RB1 is the BUF QB's teammate).
    expect(rows['Bring-back from the opponent']).toMatchObject({ MyPcts: 0, Finish1to5: 1, Finish6to50: 1, Lost: 0 });
    expect(rows['RB in FLEX']).toMatchObject({ Finish1to5: 0, Lost: 0.5 });
    expect(rows['TE in FLEX']).toMatchObject({ Finish1to5: 1, Lost: 0.5 });
    // Own totals: 110, 90, 60, 65 → under 100 % for all but the winner.
    expect(rows['Total ownership under 100%']).toMatchObject({ MyPcts: 1, Finish1to5: 0, Finish6to50: 1, Lost: 1 });
  });

  it('adds projOwn and salary from the week\'s DraftKings classic slates (Main first) to each prop', async () => {
    // An admin has every permission: visitors get projOwn of the first rows only (gating.test.ts).
    const props = (await t.app.inject({ method: 'GET', url: '/api/nfl/analysis/2023/1/props', headers: admin })).json().props as { Name: string; Team: string; salary: number | null; projOwn: number | null; oddsAmerican: number; market: string }[];
    const players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1', headers: admin })).json().players as { Name: string; TeamAbbrev: string; Salary: number; ProjOwn: number }[];
    const onMain = props.filter((p) => players.some((x) => x.Name === p.Name && x.TeamAbbrev === p.Team));
    expect(onMain.length).toBeGreaterThan(0);
    for (const p of onMain) {
      const match = players.find((x) => x.Name === p.Name && x.TeamAbbrev === p.Team)!;
      expect([p.salary, p.projOwn]).toEqual([match.Salary, match.ProjOwn]);
    }
    // Players off the Main slate take the values of another classic slate of the week (Early, Primetime).
    const early = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Early/2023/1', headers: admin })).json().players as typeof players;
    for (const p of props.filter((x) => !onMain.includes(x))) {
      const match = early.find((x) => x.Name === p.Name && x.TeamAbbrev === p.Team);
      if (match) expect([p.salary, p.projOwn]).toEqual([match.Salary, match.ProjOwn]);
    }
    for (const p of props.filter((x) => x.salary === null)) expect(players.some((x) => x.Name === p.Name && x.TeamAbbrev === p.Team)).toBe(false);
    const rec = props.filter((p) => p.market === 'Most Rec Yards').map((p) => p.oddsAmerican);
    expect(rec).toEqual([...rec].sort((a, b) => a - b));
  });
});
