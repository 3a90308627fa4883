import { describe, expect, it } from 'vitest';
import { getRoster, type ContestType, type RosterSpec, type Site } from '@stacksmith/domain';
import type { Lineup, PoolPlayer } from '../types.js';
import { lineupsToUploadCsv, uploadId } from './lineups-csv.js';

function player(Id: string): PoolPlayer {
  return { Id, Name: `Player ${Id}`, Position: 'QB', TeamAbbrev: 'KC', Salary: 0, ProjPts: 0 };
}

/** A lineup with the given Ids in the roster's slot order. */
function lineup(roster: RosterSpec, ids: string[]): Lineup {
  return {
    slots: roster.slots.map((slot, i) => ({ slot: slot.label, player: player(ids[i]!), points: 0, salary: 0 })),
    points: 0, solvedPoints: 0, salary: 0, ownership: 0, saved: false,
  };
}

const ids = (n: number, from: number) => Array.from({ length: n }, (_, i) => String(from + i));

describe('upload CSV header rows', () => {
  it.each([
    ['dk', 'classic', 'QB,RB,RB,WR,WR,WR,TE,FLEX,DST'],
    ['fd', 'classic', 'QB,RB,RB,WR,WR,WR,TE,FLEX,DEF'],
    ['ya', 'classic', 'QB,RB,RB,WR,WR,WR,TE,FLEX,DEF'],
    ['dk', 'showdown', 'CPT,FLEX,FLEX,FLEX,FLEX,FLEX'],
    ['fd', 'showdown', 'MVP - 1.5X Points,AnyFLEX,AnyFLEX,AnyFLEX,AnyFLEX'],
    ['ya', 'showdown', 'SUPERSTAR,FLEX1,FLEX2,FLEX3,FLEX4'],
  ] as const)('nfl %s %s: %s', (site: Site, contest: ContestType, header) => {
    const roster = getRoster('nfl', site, contest);
    expect(lineupsToUploadCsv([], roster)).toBe(`${header}\n`);
    const csv = lineupsToUploadCsv([lineup(roster, ids(roster.slots.length, 100))], roster);
    expect(csv).toBe(`${header}\n${ids(roster.slots.length, 100).join(',')}\n`);
  });
});

describe('upload CSV rows', () => {
  const dk = getRoster('nfl', 'dk', 'classic');

  it('writes one lineup per row, Ids in slot order', () => {
    const csv = lineupsToUploadCsv([lineup(dk, ids(9, 1)), lineup(dk, ids(9, 11))], dk);
    expect(csv).toBe('QB,RB,RB,WR,WR,WR,TE,FLEX,DST\n1,2,3,4,5,6,7,8,9\n11,12,13,14,15,16,17,18,19\n');
  });

  it('writes a showdown Id|RosterPosition as the bare Id', () => {
    const roster = getRoster('nfl', 'dk', 'showdown');
    const csv = lineupsToUploadCsv([lineup(roster, ['7|CPT', '8|FLEX', '9', '10', '11', '12'])], roster);
    expect(csv).toBe('CPT,FLEX,FLEX,FLEX,FLEX,FLEX\n7,8,9,10,11,12\n');
    expect(uploadId('nfl.p.30123|FLEX')).toBe('nfl.p.30123');
    expect(uploadId('91956-55060')).toBe('91956-55060');
  });

  it('puts slots given out of order back in the roster order', () => {
    const l = lineup(dk, ids(9, 1));
    l.slots = [...l.slots].reverse();
    expect(lineupsToUploadCsv([l], dk)).toBe('QB,RB,RB,WR,WR,WR,TE,FLEX,DST\n1,3,2,6,5,4,7,8,9\n');
  });

  it('quotes Ids that need it', () => {
    expect(lineupsToUploadCsv([lineup(dk, ['a,b', ...ids(8, 2)])], dk).split('\n')[1]).toBe('"a,b",2,3,4,5,6,7,8,9');
  });

  it('refuses a lineup that does not fit the roster', () => {
    const short = lineup(dk, ids(9, 1));
    short.slots = short.slots.slice(0, 8);
    expect(() => lineupsToUploadCsv([short], dk)).toThrow('lineup 1 has 8 players, a nfl/dk/classic roster has 9');
    const wrong = lineup(getRoster('nfl', 'fd', 'classic'), ids(9, 1));
    expect(() => lineupsToUploadCsv([wrong], dk)).toThrow('lineup 1 has no player for slot DST of nfl/dk/classic');
  });
});
