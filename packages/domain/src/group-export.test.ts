import { describe, expect, it } from 'vitest';
import { GROUP_EXPORT_COLUMNS, groupExportRows } from './group-export.js';

const players = [
  { Id: '1', Name: 'Al QB', TeamAbbrev: 'KC' },
  { Id: '2', Name: 'Bo WR', TeamAbbrev: 'KC' },
  { Id: '3', Name: 'Cy TE', TeamAbbrev: 'BUF' },
];

describe('groupExportRows', () => {
  it('exports one row per player of each active group, anchors as key players', () => {
    const rows = groupExportRows([
      { ID: 1, name: 'Chiefs', players: ['1', { Id: 2 }], minGroup: 1, maxGroup: 2, pctGroup: 0.5, active: true, anchorPlayerID: '1' },
      { ID: 2, name: 'Off', players: ['3'], minGroup: 1, maxGroup: 1, active: false },
    ], players);
    expect(rows).toEqual([
      { Id: '1', Name: 'Al QB', Team: 'KC', Group: 'Chiefs', minGroup: 1, maxGroup: 2, Pct: 50, KeyPlayer: true },
      { Id: '2', Name: 'Bo WR', Team: 'KC', Group: 'Chiefs', minGroup: 1, maxGroup: 2, Pct: 50, KeyPlayer: false },
    ]);
    expect(Object.keys(rows[0]!)).toEqual([...GROUP_EXPORT_COLUMNS]);
  });

  it('leaves groups without an explicit active flag out and defaults Pct to 100', () => {
    expect(groupExportRows([{ name: 'x', players: ['3'] }], players)).toEqual([]);
    expect(groupExportRows([{ name: 'x', players: ['3'], active: true }], players)[0]).toMatchObject({ Pct: 100, minGroup: 0, maxGroup: 1 });
  });
});
