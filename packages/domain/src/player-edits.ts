// Player table edits as pure functions: rows in, new rows out. Rows are never
// mutated; an ignored (invalid) edit returns the input array itself, so callers can tell.
import type { GameState, PlayerStatus, StartingState } from './player-status.js';
import { EXPOSURE_MAX, EXPOSURE_MIN, boostFactor, clampBoost, isExposureInRange } from './formulas.js';
import { coded, CodedError } from './messages.js';

/** A player row of the builder's player table. */
export interface PlayerRow {
  Id: string;
  Name: string;
  /** Slash-separated positions, e.g. 'RB/WR'. */
  Position: string;
  Positions?: readonly string[];
  /** CPT, FLEX and so on in showdown. */
  RosterPosition?: string;
  TeamAbbrev: string;
  Opp: string;
  Venue?: string;
  OU?: number;
  Spread?: number;
  ImpPts?: number;
  Salary: number;
  /** The projection in use: the user's or the house's, with the boost applied. */
  ProjPts: number;
  /** The site's own projection, kept once the projection is overridden or boosted. */
  HouseProjPts?: number | null;
  UserProj?: number | null;
  ProjOwn: number;
  HouseOwn?: number | null;
  UserOwn?: number | null;
  Ceiling?: number;
  /** Integer −5..5, shown 0 when unset. */
  Boost?: number;
  MinExp: number;
  MaxExp: number;
  /** nba: projected minutes in use (the user's override, else the house's). */
  ProjMins?: number;
  /** nba: the house's projected minutes, kept once the user overrides them. */
  HouseMins?: number | null;
  /** nba: the user's minutes; the house projection scales with UserMins / HouseMins. */
  UserMins?: number | null;
  /** Actual exposure percent after a build. */
  Exp?: number;
  Count?: number;
  ActualExp?: number;
  /** The site's injury status when the file gave one (see player-status.ts). */
  Status?: PlayerStatus | null;
  /** In Progress, Final or Postponed when the file was downloaded during the slate. */
  GameState?: GameState | null;
  /** mlb starting information when the file posts it (see player-status.ts). */
  Starting?: StartingState | null;
  BattingOrder?: number | null;
}

export class UnknownPlayerError extends CodedError {
  constructor(readonly playerId: string) {
    super(coded('unknown-player-id', { id: playerId }));
    this.name = 'UnknownPlayerError';
  }
}

/** Site spellings of the defence position. */
const DEFENCE_SPELLINGS: Readonly<Record<string, string>> = { D: 'DST', DEF: 'DST', DST: 'DST' };

/**
 * The first of a player's slash-separated positions, upper-cased, with the sites' defence
 * spellings (fd 'D', ya 'DEF', 'D/ST') read as 'DST'.
 */
export function primaryPosition(position: string): string {
  const first = (position.split('/')[0] ?? '').trim().toUpperCase();
  return DEFENCE_SPELLINGS[first] ?? first;
}

// ---- Text inputs ----

/** Text of a number input as typed: a lone dot becomes "0." so it can keep being typed. */
export function normalizeNumericInput(text: string): string {
  return text === '.' ? '0.' : text;
}

/** Text shown in a Min Exp / Max Exp cell: values of 0 or less (and nothing) show as empty. */
export function exposureInputText(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = normalizeNumericInput(String(value).trim());
  const number = Number(text);
  if (text === '' || (Number.isFinite(number) && number <= 0)) return '';
  return text;
}

/**
 * Reads an edited value: null for an empty string (or null/undefined), a number for numeric
 * text, NaN for anything else. "0." and "5." read as 0 and 5.
 */
export function parseNumericInput(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = normalizeNumericInput(value.trim());
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : Number.NaN;
}

// ---- Projections ----

/** An edit of User Proj and/or User Own; a key left out is left alone, '' or null clears it. */
export interface ProjectionEdit {
  UserProj?: string | number | null;
  UserOwn?: string | number | null;
  /** nba minutes override: '' or null restores the house minutes. */
  UserMins?: string | number | null;
}

/** Most minutes a player can be given (48 regulation plus overtimes). */
export const MAX_USER_MINUTES = 60;

