// The Build Settings tab as data: which settings each sport has, how
// each is grouped, labelled and explained (meanings as docs/optimizer.md states them), and the
// input each needs. The web app renders this table; defaults come from defaultSettings.
import { OWNERSHIP_BRACKETS } from './formulas.js';
import { RANDOM_LEVELS, OVER_MAX_SENSITIVITIES, STACK_SETTING_MODES, TOP_N_THRESHOLDS, type BuildSettings } from './settings.js';
import { NBA_GAME_STACK_SIDE_MIN, NBA_TEAM_STACK_MIN } from './stacks.js';
import { basicStackFrequencies } from './send.js';
import { getRoster, type ContestType, type Site, type Sport } from './roster.js';

export type SettingKey = keyof BuildSettings;

export type SettingInput =
  /** A whole or decimal number within min..max. */
  | { readonly kind: 'number'; readonly min: number; readonly max?: number; readonly step?: number; readonly prefix?: string }
  /** A share stored as a fraction 0..1, shown as a percent 0..100. */
  | { readonly kind: 'fraction' }
  /** A percent stored as 0..100 (ceilingPct). */
  | { readonly kind: 'percent' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'choice'; readonly options: readonly string[] };

export interface SettingField {
  readonly key: SettingKey;
  readonly group: SettingGroup;
  readonly label: string;
  /** One line of help shown in the tooltip. */
  readonly help: string;
  readonly input: SettingInput;
  /** Contest types the setting applies to; both when absent. */
  readonly contestTypes?: readonly ContestType[];
  /** Label and help where a sport means something else by the key (nba stacks). */
  readonly bySport?: Partial<Record<Sport, { readonly label?: string; readonly help: string }>>;
}

