import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getRoster } from '@stacksmith/domain';
import { parsePlayersCsv } from './io/slate-file.js';
import { parseSettingsJson, runCli } from './cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./io/fixtures/${name}`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'stacksmith-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let files = 0;
/** Writes a file into the temporary folder and returns its path. */
function temp(name: string, text: string): string {
  const path = join(work, `${files++}-${name}`);
  writeFileSync(path, text);
  return path;
}

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr, errLines: stderr.split('\n').filter(Boolean) };
}

const DK = ['--sport', 'nfl', '--site', 'dk', '--contest', 'classic'];
const dkArgs = (out: string, ...rest: string[]) => [...DK, '--players', fixture('dk-nfl-classic.csv'), '--out', out, ...rest];

describe('exit code 2: bad input', () => {
  it('prints the usage for --help (exit 0)', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: stacksmith-opt --sport nfl --site dk --contest classic --players FILE\.csv --n 150 --out lineups\.csv/);
  });

  it('an unknown flag', async () => {
    const { code, errLines } = await run([...dkArgs(join(work, 'x.csv'), '--n', '3'), '--bogus']);
    expect(code).toBe(2);
    expect(errLines[0]).toMatch(/^stacksmith-opt: Unknown option '--bogus'/);
    expect(errLines[1]).toBe('Run stacksmith-opt --help for usage.');
  });

  it('a stray positional argument', async () => {
    const { code, errLines } = await run([...dkArgs(join(work, 'x.csv'), '--n', '3'), 'extra']);
    expect(code).toBe(2);
    expect(errLines[0]).toMatch(/^stacksmith-opt: Unexpected argument 'extra'/);
  });

  it('missing flags', async () => {
    const { code, errLines } = await run(['--sport', 'nfl', '--site', 'dk', '--contest', 'classic']);
    expect(code).toBe(2);
    expect(errLines[0]).toBe('stacksmith-opt: missing --players, --out');
  });

  it('a roster that does not exist', async () => {
    const { code, errLines } = await run(['--sport', 'nba', '--site', 'ya', '--contest', 'classic', '--players', 'p.csv', '--out', 'o.csv', '--n', '3']);
    expect(code).toBe(2);
    expect(errLines[0]).toMatch(/^stacksmith-opt: no roster for --sport nba --site ya --contest classic \(known: nfl\/dk\/classic, /);
  });

  it.each([
    [['--n', 'abc'], 'stacksmith-opt: --n must be a whole number ≥ 1 (got "abc")'],
    [['--n', '0'], 'stacksmith-opt: --n must be a whole number ≥ 1 (got "0")'],
    [['--n', '2.5'], 'stacksmith-opt: --n must be a whole number ≥ 1 (got "2.5")'],
    [['--n', '3', '--seed', 'x'], 'stacksmith-opt: --seed must be a whole number ≥ -9007199254740991 (got "x")'],
    [['--n', '3', '--rand', 'extreme'], 'stacksmith-opt: --rand must be one of none, low, med, high (got "extreme")'],
    [['--n', '3', '--min-unique', '10'], 'stacksmith-opt: --min-unique must be a whole number between 0 and 9 (got "10")'],
    [[], 'stacksmith-opt: missing --n (or numLUs in --settings)'],
  ])('bad flag values %j', async (flags, message) => {
    const { code, errLines } = await run(dkArgs(join(work, 'x.csv'), ...flags));
    expect(code).toBe(2);
    expect(errLines[0]).toBe(message);
  });

  it('an unreadable players file', async () => {
    const missing = join(work, 'nope.csv');
    const { code, errLines } = await run([...DK, '--players', missing, '--out', join(work, 'x.csv'), '--n', '3']);
    expect(code).toBe(2);
    expect(errLines[0]).toMatch(new RegExp(`^stacksmith-opt: ${missing.replace(/[.\\]/g, '\\$&')}: cannot read the file \\(ENOENT`));
  });

  it('a bad players CSV, naming the file, line and column', async () => {
    const players = fixture('dk-nfl-classic-bad-salary.csv');
    const out = join(work, 'bad-salary', 'lineups.csv');
    const { code, errLines } = await run([...DK, '--players', players, '--out', out, '--n', '3']);
    expect(code).toBe(2);
    expect(errLines).toEqual([`stacksmith-opt: ${players} line 14, column Salary: "12k" is not a number`]);
    expect(existsSync(out)).toBe(false);
  });

  it('a players CSV of an unknown format', async () => {
    const { code, errLines } = await run([...DK, '--players', fixture('unknown-format.csv'), '--out', join(work, 'x.csv'), '--n', '3']);
    expect(code).toBe(2);
    expect(errLines[0]).toContain('unknown-format.csv: unknown format: the header row (Player, Team, Points)');
  });

  it('a showdown salary file for a classic contest', async () => {
    const players = fixture('dk-nfl-showdown.csv');
    const { code, errLines } = await run([...DK, '--players', players, '--out', join(work, 'x.csv'), '--n', '3']);
    expect(code).toBe(2);
    expect(errLines[0]).toBe(`stacksmith-opt: ${players} line 2, column Roster Position: "CPT" is a showdown roster position but the contest is nfl/dk/classic`);
  });

  it('settings JSON with a syntax error, naming line and column', async () => {
    const settings = temp('settings.json', '{"numLUs": 5,\n  "minUnique" 1}');
    const { code, errLines } = await run(dkArgs(join(work, 'x.csv'), '--settings', settings));
    expect(code).toBe(2);
    expect(errLines[0]).toMatch(new RegExp(`^stacksmith-opt: ${settings.replace(/[.\\]/g, '\\$&')} line 2, column 15: invalid JSON: `));
  });

  it.each([
    ['[1, 2]', 'the settings must be a JSON object of setting keys (got an array)'],
    ['"med"', 'the settings must be a JSON object of setting keys (got a string)'],
    ['null', 'the settings must be a JSON object of setting keys (got null)'],
    ['{"numLUs": "five"}', 'numLUs must be a number (got "five")'],
    ['{"numLUs": 3, "projPtsRandInput": "wild"}', 'projPtsRandInput must be one of none, low, med, high (got "wild")'],
    ['{"numLUs": 3, "allowDefenseVsQB": "yes"}', 'allowDefenseVsQB must be true or false (got "yes")'],
    ['{"numLUs": 3, "ceilingPct": 150}', 'ceilingPct must be between 0 and 100 (got 150)'],
    ['', 'invalid JSON: Unexpected end of JSON input'],
  ])('bad settings %s', async (text, message) => {
    const settings = temp('settings.json', text);
    const { code, errLines } = await run(dkArgs(join(work, 'x.csv'), '--settings', settings));
    expect(code).toBe(2);
    expect(errLines[0]).toBe(`stacksmith-opt: ${settings}: ${message}`);
  });

  it('warns about unknown settings keys on stderr without failing on them', async () => {
    const settings = temp('settings.json', '{"numLUs": 3, "fooBar": 1, "teamStack": 0.5}');
    // The players file is bad, so the run stops (exit 2) after the settings were read.
    const { code, errLines } = await run([...DK, '--players', fixture('empty.csv'), '--out', join(work, 'x.csv'), '--settings', settings]);
    expect(code).toBe(2);
    expect(errLines[0]).toBe(`warning: ${settings}: unknown setting keys ignored: fooBar, teamStack`);
    expect(errLines[1]).toBe(`stacksmith-opt: ${fixture('empty.csv')}: the file is empty`);
  });

  it('an --out path that cannot be written', async () => {
    const blocker = temp('a-file', 'not a folder');
    const { code, errLines } = await run(dkArgs(join(blocker, 'lineups.csv'), '--n', '1', '--rand', 'none'));
    expect(code).toBe(2);
    expect(errLines.at(-1)).toMatch(/^stacksmith-opt: .*a-file\/lineups\.csv: cannot write the file \(/);
  });
});

