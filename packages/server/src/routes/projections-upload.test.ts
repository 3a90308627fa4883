import { readFileSync } from 'node:fs';
import { projectionsMatchReplySchema } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe.each(DB_KINDS)('projections by name on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind, {}, false); });
  afterAll(async () => t.close());

  const ownSlate = async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST', url: '/api/user-slates', headers: user.headers,
      payload: { sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv: fixture('dk-nfl-week1-salaries.csv') },
    });
    return { user, url: `/api/nfl/projections-upload/main/dk/classic/${res.json().slate.slate}/2023/1` };
  };

  it('answers matched, ambiguous and unmatched rows, each listed', async () => {
    const { user, url } = await ownSlate();
    const res = await t.app.inject({ method: 'POST', url, headers: user.headers, payload: { fileName: 'proj.csv', csv: fixture('projections-by-name.csv') } });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    // Upper-case names, 'Jr.' suffixes, doubled spaces and defences by team all match.
    expect(report.matched).toHaveLength(64);
    expect(report.matched.find((r: { name: string }) => r.name === 'CALEB UPSHAW')).toMatchObject({ playerId: '40100014', playerName: 'Caleb Upshaw', ProjPts: 19.55, ProjOwn: 8.1 });
    expect(report.matched.find((r: { name: string }) => r.name === 'Tyler Brody Jr.')).toMatchObject({ playerName: 'Tyler Brody' });
    expect(report.unmatched).toEqual([expect.objectContaining({ name: 'Nobody Onthisslate', line: 66, team: 'CIN', position: 'WR', ProjPts: 12.5, reason: 'no player named Nobody Onthisslate on the slate', reasonCode: { code: 'projection-no-such-name', params: { name: 'Nobody Onthisslate' } } })]);
    expect(report.ambiguous).toEqual([]);
    // Sent as the file thread serialised it, not through the route's schema: it must still be the domain's reply, field for field.
    expect(projectionsMatchReplySchema.parse(report)).toEqual(report);
  });

  it('lists namesakes as ambiguous unless the team tells them apart', async () => {
    const user = await signUp(t.app);
    const csv = [
      'Position,Name + ID,Name,ID,Roster Position,Salary,Game Info,TeamAbbrev,AvgPointsPerGame',
      'QB,Josh Allen (1),Josh Allen,1,QB,8000,BUF@NYJ 09/11/2023 08:15PM ET,BUF,22',
      'QB,Josh Allen (2),Josh Allen,2,QB,4000,JAX@IND 09/10/2023 01:00PM ET,JAX,3',
    ].join('\n');
    const made = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers: user.headers, payload: { sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv } });
    const url = `/api/nfl/projections-upload/main/dk/classic/${made.json().slate.slate}/2023/1`;
    const res = await t.app.inject({ method: 'POST', url, headers: user.headers, payload: { fileName: 'p.csv', csv: 'Player,Team,Proj\nJosh Allen,,20\nJosh Allen,JAX,4\n' } });
    const report = res.json();
    expect(report.ambiguous).toEqual([expect.objectContaining({ line: 2, candidates: [expect.objectContaining({ Id: '1', TeamAbbrev: 'BUF' }), expect.objectContaining({ Id: '2', TeamAbbrev: 'JAX' })] })]);
    expect(projectionsMatchReplySchema.parse(report)).toEqual(report);
    expect(report.matched).toEqual([expect.objectContaining({ line: 3, playerId: '2', ProjPts: 4 })]);
  });

  it('matches on a house slate too, and refuses a file without names or numbers', async () => {
    const seeded = await createTestApp(kind);
    try {
      const players = (await seeded.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players as { Id: string; Name: string; TeamAbbrev: string }[];
      const pick = players.find((p) => p.Name.includes(' '))!;
      const csv = `Name,Team,FPTS\n${pick.Name.toUpperCase()},${pick.TeamAbbrev},17.5\n`;
      const res = await seeded.app.inject({ method: 'POST', url: '/api/nfl/projections-upload/main/dk/classic/Main/2023/1', payload: { fileName: 'p.csv', csv } });
      expect(res.json().matched).toEqual([expect.objectContaining({ playerId: pick.Id, ProjPts: 17.5 })]);
      const bad = await seeded.app.inject({ method: 'POST', url: '/api/nfl/projections-upload/main/dk/classic/Main/2023/1', payload: { fileName: 'p.csv', csv: 'Foo,Bar\n1,2' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/p\.csv: line 1: no player column/);
      const noNumbers = await seeded.app.inject({ method: 'POST', url: '/api/nfl/projections-upload/main/dk/classic/Main/2023/1', payload: { fileName: 'p.csv', csv: 'Name,Team\nA,B' } });
      expect(noNumbers.json().error).toMatch(/no value column/);
    } finally {
      await seeded.close();
    }
  });

  it("does not match against another user's slate", async () => {
    const { url } = await ownSlate();
    const other = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url, headers: other.headers, payload: { fileName: 'p.csv', csv: 'Name,Proj\nA,1' } });
    expect(res.statusCode).toBe(404);
  });
});
