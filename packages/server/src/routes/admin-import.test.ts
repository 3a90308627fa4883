// The Admin tab's import call: admins only, a preview (write: false) checks every row and
// writes nothing, a bad row is a 400 naming the line, and write: true replaces the slate.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const fixture = (name: string) => readFile(fileURLToPath(new URL(`../importers/fixtures/${name}`, import.meta.url)), 'utf8');
const TARGET = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Imported', season: 2023, counter: '5' };
const PLAYERS_URL = '/api/nfl/players/dk/classic/main/Imported/2023/5';

describe.each(DB_KINDS)('admin imports on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, false);
    admin = await signUp(t.app, 'importer@example.com');
    await t.app.users.setAdmin('importer@example.com', true);
    user = await signUp(t.app);
  });
  afterAll(async () => t.close());

  const post = (kindOf: string, payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/admin/import/${kindOf}`, headers, payload });
  const playerCount = async () => {
    const res = await t.app.inject({ method: 'GET', url: PLAYERS_URL });
    return res.statusCode === 200 ? (res.json().players as unknown[]).length : 0;
  };

  it('refuses visitors (401), non-admins (403) and malformed bodies (400)', async () => {
    const csv = await fixture('dk-salaries.csv');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/import/salaries', payload: { ...TARGET, fileName: 'a.csv', csv } })).statusCode).toBe(401);
    expect((await post('salaries', { ...TARGET, fileName: 'a.csv', csv }, user.headers)).statusCode).toBe(403);
    expect((await post('salaries', { ...TARGET, fileName: 'a.csv', csv: '' })).statusCode).toBe(400);
    expect((await post('rosters', { ...TARGET, fileName: 'a.csv', csv })).statusCode).toBe(400);
    expect((await post('salaries', { ...TARGET, counter: 'x', fileName: 'a.csv', csv })).statusCode).toBe(400);
  });

  it('previews a salary file without writing, then writes it', async () => {
    const csv = await fixture('dk-salaries.csv');
    const preview = await post('salaries', { ...TARGET, fileName: 'DKSalaries.csv', csv });
    expect(preview.statusCode).toBe(200);
    const report = preview.json() as { rows: number; sample: { Id: string }[]; written: boolean };
    expect(report.written).toBe(false);
    expect(report.rows).toBeGreaterThan(0);
    expect(report.sample[0]).toHaveProperty('Id');
    expect(await playerCount()).toBe(0);
    const written = await post('salaries', { ...TARGET, fileName: 'DKSalaries.csv', csv, write: true });
    expect(written.json()).toMatchObject({ rows: report.rows, written: true });
    expect(await playerCount()).toBe(report.rows);
  });

  it('answers the bad row of a file as a 400 and writes nothing', async () => {
    const bad = await post('salaries', { ...TARGET, slate: 'Other', fileName: 'bad.csv', csv: await fixture('dk-salaries-bad-salary.csv'), write: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/bad\.csv/);
    expect((await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Other/2023/5' })).json().players ?? []).toEqual([]);
    const unknown = await post('projections', { ...TARGET, fileName: 'p.csv', csv: await fixture('projections-unknown-id.csv'), write: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/not on the slate/);
    // The refusal carries its code and params: the cell's place, and what is wrong with it.
    expect(unknown.json()).toMatchObject({ code: 'import-cell', params: { fileName: 'p.csv', line: 3, column: 'ID', problem: { code: 'cell-player-not-on-slate', params: { id: '49999999' } } } });
  });

  it('previews projections onto the imported slate', async () => {
    const preview = await post('projections', { ...TARGET, fileName: 'p.csv', csv: await fixture('projections.csv') });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().sample[0]).toMatchObject({ Id: '40000001', ProjPts: 23.5 });
  });

  it('marks a site slate whose only points are season averages until projections are written', async () => {
    const seasonAverages = async () => (await t.app.inject({ method: 'GET', url: PLAYERS_URL })).json().season_averages === true;
    await post('salaries', { ...TARGET, fileName: 'DKSalaries.csv', csv: await fixture('dk-salaries.csv'), write: true });
    expect(await seasonAverages()).toBe(true);
    // A preview changes nothing; written projections take the averages' place.
    await post('projections', { ...TARGET, fileName: 'p.csv', csv: await fixture('projections.csv') });
    expect(await seasonAverages()).toBe(true);
    const written = await post('projections', { ...TARGET, fileName: 'p.csv', csv: await fixture('projections.csv'), write: true });
    expect(written.statusCode).toBe(200);
    expect(await seasonAverages()).toBe(false);
  });

  it('answers a contest without a roster and a file of another site as a 400', async () => {
    const csv = await fixture('dk-salaries.csv');
    const noRoster = await post('salaries', { ...TARGET, sport: 'mma', site: 'ya', fileName: 'a.csv', csv, write: true });
    expect(noRoster.statusCode).toBe(400);
    expect(noRoster.json().error).toMatch(/^No classic roster for mma on ya\./);
    expect(noRoster.json()).toMatchObject({ code: 'unknown-roster', params: { sport: 'mma', site: 'ya', contestType: 'classic' } });
    const otherSite = await post('salaries', { ...TARGET, site: 'fd', fileName: 'DKSalaries.csv', csv });
    expect(otherSite.statusCode).toBe(400);
    expect(otherSite.json().error).toMatch(/DraftKings file, but the contest is on FanDuel/);
    const preview = await post('salaries', { ...TARGET, fileName: 'DKSalaries.csv', csv });
    expect(preview.json()).toMatchObject({ seasonAverages: true, excludedWarning: null });
  });
});

