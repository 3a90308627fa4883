import { describe, expect, it } from 'vitest';
import { entriesUploadCsv, entryCellPlayerId, groupEntriesBySlate, readEntriesUpload } from './entries-upload.js';
import { getRoster } from './roster.js';

const roster = getRoster('nfl', 'dk', 'classic');
const head = ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...roster.uploadHeader].join(',');
const cells = (base: number) => roster.uploadHeader.map((_, i) => `P${i} (${base + i})`).join(',');

describe('DraftKings entries upload', () => {
  it('reads entries, skipping the player list DraftKings appends, and groups them by contest', () => {
    const text = [head, `111,NFL Milly,9001,$20,${cells(100)}`, `112,NFL Small,9002,$3,${cells(200)}`, '', ',,,,,,,,,,,,,Position,Name + ID'].join('\n');
    const entries = readEntriesUpload(text, roster);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entryId: '111', contestName: 'NFL Milly', contestId: '9001', entryFee: '$20' });
    expect(entries[0]!.players).toEqual(roster.uploadHeader.map((_, i) => String(100 + i)));
    const sets = groupEntriesBySlate(entries, 'Main');
    expect(Object.keys(sets)).toEqual(['NFL Milly', 'NFL Small']);
    expect(sets['NFL Milly']!.active).toBe(true);
  });

  it('reads a cell as its Id: plain, "Name (Id)" or with a (LOCKED) mark', () => {
    expect(entryCellPlayerId(' 123 ')).toBe('123');
    expect(entryCellPlayerId('Joe Q (456)')).toBe('456');
    expect(entryCellPlayerId('Joe Q (456) (LOCKED)')).toBe('456');
    expect(entryCellPlayerId('')).toBe('');
  });

  it('says what is wrong with a file that is not an entries CSV', () => {
    expect(() => readEntriesUpload('a,b\n1,2', roster)).toThrow(/Entry ID/);
    expect(() => readEntriesUpload(`Entry ID,Contest Name,Contest ID,Entry Fee,QB\n1,x,2,$1,3`, roster)).toThrow(/slot columns/);
    expect(() => readEntriesUpload(head, roster)).toThrow(/no entries/);
  });

  it('writes the lineups back with their entry columns first', () => {
    const rawTable = roster.slots.map((s, i) => ({ Id: String(300 + i), Name: `N${i}`, Position: s.label, TeamAbbrev: 'KC', Salary: 1, ProjPts: 1, ProjOwn: 1, Run: 1, Slot: s.label }));
    const csv = entriesUploadCsv([{ rawTable, entry: { entryId: '111', contestName: 'NFL Milly', contestId: '9001', entryFee: '$20' } }], roster);
    const [header, line] = csv.trim().split('\n');
    expect(header).toBe(head);
    expect(line).toBe(['111', 'NFL Milly', '9001', '$20', ...roster.slots.map((_, i) => String(300 + i))].join(','));
  });
});
