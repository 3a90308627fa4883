import { fileURLToPath } from 'node:url';
import { contestLineupSchema } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../services/json.js';
import { DB_KINDS } from '../test-support/harness.js';
import { useImporterCli } from '../test-support/importer-cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const SLATE = ['--sport', 'nfl', '--site', 'dk', '--contest', 'classic', '--season', '2023', '--counter', '1', '--slate', 'Main'];

describe.each(DB_KINDS)('importers and the CLI on %s', (kind) => {
  const t = useImporterCli(kind);
  const { out, err, cli } = t;

  const slatePlayers = async () => {
    const slate = await t.db.kysely.selectFrom('slates').selectAll().where('name', '=', 'Main').where('counter', '=', '1').executeTakeFirstOrThrow();
    const rows = await t.db.kysely.selectFrom('slate_players').select('data').where('slate_id', '=', slate.id).orderBy('id').execute();
    return rows.map((r) => fromJson<Record<string, unknown>>(r.data, {}));
  };

  it('imports a DraftKings salary file and replaces it on a second import', async () => {
    expect(await cli('import-salaries', ...SLATE, fixture('dk-salaries.csv'))).toBe(0);
    expect(out.at(-1)).toMatch(/imported 10 rows \(dk-salaries\)/);
    expect(await cli('import-salaries', ...SLATE, fixture('dk-salaries.csv'))).toBe(0);
    const players = await slatePlayers();
    expect(players).toHaveLength(10);
    expect(players[0]).toMatchObject({ Id: '40000001', Name: 'Colt Ashford', Position: 'QB', TeamAbbrev: 'KC', Opp: 'DET', Salary: 7200, ProjPts: 21.4, HouseProjPts: 21.4, MinExp: 0, MaxExp: 100 });
  });

  it('reports the first bad row of a salary file and changes nothing', async () => {
    expect(await cli('import-salaries', ...SLATE, fixture('dk-salaries-bad-salary.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/dk-salaries-bad-salary\.csv.*line 4.*Salary/);
    expect(await slatePlayers()).toHaveLength(10);
  });

  it('imports projections onto the slate, and refuses unknown Ids with the line', async () => {
    expect(await cli('import-projections', ...SLATE, fixture('projections.csv'))).toBe(0);
    const players = await slatePlayers();
    expect(players.find((p) => p.Id === '40000001')).toMatchObject({ ProjPts: 23.5, HouseProjPts: 23.5, ProjOwn: 18.2, HouseOwn: 18.2, Ceiling: 41, MaxExp: 80 });
    expect(players.find((p) => p.Id === '40000005')).toMatchObject({ ProjPts: 19.25, Ceiling: 35.5, MaxExp: 100 });
    expect(await cli('import-projections', ...SLATE, fixture('projections-unknown-id.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/line 3: ID: player 49999999 is not on the slate/);
    expect((await slatePlayers()).find((p) => p.Id === '40000001')!.ProjPts).toBe(23.5);
    expect(await cli('import-projections', '--sport', 'nfl', '--site', 'dk', '--season', '2023', '--counter', '2', fixture('projections.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/import its salary file first/);
  });

  it('imports DraftKings contest standings with ownership and points', async () => {
    expect(await cli('import-contest', ...SLATE, '--contest-name', 'Milly', '--field-size', '1000', fixture('contest-standings.csv'))).toBe(0);
    const rows = await t.db.kysely.selectFrom('contest_results').selectAll().where('contest_name', '=', 'Milly').orderBy('rank').execute();
    expect(rows.map((r) => [r.rank, r.points, r.field_size, r.cash_line])).toEqual([[1, 182.44, 1000, 220], [2, 170.1, 1000, 220], [3, 120, 1000, 220]]);
    const lineup = contestLineupSchema.parse(JSON.parse(rows[0]!.lineup));
    expect(lineup.map((e) => e.RosterPosition)).toEqual(['QB', 'RB', 'RB', 'WR', 'WR', 'WR', 'TE', 'FLEX', 'DST']);
    expect(lineup[0]).toMatchObject({ Name: 'Colt Ashford', Own: 31.5, Pts: 28.44, Salary: 7200 });
    expect(lineup.find((e) => e.Name === 'Gage Ellery')).toMatchObject({ Own: 22.1, Pts: 30.1 });
    expect(await cli('import-contest', ...SLATE, '--contest-name', 'Milly', fixture('contest-standings-unknown-player.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/line 3: Lineup: player "Nobody Known" is not on the slate/);
    expect(await t.db.kysely.selectFrom('contest_results').select('id').where('contest_name', '=', 'Milly').execute()).toHaveLength(3);
  });

  it('refuses contest standings whose player has no numeric salary on the slate, and changes nothing', async () => {
    const slate = await t.db.kysely.selectFrom('slates').select('id').where('name', '=', 'Main').where('counter', '=', '1').executeTakeFirstOrThrow();
    const rows = await t.db.kysely.selectFrom('slate_players').select(['id', 'data']).where('slate_id', '=', slate.id).execute();
    const colt = rows.find((r) => fromJson<{ Name?: string }>(r.data, {}).Name === 'Colt Ashford')!;
    const before = await t.db.kysely.selectFrom('contest_results').select(['rank', 'lineup']).where('contest_name', '=', 'Milly').orderBy('rank').execute();
    await t.db.kysely.updateTable('slate_players').set({ data: JSON.stringify({ ...fromJson<object>(colt.data, {}), Salary: 'TBD' }) }).where('id', '=', colt.id).execute();
    try {
      expect(await cli('import-contest', ...SLATE, '--contest-name', 'Milly', fixture('contest-standings.csv'))).toBe(2);
      expect(err.at(-1)).toMatch(/line 2: Lineup: player "Colt Ashford" has no numeric Salary on the slate \("TBD"\)/);
      expect(await t.db.kysely.selectFrom('contest_results').select(['rank', 'lineup']).where('contest_name', '=', 'Milly').orderBy('rank').execute()).toEqual(before);
    } finally {
      await t.db.kysely.updateTable('slate_players').set({ data: colt.data }).where('id', '=', colt.id).execute();
    }
  });

  it('imports game logs and props, refusing bad rows by line', async () => {
    expect(await cli('import-game-logs', '--sport', 'nfl', '--season', '2023', fixture('game-logs.csv'))).toBe(0);
    const logs = await t.db.kysely.selectFrom('game_logs').selectAll().where('player_name', '=', 'Colt Ashford').orderBy('week').execute();
    expect(logs.map((l) => fromJson<{ PassYds: number }>(l.data, { PassYds: 0 }).PassYds)).toEqual([301, 260]);
    expect(await cli('import-game-logs', '--sport', 'nfl', '--season', '2023', fixture('game-logs-bad.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/line 3: Week: "two" is not a number/);
    expect(await cli('import-props', '--sport', 'nfl', '--season', '2023', fixture('props.csv'))).toBe(0);
    expect(await cli('import-props', '--sport', 'nfl', '--season', '2023', fixture('props.csv'))).toBe(0);
    expect(await t.db.kysely.selectFrom('props').select('odds_american').orderBy('odds_american').execute()).toEqual([{ odds_american: 350 }, { odds_american: 600 }, { odds_american: 900 }]);
    expect(await cli('import-props', '--sport', 'nfl', '--season', '2023', fixture('props-bad.csv'))).toBe(2);
    expect(err.at(-1)).toMatch(/line 3: oddsAmerican/);
    expect(await t.db.kysely.selectFrom('props').select('id').execute()).toHaveLength(3);
  });

  it('makes an account admin and rejects bad commands', async () => {
    await t.db.kysely.insertInto('users').values({
      email: 'first@example.com', password_hash: 'x', password_salt: 'y', first_name: 'F', last_name: 'L', admin: 0, plan_id: null,
      partner_brand: null, partner_user_id: null, created_at: new Date().toISOString(),
    }).execute();
    expect(await cli('make-admin', 'First@Example.com')).toBe(0);
    expect((await t.db.kysely.selectFrom('users').select('admin').where('email', '=', 'first@example.com').executeTakeFirstOrThrow()).admin).toBe(1);
    expect(await cli('make-admin', 'nobody@example.com')).toBe(2);
    expect(await cli('import-salaries', '--sport', 'xfl', fixture('dk-salaries.csv'))).toBe(2);
    expect(await cli('frobnicate')).toBe(2);
  });
});
