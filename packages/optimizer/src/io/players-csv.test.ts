import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRoster } from '@stacksmith/domain';
import { inputError } from '../../test-support/input-error.js';
import { detectPlayersCsvFormat, dkTimeToIso, parseCsvNumber, parseGameInfo } from './players-csv.js';
import { parsePlayersCsv, readPlayersCsv } from './slate-file.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const dkClassic = getRoster('nfl', 'dk', 'classic');
const dkShowdown = getRoster('nfl', 'dk', 'showdown');
const fdClassic = getRoster('nfl', 'fd', 'classic');
const yaClassic = getRoster('nfl', 'ya', 'classic');

const DK_HEADER = 'Position,Name + ID,Name,ID,Roster Position,Salary,Game Info,TeamAbbrev,AvgPointsPerGame';
const PROJ_HEADER = 'Id,Name,Position,TeamAbbrev,Opp,Salary,ProjPts';


describe('format detection', () => {
  it.each([
    ['dk-nfl-classic.csv', dkClassic, 'dk-salaries'],
    ['dk-nfl-showdown.csv', dkShowdown, 'dk-salaries'],
    ['fd-nfl-classic.csv', fdClassic, 'fd-players'],
    ['ya-nfl-classic.csv', yaClassic, 'ya-players'],
    ['projections-nfl-dk.csv', dkClassic, 'projections'],
  ] as const)('reads %s as %s', (file, roster, format) => {
    expect(readPlayersCsv(fixture(file), file, roster).format).toBe(format);
  });

  it('tells formats from header rows alone', () => {
    expect(detectPlayersCsvFormat(DK_HEADER.split(','))).toBe('dk-salaries');
    expect(detectPlayersCsvFormat(['Id', 'Position', 'First Name', 'Nickname', 'Last Name', 'FPPG', 'Salary'])).toBe('fd-players');
    expect(detectPlayersCsvFormat(['ID', 'First Name', 'Last Name', 'Position', 'Team', 'Salary', 'FPPG', 'Starting'])).toBe('ya-players');
    expect(detectPlayersCsvFormat(PROJ_HEADER.split(','))).toBe('projections');
    expect(detectPlayersCsvFormat(['ID', 'Name', 'Position', 'TeamAbbrev', 'Salary'])).toBe('projections');
    expect(detectPlayersCsvFormat(['Player', 'Team', 'Points'])).toBeNull();
  });
});