/** Valid when UserProj is empty or ≥ 0 and UserOwn is empty or within 0..100. */
export function isValidProjectionEdit(edit: ProjectionEdit): boolean {
  if ('UserProj' in edit) {
    const proj = parseNumericInput(edit.UserProj);
    if (proj !== null && !(proj >= 0)) return false;
  }
  if ('UserOwn' in edit) {
    const own = parseNumericInput(edit.UserOwn);
    if (own !== null && !(own >= 0 && own <= 100)) return false;
  }
  if ('UserMins' in edit) {
    const mins = parseNumericInput(edit.UserMins);
    if (mins !== null && !(mins >= 0 && mins <= MAX_USER_MINUTES)) return false;
  }
  return true;
}

const isSet = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/** The house projection's scale for the user's minutes: UserMins / HouseMins (1 without an override). */
export function minutesFactor(row: Pick<PlayerRow, 'UserMins' | 'HouseMins'>): number {
  return isSet(row.UserMins) && isSet(row.HouseMins) && row.HouseMins > 0 ? row.UserMins / row.HouseMins : 1;
}

/** The projection before the boost: the user's, else the house's (scaled to the user's minutes), else ProjPts un-boosted. */
export function unboostedProjection(row: PlayerRow): number {
  if (isSet(row.UserProj)) return row.UserProj;
  if (isSet(row.HouseProjPts)) return row.HouseProjPts * minutesFactor(row);
  return row.ProjPts / boostFactor(row.Boost ?? 0);
}

/** The house projection: the stored one, else ProjPts un-boosted when there is no user projection. */
function houseProjection(row: PlayerRow): number | null {
  if (isSet(row.HouseProjPts)) return row.HouseProjPts;
  return isSet(row.UserProj) ? null : row.ProjPts / boostFactor(row.Boost ?? 0);
}

/**
 * Applies a projection edit to one row; an invalid edit returns the row unchanged.
 * Setting User Proj stores the house projection first; clearing it restores the house
 * projection (boost kept). Setting User Own stores the house ownership; clearing it restores
 * the house ownership if one exists.
 */
export function applyProjectionEdit<P extends PlayerRow>(row: P, edit: ProjectionEdit): P {
  if (!isValidProjectionEdit(edit)) return row;
  const next: P = { ...row };
  if ('UserProj' in edit) {
    const proj = parseNumericInput(edit.UserProj);
    const house = houseProjection(row);
    if (house !== null) next.HouseProjPts = house;
    next.UserProj = proj;
    const base = proj ?? (house !== null ? house * minutesFactor(row) : null);
    if (base !== null) next.ProjPts = base * boostFactor(row.Boost ?? 0);
  }
  if ('UserMins' in edit) {
    // The house projection scales with the minutes; a User Proj the user typed stays as typed.
    const mins = parseNumericInput(edit.UserMins);
    const house = houseProjection(next);
    if (house !== null) next.HouseProjPts = house;
    const houseMins = isSet(row.HouseMins) ? row.HouseMins : isSet(row.UserMins) ? null : row.ProjMins ?? null;
    next.HouseMins = houseMins;
    next.UserMins = mins;
    if (isSet(mins)) next.ProjMins = mins;
    else if (isSet(houseMins)) next.ProjMins = houseMins;
    if (!isSet(next.UserProj) && house !== null) next.ProjPts = house * minutesFactor(next) * boostFactor(row.Boost ?? 0);
  }
  if ('UserOwn' in edit) {
    const own = parseNumericInput(edit.UserOwn);
    if (own !== null) {
      next.HouseOwn = isSet(row.HouseOwn) ? row.HouseOwn : isSet(row.UserOwn) ? null : row.ProjOwn;
      next.UserOwn = own;
      next.ProjOwn = own;
    } else {
      next.UserOwn = null;
      if (isSet(row.HouseOwn)) next.ProjOwn = row.HouseOwn;
    }
  }
  return next;
}

function indexOfPlayer(players: readonly PlayerRow[], id: string): number {
  const index = players.findIndex((p) => p.Id === id);
  if (index < 0) throw new UnknownPlayerError(id);
  return index;
}

