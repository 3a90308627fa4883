// Stack and group inputs of a build (the Team Stacks row, player and stack groups, stack rule
// entries): their shapes, defaults and normalisation.
// The optimizer, the server and the web app all read them from here.
import { MLB_STACK_DEFAULTS, type MlbStackRule, type NflStackRule } from './settings.js';
import { readFlag } from './flag.js';
import { anchorPlayerIds, type AnchorId } from './send.js';
import type { Site, Sport } from './roster.js';
import { coded, CodedError } from './messages.js';

/** The per-team row of the Team Stacks tab. Missing keys take TEAM_STACK_DEFAULTS. */
export interface TeamStackRow {
  TeamAbbrev: string;
  AllowQBStack?: boolean;
  AllowRBStack?: boolean;
  AllowWRStack?: boolean;
  AllowTEStack?: boolean;
  AllowGameStack?: boolean;
  AllowRBOppStack?: boolean;
  AllowWROppStack?: boolean;
  AllowTEOppStack?: boolean;
  TotalMaxFlex?: number;
  TotalMaxPlayers?: number;
  TotalMaxRBs?: number;
  TotalMaxWRs?: number;
  TotalMaxTEs?: number;
  TotalMinFlex?: number;
  TotalMinPlayers?: number;
  TotalMinRBs?: number;
  TotalMinWRs?: number;
  TotalMinTEs?: number;
}

export type TeamStackFlag =
  | 'AllowQBStack' | 'AllowRBStack' | 'AllowWRStack' | 'AllowTEStack' | 'AllowGameStack'
  | 'AllowRBOppStack' | 'AllowWROppStack' | 'AllowTEOppStack';

/** Team limit kinds: TotalMin<kind> ≤ players of the team in a lineup ≤ TotalMax<kind>. */
export const TEAM_LIMIT_KINDS = ['Flex', 'Players', 'RBs', 'WRs', 'TEs'] as const;
export type TeamLimitKind = (typeof TEAM_LIMIT_KINDS)[number];

/** The positions a team limit kind counts; null = every player of the team. */
export const TEAM_LIMIT_POSITIONS: Readonly<Record<TeamLimitKind, readonly string[] | null>> = {
  Flex: ['RB', 'WR', 'TE'], Players: null, RBs: ['RB'], WRs: ['WR'], TEs: ['TE'],
};

/** A team without a row (or a row without a key): everything allowed, no limits (0..9). */
export const TEAM_STACK_DEFAULTS: Required<Omit<TeamStackRow, 'TeamAbbrev'>> = {
  AllowQBStack: true, AllowRBStack: true, AllowWRStack: true, AllowTEStack: true, AllowGameStack: true,
  AllowRBOppStack: true, AllowWROppStack: true, AllowTEOppStack: true,
  TotalMaxFlex: 9, TotalMaxPlayers: 9, TotalMaxRBs: 9, TotalMaxWRs: 9, TotalMaxTEs: 9,
  TotalMinFlex: 0, TotalMinPlayers: 0, TotalMinRBs: 0, TotalMinWRs: 0, TotalMinTEs: 0,
};

const flag = readFlag;

function count(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** A team stack row with every key present (defaults filled in, flags as booleans). */
export function resolveTeamStackRow(row: Partial<TeamStackRow> & { TeamAbbrev: string }): Required<TeamStackRow> {
  const d = TEAM_STACK_DEFAULTS;
  const r = row as Record<string, unknown>;
  const out = { TeamAbbrev: row.TeamAbbrev } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(d)) {
    out[key] = typeof fallback === 'boolean' ? flag(r[key], fallback) : count(r[key], fallback);
  }
  return out as unknown as Required<TeamStackRow>;
}

// ---- nfl stacks: which positions anchor, partner and bring back ----

/** The position an nfl stack is built around: the QB, whose points move with his receivers'. */
export const STACK_ANCHOR_POSITION = 'QB';
/** Positions that count as stack partners (teammates) and bring-backs (opponents). */
export const STACK_PARTNER_POSITIONS = ['RB', 'WR', 'TE'] as const;
export type StackPartnerPosition = (typeof STACK_PARTNER_POSITIONS)[number];
/** The defence position (forceRBandDSTStack pairs an RB with its own defence). */
export const DEFENCE_POSITION = 'DST';

