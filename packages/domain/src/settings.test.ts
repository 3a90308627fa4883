import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { BASIC_STACK_FREQUENCIES, MLB_STACK_DEFAULTS, buildSettingsSchema, defaultSettings, settingsOverrideSchema, typedBuildSettingsSchema, typedSettingsOverrideSchema, type BuildSettings } from './settings.js';
import { ROSTERS } from './roster.js';

describe('settings defaults agree with the business constants of the data spec', () => {
  it('nfl', () => {
    const s = defaultSettings('nfl', 'dk', 'classic');
    expect(s).toMatchObject({
      numLUs: 3, minUnique: 1, maxTotalOwn: 900, maxUnderOwn_1: 9, maxUnderOwn_5: 9,
      teamStackPct: 0.9, gameStackPct: 0.5, force2FlexStck: 0.4, allowRBStackPct: 1,
      rbFlexPct: 1, wrFlexPct: 1, teFlexPct: 1,
      topN_0thresh: 4, topN_1thresh: 8, topN_2thresh: 16,
      projPtsRandInput: 'med', projOwnRandInput: 'med', OverMax_Sensitivity: 'Balanced', stackSettingMode: 'basic', ceilingPct: 0,
    });
  });

  it('nba', () => {
    expect(defaultSettings('nba', 'dk', 'classic')).toMatchObject({
      numLUs: 3, minSal: 49000, maxSal: 50000, teamStackPct: 0.5, gameStackPct: 0.5, maxTotalOwn: 800, maxUnderOwn_3: 8,
    });
    // FanDuel's nba roster holds 9: the bracket bounds follow it rather than bind every lineup.
    expect(defaultSettings('nba', 'fd', 'classic')).toMatchObject({ maxTotalOwn: 900, maxUnderOwn_1: 9, maxUnderOwn_5: 9 });
  });

  it('mlb', () => {
    expect(defaultSettings('mlb', 'dk', 'classic')).toMatchObject({
      numLUs: 3, minSal: 49000, maxSal: 50000, maxTotalOwn: 1000, maxUnderOwn_2: 10, projPtsRandInput: 'med', stackSettingMode: 'advanced',
    });
  });

  it('basic stack frequencies and mlb stacks', () => {
    expect(BASIC_STACK_FREQUENCIES).toEqual({
      'Force Nothing': 0.05, '1+ team stack': 0.25, '1+ game stack': 0.3, '2+ team stack': 0.2, '2+ game stack': 0.2, 'No stack': 0,
    });
    expect(MLB_STACK_DEFAULTS.dk.map((r) => `${r.PrimaryStack}-${r.SecondaryStack}`)).toEqual(['5-3', '5-2', '5-0', '4-4', '4-0', '3-0']);
    expect(MLB_STACK_DEFAULTS.fd.map((r) => `${r.PrimaryStack}-${r.SecondaryStack}`)).toEqual(['4-4', '4-0', '3-0']);
    expect([...MLB_STACK_DEFAULTS.dk, ...MLB_STACK_DEFAULTS.fd].every((r) => r.freq === 0)).toBe(true);
  });
});

describe('buildSettingsSchema', () => {
  it('reads every roster\'s defaults back unchanged', () => {
    for (const roster of ROSTERS) {
      const defaults = defaultSettings(roster.sport, roster.site, roster.contestType);
      expect(buildSettingsSchema.parse(defaults)).toEqual(defaults);
    }
  });

  it('reads numbers sent as text, yes/no sent as 0/1 and stack rules sent as JSON text', () => {
    const read = settingsOverrideSchema.parse({
      minSal: ' 49000 ', includeSaved: 1, allowDefenseVsQB: 'false', numLUs: null,
      specificStacks: '[{"PrimaryStack": "5", "SecondaryStack": 3, "freq": 0.5}]',
    });
    expect(read).toEqual({
      minSal: 49000, includeSaved: true, allowDefenseVsQB: false, numLUs: null,
      specificStacks: [{ PrimaryStack: 5, SecondaryStack: 3, freq: 0.5 }],
    });
    expect(settingsOverrideSchema.parse({ specificStacks: '' })).toEqual({ specificStacks: [] });
  });

  it('reads to the same types in its sent and typed forms', () => {
    expectTypeOf<z.output<typeof typedBuildSettingsSchema>>().toEqualTypeOf<BuildSettings>();
    expectTypeOf<z.output<typeof typedSettingsOverrideSchema>>().toEqualTypeOf<z.output<typeof settingsOverrideSchema>>();
  });

  it('typed form: what the sent form reads passes it, conversions do not', () => {
    for (const roster of ROSTERS) {
      const defaults = defaultSettings(roster.sport, roster.site, roster.contestType);
      expect(typedBuildSettingsSchema.encode(defaults)).toEqual(defaults);
    }
    const read = settingsOverrideSchema.parse({ minSal: '100', includeSaved: 1, specificStacks: '[{"freq": 1, "teamRBMin": null}]' });
    expect(typedSettingsOverrideSchema.safeParse(read).success).toBe(true);
    for (const sent of [{ minSal: '100' }, { includeSaved: 1 }, { specificStacks: '[]' }]) {
      expect(typedSettingsOverrideSchema.safeParse(sent).success).toBe(false);
    }
  });

  it('keeps keys it does not know', () => {
    expect(settingsOverrideSchema.parse({ fooBar: 'x', numLUs: 2 })).toEqual({ fooBar: 'x', numLUs: 2 });
  });

  it.each([
    ['minSal', 'abc'],
    ['minSal', Number.POSITIVE_INFINITY],
    ['stackSettingMode', 5],
    ['projPtsRandInput', 'wild'],
    ['OverMax_Sensitivity', 'strict'],
    ['includeSaved', {}],
    ['specificStacks', '[{"freq": "often"}]'],
    ['specificStacks', 'not json'],
    ['specificStacks', 3],
  ])('refuses %s = %j, naming the key', (key, value) => {
    const parsed = settingsOverrideSchema.safeParse({ [key]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path[0]).toBe(key);
  });
});
