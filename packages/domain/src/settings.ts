// Build settings under the keys the optimizer and saved settings use, and their defaults.
// Every package reads defaults from here; nothing else writes a default down.
import { z } from 'zod';
import { readFlag } from './flag.js';
import { numberOrText } from './numeric-text.js';
import { getRoster, type ContestType, type Site, type Sport } from './roster.js';

export const RANDOM_LEVELS = ['none', 'low', 'med', 'high'] as const;
export type RandomLevel = (typeof RANDOM_LEVELS)[number];

/** σ of the multiplicative noise (1 + σ·z) for each randomness level (docs/optimizer.md "Choices where the rules are silent"). */
export const RANDOM_SIGMA: Record<RandomLevel, number> = { none: 0, low: 0.1, med: 0.2, high: 0.3 };

export const OVER_MAX_SENSITIVITIES = ['Strict', 'Balanced', 'Loose'] as const;
export type OverMaxSensitivity = (typeof OVER_MAX_SENSITIVITIES)[number];

export const STACK_SETTING_MODES = ['basic', 'advanced'] as const;
export type StackSettingMode = (typeof STACK_SETTING_MODES)[number];


/** Top-N rule thresholds: topN_0thresh..topN_2thresh. */
export const TOP_N_THRESHOLDS = [4, 8, 16] as const;

const NFL_STACK_RULE_BOUNDS = [
  'teamFlexMin', 'teamFlexMax', 'teamRBMin', 'teamRBMax', 'teamWRMin', 'teamWRMax', 'teamTEMin', 'teamTEMax',
  'oppFlexMin', 'oppFlexMax', 'oppRBMin', 'oppRBMax', 'oppWRMin', 'oppWRMax', 'oppTEMin', 'oppTEMax',
] as const;

/**
 * The value schemas of the settings in one of two forms:
 * - 'sent': as clients send and stores hold them: numbers may be numeric text, yes/no values
 *   0/1 or text (readFlag), specificStacks its JSON text, a stack rule's missing bound null;
 * - 'typed': JSON values of the settings' own types, without conversions, so that a reply can
 *   be checked against it (a conversion cannot be run backwards) and a settings file must say
 *   what it means.
 * Both read to the same values (BuildSettings); settings.test.ts checks that the types agree.
 */
function settingValues(form: 'sent' | 'typed') {
  const sent = form === 'sent';
  const number = sent ? numberOrText : z.number();
  const flag = sent ? z.union([z.boolean(), z.number(), z.string()]).transform((value) => readFlag(value, false)) : z.boolean();
  /** A value that may be left out (sent: null too). */
  const optional = <T extends z.ZodType>(schema: T) => sent ? z.preprocess((value) => (value === null ? undefined : value), schema.optional()) : schema.optional();
  const bound = optional(number);
  // Keys a client keeps on a row pass through; the optimizer checks the bounds' ranges (stacks.ts normalizeNflStackRule).
  const nflStackRule = z.looseObject({
    freq: number,
    ...Object.fromEntries(NFL_STACK_RULE_BOUNDS.map((key) => [key, bound])) as Record<(typeof NFL_STACK_RULE_BOUNDS)[number], typeof bound>,
    label: optional(z.string()),
    disabled: optional(z.boolean()),
  });
  const mlbStackRule = z.looseObject({ PrimaryStack: number, SecondaryStack: number, freq: number });
  const ruleLists = z.union([z.array(mlbStackRule), z.array(nflStackRule)]);
  const ruleListText = z.string().transform((text, ctx) => {
    if (text.trim() === '') return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not a JSON list of stack rules' });
      return z.NEVER;
    }
  }).pipe(ruleLists);
  const randomLevel = z.enum(RANDOM_LEVELS);
  return {
    nflStackRule, mlbStackRule,
    settings: {
      numLUs: number,
      minSal: number,
      maxSal: number,
      maxSalDefault: number,
      minUnique: number,
      includeSaved: flag,

      allowDefenseVsQB: flag,
      allowDefenseVsFlex: flag,
      allowDefenseVsKicker: flag,

      rbFlexPct: number,
      wrFlexPct: number,
      teFlexPct: number,

      minTotalOwn: number,
      maxTotalOwn: number,
      minUnderOwn_1: number, minUnderOwn_2: number, minUnderOwn_3: number, minUnderOwn_4: number, minUnderOwn_5: number,
      maxUnderOwn_1: number, maxUnderOwn_2: number, maxUnderOwn_3: number, maxUnderOwn_4: number, maxUnderOwn_5: number,

      projPtsRandInput: randomLevel,
      projOwnRandInput: randomLevel,
      /** Per-position overrides of projPtsRandInput; absent means "same as projPtsRandInput". */
      projPtsRandQB: randomLevel.optional(),
      projPtsRandRB: randomLevel.optional(),
      projPtsRandWR: randomLevel.optional(),
      projPtsRandTE: randomLevel.optional(),
      projPtsRandDST: randomLevel.optional(),
      projPtsRandHitter: randomLevel.optional(),
      projPtsRandPitcher: randomLevel.optional(),

      allowRBStackPct: number,
      teamStackPct: number,
      gameStackPct: number,
      force2FlexStck: number,
      noStackPct: number,
      forceSecondGameStack: number,
      forceRBandDSTStack: number,
      stackSettingMode: z.enum(STACK_SETTING_MODES),
      /** nfl rules in advanced mode, mlb PrimaryStack-SecondaryStack rules; sent: '' is an empty list. */
      specificStacks: sent ? z.union([ruleLists, ruleListText]) : ruleLists,

      topN_0thresh: number, topN_1thresh: number, topN_2thresh: number,
      topN_0force: number, topN_1force: number, topN_2force: number,
      OverMax_Sensitivity: z.enum(OVER_MAX_SENSITIVITIES),

      qbCptPct: number, rbCptPct: number, wrCptPct: number, teCptPct: number, dstCptPct: number, kCptPct: number,

      /** Percent 0..100 in the UI; the optimizer receives it already divided by 100 (see send.ts). */
      ceilingPct: number,
      /** nba: players with ProjMins below this are out of the pool. */
      minMinutes: number,
    },
  };
}

