// Projection CSVs from other sources matched to a slate by name + team + position: a report
// with each kind (matched, ambiguous, unmatched), suffixes, punctuation, accents, nicknames
// and defences as the sources write them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRoster, renderMessage, sameTeam } from '@stacksmith/domain';
import { InputError } from '../types.js';
import { defenceTeam, matchProjections, MAX_AMBIGUOUS_CANDIDATES, normalizePlayerName, readProjectionRows } from './projection-match.js';
import { readSlateFile } from './slate-file.js';

const sample = (name: string) => readFileSync(new URL(`./fixtures/slates/${name}`, import.meta.url), 'utf8');
const slate = readSlateFile(sample('dk-nfl-classic-live.csv'), 'DKSalaries.csv', getRoster('nfl', 'dk', 'classic')).players;

describe('names', () => {
  it('compares names without accents, punctuation, suffixes or nicknames', () => {
    expect(normalizePlayerName('Amon-Ra St. Brown')).toBe(normalizePlayerName('Amon Ra St Brown'));
    expect(normalizePlayerName('Patrick Mahomes II')).toBe('patrick mahomes');
    expect(normalizePlayerName('Calvin Austin III')).toBe(normalizePlayerName('Calvin Austin'));
    expect(normalizePlayerName('Kelly Oubre Jr.')).toBe('kelly oubre');
    expect(normalizePlayerName('Nikola Jokić')).toBe('nikola jokic');
    expect(normalizePlayerName('Gabe Davis')).toBe(normalizePlayerName('Gabriel Davis'));
    expect(normalizePlayerName('Mitch Trubisky')).toBe(normalizePlayerName('Mitchell Trubisky'));
    expect(normalizePlayerName("De'Von Achane")).toBe('devon achane');
  });

  it('reads a defence however it is written', () => {
    for (const name of ['Chiefs', 'Kansas City Chiefs', 'KC DST', 'Chiefs D/ST', 'Kansas City Defense', 'KC']) expect(defenceTeam(name), name).toBe('KC');
    expect(defenceTeam('New York')).toBeNull(); // two teams
    expect(defenceTeam('New York Jets')).toBe('NYJ');
    expect(sameTeam('JAC', 'JAX')).toBe(true);
  });
});