/** Replaces one row; the same array comes back when the row did not change. */
function replaceRow<P extends PlayerRow>(players: readonly P[], id: string, change: (row: P) => P): P[] {
  const index = indexOfPlayer(players, id);
  const row = players[index]!;
  const next = change(row);
  if (next === row) return players as P[];
  const copy = players.slice();
  copy[index] = next;
  return copy;
}

/** Edits User Proj / User Own of a player; invalid edits are ignored. An unknown id throws. */
export function editProjection<P extends PlayerRow>(players: readonly P[], id: string, edit: ProjectionEdit): P[] {
  return replaceRow(players, id, (row) => applyProjectionEdit(row, edit));
}

// ---- Exposure ----

/** An edit of Min Exp and/or Max Exp. An empty value means 0 (the cell shows 0 as empty). */
export interface ExposureEdit {
  MinExp?: string | number | null;
  MaxExp?: string | number | null;
}

/** Valid when each given value is within 0..100 (empty counts as 0). */
export function isValidExposureEdit(edit: ExposureEdit): boolean {
  return (['MinExp', 'MaxExp'] as const).every((key) => {
    if (!(key in edit)) return true;
    return isExposureInRange(parseNumericInput(edit[key]) ?? 0);
  });
}

export function applyExposureEdit<P extends PlayerRow>(row: P, edit: ExposureEdit): P {
  if (!isValidExposureEdit(edit)) return row;
  const next: P = { ...row };
  if ('MinExp' in edit) next.MinExp = parseNumericInput(edit.MinExp) ?? 0;
  if ('MaxExp' in edit) next.MaxExp = parseNumericInput(edit.MaxExp) ?? 0;
  return next;
}

/** Edits Min Exp / Max Exp of a player; values outside 0..100 are ignored. An unknown id throws. */
export function editExposure<P extends PlayerRow>(players: readonly P[], id: string, edit: ExposureEdit): P[] {
  return replaceRow(players, id, (row) => applyExposureEdit(row, edit));
}

/** Lock: the player is in every lineup (Min Exp = Max Exp = 100). */
export function lockPlayer<P extends PlayerRow>(players: readonly P[], id: string): P[] {
  return replaceRow(players, id, (row) => ({ ...row, MinExp: EXPOSURE_MAX, MaxExp: EXPOSURE_MAX }));
}

/** Unlock / remove: the player is in no lineup (Min Exp = Max Exp = 0). */
export function removePlayer<P extends PlayerRow>(players: readonly P[], id: string): P[] {
  return replaceRow(players, id, (row) => ({ ...row, MinExp: EXPOSURE_MIN, MaxExp: EXPOSURE_MIN }));
}

/** The spec's "Unlock (remove)": same as removePlayer. */
export const unlockPlayer = removePlayer;

/** Every player's Min Exp and Max Exp set to 0 (the logged-out "zero exposures"). */
export function zeroExposures<P extends PlayerRow>(players: readonly P[]): P[] {
  return players.map((row) => ({ ...row, MinExp: 0, MaxExp: 0 }));
}

// ---- Boost ----

/**
 * One boost click: +1 or −1, clamped to −5..5. The projection becomes the un-boosted
 * projection × (1 + 5 % per step); the house projection is stored first when none is.
 * A click past the limit changes nothing.
 */
export function applyBoostStep<P extends PlayerRow>(row: P, step: 1 | -1): P {
  const current = clampBoost(row.Boost ?? 0);
  const boost = clampBoost(current + step);
  if (boost === current) return row;
  const base = unboostedProjection(row);
  const house = houseProjection(row);
  return {
    ...row,
    ...(house !== null ? { HouseProjPts: house } : {}),
    Boost: boost,
    ProjPts: base * boostFactor(boost),
  };
}

export function boostPlayer<P extends PlayerRow>(players: readonly P[], id: string, step: 1 | -1): P[] {
  return replaceRow(players, id, (row) => applyBoostStep(row, step));
}

// ---- Build gate ----

const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '';

/**
 * True when the table is untouched: every player at Min Exp 0 and Max Exp 100 with no user
 * projection or ownership. Such a build is blocked by the 'Player Table must be modified!' modal.
 */