const SENT = settingValues('sent');
const TYPED = settingValues('typed');

/** nfl stack rule entry (advanced mode), as sent. */
export const nflStackRuleSchema = SENT.nflStackRule;
export type NflStackRule = z.output<typeof nflStackRuleSchema>;

/** mlb stack rule entry, as sent. */
export const mlbStackRuleSchema = SENT.mlbStackRule;
export type MlbStackRule = z.output<typeof mlbStackRuleSchema>;

/**
 * Every build setting of every sport, in the spec's keys, with the type of its value, as
 * clients send them. A sport uses the subset the spec lists for it; the optimizer ignores keys
 * that do not apply to the roster.
 */
export const buildSettingsSchema = z.object(SENT.settings);
export type BuildSettings = z.output<typeof buildSettingsSchema>;

/** The same settings as JSON values of their own types (replies, settings files). */
export const typedBuildSettingsSchema = z.object(TYPED.settings);

/** The keys of the build settings, in the schema's order. */
export const BUILD_SETTING_KEYS = Object.keys(buildSettingsSchema.shape) as (keyof BuildSettings)[];

type Override<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };
const overrideOf = <S extends Record<string, z.ZodType>>(shape: S) =>
  z.looseObject(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, value.nullish()])) as Override<S>);

/**
 * Settings given over the defaults (a build request's, a user's saved settings, a site's
 * overrides, a preset's), as sent: any key may be left out, and null means "the default".
 * Keys the schema does not know are kept, for the reader to pass on or report.
 */
export const settingsOverrideSchema = overrideOf(SENT.settings);
export type SettingsOverride = z.output<typeof settingsOverrideSchema>;

/** The same overrides as JSON values of their own types (what replies hold). */
export const typedSettingsOverrideSchema = overrideOf(TYPED.settings);

/** Per-position randomness override keys, by canonical position. */
export const POSITION_RANDOM_KEYS: Readonly<Record<string, keyof BuildSettings>> = {
  QB: 'projPtsRandQB', RB: 'projPtsRandRB', WR: 'projPtsRandWR', TE: 'projPtsRandTE', DST: 'projPtsRandDST',
  P: 'projPtsRandPitcher',
  C: 'projPtsRandHitter', '1B': 'projPtsRandHitter', '2B': 'projPtsRandHitter', '3B': 'projPtsRandHitter',
  SS: 'projPtsRandHitter', OF: 'projPtsRandHitter',
};

/** Flex share keys (nfl classic), by position. */
export const FLEX_SHARE_KEYS: Readonly<Record<string, keyof BuildSettings>> = {
  RB: 'rbFlexPct', WR: 'wrFlexPct', TE: 'teFlexPct',
};

/** Captain share keys (showdown), by position. */
export const CAPTAIN_SHARE_KEYS: Readonly<Record<string, keyof BuildSettings>> = {
  QB: 'qbCptPct', RB: 'rbCptPct', WR: 'wrCptPct', TE: 'teCptPct', DST: 'dstCptPct', K: 'kCptPct',
};

/** Basic-mode stack rule frequencies as shipped. */
export const BASIC_STACK_FREQUENCIES = {
  'Force Nothing': 0.05,
  '1+ team stack': 0.25,
  '1+ game stack': 0.3,
  '2+ team stack': 0.2,
  '2+ game stack': 0.2,
  'No stack': 0,
} as const;

/** Stack count bounds in the advanced rule table run 0 to 7. */
export const STACK_COUNT_MIN = 0;
export const STACK_COUNT_MAX = 7;

