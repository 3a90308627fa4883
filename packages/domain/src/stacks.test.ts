import { describe, expect, it } from 'vitest';
import {
  mlbStackRuleName, normalizeMlbStackRule, normalizeNflStackRule, parseSpecificStacks, resolveGroup, resolveTeamStackRow,
  TEAM_STACK_DEFAULTS,
} from './stacks.js';

describe('team stack rows', () => {
  it('fill missing keys with the defaults and read flags sent as text or numbers', () => {
    const row = resolveTeamStackRow({ TeamAbbrev: 'KC', AllowRBStack: 'false' as unknown as boolean, AllowTEStack: 0 as unknown as boolean, TotalMaxWRs: '2' as unknown as number });
    expect(row).toEqual({ ...TEAM_STACK_DEFAULTS, TeamAbbrev: 'KC', AllowRBStack: false, AllowTEStack: false, TotalMaxWRs: 2 });
  });
});

describe('groups', () => {
  it('wrap a single anchor, keep at most 2, default pctGroup 1 and read a percent above 1', () => {
    expect(resolveGroup({ ID: 3, players: ['1', { Id: '2' }, 3], anchorPlayerID: '1' }, 0)).toEqual({
      name: 'Group 3', playerIds: ['1', '2', '3'], anchorIds: ['1'], minGroup: 0, maxGroup: 3, pctGroup: 1,
    });
    expect(resolveGroup({ players: ['1'], anchorPlayerID: ['1', '2', '3'], pctGroup: 40 }, 1)).toMatchObject({ anchorIds: ['1', '2'], pctGroup: 0.4 });
    expect(resolveGroup({ players: ['1'], anchorPlayerID: null }, 1)!.anchorIds).toEqual([]);
    expect(resolveGroup({ players: ['1'], active: false }, 0)).toBeNull();
    expect(resolveGroup({ players: ['1'], active: 0 as unknown as boolean }, 0)).toBeNull();
    expect(resolveGroup({ players: ['1'], active: 1 as unknown as boolean }, 0)).not.toBeNull();
    expect(() => resolveGroup({ players: ['1'], minGroup: 2, maxGroup: 1 }, 0)).toThrow(/minGroup/);
  });
});

describe('stack rule entries', () => {
  it('take the table as a list or as JSON text', () => {
    expect(parseSpecificStacks('[{"freq":1}]')).toEqual([{ freq: 1 }]);
    expect(parseSpecificStacks('')).toEqual([]);
    expect(() => parseSpecificStacks('{"freq":1}')).toThrow(/specificStacks/);
    expect(normalizeNflStackRule({ freq: '0.5', teamWRMin: '2', label: 'WR2', disabled: 'false' }, 0)).toEqual({ freq: 0.5, teamWRMin: 2, label: 'WR2', disabled: false });
    expect(() => normalizeNflStackRule({ freq: -1 }, 0)).toThrow(/freq/);
    expect(normalizeMlbStackRule({ PrimaryStack: '5', SecondaryStack: 3, freq: 0.2 }, 0)).toEqual({ PrimaryStack: 5, SecondaryStack: 3, freq: 0.2 });
    expect(() => normalizeMlbStackRule({ PrimaryStack: 3, SecondaryStack: 4, freq: 0 }, 0)).toThrow(/SecondaryStack/);
    expect(mlbStackRuleName({ PrimaryStack: 4, SecondaryStack: 0, freq: 0 })).toBe('4-0');
  });
});