export function isPlayerTableUnmodified(players: readonly PlayerRow[]): boolean {
  return players.every(
    (p) => Number(p.MinExp) === 0 && Number(p.MaxExp) === 100 && isBlank(p.UserProj) && isBlank(p.UserOwn) && isBlank(p.UserMins),
  );
}

export interface LineupCountOptions {
  /** The plan's opt.nfl.lineup_limit (150 for admins or the special mode), see resolveLineupLimit. */
  readonly lineupLimit: number;
  /** "Include saved lineups" ticked. */
  readonly includeSaved?: boolean;
  readonly savedCount?: number;
}

/**
 * The number of lineups a build asks for: the input (whole lineups), plus the saved count
 * when saved lineups are included, clamped to 0..lineupLimit. Unreadable input counts as 0.
 */
export function clampLineupCount(input: number | string, options: LineupCountOptions): number {
  const requested = Number(input);
  const whole = Number.isFinite(requested) ? Math.floor(requested) : 0;
  const total = options.includeSaved ? (options.savedCount ?? 0) + whole : whole;
  return Math.min(Math.max(0, options.lineupLimit), Math.max(0, total));
}

/**
 * What a build shows and what it asks the server for: `total` lineups in the result (saved
 * ones included, clampLineupCount) and `toBuild` new ones, the build request's numLUs, since
 * the server streams the included saved lineups first and then builds numLUs more.
 */
export function lineupCounts(input: number | string, options: LineupCountOptions): { total: number; toBuild: number } {
  const total = clampLineupCount(input, options);
  const savedCount = options.includeSaved ? options.savedCount ?? 0 : 0;
  return { total, toBuild: Math.max(0, total - savedCount) };
}

// ---- Stored edits ----

/** What is stored of a user's edits of one player (server user-projections or browser storage). */
export interface PlayerOverride {
  Id: string;
  UserProj?: number | null;
  UserOwn?: number | null;
  MinExp?: number | null;
  MaxExp?: number | null;
  Boost?: number | null;
  UserMins?: number | null;
}

/** The stored edits of a row. */
export function playerOverride(row: PlayerRow): PlayerOverride {
  return {
    Id: row.Id,
    UserProj: row.UserProj ?? null,
    UserOwn: row.UserOwn ?? null,
    MinExp: row.MinExp,
    MaxExp: row.MaxExp,
    Boost: row.Boost ?? 0,
    UserMins: row.UserMins ?? null,
  };
}

/**
 * A fetched (house) row with stored edits applied through the same rules as a live edit, so a
 * reload shows what the user left. Invalid stored values are ignored like invalid edits.
 */
export function applyPlayerOverride<P extends PlayerRow>(row: P, override: Partial<PlayerOverride> | undefined): P {
  if (!override) return row;
  let next = row;
  const exposure: ExposureEdit = {};
  if (override.MinExp !== undefined && override.MinExp !== null) exposure.MinExp = override.MinExp;
  if (override.MaxExp !== undefined && override.MaxExp !== null) exposure.MaxExp = override.MaxExp;
  next = applyExposureEdit(next, exposure);
  if (override.UserMins !== undefined && override.UserMins !== null) next = applyProjectionEdit(next, { UserMins: override.UserMins });
  if (override.UserProj !== undefined && override.UserProj !== null) next = applyProjectionEdit(next, { UserProj: override.UserProj });
  if (override.UserOwn !== undefined && override.UserOwn !== null) next = applyProjectionEdit(next, { UserOwn: override.UserOwn });
  const boost = clampBoost(Number(override.Boost) || 0);
  for (let i = 0; i < Math.abs(boost); i += 1) next = applyBoostStep(next, boost > 0 ? 1 : -1);
  return next;
}

/** A player table with the stored edits of each Id applied; edits of unknown Ids are dropped. */
export function applyPlayerOverrides<P extends PlayerRow>(players: readonly P[], overrides: ReadonlyMap<string, Partial<PlayerOverride>>): P[] {
  if (overrides.size === 0) return players.slice();
  return players.map((row) => applyPlayerOverride(row, overrides.get(row.Id)));
}