/** Team Stacks flags of partners and bring-backs, by position. */
export const PARTNER_FLAGS: Readonly<Record<StackPartnerPosition, TeamStackFlag>> = {
  RB: 'AllowRBStack', WR: 'AllowWRStack', TE: 'AllowTEStack',
};
export const BRING_BACK_FLAGS: Readonly<Record<StackPartnerPosition, TeamStackFlag>> = {
  RB: 'AllowRBOppStack', WR: 'AllowWROppStack', TE: 'AllowTEOppStack',
};

/**
 * How a sport stacks: around a quarterback (nfl), by hitters per team (mlb), by players of
 * one team or one game (nba), or not at all.
 */
export type StackStyle = 'qb' | 'hitters' | 'teams' | 'none';
export const STACK_STYLE: Readonly<Record<Sport, StackStyle>> = { nfl: 'qb', mlb: 'hitters', nba: 'teams', pga: 'none', mma: 'none' };

/**
 * nba stacks (the 'teams' style; the rules text names nfl and mlb only, so these are ours):
 * a team stack is at least this many players of one team, planned in teamStackPct of the
 * lineups; a game stack is at least NBA_GAME_STACK_SIDE_MIN players of each side of one
 * game, planned in gameStackPct of the lineups. The two are planned independently.
 */
export const NBA_TEAM_STACK_MIN = 3;
export const NBA_GAME_STACK_SIDE_MIN = 2;

/** mlb pitcher positions; every other position is a hitter. */
export const PITCHER_POSITIONS: readonly string[] = ['P', 'SP', 'RP'];

/**
 * specificStacks may arrive as text (it is sent to the optimizer as text): a JSON
 * list is parsed, an empty text is an empty list. Anything else is an error.
 */
export function parseSpecificStacks(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new CodedError(coded('specific-stacks-not-a-list', {}));
    }
    if (Array.isArray(parsed)) return parsed;
  }
  throw new CodedError(coded('specific-stacks-not-a-list', {}));
}

const NFL_RULE_KEYS = [
  'teamFlexMin', 'teamFlexMax', 'teamRBMin', 'teamRBMax', 'teamWRMin', 'teamWRMax', 'teamTEMin', 'teamTEMax',
  'oppFlexMin', 'oppFlexMax', 'oppRBMin', 'oppRBMax', 'oppWRMin', 'oppWRMax', 'oppTEMin', 'oppTEMax',
] as const;

/** An advanced-mode nfl entry checked and cleaned: numbers as numbers, bounds within 0..7. */
export function normalizeNflStackRule(raw: unknown, index: number): NflStackRule {
  if (!raw || typeof raw !== 'object') throw new CodedError(coded('stack-rule-not-an-object', { rule: index + 1 }));
  const r = raw as Record<string, unknown>;
  const freq = count(r.freq, NaN);
  if (!(freq >= 0)) throw new CodedError(coded('stack-rule-not-a-count', { rule: index + 1, field: 'freq' }));
  const rule: NflStackRule = { freq };
  for (const key of NFL_RULE_KEYS) {
    if (r[key] === undefined || r[key] === null || r[key] === '') continue;
    const v = count(r[key], NaN);
    if (!(v >= 0)) throw new CodedError(coded('stack-rule-not-a-count', { rule: index + 1, field: key }));
    rule[key] = v;
  }
  if (typeof r.label === 'string' && r.label.trim() !== '') rule.label = r.label;
  if (r.disabled !== undefined) rule.disabled = flag(r.disabled, false);
  return rule;
}

/** A readable name of an nfl rule: its label, else its bounds. */
export function nflStackRuleName(rule: NflStackRule, index: number): string {
  if (rule.label) return rule.label;
  const bounds = NFL_RULE_KEYS.filter((k) => rule[k] !== undefined).map((k) => `${k} ${rule[k]}`);
  return `Stack rule ${index + 1}${bounds.length ? ` (${bounds.join(', ')})` : ''}`;
}