describe('DraftKings salary file', () => {
  const players = parsePlayersCsv(fixture('dk-nfl-classic.csv'), 'DKSalaries.csv', dkClassic);

  it('reads every row', () => {
    expect(players).toHaveLength(32);
    expect(new Set(players.map((p) => p.Id)).size).toBe(32);
    expect(players.filter((p) => p.Position === 'DST')).toHaveLength(4);
  });

  it('takes ProjPts from AvgPointsPerGame and derives Opp and GameStart from Game Info', () => {
    expect(players.find((p) => p.Name === "Ja'Marr Chase")).toEqual({
      Id: '30371203', Name: "Ja'Marr Chase", Position: 'WR', TeamAbbrev: 'CIN', Opp: 'CLE', Salary: 8100, ProjPts: 18.74,
      GameStart: '2023-09-10T13:00:00-04:00',
    });
    // Home team: the opponent is the away team.
    expect(players.find((p) => p.Name === 'Colts')).toMatchObject({ Position: 'DST', TeamAbbrev: 'IND', Opp: 'JAX', Salary: 2800, ProjPts: 5.4 });
  });

  it('leaves RosterPosition unset in classic', () => {
    expect(players.every((p) => p.RosterPosition === undefined)).toBe(true);
  });

  it('keeps both showdown rows of a player, CPT and FLEX', () => {
    const showdown = parsePlayersCsv(fixture('dk-nfl-showdown.csv'), 'DKSalaries.csv', dkShowdown);
    expect(showdown).toHaveLength(26);
    expect(showdown.filter((p) => p.RosterPosition === 'CPT')).toHaveLength(13);
    expect(showdown.filter((p) => p.RosterPosition === 'FLEX')).toHaveLength(13);
    const mahomes = showdown.filter((p) => p.Name === 'Patrick Mahomes');
    expect(mahomes).toEqual([
      {
        Id: '30385100', Name: 'Patrick Mahomes', Position: 'QB', TeamAbbrev: 'KC', Opp: 'DET', Salary: 17100, ProjPts: 24.9,
        GameStart: '2023-09-07T20:20:00-04:00', RosterPosition: 'CPT',
      },
      {
        Id: '30385101', Name: 'Patrick Mahomes', Position: 'QB', TeamAbbrev: 'KC', Opp: 'DET', Salary: 11400, ProjPts: 24.9,
        GameStart: '2023-09-07T20:20:00-04:00', RosterPosition: 'FLEX',
      },
    ]);
    expect(showdown.find((p) => p.Name === 'Harrison Butker')!.Position).toBe('K');
  });

  it('uses EST for a winter game and reads 12 AM/PM right', () => {
    const text = [
      DK_HEADER,
      'QB,Josh Allen (1),Josh Allen,1,QB,8200,BUF@KC 01/21/2024 06:30PM ET,BUF,24.1',
      'QB,Patrick Mahomes (2),Patrick Mahomes,2,QB,7900,BUF@KC 12/25/2023 12:00PM ET,KC,21.3',
      'QB,Joe Burrow (3),Joe Burrow,3,QB,7000,CIN@LAR 09/26/2023 12:15AM ET,CIN,20.0',
    ].join('\n');
    expect(parsePlayersCsv(text, 'DKSalaries.csv', dkClassic).map((p) => [p.Opp, p.GameStart])).toEqual([
      ['KC', '2024-01-21T18:30:00-05:00'],
      ['BUF', '2023-12-25T12:00:00-05:00'],
      ['LAR', '2023-09-26T00:15:00-04:00'],
    ]);
  });

  it('accepts a byte order mark and Windows line ends', () => {
    const text = `\uFEFF${DK_HEADER}\r\nQB,Josh Allen (1),Josh Allen,1,QB,8200,BUF@KC 01/21/2024 06:30PM ET,BUF,24.1\r\n`;
    expect(readPlayersCsv(text, 'DKSalaries.csv', dkClassic)).toMatchObject({ format: 'dk-salaries', players: [{ Id: '1', Opp: 'KC' }] });
  });

  it('parses Game Info and DraftKings times', () => {
    expect(parseGameInfo('DET@KC 09/07/2023 08:20PM ET')).toEqual({ away: 'DET', home: 'KC', start: '2023-09-07T20:20:00-04:00' });
    expect(parseGameInfo('DET@KC')).toEqual({ away: 'DET', home: 'KC' });
    expect(parseGameInfo('DET@KC 13/07/2023 08:20PM ET')).toBeNull();
    expect(parseGameInfo('Thursday night')).toBeNull();
    expect(dkTimeToIso('11/05/2023 01:00PM ET')).toBe('2023-11-05T13:00:00-05:00');
  });
});

describe('FanDuel and Yahoo player lists', () => {
  it('reads a FanDuel list: Nickname as the name, FPPG as ProjPts, D as DST', () => {
    const players = parsePlayersCsv(fixture('fd-nfl-classic.csv'), 'FanDuel-NFL.csv', fdClassic);
    expect(players).toHaveLength(16);
    expect(players[0]).toEqual({
      Id: '91956-55060', Name: "Ja'Marr Chase", Position: 'WR', TeamAbbrev: 'CIN', Opp: 'CLE', Salary: 8800, ProjPts: 17.766666,
    });
    expect(players.find((p) => p.Id === '91956-12535')).toMatchObject({ Name: 'Cincinnati Bengals', Position: 'DST', Opp: 'CLE' });
  });

  it('reads a Yahoo list: first and last name, DEF as DST', () => {
    const players = parsePlayersCsv(fixture('ya-nfl-classic.csv'), 'Yahoo-NFL.csv', yaClassic);
    expect(players).toHaveLength(16);
    expect(players[2]).toEqual({ Id: 'nfl.p.32671', Name: 'Joe Burrow', Position: 'QB', TeamAbbrev: 'CIN', Opp: 'CLE', Salary: 35, ProjPts: 21.6, Status: 'questionable' });
    expect(players.find((p) => p.Id === 'nfl.t.4')).toMatchObject({ Name: 'Cincinnati Bengals', Position: 'DST', Salary: 12 });
  });
});

