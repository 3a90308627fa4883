// Send-side conversions: what players, settings, stack groups and
// basic stack settings look like on their way to the server or the optimizer.
import { EXPOSURE_MAX, EXPOSURE_MIN } from './formulas.js';
import { readFlag } from './flag.js';
import type { NflStackRule } from './settings.js';

/** A value read as a number; empty, missing and unreadable values give the fallback. */
export function toNumber(value: unknown, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isFinite(number) ? number : fallback;
}

// ---- Players ----

export interface ExposureDefaults {
  readonly MinExp: number;
  readonly MaxExp: number;
}

/** MinExp defaults to 0; MaxExp to 100, or 0 when the 'zeroed' preference is stored. */
export function exposureDefaults(zeroed = false): ExposureDefaults {
  return { MinExp: EXPOSURE_MIN, MaxExp: zeroed ? EXPOSURE_MIN : EXPOSURE_MAX };
}

/** The numeric fields of a player as sent. */
export interface SentPlayerFields {
  /** The projection the optimizer scores with, taken from ProjPts. */
  DKPts: number;
  MinExp: number;
  MaxExp: number;
  ProjOwn: number;
  Min: number;
  Salary: number;
  TimeRank: number;
  Ceiling: number;
  ProjMins: number;
}

export interface SendPlayerOptions {
  /** The 'zeroed' preference: missing MaxExp becomes 0 instead of 100. */
  readonly zeroed?: boolean;
}

/**
 * A player as sent: the row with DKPts (from ProjPts), MinExp, MaxExp, ProjOwn, Min and
 * Salary as numbers; TimeRank defaults to 1, Ceiling and ProjMins to 0, exposures to
 * exposureDefaults, everything else missing to 0. Other fields pass through untouched.
 */
export function playerForSend<P extends object>(player: P, options: SendPlayerOptions = {}): Omit<P, keyof SentPlayerFields> & SentPlayerFields {
  const row = player as Readonly<Record<string, unknown>>;
  const exposure = exposureDefaults(options.zeroed);
  return {
    ...player,
    DKPts: toNumber(row.ProjPts, 0),
    MinExp: toNumber(row.MinExp, exposure.MinExp),
    MaxExp: toNumber(row.MaxExp, exposure.MaxExp),
    ProjOwn: toNumber(row.ProjOwn, 0),
    Min: toNumber(row.Min, 0),
    Salary: toNumber(row.Salary, 0),
    TimeRank: toNumber(row.TimeRank, 1),
    Ceiling: toNumber(row.Ceiling, 0),
    ProjMins: toNumber(row.ProjMins, 0),
  };
}

// ---- Settings ----

/** Setting keys that stay text on send; every projPtsRand* key is text too. */
export const TEXT_SETTING_KEYS: readonly string[] = [
  'slate', 'site', 'sport', 'counter', 'projOwnRandInput', 'contestType', 'specificStacks', 'stackSettingMode',
  'OverMax_Sensitivity',
];

export function isTextSettingKey(key: string): boolean {
  return TEXT_SETTING_KEYS.includes(key) || key.startsWith('projPtsRand');
}

const toBoolean = (value: unknown): boolean => readFlag(value, false);

/**
 * Settings as sent: every value a number (Number(value): true → 1, false → 0) except the
 * text keys; ceilingPct divided by 100; allowDefenseVsTeam a boolean. Undefined values are
 * dropped and nulls kept, so the receiver applies its own defaults.
 */
export function settingsForSend(settings: object): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    if (value === null || isTextSettingKey(key)) sent[key] = value;
    else if (key === 'allowDefenseVsTeam') sent[key] = toBoolean(value);
    else if (key === 'ceilingPct') sent[key] = Number(value) / 100;
    else sent[key] = Number(value);
  }
  return sent;
}

// ---- Stack groups ----

export type AnchorId = string | number;

/** The group fields the send rules touch; other fields pass through. */
export interface StackGroup {
  active?: boolean;
  anchorPlayerID?: AnchorId | readonly AnchorId[] | null;
  pctGroup?: number | string | null;
}

export const MAX_ANCHOR_PLAYERS = 2;
export const DEFAULT_PCT_GROUP = 1;

/** anchorPlayerID as a list: a single value wrapped, a missing one empty, at most the first 2 kept. */
export function anchorPlayerIds(value: StackGroup['anchorPlayerID']): AnchorId[] {
  if (value === null || value === undefined || value === '') return [];
  const list: readonly AnchorId[] = Array.isArray(value) ? value : [value as AnchorId];
  return list.slice(0, MAX_ANCHOR_PLAYERS);
}