export const SETTING_GROUPS = [
  'Lineups and salary',
  'Ownership',
  'Randomness',
  'Stacks',
  'Defense',
  'Flex and captain',
  'Top players',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

const fraction = { kind: 'fraction' } as const;
const count = (max?: number) => ({ kind: 'number', min: 0, ...(max !== undefined ? { max } : {}), step: 1 }) as const;
const randomLevel = { kind: 'choice', options: RANDOM_LEVELS } as const;
const salary = { kind: 'number', min: 0, step: 100, prefix: '$' } as const;

function underOwnFields(): SettingField[] {
  return OWNERSHIP_BRACKETS.flatMap((bracket, i) => [
    {
      key: `minUnderOwn_${i + 1}` as SettingKey, group: 'Ownership' as const,
      label: `Min players under ${bracket}% owned`,
      help: `Each lineup holds at least this many players projected under ${bracket}% ownership.`,
      input: count(),
    },
    {
      key: `maxUnderOwn_${i + 1}` as SettingKey, group: 'Ownership' as const,
      label: `Max players under ${bracket}% owned`,
      help: `Each lineup holds at most this many players projected under ${bracket}% ownership.`,
      input: count(),
    },
  ]);
}

const FIELDS: Readonly<Record<string, SettingField>> = Object.fromEntries(
  ([
    { key: 'numLUs', group: 'Lineups and salary', label: 'Number of lineups', help: 'How many lineups one build makes.', input: { kind: 'number', min: 0, max: 150, step: 1 } },
    { key: 'minUnique', group: 'Lineups and salary', label: 'Min unique players', help: 'Every lineup differs from every other lineup by at least this many players.', input: count(9) },
    { key: 'minSal', group: 'Lineups and salary', label: 'Min salary', help: 'Lineups spend at least this much salary.', input: salary },
    { key: 'maxSal', group: 'Lineups and salary', label: 'Max salary', help: 'Lineups spend at most this much salary (the site cap by default).', input: salary },
    { key: 'includeSaved', group: 'Lineups and salary', label: 'Include saved lineups', help: 'Saved lineups count toward exposures and uniqueness and come back with the result.', input: { kind: 'boolean' } },
    { key: 'minMinutes', group: 'Lineups and salary', label: 'Min projected minutes', help: 'Players projected to play fewer minutes are left out of the pool.', input: { kind: 'number', min: 0, max: 48, step: 1 } },

    { key: 'minTotalOwn', group: 'Ownership', label: 'Min total ownership', help: 'The summed projected ownership of a lineup is at least this percent.', input: { kind: 'number', min: 0, step: 5 } },
    { key: 'maxTotalOwn', group: 'Ownership', label: 'Max total ownership', help: 'The summed projected ownership of a lineup is at most this percent.', input: { kind: 'number', min: 0, step: 5 } },
    ...underOwnFields(),

    { key: 'projPtsRandInput', group: 'Randomness', label: 'Projection randomness', help: 'How much each lineup shakes up the projections to build different lineups.', input: randomLevel },
    { key: 'projOwnRandInput', group: 'Randomness', label: 'Ownership randomness', help: 'How much each lineup shakes up projected ownership before ownership rules apply.', input: randomLevel },
    { key: 'projPtsRandQB', group: 'Randomness', label: 'QB randomness', help: 'Projection randomness for quarterbacks only.', input: randomLevel },
    { key: 'projPtsRandRB', group: 'Randomness', label: 'RB randomness', help: 'Projection randomness for running backs only.', input: randomLevel },
    { key: 'projPtsRandWR', group: 'Randomness', label: 'WR randomness', help: 'Projection randomness for wide receivers only.', input: randomLevel },
    { key: 'projPtsRandTE', group: 'Randomness', label: 'TE randomness', help: 'Projection randomness for tight ends only.', input: randomLevel },
    { key: 'projPtsRandDST', group: 'Randomness', label: 'DST randomness', help: 'Projection randomness for defenses only.', input: randomLevel },
    { key: 'projPtsRandHitter', group: 'Randomness', label: 'Hitter randomness', help: 'Projection randomness for hitters only.', input: randomLevel },
    { key: 'projPtsRandPitcher', group: 'Randomness', label: 'Pitcher randomness', help: 'Projection randomness for pitchers only.', input: randomLevel },
    { key: 'ceilingPct', group: 'Randomness', label: 'Ceiling weight', help: 'Blend this percent of each player\'s ceiling into the projection.', input: { kind: 'percent' } },

    // Stacks are a classic-contest matter: a showdown lineup is one game, and its stack settings did nothing.
    { key: 'stackSettingMode', group: 'Stacks', label: 'Stack mode', help: 'Basic uses the stack percentages below; advanced uses your rule table on Team Stacks.', input: { kind: 'choice', options: STACK_SETTING_MODES }, contestTypes: ['classic'] },
    // Basic mode plans game stacks first, then team stacks among the other lineups (basicStackFrequencies).
    { key: 'teamStackPct', group: 'Stacks', label: 'Team stack share', help: 'Of the lineups that are not game stacks, the share pairing the QB with at least one teammate. Game stacks hold a team stack too, so more lineups are stacked than this share: see the summary under it.', input: fraction, contestTypes: ['classic'],
      bySport: { nba: { help: `Share of lineups holding at least ${NBA_TEAM_STACK_MIN} players of one team.` } } },
    { key: 'gameStackPct', group: 'Stacks', label: 'Game stack share', help: 'Share of all lineups (after the no-stack share) pairing the QB with a teammate and bringing back an opponent. Planned first; the team stack share applies to the other lineups.', input: fraction, contestTypes: ['classic'],
      bySport: { nba: { help: `Share of lineups holding at least ${NBA_GAME_STACK_SIDE_MIN} players from each team of one game.` } } },
    { key: 'force2FlexStck', group: 'Stacks', label: 'Two-player stack share', help: 'Share of stacked lineups with at least two of the QB\'s teammates.', input: fraction, contestTypes: ['classic'] },
    { key: 'noStackPct', group: 'Stacks', label: 'No stack share', help: 'Share of lineups whose QB has no teammate beside him.', input: fraction, contestTypes: ['classic'] },
    { key: 'allowRBStackPct', group: 'Stacks', label: 'RB in stack share', help: 'Largest share of lineups in which a running back may be the QB\'s stack partner.', input: fraction, contestTypes: ['classic'] },
    { key: 'forceSecondGameStack', group: 'Stacks', label: 'Second game stack share', help: 'Share of lineups that also hold players from both sides of a second game.', input: fraction, contestTypes: ['classic'] },
    { key: 'forceRBandDSTStack', group: 'Stacks', label: 'RB + DST stack share', help: 'Share of lineups with a running back and the defense of the same team.', input: fraction, contestTypes: ['classic'] },

    { key: 'allowDefenseVsQB', group: 'Defense', label: 'Allow DST vs QB', help: 'Allow a defense in the same lineup as the quarterback it faces.', input: { kind: 'boolean' } },
    { key: 'allowDefenseVsFlex', group: 'Defense', label: 'Allow DST vs RB/WR/TE', help: 'Allow a defense in the same lineup as running backs, receivers or tight ends it faces.', input: { kind: 'boolean' } },
    { key: 'allowDefenseVsKicker', group: 'Defense', label: 'Allow DST vs K', help: 'Allow a defense in the same lineup as the kicker it faces.', input: { kind: 'boolean' }, contestTypes: ['showdown'] },

    { key: 'rbFlexPct', group: 'Flex and captain', label: 'RB in FLEX share', help: 'Largest share of lineups whose FLEX is a running back.', input: fraction, contestTypes: ['classic'] },
    { key: 'wrFlexPct', group: 'Flex and captain', label: 'WR in FLEX share', help: 'Largest share of lineups whose FLEX is a wide receiver.', input: fraction, contestTypes: ['classic'] },
    { key: 'teFlexPct', group: 'Flex and captain', label: 'TE in FLEX share', help: 'Largest share of lineups whose FLEX is a tight end.', input: fraction, contestTypes: ['classic'] },
    { key: 'qbCptPct', group: 'Flex and captain', label: 'QB captain share', help: 'Largest share of lineups with a quarterback as captain.', input: fraction, contestTypes: ['showdown'] },
    { key: 'rbCptPct', group: 'Flex and captain', label: 'RB captain share', help: 'Largest share of lineups with a running back as captain.', input: fraction, contestTypes: ['showdown'] },
    { key: 'wrCptPct', group: 'Flex and captain', label: 'WR captain share', help: 'Largest share of lineups with a wide receiver as captain.', input: fraction, contestTypes: ['showdown'] },
    { key: 'teCptPct', group: 'Flex and captain', label: 'TE captain share', help: 'Largest share of lineups with a tight end as captain.', input: fraction, contestTypes: ['showdown'] },
    { key: 'dstCptPct', group: 'Flex and captain', label: 'DST captain share', help: 'Largest share of lineups with a defense as captain.', input: fraction, contestTypes: ['showdown'] },
    { key: 'kCptPct', group: 'Flex and captain', label: 'K captain share', help: 'Largest share of lineups with a kicker as captain.', input: fraction, contestTypes: ['showdown'] },

    ...TOP_N_THRESHOLDS.flatMap((threshold, i) => [
      { key: `topN_${i}thresh` as SettingKey, group: 'Top players' as const, label: `Top group ${i + 1} size`, help: `Size of top-projected group ${i + 1} (${threshold} by default).`, input: count() },
      { key: `topN_${i}force` as SettingKey, group: 'Top players' as const, label: `Min from top group ${i + 1}`, help: `Each lineup holds at least this many players of top group ${i + 1}; 0 turns the rule off.`, input: count(9) },
    ]),
    { key: 'OverMax_Sensitivity', group: 'Top players', label: 'Exposure strictness', help: 'Strict keeps exposures exact; Balanced allows one lineup over; Loose up to 10 % of lineups.', input: { kind: 'choice', options: OVER_MAX_SENSITIVITIES } },
  ] satisfies SettingField[]).map((field) => [field.key, field]),
);

/** The settings of each sport, in the spec's order (specificStacks is edited on Team Stacks). */
export const SPORT_SETTING_KEYS: Readonly<Record<Sport, readonly SettingKey[]>> = {
  nfl: [
    'numLUs', 'minUnique', 'minSal', 'maxSal', 'includeSaved',
    'allowDefenseVsQB', 'allowDefenseVsFlex', 'allowDefenseVsKicker',
    'rbFlexPct', 'teFlexPct', 'wrFlexPct',
    'minTotalOwn', 'maxTotalOwn',
    'minUnderOwn_1', 'maxUnderOwn_1', 'minUnderOwn_2', 'maxUnderOwn_2', 'minUnderOwn_3', 'maxUnderOwn_3',
    'minUnderOwn_4', 'maxUnderOwn_4', 'minUnderOwn_5', 'maxUnderOwn_5',
    'projPtsRandInput', 'projOwnRandInput', 'projPtsRandQB', 'projPtsRandRB', 'projPtsRandWR', 'projPtsRandTE', 'projPtsRandDST',
    'stackSettingMode', 'teamStackPct', 'gameStackPct', 'force2FlexStck', 'noStackPct', 'allowRBStackPct',
    'forceSecondGameStack', 'forceRBandDSTStack',
    'topN_0thresh', 'topN_0force', 'topN_1thresh', 'topN_1force', 'topN_2thresh', 'topN_2force', 'OverMax_Sensitivity',
    'qbCptPct', 'rbCptPct', 'wrCptPct', 'teCptPct', 'dstCptPct', 'kCptPct',
    'ceilingPct',
  ],
  nba: [
    'numLUs', 'minUnique', 'minSal', 'maxSal', 'minMinutes', 'teamStackPct', 'gameStackPct', 'minTotalOwn', 'maxTotalOwn',
    // The optimizer applies the overall levels to every nba position (no per-position keys).
    'projPtsRandInput', 'projOwnRandInput',
    'minUnderOwn_1', 'maxUnderOwn_1', 'minUnderOwn_2', 'maxUnderOwn_2', 'minUnderOwn_3', 'maxUnderOwn_3',
    'minUnderOwn_4', 'maxUnderOwn_4', 'minUnderOwn_5', 'maxUnderOwn_5',
  ],
  mlb: [
    'numLUs', 'minUnique', 'minSal', 'maxSal', 'minTotalOwn', 'maxTotalOwn',
    'minUnderOwn_1', 'maxUnderOwn_1', 'minUnderOwn_2', 'maxUnderOwn_2', 'minUnderOwn_3', 'maxUnderOwn_3',
    'minUnderOwn_4', 'maxUnderOwn_4', 'minUnderOwn_5', 'maxUnderOwn_5',
    'projPtsRandHitter', 'projPtsRandPitcher', 'stackSettingMode',
  ],
  // The spec lists no pga or mma settings; they get the sport-neutral ones.
  pga: ['numLUs', 'minUnique', 'minSal', 'maxSal', 'minTotalOwn', 'maxTotalOwn', 'projPtsRandInput'],
  mma: ['numLUs', 'minUnique', 'minSal', 'maxSal', 'minTotalOwn', 'maxTotalOwn', 'projPtsRandInput'],
};

/** The fields of the Build Settings tab for a sport and contest type, in order. */
export function settingFields(sport: Sport, contestType: ContestType): SettingField[] {
  return SPORT_SETTING_KEYS[sport]
    .map((key) => FIELDS[key])
    .filter((field): field is SettingField => field !== undefined)
    .filter((field) => !field.contestTypes || field.contestTypes.includes(contestType))
    .map((field) => (field.bySport?.[sport] ? { ...field, ...field.bySport[sport] } : field));
}

/** Groups of a field list, in SETTING_GROUPS order, empty groups left out. */
export function groupSettingFields(fields: readonly SettingField[]): { group: SettingGroup; fields: SettingField[] }[] {
  return SETTING_GROUPS.map((group) => ({ group, fields: fields.filter((f) => f.group === group) })).filter(
    (g) => g.fields.length > 0,
  );
}

/** Settings shown as one "from – to" row: a lower and an upper bound of the same quantity. */
export interface SettingRange {
  readonly min: SettingKey;
  readonly max: SettingKey;
  readonly label: string;
  readonly help: string;
}

export const SETTING_RANGES: readonly SettingRange[] = [
  { min: 'minSal', max: 'maxSal', label: 'Salary range', help: 'Every lineup spends between these amounts (the max defaults to the site cap).' },
  { min: 'minTotalOwn', max: 'maxTotalOwn', label: 'Total ownership %', help: 'The summed projected ownership of every lineup stays within this range.' },
  ...OWNERSHIP_BRACKETS.map((bracket, i) => ({
    min: `minUnderOwn_${i + 1}` as SettingKey,
    max: `maxUnderOwn_${i + 1}` as SettingKey,
    label: `Players under ${bracket}% owned`,
    help: `How many players projected under ${bracket}% ownership each lineup holds, at least and at most.`,
  })),
];

export type SettingRow = { readonly kind: 'single'; readonly field: SettingField } | {
  readonly kind: 'range'; readonly range: SettingRange; readonly min: SettingField; readonly max: SettingField;
};

/** A group's fields as rows: a range's two bounds become one row where both are present. */
export function settingRows(fields: readonly SettingField[]): SettingRow[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const rows: SettingRow[] = [];
  const used = new Set<SettingKey>();
  for (const field of fields) {
    if (used.has(field.key)) continue;
    const range = SETTING_RANGES.find((r) => r.min === field.key || r.max === field.key);
    const min = range ? byKey.get(range.min) : undefined;
    const max = range ? byKey.get(range.max) : undefined;
    if (range && min && max) {
      used.add(min.key).add(max.key);
      rows.push({ kind: 'range', range, min, max });
    } else {
      used.add(field.key);
      rows.push({ kind: 'single', field });
    }
  }
  return rows;
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const levelName = (level: string) => level.charAt(0).toUpperCase() + level.slice(1);

/**
 * Notes shown under setting rows, keyed by the field key or the range label: what the
 * settings add up to, where the label alone would mislead.
 * - nfl classic basic stacks: the share of lineups each stack kind gets (game stacks are
 *   planned first, so a 90 % team stack share with 50 % game stacks stacks 95 %).
 * - Ownership caps under ownership randomness: the caps hold for each lineup's shaken-up
 *   ownership, not for the ownership shown, so say so beside every active cap.
 */
export function settingNotes(settings: BuildSettings, sport: Sport, site: Site, contestType: ContestType): Record<string, string> {
  const notes: Record<string, string> = {};
  if (sport === 'nfl' && contestType === 'classic' && settings.stackSettingMode !== 'advanced') {
    const f = basicStackFrequencies(settings);
    const game = f['1+ game stack'] + f['2+ game stack'];
    const team = f['1+ team stack'] + f['2+ team stack'];
    notes.teamStackPct = `These shares plan ${percent(game + team)} of lineups stacked: ${percent(game)} game stacks, ${percent(team)} team stacks only; ${percent(f['No stack'])} with no stack and ${percent(f['Force Nothing'])} free.`;
  }
  const level = settings.projOwnRandInput;
  if (level && level !== 'none' && settingFields(sport, contestType).some((field) => field.group === 'Ownership')) {
    const size = getRoster(sport, site, contestType).slots.length;
    const note = `Ownership randomness is ${levelName(level)}: this cap applies to each lineup's shaken-up ownership, so the ownership shown can fall outside it. Set Ownership randomness to None to hold it exactly.`;
    if (settings.minTotalOwn > 0 || settings.maxTotalOwn < size * 100) notes['Total ownership %'] = note;
    for (const range of SETTING_RANGES.filter((r) => r.min.startsWith('minUnderOwn_'))) {
      const min = Number((settings as unknown as Record<string, unknown>)[range.min] ?? 0);
      const max = Number((settings as unknown as Record<string, unknown>)[range.max] ?? size);
      if (min > 0 || max < size) notes[range.label] = note;
    }
  }
  return notes;
}