describe('projection CSV', () => {
  it('reads the spec fields and the optional ones', () => {
    const players = parsePlayersCsv(fixture('projections-nfl-dk.csv'), 'projections.csv', dkClassic);
    expect(players).toHaveLength(11);
    expect(players[0]).toEqual({
      Id: '30371203', Name: "Ja'Marr Chase", Position: 'WR', TeamAbbrev: 'CIN', Opp: 'CLE', Salary: 8100, ProjPts: 19.2,
      ProjOwn: 28.5, Ceiling: 34.1, MaxExp: 60, GameStart: '2023-09-10T13:00:00-04:00',
    });
    expect(players[2]!.MinExp).toBe(10);
  });

  it('accepts ID for Id, $ and thousands commas, and a DraftKings-style GameStart', () => {
    const text = 'ID,Name,Position,TeamAbbrev,Opp,Salary,ProjPts,GameStart\n7,Josh Allen,QB,BUF,KC,"$8,200",24.1,01/21/2024 06:30PM ET\n';
    expect(parsePlayersCsv(text, 'p.csv', dkClassic)).toEqual([
      { Id: '7', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Opp: 'KC', Salary: 8200, ProjPts: 24.1, GameStart: '2024-01-21T18:30:00-05:00' },
    ]);
  });

  it('gives a showdown player listed as CPT and FLEX under one Id the Ids Id|CPT and Id|FLEX', () => {
    const text = [
      `${PROJ_HEADER},RosterPosition`,
      '7,Josh Allen,QB,BUF,KC,12300,36.2,CPT',
      '7,Josh Allen,QB,BUF,KC,8200,24.1,FLEX',
      '8,Stefon Diggs,WR,BUF,KC,7000,18,',
    ].join('\n');
    expect(parsePlayersCsv(text, 'p.csv', dkShowdown).map((p) => [p.Id, p.RosterPosition, p.Salary])).toEqual([
      ['7|CPT', 'CPT', 12300], ['7|FLEX', 'FLEX', 8200], ['8', undefined, 7000],
    ]);
  });

  it('writes the site captain label for other sites', () => {
    const text = `${PROJ_HEADER},RosterPosition\n7,Josh Allen,QB,BUF,KC,12300,36.2,MVP - 1.5X Points\n8,Stefon Diggs,WR,BUF,KC,7000,18,AnyFLEX\n`;
    expect(parsePlayersCsv(text, 'p.csv', getRoster('nfl', 'fd', 'showdown')).map((p) => p.RosterPosition)).toEqual(['MVP', 'FLEX']);
  });
});