export type NormalizedGroup<G extends StackGroup> = Omit<G, 'anchorPlayerID' | 'pctGroup'> & {
  anchorPlayerID: AnchorId[];
  pctGroup: number;
};

/** A group with its anchor list normalised and pctGroup defaulting to 1. */
export function normalizeGroup<G extends StackGroup>(group: G): NormalizedGroup<G> {
  return {
    ...group,
    anchorPlayerID: anchorPlayerIds(group.anchorPlayerID),
    pctGroup: toNumber(group.pctGroup, DEFAULT_PCT_GROUP),
  };
}

/** Only active groups are exported, each normalised. */
export function groupsForSend<G extends StackGroup>(groups: readonly G[]): NormalizedGroup<G>[] {
  return groups.filter((g) => g.active === true).map(normalizeGroup);
}

// ---- Basic stack frequencies ----

export interface BasicStackInputs {
  readonly teamStackPct: number;
  readonly gameStackPct: number;
  readonly force2FlexStck: number;
  readonly noStackPct: number;
}

export const BASIC_STACK_LABELS = [
  'Force Nothing', '1+ team stack', '1+ game stack', '2+ team stack', '2+ game stack', 'No stack',
] as const;
export type BasicStackLabel = (typeof BASIC_STACK_LABELS)[number];

const probability = (value: number): number => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * The basic-mode rule weights, as products of the four probabilities (all 0..1):
 *
 *   n = noStackPct, g = gameStackPct, t = teamStackPct, f = force2FlexStck, r = 1 − n
 *   No stack       = n
 *   2+ game stack  = r · g · f
 *   1+ game stack  = r · g · (1 − f)
 *   2+ team stack  = r · (1 − g) · min(f, t)
 *   1+ team stack  = r · (1 − g) · (t − min(f, t))
 *   Force Nothing  = the remainder, r · (1 − g) · (1 − t)
 *
 * Read: a no-stack share is set aside first; of the rest a share g is game-stacked; the
 * others are team-stacked with probability t, of which a share f (of all of them, hence
 * min(f, t)) forces two flex players; f splits game stacks the same way. The shipped nfl
 * defaults (t 0.9, g 0.5, f 0.4, n 0) give exactly the shipped table: Force Nothing 0.05,
 * 1+ team 0.25, 1+ game 0.3, 2+ team 0.2, 2+ game 0.2, No stack 0. The weights sum to 1.
 */
export function basicStackFrequencies(inputs: BasicStackInputs): Record<BasicStackLabel, number> {
  const n = probability(inputs.noStackPct);
  const g = probability(inputs.gameStackPct);
  const t = probability(inputs.teamStackPct);
  const f = probability(inputs.force2FlexStck);
  const rest = 1 - n;
  const twoFlexTeam = Math.min(f, t);
  const weights = {
    '1+ team stack': rest * (1 - g) * (t - twoFlexTeam),
    '1+ game stack': rest * g * (1 - f),
    '2+ team stack': rest * (1 - g) * twoFlexTeam,
    '2+ game stack': rest * g * f,
    'No stack': n,
  };
  const used = Object.values(weights).reduce((sum, w) => sum + w, 0);
  return { 'Force Nothing': Math.max(0, 1 - used), ...weights };
}

/**
 * Stack-count bounds of each basic rule, as advanced-mode entries: "team" counts flex
 * players (RB/WR/TE) of the quarterback's team, "opp" those of the opponent. A game stack
 * is a team stack plus at least one opponent; "No stack" allows no teammate; Force Nothing
 * forces nothing.
 */
export const BASIC_STACK_RULE_BOUNDS: Readonly<Record<BasicStackLabel, Omit<NflStackRule, 'freq'>>> = {
  'Force Nothing': {},
  '1+ team stack': { teamFlexMin: 1 },
  '1+ game stack': { teamFlexMin: 1, oppFlexMin: 1 },
  '2+ team stack': { teamFlexMin: 2 },
  '2+ game stack': { teamFlexMin: 2, oppFlexMin: 1 },
  'No stack': { teamFlexMax: 0 },
};

/** The basic rules as stack rule entries; the Force Nothing remainder is a disabled rule. */
export function basicStackRules(inputs: BasicStackInputs): NflStackRule[] {
  const frequencies = basicStackFrequencies(inputs);
  return BASIC_STACK_LABELS.map((label) => ({
    ...BASIC_STACK_RULE_BOUNDS[label],
    label,
    freq: frequencies[label],
    ...(label === 'Force Nothing' ? { disabled: true } : {}),
  }));
}