/** An mlb PrimaryStack-SecondaryStack entry checked: whole numbers, secondary ≤ primary. */
export function normalizeMlbStackRule(raw: unknown, index: number): MlbStackRule {
  if (!raw || typeof raw !== 'object') throw new CodedError(coded('stack-rule-not-an-object', { rule: index + 1 }));
  const r = raw as Record<string, unknown>;
  const primary = count(r.PrimaryStack, NaN);
  const secondary = count(r.SecondaryStack, 0);
  const freq = count(r.freq, NaN);
  if (!(Number.isInteger(primary) && primary >= 1)) throw new CodedError(coded('stack-rule-primary', { rule: index + 1 }));
  if (!(Number.isInteger(secondary) && secondary >= 0 && secondary <= primary)) {
    throw new CodedError(coded('stack-rule-secondary', { rule: index + 1 }));
  }
  if (!(freq >= 0)) throw new CodedError(coded('stack-rule-not-a-count', { rule: index + 1, field: 'freq' }));
  return { PrimaryStack: primary, SecondaryStack: secondary, freq };
}

export function mlbStackRuleName(rule: MlbStackRule): string {
  return `${rule.PrimaryStack}-${rule.SecondaryStack}`;
}

export function mlbStackDefaults(site: Site): MlbStackRule[] {
  return MLB_STACK_DEFAULTS[site].map((r) => ({ ...r }));
}

// ---- player groups and stack groups ----

export type GroupPlayer = AnchorId | { Id: AnchorId };

/**
 * A player group or a stack group (a team stack with a group ID): in pctGroup of the lineups (a fraction, default 1), a lineup holds
 * minGroup..maxGroup of the players; with anchors the rule binds only lineups holding one.
 */
export interface PlayerGroup {
  ID?: AnchorId;
  name?: string;
  players: GroupPlayer[];
  minGroup?: number;
  maxGroup?: number;
  pctGroup?: number | string | null;
  active?: boolean;
  anchorPlayerID?: AnchorId | readonly AnchorId[] | null;
}

export interface ResolvedGroup {
  name: string;
  playerIds: string[];
  anchorIds: string[];
  minGroup: number;
  maxGroup: number;
  /** Share of the lineups the group binds, 0..1. */
  pctGroup: number;
}

/**
 * A group ready for the optimizer: player Ids as text, anchors as a list (at most 2),
 * pctGroup as a fraction (a value above 1 is read as a percent), minGroup default 0 and
 * maxGroup default the number of players. Inactive groups give null (they are not used).
 */
export function resolveGroup(group: PlayerGroup, index: number, kind = 'Group'): ResolvedGroup | null {
  if (!group || typeof group !== 'object') throw new CodedError(coded('group-not-an-object', { kind, index: index + 1 }));
  // active may arrive as 0/1 or text after the send conversion; only an explicit no turns it off.
  if (group.active !== undefined && group.active !== null && !flag(group.active, true)) return null;
  const name = group.name ? String(group.name) : group.ID !== undefined ? `${kind} ${group.ID}` : `${kind} ${index + 1}`;
  if (!Array.isArray(group.players)) throw new CodedError(coded('group-players-not-a-list', { group: name }));
  const playerIds = group.players.map((p) => String(typeof p === 'object' && p !== null ? p.Id : p));
  const anchorIds = anchorPlayerIds(group.anchorPlayerID).map(String);
  const minGroup = count(group.minGroup, 0);
  const maxGroup = count(group.maxGroup, playerIds.length);
  let pct = count(group.pctGroup, 1);
  if (pct > 1) pct /= 100;
  if (!(minGroup >= 0) || !(maxGroup >= minGroup)) throw new CodedError(coded('group-min-max', { group: name, minGroup, maxGroup }));
  if (!(pct >= 0 && pct <= 1)) throw new CodedError(coded('group-pct', { group: name }));
  return { name, playerIds, anchorIds, minGroup, maxGroup, pctGroup: pct };
}
