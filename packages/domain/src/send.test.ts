import { describe, expect, it } from 'vitest';
import { BASIC_STACK_FREQUENCIES, defaultSettings } from './settings.js';
import {
  anchorPlayerIds, basicStackFrequencies, basicStackRules, exposureDefaults, groupsForSend, isTextSettingKey, normalizeGroup,
  playerForSend, settingsForSend,
} from './send.js';

describe('playerForSend', () => {
  it('converts the numeric fields, DKPts from ProjPts', () => {
    const sent = playerForSend({
      Id: '7', Name: 'X', ProjPts: '18.5', MinExp: '10', MaxExp: '60', ProjOwn: '12', Min: '3', Salary: '7100',
      TimeRank: '4', Ceiling: '30', ProjMins: '32',
    });
    expect(sent).toMatchObject({
      Id: '7', Name: 'X', DKPts: 18.5, MinExp: 10, MaxExp: 60, ProjOwn: 12, Min: 3, Salary: 7100, TimeRank: 4, Ceiling: 30, ProjMins: 32,
    });
  });

  it('applies the defaults', () => {
    expect(playerForSend({ Id: '1', ProjPts: 5 })).toMatchObject({
      DKPts: 5, TimeRank: 1, Ceiling: 0, ProjMins: 0, MinExp: 0, MaxExp: 100, ProjOwn: 0, Salary: 0, Min: 0,
    });
    expect(playerForSend({ Id: '1', ProjPts: 5, MaxExp: '' }, { zeroed: true })).toMatchObject({ MinExp: 0, MaxExp: 0 });
    expect(playerForSend({ Id: '1', MaxExp: 40 }, { zeroed: true }).MaxExp).toBe(40);
  });

  it('exposure defaults follow the zeroed preference', () => {
    expect(exposureDefaults()).toEqual({ MinExp: 0, MaxExp: 100 });
    expect(exposureDefaults(true)).toEqual({ MinExp: 0, MaxExp: 0 });
  });
});

describe('settingsForSend', () => {
  it('converts values to numbers except the text keys', () => {
    const sent = settingsForSend({
      numLUs: '20', minSal: '49000', teamStackPct: '0.9', includeSaved: true, allowDefenseVsQB: false,
      slate: 'Main', site: 'dk', sport: 'nfl', counter: '3', contestType: 'classic',
      projPtsRandInput: 'med', projPtsRandQB: 'low', projOwnRandInput: 'high', stackSettingMode: 'basic',
      OverMax_Sensitivity: 'Balanced', specificStacks: [{ freq: 1 }], season: '2023', skipped: undefined,
    });
    expect(sent).toEqual({
      numLUs: 20, minSal: 49000, teamStackPct: 0.9, includeSaved: 1, allowDefenseVsQB: 0,
      slate: 'Main', site: 'dk', sport: 'nfl', counter: '3', contestType: 'classic',
      projPtsRandInput: 'med', projPtsRandQB: 'low', projOwnRandInput: 'high', stackSettingMode: 'basic',
      OverMax_Sensitivity: 'Balanced', specificStacks: [{ freq: 1 }], season: 2023,
    });
  });

  it('divides ceilingPct by 100 and makes allowDefenseVsTeam a boolean', () => {
    expect(settingsForSend({ ceilingPct: '25', allowDefenseVsTeam: 1 })).toEqual({ ceilingPct: 0.25, allowDefenseVsTeam: true });
    expect(settingsForSend({ allowDefenseVsTeam: 'false' })).toEqual({ allowDefenseVsTeam: false });
    expect(settingsForSend({ allowDefenseVsTeam: 0 })).toEqual({ allowDefenseVsTeam: false });
  });

  it('accepts a whole BuildSettings object', () => {
    const sent = settingsForSend(defaultSettings('nfl', 'dk', 'classic'));
    expect(sent.teamStackPct).toBe(0.9);
    expect(sent.projPtsRandInput).toBe('med');
    expect(sent.specificStacks).toEqual([]);
    expect(isTextSettingKey('projPtsRandPitcher')).toBe(true);
    expect(isTextSettingKey('numLUs')).toBe(false);
  });
});