describe('parseSettingsJson', () => {
  it('keeps spec keys, reports unknown ones and takes ceilingPct in percent', () => {
    const { settings, unknownKeys } = parseSettingsJson(
      '{"numLUs": 20, "minUnique": 2, "projPtsRandQB": "high", "ceilingPct": 25, "maxExposure": 50, "minSal": null}', 's.json',
    );
    expect(settings).toEqual({ numLUs: 20, minUnique: 2, projPtsRandQB: 'high', ceilingPct: 0.25, maxExposure: 50 });
    expect(unknownKeys).toEqual(['maxExposure']);
  });

  it.each([
    ['{"minSal": "49000"}', 's.json: minSal must be a number (got "49000")'],
    ['{"includeSaved": 1}', 's.json: includeSaved must be true or false (got 1)'],
    ['{"stackSettingMode": 5}', 's.json: stackSettingMode must be one of basic, advanced (got 5)'],
    ['{"projPtsRandHitter": "wild"}', 's.json: projPtsRandHitter must be one of none, low, med, high (got "wild")'],
    ['{"specificStacks": 3}', 's.json: specificStacks must be a list (got 3)'],
  ])('checks %s by the type the settings schema gives the key', (text, message) => {
    expect(() => parseSettingsJson(text, 's.json')).toThrow(message);
  });
});

