import { describe, expect, it } from 'vitest';
import { CONTEST_TYPES, contestTypesFor, SITES, SPORTS } from './roster.js';
import { defaultSettings } from './settings.js';
import { NBA_TEAM_STACK_MIN } from './stacks.js';
import { groupSettingFields, settingFields, settingNotes, SPORT_SETTING_KEYS } from './setting-fields.js';

describe('setting fields', () => {
  it('every listed key has a field, label and help', () => {
    for (const sport of SPORTS) {
      const all = CONTEST_TYPES.flatMap((c) => settingFields(sport, c).map((f) => f.key));
      for (const key of SPORT_SETTING_KEYS[sport]) expect(all, `${sport} ${key}`).toContain(key);
      for (const c of CONTEST_TYPES) for (const f of settingFields(sport, c)) {
        expect(f.label.length).toBeGreaterThan(3);
        expect(f.help.length).toBeGreaterThan(10);
      }
    }
  });
  it('every field has a default for each roster', () => {
    for (const sport of SPORTS) for (const site of SITES) {
      if (!SITES.includes(site)) continue;
      for (const c of contestTypesFor(sport, site)) {
        const defaults = defaultSettings(sport, site, c) as unknown as Record<string, unknown>;
        for (const f of settingFields(sport, c)) {
          const value = defaults[f.key] ?? defaults.projPtsRandInput;
          expect(value, `${sport} ${site} ${c} ${f.key}`).not.toBeUndefined();
        }
      }
    }
  });
  it('explains the stack shares in the sport\'s own terms', () => {
    const help = (sport: 'nfl' | 'nba', key: string) => settingFields(sport, 'classic').find((f) => f.key === key)!.help;
    expect(help('nfl', 'teamStackPct')).toMatch(/QB/);
    expect(help('nba', 'teamStackPct')).toBe(`Share of lineups holding at least ${NBA_TEAM_STACK_MIN} players of one team.`);
    expect(help('nba', 'gameStackPct')).toMatch(/each team of one game/);
  });

  it('shows flex shares in classic and captain shares in showdown', () => {
    const classic = settingFields('nfl', 'classic').map((f) => f.key);
    const showdown = settingFields('nfl', 'showdown').map((f) => f.key);
    expect(classic).toContain('rbFlexPct');
    expect(classic).not.toContain('qbCptPct');
    expect(showdown).toContain('qbCptPct');
    expect(groupSettingFields(settingFields('nfl', 'classic'))[0]!.group).toBe('Lineups and salary');
  });
});

describe('setting rows', () => {
  it('pairs the bounds of a range into one row and keeps the rest', async () => {
    const { settingRows } = await import('./setting-fields.js');
    const ownership = groupSettingFields(settingFields('nfl', 'classic')).find((g) => g.group === 'Ownership')!;
    const rows = settingRows(ownership.fields);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.kind === 'range')).toBe(true);
    const salary = settingRows(groupSettingFields(settingFields('nba', 'classic'))[0]!.fields);
    expect(salary.map((r) => (r.kind === 'range' ? r.range.label : r.field.key))).toEqual(['numLUs', 'minUnique', 'Salary range', 'minMinutes']);
  });
});

describe('settings that said something else than they do', () => {
  it('hides the stack mode and game stack share in showdown, where they did nothing', () => {
    for (const sport of ['nfl', 'nba'] as const) {
      const showdown = settingFields(sport, 'showdown').map((f) => f.key);
      expect(showdown).not.toContain('stackSettingMode');
      expect(showdown).not.toContain('gameStackPct');
      expect(showdown).not.toContain('teamStackPct');
    }
    expect(settingFields('nfl', 'classic').map((f) => f.key)).toEqual(expect.arrayContaining(['stackSettingMode', 'gameStackPct']));
  });
  it('says what the basic stack shares add up to: 90 % team with 50 % game stacks is 95 % stacked', () => {
    const settings = defaultSettings('nfl', 'dk', 'classic');
    expect(settings.teamStackPct).toBe(0.9);
    expect(settingNotes(settings, 'nfl', 'dk', 'classic').teamStackPct).toBe(
      'These shares plan 95% of lineups stacked: 50% game stacks, 45% team stacks only; 0% with no stack and 5% free.');
    const help = settingFields('nfl', 'classic').find((f) => f.key === 'gameStackPct')!.help;
    expect(help).toMatch(/Share of all lineups/);
    expect(help).not.toMatch(/of stacked lineups/);
    expect(settingNotes({ ...settings, stackSettingMode: 'advanced' }, 'nfl', 'dk', 'classic').teamStackPct).toBeUndefined();
  });
  it('warns beside an ownership cap that ownership randomness moves it, and only then', () => {
    const settings = { ...defaultSettings('nfl', 'dk', 'classic'), maxTotalOwn: 120, maxUnderOwn_1: 2 };
    expect(settings.projOwnRandInput).toBe('med');
    const notes = settingNotes(settings, 'nfl', 'dk', 'classic');
    expect(notes['Total ownership %']).toMatch(/Ownership randomness is Med/);
    expect(notes['Players under 2.5% owned']).toMatch(/Set Ownership randomness to None/);
    expect(notes['Players under 5% owned']).toBeUndefined(); // no cap set there
    expect(settingNotes({ ...settings, projOwnRandInput: 'none' }, 'nfl', 'dk', 'classic')['Total ownership %']).toBeUndefined();
    expect(settingNotes(defaultSettings('nfl', 'dk', 'classic'), 'nfl', 'dk', 'classic')['Total ownership %']).toBeUndefined();
  });
});
