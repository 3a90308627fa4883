import { describe, expect, it } from 'vitest';
import { getRoster } from './roster.js';
import { lineupExposures, lineupHash, lineupsUploadCsv, lineupTotals, replaceLineupRun, type BuiltLineup, type LineupRow } from './lineup-export.js';

const roster = getRoster('nfl', 'dk', 'showdown');
function lineup(run: number, ids: string[]): BuiltLineup {
  const rawTable: LineupRow[] = ids.map((id, i) => ({
    Id: id, Name: `P${id}`, Position: 'WR', TeamAbbrev: 'KC', Salary: 1000, ProjPts: 10, ProjOwn: 5,
    Run: run, Slot: roster.slots[i]!.label,
  }));
  return { rawTable, lineupHash: lineupHash(rawTable), saved: false };
}

describe('lineup export', () => {
  it('writes the site header and bare site Ids in slot order', () => {
    const l = lineup(1, ['1|CPT', '2|FLEX', '3|FLEX', '4|FLEX', '5|FLEX', '6|FLEX']);
    l.rawTable.reverse();
    const csv = lineupsUploadCsv([l], roster);
    expect(csv).toBe('CPT,FLEX,FLEX,FLEX,FLEX,FLEX\n1,5,4,3,2,6\n');
  });
  it('refuses a lineup of the wrong size', () => {
    expect(() => lineupsUploadCsv([lineup(1, ['1', '2'])], roster)).toThrow(/has 2 players, a nfl\/dk\/showdown roster has 6/);
  });
  it('totals and exposures', () => {
    const a = lineup(1, ['1', '2', '3', '4', '5', '6']);
    const b = lineup(2, ['1', '7', '8', '9', '10', '11']);
    expect(lineupTotals(a.rawTable)).toEqual({ salary: 6000, points: 60, ownership: 30 });
    const exp = lineupExposures([a, b]);
    expect(exp.get('1')).toEqual({ count: 2, exp: 100 });
    expect(exp.get('7')).toEqual({ count: 1, exp: 50 });
  });
  it('replace overwrites one run only', () => {
    const a = lineup(1, ['1', '2', '3', '4', '5', '6']);
    const b = lineup(2, ['7', '8', '9', '10', '11', '12']);
    const c = lineup(9, ['13', '14', '15', '16', '17', '18']);
    const out = replaceLineupRun([a, b], 2, c);
    expect(out[0]).toBe(a);
    expect(out[1]!.rawTable.map((r) => r.Id)).toEqual(['13', '14', '15', '16', '17', '18']);
    expect(out[1]!.rawTable.every((r) => r.Run === 2)).toBe(true);
  });
});