describe('stack groups', () => {
  it('makes anchorPlayerID a list of at most 2', () => {
    expect(anchorPlayerIds('5')).toEqual(['5']);
    expect(anchorPlayerIds(undefined)).toEqual([]);
    expect(anchorPlayerIds(null)).toEqual([]);
    expect(anchorPlayerIds(['1', '2', '3'])).toEqual(['1', '2']);
  });

  it('defaults pctGroup to 1', () => {
    expect(normalizeGroup({ ID: 1, active: true }).pctGroup).toBe(1);
    expect(normalizeGroup({ ID: 1, active: true, pctGroup: 0.4 }).pctGroup).toBe(0.4);
  });

  it('sends only active groups', () => {
    const sent = groupsForSend([
      { ID: 1, active: true, anchorPlayerID: '9', players: ['9', '10'] },
      { ID: 2, active: false, players: [] },
      { ID: 3, active: true, anchorPlayerID: ['1', '2', '3'], pctGroup: 0.5, players: [] },
    ]);
    expect(sent).toEqual([
      { ID: 1, active: true, anchorPlayerID: ['9'], pctGroup: 1, players: ['9', '10'] },
      { ID: 3, active: true, anchorPlayerID: ['1', '2'], pctGroup: 0.5, players: [] },
    ]);
  });
});

describe('basic stack frequencies', () => {
  const nfl = defaultSettings('nfl', 'dk', 'classic');

  it('reproduce the shipped table from the shipped nfl defaults', () => {
    const weights = basicStackFrequencies(nfl);
    for (const [label, freq] of Object.entries(BASIC_STACK_FREQUENCIES)) {
      expect(weights[label as keyof typeof weights], label).toBeCloseTo(freq, 12);
    }
  });

  it('always sum to 1', () => {
    const cases = [
      { teamStackPct: 0.3, gameStackPct: 0.2, force2FlexStck: 0.7, noStackPct: 0.1 },
      { teamStackPct: 1, gameStackPct: 1, force2FlexStck: 1, noStackPct: 0 },
      { teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, noStackPct: 0 },
      { teamStackPct: 2, gameStackPct: -1, force2FlexStck: 0.5, noStackPct: 0.5 },
    ];
    for (const inputs of cases) {
      const weights = Object.values(basicStackFrequencies(inputs));
      expect(weights.every((w) => w >= 0)).toBe(true);
      expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it('sets the no-stack share aside first', () => {
    const w = basicStackFrequencies({ teamStackPct: 1, gameStackPct: 0.5, force2FlexStck: 0, noStackPct: 0.2 });
    expect(w['No stack']).toBeCloseTo(0.2);
    expect(w['1+ game stack']).toBeCloseTo(0.4);
    expect(w['1+ team stack']).toBeCloseTo(0.4);
    expect(w['Force Nothing']).toBeCloseTo(0);
  });

  it('caps the 2+ team share at the team share', () => {
    const w = basicStackFrequencies({ teamStackPct: 0.2, gameStackPct: 0, force2FlexStck: 0.6, noStackPct: 0 });
    expect(w['2+ team stack']).toBeCloseTo(0.2);
    expect(w['1+ team stack']).toBeCloseTo(0);
    expect(w['Force Nothing']).toBeCloseTo(0.8);
  });

  it('give the rules with Force Nothing disabled', () => {
    const rules = basicStackRules(nfl);
    expect(rules.map((r) => r.label)).toEqual(['Force Nothing', '1+ team stack', '1+ game stack', '2+ team stack', '2+ game stack', 'No stack']);
    expect(rules.filter((r) => r.disabled).map((r) => r.label)).toEqual(['Force Nothing']);
    expect(rules.find((r) => r.label === '2+ game stack')).toMatchObject({ teamFlexMin: 2, oppFlexMin: 1 });
    expect(rules.find((r) => r.label === '1+ game stack')?.freq).toBeCloseTo(0.3);
  });
});