/** mlb PrimaryStack-SecondaryStack defaults, all freq 0 (no mlb stack is forced unless the user asks). */
export const MLB_STACK_DEFAULTS: Readonly<Record<Site, readonly MlbStackRule[]>> = {
  dk: [[5, 3], [5, 2], [5, 0], [4, 4], [4, 0], [3, 0]].map(([p, s]) => ({ PrimaryStack: p!, SecondaryStack: s!, freq: 0 })),
  fd: [[4, 4], [4, 0], [3, 0]].map(([p, s]) => ({ PrimaryStack: p!, SecondaryStack: s!, freq: 0 })),
  ya: [],
};


function underOwn(max: number): Pick<BuildSettings,
  'minUnderOwn_1' | 'minUnderOwn_2' | 'minUnderOwn_3' | 'minUnderOwn_4' | 'minUnderOwn_5' |
  'maxUnderOwn_1' | 'maxUnderOwn_2' | 'maxUnderOwn_3' | 'maxUnderOwn_4' | 'maxUnderOwn_5'> {
  return {
    minUnderOwn_1: 0, minUnderOwn_2: 0, minUnderOwn_3: 0, minUnderOwn_4: 0, minUnderOwn_5: 0,
    maxUnderOwn_1: max, maxUnderOwn_2: max, maxUnderOwn_3: max, maxUnderOwn_4: max, maxUnderOwn_5: max,
  };
}

/**
 * Defaults for a sport × site × contest type. The spec gives nba and mlb salary ranges in
 * DraftKings dollars (49000..50000); on other sites the same 2 % band below the cap is used.
 */
export function defaultSettings(sport: Sport, site: Site, contestType: ContestType): BuildSettings {
  const cap = getRoster(sport, site, contestType).salaryCap;
  const size = getRoster(sport, site, contestType).slots.length;
  const band = (fractionBelowCap: number) => Math.round(cap * (1 - fractionBelowCap));
  const common: BuildSettings = {
    numLUs: 3,
    minSal: 0,
    maxSal: cap,
    maxSalDefault: cap,
    minUnique: 1,
    includeSaved: false,
    allowDefenseVsQB: false,
    allowDefenseVsFlex: true,
    allowDefenseVsKicker: true,
    rbFlexPct: 1, wrFlexPct: 1, teFlexPct: 1,
    minTotalOwn: 0,
    maxTotalOwn: size * 100,
    ...underOwn(size),
    projPtsRandInput: 'med',
    projOwnRandInput: 'med',
    allowRBStackPct: 1,
    teamStackPct: 0,
    gameStackPct: 0,
    force2FlexStck: 0,
    noStackPct: 0,
    forceSecondGameStack: 0,
    forceRBandDSTStack: 0,
    stackSettingMode: 'basic',
    specificStacks: [],
    topN_0thresh: TOP_N_THRESHOLDS[0], topN_1thresh: TOP_N_THRESHOLDS[1], topN_2thresh: TOP_N_THRESHOLDS[2],
    topN_0force: 0, topN_1force: 0, topN_2force: 0,
    OverMax_Sensitivity: 'Balanced',
    qbCptPct: 1, rbCptPct: 1, wrCptPct: 1, teCptPct: 1, dstCptPct: 1, kCptPct: 1,
    ceilingPct: 0,
    minMinutes: 0,
  };
  switch (sport) {
    case 'nfl':
      return {
        ...common,
        maxTotalOwn: 900,
        ...underOwn(9),
        teamStackPct: 0.9,
        gameStackPct: 0.5,
        force2FlexStck: 0.4,
      };
    case 'nba':
      return {
        ...common,
        minSal: band(0.02),
        maxSal: cap,
        teamStackPct: 0.5,
        gameStackPct: 0.5,
        // The spec's 800 and 8 are DraftKings' 8-player roster; FanDuel's 9 would otherwise
        // force a player owned 25 %+ into every lineup, so the bound follows the roster.
        maxTotalOwn: Math.max(800, size * 100),
        ...underOwn(Math.max(8, size)),
      };
    case 'mlb':
      // Showdown is one game: no stack table, no classic salary band (CPT + 5 UTIL seldom spend 98 %).
      if (contestType === 'showdown') return { ...common, projPtsRandHitter: 'med', projPtsRandPitcher: 'med' };
      return {
        ...common,
        minSal: band(0.02),
        maxSal: cap,
        maxTotalOwn: 1000,
        ...underOwn(10),
        projPtsRandHitter: 'med',
        projPtsRandPitcher: 'med',
        stackSettingMode: 'advanced',
        specificStacks: MLB_STACK_DEFAULTS[site].map((r) => ({ ...r })),
      };
    case 'pga':
    case 'mma':
      return common;
  }
}

/** Defaults merged with the given keys; unknown keys are kept for the caller to report. */
export function resolveSettings(
  sport: Sport, site: Site, contestType: ContestType, given: Partial<BuildSettings> = {},
): BuildSettings {
  const merged = { ...defaultSettings(sport, site, contestType) } as BuildSettings;
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined && value !== null) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}
