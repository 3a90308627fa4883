import { describe, expect, it } from 'vitest';
import { defaultLineupStarts, entryContests, entryIdsNotOnSlate, fillEntryLineups } from './entries-assign.js';
import { readEntriesUpload } from './entries-upload.js';
import { getRoster } from './roster.js';

const roster = getRoster('nfl', 'dk', 'classic');
const slots = roster.uploadHeader.join(',');
const blank = ',,,,,,,,';
// Entries on the left, DraftKings' instructions and player list on the right (the file users download).
const FILE = [
  `Entry ID,Contest Name,Contest ID,Entry Fee,${slots},,Instructions`,
  `101,NFL $5 Double Up,9001,$5,${blank},,1. Locate the player`,
  `102,"NFL $3 Millionaire Maker, 150 max",9002,$3,${blank},,2. Copy the ID`,
  `103,"NFL $3 Millionaire Maker, 150 max",9002,$3,Q (1),R (2),R (3),W (4),W (5),W (6),T (7),F (8),D (9),,`,
  `104,"NFL $3 Millionaire Maker, 150 max",9002,$3,${blank},,`,
  `,,,,${blank},,Position,Name + ID,Name,ID`,
  `,,,,${blank},,QB,Q (1),Q,1`,
].join('\r\n');

const lineup = (n: number) => roster.uploadHeader.map((_, s) => String(n * 100 + s));

describe('filling an entries file', () => {
  const entries = readEntriesUpload(FILE, roster);

  it('groups entries by contest and deals lineups in order to the empty ones', () => {
    const contests = entryContests(entries);
    expect(contests.map((c) => [c.contestId, c.entries.length, c.empty])).toEqual([['9001', 1, 1], ['9002', 3, 2]]);
    const starts = defaultLineupStarts(contests);
    expect(starts).toEqual([0, 1]);
    const { entries: filled, filled: count, leftEmpty } = fillEntryLineups(entries, [lineup(1), lineup(2), lineup(3)], starts);
    expect([count, leftEmpty]).toEqual([3, 0]);
    expect(filled.map((e) => e.players[0])).toEqual(['100', '200', '1', '300']);
  });

  it('lets a contest start at another lineup, and leaves entries empty when lineups run out', () => {
    const { entries: filled, leftEmpty } = fillEntryLineups(entries, [lineup(1), lineup(2)], [1, 1]);
    expect(filled.map((e) => e.players[0])).toEqual(['200', '200', '1', '']);
    expect(leftEmpty).toBe(1);
  });

  it('names the Ids a slate does not have', () => {
    expect(entryIdsNotOnSlate(entries, new Set(['1', '2', '3', '4', '5', '6', '7', '8']))).toEqual(['9']);
  });
});
