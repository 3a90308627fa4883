// What a simulation needs to know about a slate, independent of any site's file layout: the
// real players (whose points are drawn) and the roster options (a player for a group of slots;
// a showdown player is a captain option and a flex option of the same player).

export interface SimPlayer {
  name: string;
  team: string;
  /** The opposing team ('' when unknown: the player's team is then its own game). */
  opp: string;
  /** The canonical primary position (QB, WR, DST, PG, P, OF, G, F...). */
  position: string;
  /** Mean points: the points the build uses (projection, user edits, boosts). */
  mean: number;
  /** About the 85th percentile of the player's points, when the projections give one. */
  ceiling?: number;
  /** About the 15th percentile of the player's points, when the projections give one. */
  floorPoints?: number;
  /** Players who never share a lineup with this one (an mma fighter's opponent in the bout). */
  apart?: number[];
}

export interface SimOption {
  /** The row's id in the site's upload file. */
  id: string;
  /** Index into SimSlate.players. */
  player: number;
  /** Roster slots (indices) the option may fill. */
  slots: number[];
  positions: string[];
  salary: number;
  /** Points multiplier of the slot group (a showdown captain: 1.5). */
  multiplier: number;
  /** Projected ownership in percent (0..100) of this option. */
  ownership: number;
  captain: boolean;
}

export interface SimSlate {
  sport: string;
  salaryCap: number;
  slotCount: number;
  players: SimPlayer[];
  options: SimOption[];
  /**
   * How far the projections may be off: the standard deviation of the log of (true mean ÷
   * projection), one value for the slate. Default DEFAULT_PROJECTION_ERROR of the sport; 0 takes
   * the projections as the true means.
   */
  projectionError?: number;
  /** How far ProjOwn may be off, the same way (default DEFAULT_OWNERSHIP_ERROR; 0: exact). */
  ownershipError?: number;
}

/** A lineup as the options in it (any order; a roster-valid set of slot.slotCount options). */
export type SimLineup = readonly number[];

/** Canonical key of a lineup: equal keys are duplicates (a captain differs from the same player at flex). */
export function lineupKey(lineup: SimLineup): string {
  return [...lineup].sort((a, b) => a - b).join(',');
}