describe('errors name the file, line and column', () => {
  it('a cell that is not a number', () => {
    expect(inputError(() => parsePlayersCsv(fixture('dk-nfl-classic-bad-salary.csv'), 'players.csv', dkClassic)))
      .toBe('players.csv line 14, column Salary: "12k" is not a number');
  });

  it('a missing required column', () => {
    expect(inputError(() => parsePlayersCsv(fixture('projections-missing-projpts.csv'), 'players.csv', dkClassic)))
      .toBe('players.csv: missing column ProjPts (found: Id, Name, Position, TeamAbbrev, Opp, Salary, ProjOwn)');
    expect(inputError(() => parsePlayersCsv('Id,Name,Position,Salary\n1,A,QB,5000\n', 'players.csv', dkClassic)))
      .toBe('players.csv: missing columns TeamAbbrev, Opp, ProjPts (found: Id, Name, Position, Salary)');
  });

  it('an empty file', () => {
    expect(inputError(() => parsePlayersCsv(fixture('empty.csv'), 'players.csv', dkClassic))).toBe('players.csv: the file is empty');
    expect(inputError(() => parsePlayersCsv('', 'players.csv', dkClassic))).toBe('players.csv: the file is empty');
    expect(inputError(() => parsePlayersCsv(`${DK_HEADER}\n\n`, 'players.csv', dkClassic))).toBe('players.csv: no player rows below the header');
  });

  it('an unknown format lists the formats accepted', () => {
    const message = inputError(() => parsePlayersCsv(fixture('unknown-format.csv'), 'players.csv', dkClassic));
    expect(message).toMatch(/^players\.csv: unknown format: the header row \(Player, Team, Points\) is none of the accepted formats\. Accepted: /);
    for (const name of ['DraftKings salary file (DKSalaries.csv)', 'FanDuel player list', 'Yahoo player list', 'projection CSV: Id, Name, Position, TeamAbbrev, Opp, Salary, ProjPts']) {
      expect(message).toContain(name);
    }
  });

  it('a position the roster does not have', () => {
    expect(inputError(() => parsePlayersCsv(fixture('dk-nfl-classic-bad-position.csv'), 'players.csv', dkClassic)))
      .toBe('players.csv line 5, column Position: "LB" is not a position of nfl/dk/classic (QB, RB, WR, TE, DST)');
    // K is a showdown position, not a classic one.
    expect(inputError(() => parsePlayersCsv(`${PROJ_HEADER}\n1,Harrison Butker,K,KC,DET,4400,9\n`, 'players.csv', dkClassic)))
      .toBe('players.csv line 2, column Position: "K" is not a position of nfl/dk/classic (QB, RB, WR, TE, DST)');
  });

  it('a duplicate Id names both lines', () => {
    expect(inputError(() => parsePlayersCsv(fixture('dk-nfl-classic-duplicate-id.csv'), 'players.csv', dkClassic)))
      .toBe('players.csv line 7, column ID: duplicate Id "30371210" (first on line 3)');
  });

  it('counts blank lines and multi-line quoted cells in line numbers', () => {
    const text = `${PROJ_HEADER}\n\n1,"Josh\nAllen",QB,BUF,KC,8200,24.1\n2,Stefon Diggs,WR,BUF,KC,7000,lots\n`;
    expect(inputError(() => parsePlayersCsv(text, 'players.csv', dkClassic))).toBe('players.csv line 5, column ProjPts: "lots" is not a number');
  });

  it('an empty required cell, a negative salary, an exposure out of range', () => {
    expect(inputError(() => parsePlayersCsv(`${PROJ_HEADER}\n1,Josh Allen,QB,BUF,KC,,24.1\n`, 'players.csv', dkClassic)))
      .toBe('players.csv line 2, column Salary: the cell is empty');
    expect(inputError(() => parsePlayersCsv(`${PROJ_HEADER}\n1,Josh Allen,QB,BUF,KC,-100,24.1\n`, 'players.csv', dkClassic)))
      .toBe('players.csv line 2, column Salary: "-100" is negative');
    expect(inputError(() => parsePlayersCsv(`${PROJ_HEADER},MaxExp\n1,Josh Allen,QB,BUF,KC,8200,24.1,150\n`, 'players.csv', dkClassic)))
      .toBe('players.csv line 2, column MaxExp: "150" is not between 0 and 100');
    expect(inputError(() => parsePlayersCsv(`${PROJ_HEADER}\n1,Josh Allen,QB,,KC,8200,24.1\n`, 'players.csv', dkClassic)))
      .toBe('players.csv line 2, column TeamAbbrev: the cell is empty');
  });

  it('a bad Game Info or a team not in its game', () => {
    expect(inputError(() => parsePlayersCsv(`${DK_HEADER}\nQB,A (1),A,1,QB,8200,BUF-KC tonight,BUF,24.1\n`, 'DKSalaries.csv', dkClassic)))
      .toBe('DKSalaries.csv line 2, column Game Info: "BUF-KC tonight" is not a game like "DET@KC 09/07/2023 08:20PM ET"');
    expect(inputError(() => parsePlayersCsv(`${DK_HEADER}\nQB,A (1),A,1,QB,8200,BUF@KC 02/30/2024 06:30PM ET,BUF,24.1\n`, 'DKSalaries.csv', dkClassic)))
      .toBe('DKSalaries.csv line 2, column Game Info: "BUF@KC 02/30/2024 06:30PM ET" is not a game like "DET@KC 09/07/2023 08:20PM ET"');
    expect(inputError(() => parsePlayersCsv(`${DK_HEADER}\nQB,A (1),A,1,QB,8200,BUF@KC 01/21/2024 06:30PM ET,MIA,24.1\n`, 'DKSalaries.csv', dkClassic)))
      .toBe('DKSalaries.csv line 2, column TeamAbbrev: "MIA" does not play in the game BUF@KC');
  });

  it('a bad GameStart', () => {
    expect(inputError(() => parsePlayersCsv(`${PROJ_HEADER},GameStart\n1,Josh Allen,QB,BUF,KC,8200,24.1,tomorrow\n`, 'players.csv', dkClassic)))
      .toBe('players.csv line 2, column GameStart: "tomorrow" is not a date-time like 2023-09-07T20:20:00-04:00');
  });

  it('a showdown file for a classic contest and the other way round', () => {
    expect(inputError(() => parsePlayersCsv(fixture('dk-nfl-showdown.csv'), 'DKSalaries.csv', dkClassic)))
      .toBe('DKSalaries.csv line 2, column Roster Position: "CPT" is a showdown roster position but the contest is nfl/dk/classic');
    expect(inputError(() => parsePlayersCsv(fixture('dk-nfl-classic.csv'), 'DKSalaries.csv', dkShowdown)))
      .toBe('DKSalaries.csv line 2, column Roster Position: "WR/FLEX" is not a showdown roster position of nfl/dk/showdown (CPT or FLEX)');
  });

  it('an unterminated quoted cell', () => {
    expect(inputError(() => parsePlayersCsv(`${PROJ_HEADER}\n1,"Josh Allen,QB,BUF,KC,8200,24.1\n`, 'players.csv', dkClassic)))
      .toBe('players.csv line 2: Quoted field unterminated');
  });
});

describe('parseCsvNumber', () => {
  it.each([
    ['5600', 5600], ['$5,600', 5600], ['12.5%', 12.5], ['-0.4', -0.4], ['.5', 0.5], [' 7 ', 7], ['1e3', 1000],
    ['12k', null], ['', null], ['5,60', null], ['NaN', null], ['1.2.3', null],
  ])('%j → %j', (raw, value) => {
    expect(parseCsvNumber(raw)).toBe(value);
  });
});