describe('the match report', () => {
  const rows = readProjectionRows(sample('projections-by-name.csv'), 'projections.csv');
  const report = matchProjections(rows, slate);
  const matched = new Map(report.matched.map((m) => [m.row.name, m]));

  it('reads the source columns: Player, Team, Pos, Projection, Own%', () => {
    expect(rows[0]).toEqual({ line: 2, name: 'Josh Allen', team: 'BUF', position: 'QB', values: { ProjPts: 24.6, ProjOwn: 18.5 } });
    expect(rows.find((r) => r.name === 'Brock Purdy')!.values).toEqual({});
  });

  it('matches by name + team, across punctuation, suffixes, nicknames and defences', () => {
    const id = (name: string) => slate.find((p) => p.Name === name)!.Id;
    expect(matched.get('Josh Allen')).toMatchObject({ playerId: id('Josh Allen'), by: 'name' });
    expect(matched.get('Amon-Ra St Brown')!.playerId).toBe(id('Amon-Ra St. Brown'));
    expect(matched.get('Gabriel Davis')!.playerId).toBe(id('Gabe Davis'));
    expect(matched.get('Calvin Austin')!.playerId).toBe(id('Calvin Austin III'));
    expect(matched.get('Allen Robinson')!.playerId).toBe(id('Allen Robinson II'));
    expect(matched.get('Patrick Mahomes II')!.playerId).toBe(id('Patrick Mahomes'));
    expect(matched.get('Christian Mccaffrey')!.playerId).toBe(id('Christian McCaffrey'));
    expect(matched.get('Mitchell Trubisky')!.playerId).toBe(id('Mitch Trubisky'));
    expect(matched.get('Kansas City Chiefs')!.playerId).toBe(id('Chiefs'));
    expect(matched.get('Jets D/ST')!.playerId).toBe(id('Jets'));
    expect(matched.get('San Francisco Defense')!.playerId).toBe(id('49ers'));
  });

  it('lists the ambiguous rows with their candidates', () => {
    // The slate has Garrett Wilson and Garrett Wilson Jr., both NYJ WRs.
    expect(report.ambiguous.map((a) => a.row.name)).toEqual(['Garrett Wilson']);
    expect(report.ambiguous[0]!.candidates.map((c) => c.Name).sort()).toEqual(['Garrett Wilson', 'Garrett Wilson Jr.']);
  });

  it('lists the unmatched rows with the reason', () => {
    const reasons = Object.fromEntries(report.unmatched.map((u) => [u.row.name, renderMessage(u.reason)]));
    expect(report.unmatched.find((u) => u.row.name === 'Keenan Allen')!.reason).toEqual({ code: 'projection-other-team', params: { name: 'Keenan Allen', teams: ['LAC'], team: 'LAR' } });
    expect(reasons['Joe Montana']).toBe('no player named Joe Montana on the slate');
    expect(reasons['Keenan Allen']).toBe('Keenan Allen is on LAC in the salary file, not LAR');
    expect(reasons['Jose Altuve']).toBe('no player named Jose Altuve on the slate');
    expect(report.matched.length + report.ambiguous.length + report.unmatched.length).toBe(rows.length);
  });

  it('matches by id first, and a second row for one player is unmatched', () => {
    const byId = matchProjections([
      { line: 2, id: slate[0]!.Id, name: 'Someone Else', values: { ProjPts: 1 } },
      { line: 3, name: slate[0]!.Name, team: slate[0]!.TeamAbbrev, values: { ProjPts: 2 } },
      { line: 4, id: '999', name: '', values: { ProjPts: 3 } },
    ], slate);
    expect(byId.matched).toEqual([expect.objectContaining({ playerId: slate[0]!.Id, by: 'id' })]);
    expect(byId.unmatched.map((u) => renderMessage(u.reason))).toEqual([`${slate[0]!.Name} is already matched by line 2`, 'no player with Id 999 on the slate']);
    expect(byId.unmatched.map((u) => u.reason.code)).toEqual(['projection-already-matched', 'projection-no-such-id']);
  });

  it('a showdown player\'s captain and flex rows are one player', () => {
    const showdown = readSlateFile(sample('dk-nba-showdown.csv'), 'DKSalaries.csv', getRoster('nba', 'dk', 'showdown')).players;
    const r = matchProjections([{ line: 2, name: 'Joel Embiid', team: 'PHI', position: 'C', values: { ProjPts: 55 } }], showdown);
    expect(r.matched).toEqual([expect.objectContaining({ playerId: '33000009' })]);
  });

  it('a file without a name or a value column is a clear error', () => {
    expect(() => readProjectionRows('Team,Projection\nKC,3\n', 'p.csv')).toThrow(InputError);
    expect(() => readProjectionRows('Name,Team\nA,KC\n', 'p.csv')).toThrow(/no value column/);
    expect(() => readProjectionRows('Name,Projection\nA,lots\n', 'p.csv')).toThrow('p.csv: line 2, column Projection: "lots" is not a number');
  });
});

describe('the match report stays linear in the file (a slate of one name)', () => {
  it('an ambiguous row lists at most MAX_AMBIGUOUS_CANDIDATES players and says how many fit', () => {
    const players = Array.from({ length: 3000 }, (_, i) => ({ Id: String(i + 1), Name: 'Same Name', TeamAbbrev: i % 2 ? 'KC' : 'BUF', Position: i % 3 ? 'WR' : 'RB' }));
    const rows = readProjectionRows(`Name,Team,Pos,ProjPts\n${Array.from({ length: 3000 }, (_, i) => `Same Name,${i % 2 ? 'KC' : 'XX'},${i % 4 === 1 ? 'RB/Z' : 'WR'},1`).join('\n')}\n`, 'p.csv');
    const report = matchProjections(rows, players);
    expect(report.ambiguous.length + report.unmatched.length).toBe(3000);
    expect(report.ambiguous.length).toBe(1500);
    for (const a of report.ambiguous) {
      expect(a.candidates.length).toBe(MAX_AMBIGUOUS_CANDIDATES);
      expect(a.candidateCount).toBe(a.row.position === 'WR' ? 1000 : 500);
      for (const c of a.candidates) expect(c.TeamAbbrev).toBe('KC');
    }
    // A wrong team lists the name's teams once each, not each player.
    expect(renderMessage(report.unmatched[0]!.reason)).toBe('Same Name is on BUF, KC in the salary file, not XX');
    expect(JSON.stringify(report).length).toBeLessThan(3000 * 2000);
  });
});

it('rows after a quoted multi-line cell keep their own line numbers', () => {
  const rows = readProjectionRows('Name,ProjPts,Note\nA B,1,"two\nlines"\nC D,2,\n', 'p.csv');
  expect(rows.map((r) => r.line)).toEqual([2, 4]);
  expect(() => readProjectionRows('Name,ProjPts\n"x\ny",1\nC D,abc\n', 'p.csv')).toThrow('p.csv: line 4, column ProjPts: "abc" is not a number');
});
