// The server's importers on real slates: any layout the optimizer reads, a file of
// another site refused, statuses stored, projections by name with a match report, live
// contest standings (LOCKED cells, partial lineups), and clean exit 2 for every bad input.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../services/json.js';
import { useImporterCli } from '../test-support/importer-cli.js';
import { importProjections, importSalaries } from './importers.js';
import { ImportError } from './csv.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const slateSample = (name: string) => fileURLToPath(new URL(`../../../optimizer/src/io/fixtures/slates/${name}`, import.meta.url));
const target = (sport: string, site: string, contest: string, slate: string) =>
  ['--sport', sport, '--site', site, '--contest', contest, '--season', '2023', '--counter', '1', '--slate', slate];

describe('importers on real slates', () => {
  const t = useImporterCli('sqlite');
  const { out, err, cli } = t;

  const playersOf = async (name: string) => {
    const slate = await t.db.kysely.selectFrom('slates').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const rows = await t.db.kysely.selectFrom('slate_players').select('data').where('slate_id', '=', slate.id).orderBy('id').execute();
    return rows.map((r) => fromJson<Record<string, unknown>>(r.data, {}));
  };

  it('imports a DKEntries file by its embedded player list, with game states and statuses stored', async () => {
    expect(await cli('import-salaries', ...target('nfl', 'dk', 'classic', 'Live'), slateSample('DKEntries-nfl-classic.csv'))).toBe(0);
    expect(out.at(-1)).toMatch(/imported 64 rows \(dk-entries\)/);
    const players = await playersOf('Live');
    expect(players.find((p) => p.Name === 'Josh Allen')).toMatchObject({ GameState: 'final', MaxExp: 100 });
    expect(await cli('import-salaries', ...target('nba', 'fd', 'classic', 'FD'), slateSample('fd-nba-classic.csv'))).toBe(0);
    expect(err.at(-1)).toMatch(/^warning: 4 players excluded \(Max Exp 0\)/);
    const fd = await playersOf('FD');
    expect(fd.find((p) => p.Name === 'Ja Morant')).toMatchObject({ Status: 'suspended', MaxExp: 0 });
    expect(fd.find((p) => p.Name === 'Chris Paul')).toMatchObject({ Status: 'questionable', MaxExp: 100 });
  });

  it('answers the season-averages flag and the excluded warning in the report', async () => {
    const report = await importSalaries(t.db.kysely, { sport: 'nba', site: 'fd', contestType: 'classic', season: 2023, counter: '1', slate: 'FD' },
      await readFile(slateSample('fd-nba-classic.csv'), 'utf8'), 'fd.csv', { dryRun: true });
    expect(report.seasonAverages).toBe(true);
    expect(report.excludedWarning).toMatchObject({ code: 'excluded-by-status', params: { players: expect.arrayContaining(['Andrew Wiggins (O)']) } });
    expect(report.excludedWarning!.message).toContain('Andrew Wiggins (O)');
  });

  it('refuses a file of another site and a contest without a roster, exit 2, no stack trace', async () => {
    expect(await cli('import-salaries', ...target('nfl', 'dk', 'classic', 'Wrong'), slateSample('fd-nfl-classic-old.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/is a FanDuel player list, a FanDuel file, but the contest is on DraftKings/);
    expect(await cli('import-salaries', ...target('mma', 'ya', 'showdown', 'None'), slateSample('dk-mma-classic.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/^No showdown roster for mma on ya\. Known: /);
    await expect(importSalaries(t.db.kysely, { sport: 'pga', site: 'dk', contestType: 'showdown', season: 2023, counter: '1', slate: 'x' }, 'a', 'f.csv'))
      .rejects.toBeInstanceOf(ImportError);
    expect(await t.db.kysely.selectFrom('slates').select('id').where('name', 'in', ['Wrong', 'None']).execute()).toEqual([]);
    expect(await cli('import-contest', ...target('nfl', 'dk', 'classic', 'Main'), '/nonexistent/standings.csv')).toBe(2);
    expect(err.at(-1)).toMatch(/^\/nonexistent\/standings\.csv: cannot read the file \(ENOENT/);
  });

  it('imports projections of another source by name, with the match report', async () => {
    expect(await cli('import-salaries', ...target('nfl', 'dk', 'classic', 'Names'), slateSample('dk-nfl-classic-live.csv'))).toBe(0);
    expect(await cli('import-projections', ...target('nfl', 'dk', 'classic', 'Names'), slateSample('projections-by-name.csv'))).toBe(0);
    expect(out.at(-1)).toMatch(/imported 20 rows \(16 matched, 1 ambiguous, 3 unmatched\)/);
    expect(err).toContain('unmatched (line 17): Keenan Allen is on LAC in the salary file, not LAR');
    const players = await playersOf('Names');
    expect(players.find((p) => p.Name === 'Gabe Davis')).toMatchObject({ ProjPts: 11.4, HouseProjPts: 11.4, ProjOwn: 6.2 });
    expect(players.find((p) => p.Name === 'Chiefs')).toMatchObject({ ProjPts: 7.5 });
    expect(players.find((p) => p.Name === 'Garrett Wilson')!.ProjPts).toBe(19.65); // ambiguous: unchanged
    // Another site's ids (none on the slate) with names: matched by name too.
    const otherIds = 'Id,Name,Team,Position,ProjPts\n91990-60000,Josh Allen,BUF,QB,26.5\n91990-60001,Jared Goff,DET,QB,20\n';
    const report = await importProjections(t.db.kysely, { sport: 'nfl', site: 'dk', contestType: 'classic', season: 2023, counter: '1', slate: 'Names' }, otherIds, 'fd-ids.csv');
    expect(report.match?.matched.map((m) => m.playerName)).toEqual(['Josh Allen', 'Jared Goff']);
    expect((await playersOf('Names')).find((p) => p.Name === 'Josh Allen')).toMatchObject({ ProjPts: 26.5 });
  });

  it('imports live standings: LOCKED players and partial lineups kept as far as known', async () => {
    expect(await cli('import-salaries', ...target('nfl', 'dk', 'classic', 'Main'), fixture('dk-salaries.csv'))).toBe(0);
    expect(await cli('import-contest', ...target('nfl', 'dk', 'classic', 'Main'), '--contest-name', 'Live Milly', fixture('contest-standings-live.csv'))).toBe(0);
    const rows = await t.db.kysely.selectFrom('contest_results').selectAll().where('contest_name', '=', 'Live Milly').orderBy('rank').execute();
    expect(rows.map((r) => [r.rank, r.points])).toEqual([[1, 61.2], [2, 40.1], [3, 0], [4, 0]]);
    const lineups = rows.map((r) => fromJson<{ Name: string; RosterPosition: string }[]>(r.lineup, []));
    expect(lineups[0]!.map((e) => `${e.RosterPosition} ${e.Name}`)).toEqual(['QB Colt Ashford', 'RB Dax Barrow', 'WR Gage Ellery', 'TE Kade Ingram']);
    expect(lineups[2]!.map((e) => e.Name)).toEqual(['Colt Ashford', 'Dax Barrow']);
    expect(lineups[3]).toEqual([]);
  });
});
