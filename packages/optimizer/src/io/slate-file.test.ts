// Every real layout, read from sample files written for these tests in the sites' public
// layouts (awkward rows included), then built into valid lineups written in the site's
// upload format. Statuses, started games, site mismatches and entries files.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  excludedByStatusWarning, getRoster, renderMessage, isExcludedByStatus, playerStatusBadge, resolveSettings, type RosterSpec,
} from '@stacksmith/domain';
import { collect, lineupProblems, NO_RANDOM } from '../../test-support/lineup-checks.js';
import { inputError } from '../../test-support/input-error.js';
import { fillEntries } from './entries-fill.js';
import { lineupsToUploadCsv } from './lineups-csv.js';
import { candidateRosters, detectSlateFile, entryCellId, readSlateFile, writeEntriesCsv, type SlateFileLayout } from './slate-file.js';

const sample = (name: string) => readFileSync(new URL(`./fixtures/slates/${name}`, import.meta.url), 'utf8');


const LAYOUTS: [string, RosterSpec, SlateFileLayout, number][] = [
  ['dk-nfl-classic-live.csv', getRoster('nfl', 'dk', 'classic'), 'dk-salaries', 64],
  ['DKEntries-nfl-classic.csv', getRoster('nfl', 'dk', 'classic'), 'dk-entries', 64],
  ['dk-nfl-lineup-template.csv', getRoster('nfl', 'dk', 'classic'), 'dk-entries', 64],
  ['dk-mlb-classic.csv', getRoster('mlb', 'dk', 'classic'), 'dk-salaries', 72],
  ['dk-pga-classic.csv', getRoster('pga', 'dk', 'classic'), 'dk-salaries', 20],
  ['dk-mma-classic.csv', getRoster('mma', 'dk', 'classic'), 'dk-salaries', 12],
  ['dk-nba-showdown.csv', getRoster('nba', 'dk', 'showdown'), 'dk-salaries', 28],
  ['fd-nba-classic.csv', getRoster('nba', 'fd', 'classic'), 'fd-players', 32],
  ['fd-nfl-classic-old.csv', getRoster('nfl', 'fd', 'classic'), 'fd-players', 30],
  ['fd-nfl-upload-template.csv', getRoster('nfl', 'fd', 'classic'), 'fd-entries', 30],
  ['fd-nfl-entries.csv', getRoster('nfl', 'fd', 'classic'), 'fd-entries', 30],
  ['ya-nfl-classic-status.csv', getRoster('nfl', 'ya', 'classic'), 'ya-players', 30],
];

describe('every layout', () => {
  it.each(LAYOUTS)('%s: read, then built into valid lineups in the upload format', async (file, roster, layout, count) => {
    const text = sample(file);
    expect(detectSlateFile(text, file).layout).toBe(layout);
    const read = readSlateFile(text, file, roster);
    expect(read.layout).toBe(layout);
    expect(read.site).toBe(roster.site);
    expect(read.players).toHaveLength(count);
    expect(read.seasonAverages).toBe(true);
    const settings = { numLUs: 5, ...NO_RANDOM };
    const { lineups } = await collect({ sport: roster.sport, site: roster.site, contestType: roster.contestType, players: read.players, settings, seed: 3 });
    expect(lineups).toHaveLength(5);
    const resolved = resolveSettings(roster.sport, roster.site, roster.contestType, settings);
    for (const lineup of lineups) {
      expect(lineupProblems(roster, lineup, { minSal: resolved.minSal, maxSal: resolved.maxSal, pool: read.players })).toEqual([]);
      // No player excluded by status gets in.
      expect(lineup.slots.filter((s) => isExcludedByStatus(s.player))).toEqual([]);
    }
    const upload = Papa.parse<string[]>(lineupsToUploadCsv(lineups, roster).trim()).data;
    expect(upload[0]).toEqual([...roster.uploadHeader]);
    const siteIds = new Set(read.players.map((p) => p.Id.split('|')[0]));
    for (const row of upload.slice(1)) {
      expect(row).toHaveLength(roster.slots.length);
      for (const id of row) expect(siteIds.has(id), id).toBe(true);
    }
  });
});

