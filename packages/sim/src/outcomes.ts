// Player outcome model: points = floor + a lognormal draw, so outcomes are right-skewed
// (a few big games, many ordinary ones), the mean is the projection, and the spread comes
// from the Ceiling (taken as the 85th percentile) or from per-position defaults.
import type { SimPlayer } from './slate.js';

/** z of the 85th percentile of the standard normal. */
export const Z85 = 1.0364333894937898;

/** The largest ceiling/mean ratio (above the floor) a lognormal can give at its 85th percentile. */
export const MAX_CEILING_RATIO = Math.exp((Z85 * Z85) / 2);

export interface PositionSpread {
  /** Coefficient of variation of points above the floor, used when no usable Ceiling is given. */
  cv: number;
  /** The lowest realistic score (negative for positions that lose points). */
  floor: number;
}

const DEFAULT_SPREAD: PositionSpread = { cv: 0.5, floor: 0 };

/**
 * Defaults by sport and position. The coefficients of variation are rounded from the
 * week-to-week spread of DraftKings scoring for starters (see docs/simulation.md); the floors
 * are the usual worst scores (an interception-heavy QB, a defence giving up 35 points).
 */
export const POSITION_SPREADS: Readonly<Record<string, Readonly<Record<string, PositionSpread>>>> = {
  nfl: {
    QB: { cv: 0.45, floor: -2 }, RB: { cv: 0.6, floor: -1 }, WR: { cv: 0.7, floor: 0 }, TE: { cv: 0.8, floor: 0 },
    DST: { cv: 0.75, floor: -4 }, K: { cv: 0.5, floor: 0 },
  },
  nba: {
    PG: { cv: 0.3, floor: 0 }, SG: { cv: 0.33, floor: 0 }, SF: { cv: 0.33, floor: 0 }, PF: { cv: 0.32, floor: 0 }, C: { cv: 0.3, floor: 0 },
    G: { cv: 0.32, floor: 0 }, F: { cv: 0.32, floor: 0 },
  },
  mlb: {
    P: { cv: 0.55, floor: -6 }, SP: { cv: 0.55, floor: -6 }, RP: { cv: 0.8, floor: -4 },
    C: { cv: 0.95, floor: 0 }, '1B': { cv: 0.9, floor: 0 }, '2B': { cv: 0.95, floor: 0 }, '3B': { cv: 0.9, floor: 0 },
    SS: { cv: 0.95, floor: 0 }, OF: { cv: 0.95, floor: 0 },
  },
  pga: { G: { cv: 0.35, floor: 0 } },
  mma: { F: { cv: 0.7, floor: 0 } },
};

/**
 * How far projections are off by sport, as the standard deviation of log(true mean ÷
 * projection): 0.2 is a projection typically within ±20 % of the player's true expected points.
 * Public projections of DraftKings points miss actual scores by 30–45 % of the projection (game
 * variance and projection error together); the part that is the projection's own error, not the
 * game's, is put at 15–30 % of the mean (see docs/simulation.md). nba lowest (minutes are
 * known an hour before lock), mlb highest (batting orders and weather late), nfl, pga and mma
 * between.
 */
export const DEFAULT_PROJECTION_ERROR: Readonly<Record<string, number>> = { nfl: 0.2, nba: 0.15, mlb: 0.25, pga: 0.2, mma: 0.25 };

/** The same for projected ownership: ProjOwn of a player is typically within ±25 % of the field's. */
export const DEFAULT_OWNERSHIP_ERROR = 0.25;

/** The slate's projection error: its own setting, else the sport's default, else 0.2. */
export function projectionErrorOf(slate: { sport: string; projectionError?: number }): number {
  const value = slate.projectionError ?? DEFAULT_PROJECTION_ERROR[slate.sport] ?? 0.2;
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

export function positionSpread(sport: string, position: string): PositionSpread {
  return POSITION_SPREADS[sport]?.[position] ?? DEFAULT_SPREAD;
}

/** X = floor + exp(mu + sigma·Z), Z standard normal. sigma 0: X is the mean, always. */
export interface Marginal {
  floor: number;
  mu: number;
  sigma: number;
}

/**
 * The marginal of a player's game: mean kept exactly; spread from the ceiling (85th percentile)
 * and floor (15th) where given, else the position's cv.
 */
export function playerMarginal(sport: string, player: Pick<SimPlayer, 'position' | 'mean' | 'ceiling' | 'floorPoints'>): Marginal {
  const spread = positionSpread(sport, player.position);
  const floor = Math.min(spread.floor, player.mean);
  const above = player.mean - floor;
  if (!(above > 1e-9)) return { floor: player.mean, mu: 0, sigma: 0 };
  let sigma: number;
  const ceiling = player.ceiling;
  const low = player.floorPoints;
  const hasCeiling = ceiling !== undefined && Number.isFinite(ceiling) && ceiling > player.mean;
  const hasFloor = low !== undefined && Number.isFinite(low) && low < player.mean && low > floor;
  if (hasCeiling && hasFloor) {
    // Both percentiles: their ratio fixes sigma (85th ÷ 15th = exp(2·Z85·s)), capped as above.
    sigma = Math.min(Z85, Math.log((ceiling - floor) / (low - floor)) / (2 * Z85));
  } else if (hasCeiling) {
    // exp(mu + Z85·s) = ceiling − floor with mu = ln(above) − s²/2: s²/2 − Z85·s + ln(r) = 0.
    const ratio = Math.min((ceiling - floor) / above, MAX_CEILING_RATIO);
    sigma = Z85 - Math.sqrt(Math.max(0, Z85 * Z85 - 2 * Math.log(ratio)));
  } else if (hasFloor) {
    // exp(mu − Z85·s) = low − floor: s²/2 + Z85·s + ln(r) = 0 with r < 1.
    const ratio = (low - floor) / above;
    sigma = -Z85 + Math.sqrt(Z85 * Z85 - 2 * Math.log(ratio));
  } else {
    sigma = Math.sqrt(Math.log(1 + spread.cv * spread.cv));
  }
  return { floor, mu: Math.log(above) - (sigma * sigma) / 2, sigma };
}

/** The q-quantile of a marginal given the standard normal quantile z of q. */
export function marginalAt(m: Marginal, z: number): number {
  return m.sigma === 0 ? m.floor : m.floor + Math.exp(m.mu + m.sigma * z);
}

/** The marginal's standard deviation. */
export function marginalSd(m: Marginal): number {
  const s2 = m.sigma * m.sigma;
  return Math.sqrt((Math.exp(s2) - 1) * Math.exp(2 * m.mu + s2));
}
