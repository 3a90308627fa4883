// The Set Base Exposures modal: per position, a Max Exp and a projected
// points threshold, applied to the whole player table at once.
import { BASE_EXPOSURE_DEFAULTS, EXPOSURE_MAX, EXPOSURE_MIN } from './formulas.js';
import { primaryPosition, type PlayerRow } from './player-edits.js';

export interface PositionBaseExposure {
  /** Max Exp given to players at or above the threshold, 0..100. */
  readonly maxExp: number;
  /** Projected points below which a player gets Min and Max Exp 0; never below 0. */
  readonly projPtsMin: number;
}

export type BaseExposureSettings = Readonly<Record<string, PositionBaseExposure>>;

/** The modal's Max Exp input: 0..100, larger numbers capped at 100; unreadable → 0. */
export function normalizeBaseMaxExp(value: number | string): number {
  const number = Number(value);
  if (!Number.isFinite(number)) return EXPOSURE_MIN;
  return Math.min(EXPOSURE_MAX, Math.max(EXPOSURE_MIN, number));
}

/** The modal's points threshold input: cannot go below 0; unreadable → 0. */
export function normalizePointThreshold(value: number | string): number {
  const number = Number(value);
  return Number.isFinite(number) ? Math.max(0, number) : 0;
}

/** The modal's starting values: Max Exp 100 and the spec's ProjPtsMin for each position. */
export function defaultBaseExposureSettings(positions: readonly string[]): BaseExposureSettings {
  return Object.fromEntries(
    positions.map((position) => [
      position,
      { maxExp: BASE_EXPOSURE_DEFAULTS.maxExp, projPtsMin: BASE_EXPOSURE_DEFAULTS.projPtsMin[position] ?? 0 },
    ]),
  );
}

/**
 * True for a player whose exposure the user already set: Min Exp not 0, or Max Exp neither
 * 0 nor 100. Those are left alone unless "Override All Existing Exposures" is ticked.
 */
export function hasCustomExposure(player: Pick<PlayerRow, 'MinExp' | 'MaxExp'>): boolean {
  return player.MinExp !== 0 || (player.MaxExp !== 0 && player.MaxExp !== 100);
}

/**
 * Applies base exposures. A player's position is the first of its slash-separated
 * positions (defence spellings read as DST); players of positions without settings are left alone. Below the threshold
 * (ProjPts < projPtsMin) Min and Max Exp become 0; otherwise Max Exp becomes the
 * position's value (Min Exp is kept).
 */
export function applyBaseExposures<P extends PlayerRow>(
  players: readonly P[],
  settings: BaseExposureSettings,
  options: { readonly overrideAll?: boolean } = {},
): P[] {
  return players.map((player) => {
    if (!options.overrideAll && hasCustomExposure(player)) return player;
    const position = primaryPosition(player.Position);
    const setting = Object.hasOwn(settings, position) ? settings[position] : undefined;
    if (!setting) return player;
    if (player.ProjPts < normalizePointThreshold(setting.projPtsMin)) return { ...player, MinExp: 0, MaxExp: 0 };
    return { ...player, MaxExp: normalizeBaseMaxExp(setting.maxExp) };
  });
}