describe('DraftKings salary files', () => {
  it('mlb: SP and RP play P', () => {
    const players = readSlateFile(sample('dk-mlb-classic.csv'), 'DKSalaries.csv', getRoster('mlb', 'dk', 'classic')).players;
    expect(players.filter((p) => p.Position === 'P')).toHaveLength(18);
    expect(players.find((p) => p.Position === '1B/OF')).toBeDefined();
  });

  it('golf: the tournament name in Game Info, with or without its start', () => {
    const players = readSlateFile(sample('dk-pga-classic.csv'), 'DKSalaries.csv', getRoster('pga', 'dk', 'classic')).players;
    expect(players[0]).toMatchObject({ Name: 'Scottie Scheffler', GameStart: '2023-06-22T07:00:00-04:00' });
    expect(players[4]!.GameStart).toBeUndefined();
    expect(players.every((p) => p.Opp === undefined)).toBe(true);
  });

  it('mma: fighters with multi-word names face each other', () => {
    const players = readSlateFile(sample('dk-mma-classic.csv'), 'DKSalaries.csv', getRoster('mma', 'dk', 'classic')).players;
    expect(players.find((p) => p.Name === 'Dakota Steele')).toMatchObject({ Opp: 'Mar Fan', GameStart: '2026-04-02T20:00:00-04:00' });
    // Game Info writes surnames; Opp is the other fighter's full name, as the one-side-of-a-bout rule compares.
    expect(players.find((p) => p.Name === 'Mar Fan')).toMatchObject({ Opp: 'Dakota Steele' });
    expect(players.find((p) => p.Name === 'Jack Della Maddalena')).toMatchObject({ Opp: 'Yair Rodriguez' });
  });

  it('a live file: - rows read without a game and excluded, started games lock, postponed ones exclude', () => {
    const players = readSlateFile(sample('dk-nfl-classic-live.csv'), 'DKSalaries.csv', getRoster('nfl', 'dk', 'classic')).players;
    const braxton = players.find((p) => p.Name === 'Braxton Berrios')!;
    expect(braxton).toMatchObject({ GameState: 'no-game', MaxExp: 0 }); // cannot score: excluded by default
    expect(braxton.Opp).toBeUndefined();
    expect(braxton.GameStart).toBeUndefined();
    expect(excludedByStatusWarning(players)?.params).toMatchObject({ players: expect.arrayContaining(['Braxton Berrios (NO GAME)']) });
    expect(players.find((p) => p.Name === 'Josh Allen')!.GameState).toBe('final');
    expect(players.find((p) => p.Name === 'Travis Kelce')!.GameState).toBe('in-progress');
    expect(players.find((p) => p.Name === 'Brock Purdy')!.GameState).toBeUndefined();
    const mlb = readSlateFile(sample('dk-mlb-classic.csv'), 'DKSalaries.csv', getRoster('mlb', 'dk', 'classic')).players;
    const postponed = mlb.filter((p) => p.GameState === 'postponed');
    expect(postponed).toHaveLength(24);
    expect(postponed.every((p) => p.MaxExp === 0)).toBe(true);
  });

  it('nba showdown: CPT rows carry 1.5× salary and the player\'s own points', () => {
    const players = readSlateFile(sample('dk-nba-showdown.csv'), 'DKSalaries.csv', getRoster('nba', 'dk', 'showdown')).players;
    expect(players.find((p) => p.Id === '33000009|CPT')).toMatchObject({ Name: 'Joel Embiid', Salary: 18000, ProjPts: 58.3 });
    expect(players.find((p) => p.Id === '33000009|FLEX')).toMatchObject({ Salary: 12000, ProjPts: 58.3 });
  });
});