describe('building lineups (needs buildLineups)', () => {
  const dkIds = new Map(parsePlayersCsv(readFileSync(fixture('dk-nfl-classic.csv'), 'utf8'), 'dk', getRoster('nfl', 'dk', 'classic')).map((p) => [p.Id, p]));

  it('writes the upload CSV, reports progress per batch and exits 0', async () => {
    const out = join(work, 'new', 'folder', 'lineups.csv');
    const { code, stdout, errLines } = await run(dkArgs(out, '--n', '12', '--seed', '1', '--rand', 'none', '--min-unique', '2'));
    expect(errLines).toEqual([
      `read 32 players from ${fixture('dk-nfl-classic.csv')} (DraftKings salary file (DKSalaries.csv))`,
      `warning: ${fixture('dk-nfl-classic.csv')}: season averages, not projections (the site's AvgPointsPerGame); give --projections`,
      'built 5/12 lineups', 'built 10/12 lineups', 'built 12/12 lineups',
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe(`wrote 12 lineups to ${out}\n`);
    const [header, ...rows] = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(header).toBe('QB,RB,RB,WR,WR,WR,TE,FLEX,DST');
    expect(rows).toHaveLength(12);
    const slots = header!.split(',');
    const lineups = rows.map((row) => row.split(','));
    for (const ids of lineups) {
      expect(new Set(ids).size).toBe(9);
      ids.forEach((id, s) => {
        const p = dkIds.get(id);
        expect(p, `player ${id}`).toBeDefined();
        const slot = slots[s]!;
        expect(slot === 'FLEX' ? ['RB', 'WR', 'TE'] : [slot]).toContain(p!.Position);
      });
    }
    // min unique 2: any two lineups differ by at least two players.
    for (let a = 0; a < lineups.length; a++) {
      for (let b = a + 1; b < lineups.length; b++) {
        const shared = lineups[a]!.filter((id) => lineups[b]!.includes(id)).length;
        expect(9 - shared).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('gives the same lineups for the same seed', async () => {
    const a = join(work, 'seed-a.csv');
    const b = join(work, 'seed-b.csv');
    expect((await run(dkArgs(a, '--n', '4', '--seed', '7', '--rand', 'high'))).code).toBe(0);
    expect((await run(dkArgs(b, '--n', '4', '--seed', '7', '--rand', 'high'))).code).toBe(0);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
  });

  it('takes numLUs from --settings', async () => {
    const settings = temp('settings.json', '{"numLUs": 2, "projPtsRandInput": "none", "extraKey": true}');
    const out = join(work, 'from-settings.csv');
    const { code, errLines } = await run(dkArgs(out, '--settings', settings));
    expect(code).toBe(0);
    expect(errLines[0]).toBe(`warning: ${settings}: unknown setting key ignored: extraKey`);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(3);
  });

  it('builds showdown lineups from a salary file with CPT and FLEX rows', async () => {
    const out = join(work, 'showdown.csv');
    const players = fixture('dk-nfl-showdown.csv');
    const { code } = await run(['--sport', 'nfl', '--site', 'dk', '--contest', 'showdown', '--players', players, '--out', out, '--n', '3', '--rand', 'none']);
    expect(code).toBe(0);
    const byId = new Map(parsePlayersCsv(readFileSync(players, 'utf8'), 'dk', getRoster('nfl', 'dk', 'showdown')).map((p) => [p.Id, p]));
    const [header, ...rows] = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(header).toBe('CPT,FLEX,FLEX,FLEX,FLEX,FLEX');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const [cpt, ...flex] = row.split(',').map((id) => byId.get(id)!);
      expect(cpt!.RosterPosition).toBe('CPT');
      expect(flex.every((p) => p.RosterPosition === 'FLEX')).toBe(true);
      expect(new Set([cpt!.Name, ...flex.map((p) => p.Name)]).size).toBe(6);
      expect(cpt!.Salary + flex.reduce((sum, p) => sum + p.Salary, 0)).toBeLessThanOrEqual(50000);
    }
  });

  it('builds from a FanDuel list', async () => {
    // The list's two teams (CIN, CLE) and a third: FanDuel needs players of at least 3 teams.
    const text = readFileSync(fixture('fd-nfl-classic.csv'), 'utf8').trimEnd().split('\n');
    const third = text.slice(1).map((line, i) => line.replace(/^"91956-(\d+)"/, `"91957-$1"`).replace(/"CIN@CLE"/, '"PIT@BAL"')
      .replace(/"CIN","CLE"/, '"PIT","BAL"').replace(/"CLE","CIN"/, '"BAL","PIT"').replace(/"Ja'Marr","Ja'Marr Chase","Chase"/, `"Third","Third ${i}","Team"`));
    const players = temp('fd-three-teams.csv', [...text, ...third].join('\n'));
    const out = join(work, 'fd.csv');
    const { code } = await run(['--sport', 'nfl', '--site', 'fd', '--contest', 'classic', '--players', players, '--out', out, '--n', '2', '--rand', 'none']);
    expect(code).toBe(0);
    const [header, ...rows] = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(header).toBe('QB,RB,RB,WR,WR,WR,TE,FLEX,DEF');
    expect(rows[0]!.split(',').every((id) => /^9195[67]-\d+$/.test(id))).toBe(true);
  });

  it('refuses a FanDuel classic build from one game: FanDuel needs 3 teams', async () => {
    const out = join(work, 'fd-one-game.csv');
    const { code, errLines } = await run(['--sport', 'nfl', '--site', 'fd', '--contest', 'classic', '--players', fixture('fd-nfl-classic.csv'), '--out', out, '--n', '2', '--rand', 'none']);
    expect(code).toBe(2);
    expect(errLines.join('\n')).toMatch(/FanDuel needs players from at least 3 teams in every lineup, and the settings leave only CIN, CLE/);
    expect(existsSync(out)).toBe(false);
  });

  it('exits 3 with the rule when no lineup fits', async () => {
    const settings = temp('settings.json', '{"maxSal": 20000}');
    const out = join(work, 'none.csv');
    const { code, errLines } = await run(dkArgs(out, '--n', '3', '--settings', settings));
    expect(code).toBe(3);
    expect(errLines.at(-1)).toMatch(/^stacksmith-opt: No lineup satisfies the rules: /);
    expect(existsSync(out)).toBe(false);
  });

  it('exits 3 when a later lineup has no solution, keeping the lineups built before it', async () => {
    // Four QBs, four TEs and four DSTs: at most four lineups share no player (fewer with the defence rules).
    const out = join(work, 'partial.csv');
    const { code, errLines } = await run(dkArgs(out, '--n', '5', '--min-unique', '9', '--rand', 'none'));
    expect(code).toBe(3);
    const failed = /^stacksmith-opt: Lineup (\d) of 5 has no solution: /.exec(errLines.at(-2) ?? '');
    expect(failed, errLines.join('\n')).not.toBeNull();
    const built = Number(failed![1]) - 1;
    expect(built).toBeGreaterThanOrEqual(1);
    expect(errLines).toContain(`built ${built}/5 lineups`);
    expect(errLines.at(-1)).toBe(`wrote the ${built} lineups built before that to ${out}`);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(built + 1);
  });

  it('exits 3 when the pool cannot fill the roster', async () => {
    const noTightEnds = readFileSync(fixture('dk-nfl-classic.csv'), 'utf8').split('\r\n').filter((line) => !line.startsWith('TE,')).join('\r\n');
    const players = temp('no-te.csv', noTightEnds);
    const { code, errLines } = await run([...DK, '--players', players, '--out', join(work, 'no-te-out.csv'), '--n', '3']);
    expect(code).toBe(3);
    expect(errLines.at(-1)).toBe('stacksmith-opt: No lineup satisfies the rules: the pool cannot fill the roster (QB, RB, RB, WR, WR, WR, TE, FLEX, DST)');
  });
});

describe('late swap from a DraftKings entries CSV', () => {
  it('keeps the entries and, once the games have started, every player', async () => {
    const built = join(work, 'before-swap.csv');
    expect((await run(dkArgs(built, '--n', '2', '--rand', 'none'))).code).toBe(0);
    const [, ...rows] = readFileSync(built, 'utf8').trimEnd().split('\n');
    const entries = temp('DKEntries.csv', [
      'Entry ID,Contest Name,Contest ID,Entry Fee,QB,RB,RB,WR,WR,WR,TE,FLEX,DST,,Instructions',
      ...rows.map((row, i) => `${7001 + i},NFL Showdown $5,555,$5,${row.split(',').map((id) => `Someone (${id})`).join(',')},,`),
    ].join('\n'));
    const out = join(work, 'swapped.csv');
    // Every game of the fixture starts 2023-09-10 13:00 New York time.
    const { code, errLines } = await run(dkArgs(out, '--entries', entries, '--now', '2023-09-10T14:00:00'));
    expect(code, errLines.join('\n')).toBe(0);
    const [header, ...swapped] = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(header).toBe('Entry ID,Contest Name,Contest ID,Entry Fee,QB,RB,RB,WR,WR,WR,TE,FLEX,DST');
    // Nothing changed: every cell goes back as the entries file wrote it.
    expect(swapped).toEqual(rows.map((row, i) => `${7001 + i},NFL Showdown $5,555,$5,${row.split(',').map((id) => `Someone (${id})`).join(',')}`));
  });

  it('settings may carry groups and team stacks', async () => {
    const { settings, inputs, unknownKeys } = parseSettingsJson(JSON.stringify({
      stackSettingMode: 'advanced', specificStacks: '[{"freq":1,"teamFlexMin":1}]', allowRBStackPct: 0.5,
      teamStacks: [{ TeamAbbrev: 'CIN', AllowRBStack: false }], groups: [{ players: ['1', '2'], maxGroup: 1 }],
    }), 's.json');
    expect(unknownKeys).toEqual([]);
    expect(settings).toEqual({ stackSettingMode: 'advanced', specificStacks: '[{"freq":1,"teamFlexMin":1}]', allowRBStackPct: 0.5 });
    expect(inputs).toEqual({ teamStacks: [{ TeamAbbrev: 'CIN', AllowRBStack: false }], groups: [{ players: ['1', '2'], maxGroup: 1 }] });
    expect(() => parseSettingsJson('{"groups": 3}', 's.json')).toThrow('s.json: groups must be a list (got 3)');
  });
});

describe('real slates (site salary files, projections by name, entries files)', () => {
  const slate = (name: string) => fileURLToPath(new URL(`./io/fixtures/slates/${name}`, import.meta.url));

  it('a file of another site exits 2 with the mismatch, writing nothing', async () => {
    const out = join(work, 'mismatch.csv');
    const { code, errLines } = await run([...DK, '--players', slate('fd-nfl-classic-old.csv'), '--out', out, '--n', '2']);
    expect(code).toBe(2);
    expect(errLines.at(-1)).toMatch(/fd-nfl-classic-old\.csv is a FanDuel player list, a FanDuel file, but the contest is on DraftKings/);
    expect(existsSync(out)).toBe(false);
  });

  it('warns of the players excluded by status and builds without them', async () => {
    const out = join(work, 'fd-nba.csv');
    const { code, errLines } = await run(['--sport', 'nba', '--site', 'fd', '--contest', 'classic', '--players', slate('fd-nba-classic.csv'), '--out', out, '--n', '3', '--rand', 'none']);
    expect(code, errLines.join('\n')).toBe(0);
    expect(errLines).toContain('warning: 4 players excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: '
      + 'Andrew Wiggins (O), Jaxson Hayes (IR), Reggie Jackson (NA), Ja Morant (SUSP). Set a Max Exp to include them.');
    const rows = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(rows[0]).toBe('PG,PG,SG,SG,SF,SF,PF,PF,C');
    for (const id of ['95000-80003', '95000-80013', '95000-80021', '95000-80024']) expect(rows.join('\n')).not.toContain(id);
  });

  it('--projections by name: the match report, then the lineups on the matched values', async () => {
    const out = join(work, 'proj.csv');
    const { code, errLines } = await run([...DK, '--players', slate('dk-nfl-classic-live.csv'), '--projections', slate('projections-by-name.csv'), '--out', out, '--n', '1', '--rand', 'none']);
    expect(code, errLines.join('\n')).toBe(0);
    expect(errLines).toContain(`${slate('projections-by-name.csv')}: 16 matched, 1 ambiguous, 3 unmatched`);
    expect(errLines).toContain('  unmatched (line 17): Keenan Allen is on LAC in the salary file, not LAR');
    expect(errLines.some((l) => l.includes('season averages'))).toBe(false);
  });

  it('fills a DKEntries file read on its own (players from its embedded list), then late-swaps it', async () => {
    const filledOut = join(work, 'DKEntries-filled.csv');
    const fill = await run([...DK, '--entries', slate('DKEntries-nfl-classic.csv'), '--out', filledOut, '--rand', 'none']);
    expect(fill.code, fill.errLines.join('\n')).toBe(0);
    expect(fill.stdout).toBe(`filled 7 entries of 3 contests in ${filledOut}\n`);
    // The file's own line ends (DraftKings writes CRLF) come back.
    const filled = readFileSync(filledOut, 'utf8').trimEnd().split('\r\n');
    expect(filled[0]).toBe('Entry ID,Contest Name,Contest ID,Entry Fee,QB,RB,RB,WR,WR,WR,TE,FLEX,DST');
    expect(filled.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '4100000001,NFL $5 Double Up,158000001,$5.00', '4100000002,NFL $5 Double Up,158000001,$5.00', '4100000003,NFL $5 Double Up,158000001,$5.00',
      '4100000004,NFL $20 Millionaire Maker [$1M to 1st],158000002,$20.00', '4100000005,NFL $20 Millionaire Maker [$1M to 1st],158000002,$20.00',
      '4100000006,NFL $1 Flea Flicker,158000003,$1.00', '4100000007,NFL $1 Flea Flicker,158000003,$1.00',
    ]);
    const swappedOut = join(work, 'DKEntries-swapped.csv');
    const swap = await run([...DK, '--players', slate('dk-nfl-classic-live.csv'), '--entries', filledOut, '--out', swappedOut, '--now', '2023-09-10T15:00:00-04:00']);
    expect(swap.code, swap.errLines.join('\n')).toBe(0);
    expect(swap.errLines.filter((l) => l.startsWith('entry '))).toHaveLength(7);
    const swapped = readFileSync(swappedOut, 'utf8').trimEnd().split('\r\n');
    expect(swapped.map((l) => l.split(',').slice(0, 4).join(','))).toEqual(filled.map((l) => l.split(',').slice(0, 4).join(',')));
  });

  it('--now on a mid-slate list: the report names the out players and counts the started ones; no lineup holds them', async () => {
    const out = join(work, 'midslate.csv');
    const file = slate('dk-nfl-midslate-2026.csv');
    const { code, errLines } = await run([...DK, '--players', file, '--out', out, '--n', '4', '--rand', 'none', '--now', '2026-11-29T16:15:00-05:00']);
    expect(code, errLines.join('\n')).toBe(0);
    expect(errLines).toContain('warning: 2 players excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: '
      + 'Caleb Rhodes (IR), Yusuf Hargrove (O). Set a Max Exp to include them.');
    expect(errLines).toContain('warning: 48 players left out: their games have started (In Progress, Final, LOCKED or past the start time), '
      + 'and the site does not let a started player be added.');
    expect(errLines.some((l) => /^warning: .*dk-nfl-midslate-2026.csv: 1 player has no points in the file/.test(l))).toBe(true);
    // Teams whose games have started, read from the file here: Final, In Progress, and KC@DEN at 4:05 pm.
    const rows = readFileSync(file, 'utf8').trim().split(/\r?\n/).slice(1).map((l) => l.split(','));
    const leftOut = new Set(rows.filter((r) => ['MIA', 'NE', 'DAL', 'NYG', 'KC', 'DEN'].includes(r[7]!) || r[9] === 'OUT' || r[9] === 'IR').map((r) => r[3]));
    const lineups = readFileSync(out, 'utf8').trimEnd().split('\n').slice(1);
    expect(lineups).toHaveLength(4);
    for (const line of lineups) for (const id of line.split(',')) expect(leftOut.has(id), id).toBe(false);
  });

  it('late swap with a salary file of another slate exits 2 and writes nothing', async () => {
    const filledOut = join(work, 'DKEntries-filled-2.csv');
    expect((await run([...DK, '--entries', slate('DKEntries-nfl-classic.csv'), '--out', filledOut, '--rand', 'none'])).code).toBe(0);
    const out = join(work, 'other-slate.csv');
    const { code, errLines } = await run([...DK, '--players', fixture('dk-nfl-classic.csv'), '--entries', filledOut, '--out', out]);
    expect(code).toBe(2);
    expect(errLines.at(-1)).toMatch(/the entries are of another slate/);
    expect(existsSync(out)).toBe(false);
  });
});