describe('player status', () => {
  const fd = readSlateFile(sample('fd-nba-classic.csv'), 'FanDuel.csv', getRoster('nba', 'fd', 'classic')).players;

  it('out, IR, not active and suspended get MaxExp 0; questionable and day-to-day keep playing', () => {
    const byName = (name: string) => fd.find((p) => p.Name === name)!;
    expect(byName('Andrew Wiggins')).toMatchObject({ Status: 'out', MaxExp: 0 });
    expect(byName('Jaxson Hayes')).toMatchObject({ Status: 'injured-reserve', MaxExp: 0 });
    expect(byName('Reggie Jackson')).toMatchObject({ Status: 'not-active', MaxExp: 0 });
    expect(byName('Ja Morant')).toMatchObject({ Status: 'suspended', MaxExp: 0 });
    expect(byName('Chris Paul')).toMatchObject({ Status: 'questionable' });
    expect(byName('Chris Paul').MaxExp).toBeUndefined();
    expect(byName('LeBron James').Status).toBe('day-to-day');
    expect(playerStatusBadge(byName('Chris Paul'))).toMatchObject({ label: 'Q', excluded: false });
    expect(playerStatusBadge(byName('Ja Morant'))).toMatchObject({ label: 'SUSP', excluded: true });
  });

  it('a blank FPPG reads as 0', () => {
    expect(fd.find((p) => p.Name === 'Moses Moody')!.ProjPts).toBe(0);
  });

  it('one warning names the excluded players; a player brought back is not named', () => {
    expect(renderMessage(excludedByStatusWarning(fd)!)).toBe(
      '4 players excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: '
      + 'Andrew Wiggins (O), Jaxson Hayes (IR), Reggie Jackson (NA), Ja Morant (SUSP). Set a Max Exp to include them.',
    );
    const back = fd.map((p) => (p.Name === 'Andrew Wiggins' ? { ...p, MaxExp: 50 } : p));
    expect(excludedByStatusWarning(back)?.params).toEqual({ players: ['Jaxson Hayes (IR)', 'Reggie Jackson (NA)', 'Ja Morant (SUSP)'] });
  });

  it('the user overrides the default: an excluded player with MaxExp set back can be built', async () => {
    const roster = getRoster('nba', 'fd', 'classic');
    const back = fd.map((p) => (p.Name === 'Ja Morant' ? { ...p, MinExp: 100, MaxExp: 100 } : p));
    const { lineups } = await collect({ sport: 'nba', site: 'fd', contestType: 'classic', players: back, settings: { numLUs: 2, ...NO_RANDOM } });
    expect(lineups.every((l) => l.slots.some((s) => s.player.Name === 'Ja Morant'))).toBe(true);
    expect(roster.site).toBe('fd');
  });

  it('Yahoo Injury Status', () => {
    const ya = readSlateFile(sample('ya-nfl-classic-status.csv'), 'Yahoo.csv', getRoster('nfl', 'ya', 'classic')).players;
    expect(ya.find((p) => p.Name === 'Jared Goff')).toMatchObject({ Status: 'suspended', MaxExp: 0 });
    expect(ya.find((p) => p.Name === 'Breece Hall')).toMatchObject({ Status: 'questionable' });
  });
});

describe('site detection', () => {
  it('a file of another site is an error naming both sites, never a conversion', () => {
    expect(inputError(() => readSlateFile(sample('fd-nfl-classic-old.csv'), 'FanDuel-NFL.csv', getRoster('nfl', 'dk', 'classic'))))
      .toBe('FanDuel-NFL.csv is a FanDuel player list, a FanDuel file, but the contest is on DraftKings: choose FanDuel or use the DraftKings file.');
    expect(inputError(() => readSlateFile(sample('DKEntries-nfl-classic.csv'), 'DKEntries.csv', getRoster('nfl', 'fd', 'classic'))))
      .toMatch(/^DKEntries\.csv is a DraftKings entries file .*, a DraftKings file, but the contest is on FanDuel/);
    expect(inputError(() => readSlateFile(sample('ya-nfl-classic-status.csv'), 'ya.csv', getRoster('nfl', 'fd', 'classic'))))
      .toContain('a Yahoo file, but the contest is on FanDuel');
  });

  it('an entries file of another contest type names the columns', () => {
    expect(inputError(() => readSlateFile(sample('DKEntries-nfl-classic.csv'), 'DKEntries.csv', getRoster('nba', 'dk', 'classic'))))
      .toMatch(/DKEntries\.csv/);
  });
});

describe('entries files', () => {
  const roster = getRoster('nfl', 'dk', 'classic');

  it('DKEntries: every entry with its contest, the player list from the right', () => {
    const file = readSlateFile(sample('DKEntries-nfl-classic.csv'), 'DKEntries.csv', roster);
    expect(file.entryColumns).toEqual(['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee']);
    expect(file.lineupColumns).toEqual([...roster.uploadHeader]);
    expect(file.entries.map((e) => e.contestId)).toEqual(['158000001', '158000001', '158000001', '158000002', '158000002', '158000003', '158000003']);
    expect(file.entries[3]).toMatchObject({ entryId: '4100000004', contestName: 'NFL $20 Millionaire Maker [$1M to 1st]', entryFee: '$20.00' });
    expect(file.entries.every((e) => e.players.every((id) => id === ''))).toBe(true);
  });

  it('FanDuel entries: its own column names and order, kept on the way out', () => {
    const file = readSlateFile(sample('fd-nfl-entries.csv'), 'fd-entries.csv', getRoster('nfl', 'fd', 'classic'));
    expect(file.entryColumns).toEqual(['entry_id', 'contest_id', 'contest_name', 'entry_fee']);
    expect(file.entries[2]).toMatchObject({ entryId: '3301003', contestId: '88002-1', contestName: '$1 NFL Sun Quarterback Sneak', entryFee: '1' });
    const csv = writeEntriesCsv(file, file.entries.map((entry) => ({ entry, players: entry.players })));
    expect(csv.split('\n')[0]).toBe('entry_id,contest_id,contest_name,entry_fee,QB,RB,RB,WR,WR,WR,TE,FLEX,DEF');
    expect(csv.split('\n')[1]).toBe('3301001,88001-1,$3 NFL Sun Thunderdome,3,,,,,,,,,');
  });

  it('reads the cells DraftKings and FanDuel write', () => {
    expect(entryCellId('Josh Allen (30400001)')).toEqual({ id: '30400001', locked: false });
    expect(entryCellId('Josh Allen (30400001) (LOCKED)')).toEqual({ id: '30400001', locked: true });
    expect(entryCellId('91990-60000:Josh Allen')).toEqual({ id: '91990-60000', locked: false });
    expect(entryCellId('30400001')).toEqual({ id: '30400001', locked: false });
    expect(entryCellId('')).toEqual({ id: '', locked: false });
  });
});

describe('the rosters a file fits', () => {
  const keys = (file: string) => candidateRosters(sample(file), file).map((r) => `${r.sport}/${r.site}/${r.contestType}`);
  it('tells the sport and contest of an upload from the file', () => {
    expect(keys('dk-nba-showdown.csv')).toEqual(['nba/dk/showdown']);
    expect(keys('dk-mlb-classic.csv')).toEqual(['mlb/dk/classic']);
    expect(keys('DKEntries-nfl-classic.csv')).toEqual(['nfl/dk/classic']);
    expect(keys('fd-nba-classic.csv')).toEqual(['nba/fd/classic']);
    expect(keys('ya-nfl-classic-status.csv')).toEqual(['nfl/ya/classic', 'nfl/ya/showdown']);
  });
});

describe('a showdown entries file', () => {
  it('nba CPT + 5 UTIL: filled with site Ids (no CPT suffix), captain first', async () => {
    const roster = getRoster('nba', 'dk', 'showdown');
    const list = sample('dk-nba-showdown.csv').trim().split(/\r?\n/);
    const left = ['Entry ID,Contest Name,Contest ID,Entry Fee,CPT,UTIL,UTIL,UTIL,UTIL,UTIL,,Instructions',
      '4200000001,NBA Showdown $3 NYK vs PHI,160000001,$3.00,,,,,,,,1. Locate the player you want to select in the list below ',
      '4200000002,NBA Showdown $3 NYK vs PHI,160000001,$3.00,,,,,,,,'];
    const rows = Array.from({ length: 7 + list.length }, (_, r) => {
      const entry = left[r] ?? ',,,,,,,,,,,';
      return r >= 7 ? `${entry},${list[r - 7]}` : entry;
    });
    const file = readSlateFile(rows.join('\r\n'), 'DKEntries-showdown.csv', roster);
    expect(file.players).toHaveLength(28);
    expect(file.entries).toHaveLength(2);
    const { lineups } = await collect({ sport: 'nba', site: 'dk', contestType: 'showdown', players: file.players, settings: { numLUs: 2, ...NO_RANDOM } });
    const filled = fillEntries(file.entries, lineups, roster);
    const csv = writeEntriesCsv(file, filled.entries).trim().split('\n');
    expect(csv[0]).toBe('Entry ID,Contest Name,Contest ID,Entry Fee,CPT,UTIL,UTIL,UTIL,UTIL,UTIL');
    for (const [i, line] of csv.slice(1).entries()) {
      const ids = line.split(',').slice(4);
      expect(ids).toHaveLength(6);
      expect(ids.every((id) => /^330000\d\d$/.test(id))).toBe(true);
      expect(ids[0]).toBe(lineups[i]!.slots[0]!.player.Id.split('|')[0]);
      expect(lineups[i]!.slots[0]!.player.RosterPosition).toBe('CPT');
    }
  });
});

