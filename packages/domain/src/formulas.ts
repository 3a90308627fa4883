// Formulas and business constants of the builder and the analysis screens
// Pure numbers in, numbers out.
import type { Site } from './roster.js';

// ---- Salary value ----

/** Positions the salary-value formula has coefficients for. */
export const SALARY_VALUE_POSITIONS = ['QB', 'RB', 'WR', 'TE', 'DST'] as const;
export type SalaryValuePosition = (typeof SALARY_VALUE_POSITIONS)[number];

export interface SalaryValueCoefficients {
  readonly multiplier: number;
  readonly add: number;
}

const coefficients = (multiplier: number, add: number): SalaryValueCoefficients => ({ multiplier, add });

/**
 * Salary-value coefficients (multiplier / add) per site and position.
 * The spec says captain and flex have other values but does not give them; these are the
 * classic ones.
 */
export const SALARY_VALUE_COEFFICIENTS: Readonly<Record<Site, Readonly<Record<SalaryValuePosition, SalaryValueCoefficients>>>> = {
  dk: { QB: coefficients(2.4, 3), RB: coefficients(2.1, 0), WR: coefficients(2.1, 0), TE: coefficients(1.9, 2), DST: coefficients(1.8, 1.2) },
  fd: { QB: coefficients(2.2, 1.5), RB: coefficients(1.8, -2), WR: coefficients(1.8, -2), TE: coefficients(1.6, -2), DST: coefficients(1.6, 0) },
  ya: { QB: coefficients(350, 7.5), RB: coefficients(280, 4), WR: coefficients(280, 4), TE: coefficients(260, 2.5), DST: coefficients(260, 2) },
};

/**
 * Points a player is expected to score at a salary: salary / 1000 × multiplier + add.
 *
 * The same reading holds on every site. On dk and fd salaries are thousands of dollars, so a
 * $7,000 dk QB is expected to score 7 × 2.4 + 3 = 19.8. Yahoo salaries are tens of dollars
 * (cap $200), which is why its multipliers are ~150 times larger: a $35 Yahoo QB gives
 * 35 / 1000 × 350 + 7.5 = 19.75, in line with the dk figure. Returns null for positions
 * without coefficients (K, other sports).
 */
export function expectedPointsAtSalary(site: Site, position: string, salary: number): number | null {
  const c = SALARY_VALUE_COEFFICIENTS[site][position as SalaryValuePosition] as SalaryValueCoefficients | undefined;
  if (!c) return null;
  return (salary / 1000) * c.multiplier + c.add;
}

/** Projected points above (positive) or below what the salary implies; null without coefficients. */
export function pointsAboveSalaryValue(site: Site, position: string, salary: number, points: number): number | null {
  const expected = expectedPointsAtSalary(site, position, salary);
  return expected === null ? null : points - expected;
}

/**
 * The GPP Value column (a paid column): projected points above (positive) or below what the
 * salary buys at the position (the salary-value formula), for a Position text such as 'D',
 * 'DEF' or 'RB/WR' (its first position). Null where the formula has no coefficients.
 */
export function gppValue(site: Site, position: string, salary: number, points: number): number | null {
  const first = position.split('/')[0]!.trim().toUpperCase();
  const canonical = first === 'D' || first === 'DEF' || first === 'D/ST' ? 'DST' : first;
  return pointsAboveSalaryValue(site, canonical, salary, points);
}

/**
 * Value per salary: points / salary × 1000, or × 10 where salaries are whole dollars under a cap
 * below $1,000 (Yahoo's $200, FanDuel mma's $100), so both read as points per "thousand"-ish
 * unit. Takes the roster's salary cap (roster.ts). A salary of 0 or less gives 0.
 */
export function valuePerSalary(salaryCap: number, points: number, salary: number): number {
  if (!(salary > 0)) return 0;
  return (points / salary) * (salaryCap < 1000 ? 10 : 1000);
}

// ---- Leverage ----

/** Rounds half away from zero to the given decimals, so 1.005 and -1.005 are symmetric. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor)) / factor;
}

/** Leverage: actual exposure minus projected ownership, to 2 decimals. */
export function leverage(exp: number, projOwn: number): number {
  return roundTo(exp - projOwn, 2);
}

/** Leverage colour band thresholds. */
export const LEVERAGE_BAND_THRESHOLDS = [0.5, 1, 3, 5, 7] as const;

export interface LeverageBand {
  /** 'over' for positive leverage (overweight), 'under' for negative, 'neutral' below the first band. */
  readonly direction: 'over' | 'under' | 'neutral';
  /** 0 below 0.5, then 1..5 for |leverage| at or above 0.5, 1, 3, 5, 7. */
  readonly level: number;
}

export function leverageBand(value: number): LeverageBand {
  const magnitude = Math.abs(value);
  const level = LEVERAGE_BAND_THRESHOLDS.filter((threshold) => magnitude >= threshold).length;
  if (level === 0) return { direction: 'neutral', level };
  return { direction: value > 0 ? 'over' : 'under', level };
}

/** How many overweight and underweight players the post-build panels list. */
export const LEVERAGE_PANEL_SIZE = 5;

// ---- Ownership buckets ----

/**
 * Ownership bracket thresholds in percent (like ProjOwn): the build settings
 * minUnderOwn_k/maxUnderOwn_k bound k = 1..5. Here, not in settings.ts, so a page that only
 * shows buckets does not load the settings' schema (and zod).
 */
export const OWNERSHIP_BRACKETS = [2.5, 5, 10, 18, 25] as const;

/** Ownership bucket upper bounds, percent: 'under 2.5, 5, 10, 18, 25'. */
export const OWNERSHIP_BUCKETS = OWNERSHIP_BRACKETS;

/** Indexes (0..4) of the ownership buckets a projected ownership falls below. */
export function ownershipBucketsOf(projOwn: number): number[] {
  return OWNERSHIP_BUCKETS.flatMap((bound, index) => (projOwn < bound ? [index] : []));
}

/**
 * Players per ownership bucket. Only players with MaxExp over 0 count, and each counts in
 * every bucket it falls below (a 2 % player is in all five).
 */
export function ownershipBucketCounts(players: readonly { ProjOwn: number; MaxExp: number }[]): number[] {
  const counts = OWNERSHIP_BUCKETS.map(() => 0);
  for (const player of players) {
    if (!(player.MaxExp > 0)) continue;
    for (const index of ownershipBucketsOf(player.ProjOwn)) counts[index]! += 1;
  }
  return counts;
}

// ---- Exposure ----

export const EXPOSURE_MIN = 0;
export const EXPOSURE_MAX = 100;

export function isExposureInRange(value: number): boolean {
  return Number.isFinite(value) && value >= EXPOSURE_MIN && value <= EXPOSURE_MAX;
}

/** Exposure tolerance, in lineups. */
export const EXPOSURE_TOLERANCE_LINEUPS = 1;

/**
 * True when an actual exposure misses the player's min/max band by more than one lineup's
 * worth of exposure (100 / numLineups percent); such values are shown in red. With no
 * lineups there is nothing to judge.
 */
export function isExposureOutsideTolerance(actualExp: number, minExp: number, maxExp: number, numLineups: number): boolean {
  if (!(numLineups > 0)) return false;
  const tolerance = (EXPOSURE_TOLERANCE_LINEUPS * 100) / numLineups;
  return actualExp < minExp - tolerance || actualExp > maxExp + tolerance;
}

/** Base exposure defaults of the Set Base Exposures modal. */
export const BASE_EXPOSURE_DEFAULTS = {
  minExp: 0,
  maxExp: 100,
  /** Projected-points threshold per position; other positions use 0. */
  projPtsMin: { QB: 5, RB: 3, WR: 3, TE: 2, DST: 0 } as Readonly<Record<string, number>>,
} as const;

// ---- Boost ----

export const BOOST_MIN = -5;
export const BOOST_MAX = 5;
/** Each boost step changes the projection by 5 %. */
export const BOOST_STEP_PERCENT = 5;

export function clampBoost(boost: number): number {
  if (!Number.isFinite(boost)) return 0;
  return Math.min(BOOST_MAX, Math.max(BOOST_MIN, Math.round(boost)));
}

/**
 * Projection multiplier of a boost level: 1 + 5 % per step, linear in the step count (not
 * compounded) so +1 then −1 returns exactly to the base projection.
 */
export function boostFactor(boost: number): number {
  return 1 + (clampBoost(boost) * BOOST_STEP_PERCENT) / 100;
}

// ---- Assorted constants ----

/** Default number of teams on a slate for the position-count fetch. */
export const DEFAULT_NUM_TEAMS = 24;

/** Default lineup size for exposure stats (the stats call's default); the stacks view chunks by 9 too. */
export const DEFAULT_LINEUP_SIZE = 9;

/** Stack shortfall tolerance, percent, for the under-exposed stack warnings. */
export const STACK_SHORTFALL_TOLERANCE = 2.5;

/** Debounce for saving projections and settings. */
export const SAVE_DEBOUNCE_MS = 250;
/** A build's batches reach the lineup grid at most this often (each update re-renders it). */
export const BUILD_RENDER_INTERVAL_MS = 250;
/** Restart delay of crashed background tasks. */
export const RETRY_DELAY_MS = 3000;
/** How long the preset 'Active' confirmation shows. */
export const PRESET_ACTIVE_MS = 2000;
/** Tooltip hover delay (0.7 s). */
export const TOOLTIP_HOVER_DELAY_SECONDS = 0.7;

export interface TableLayout {
  /** Rows per page; null means no paging. */
  readonly pageSize: number | null;
  /** Scroll height in px; null when the spec gives none. */
  readonly scrollHeight: number | null;
}

/** Table page sizes and scroll heights. */
export const TABLE_LAYOUTS = {
  playerPool: { pageSize: 100, scrollHeight: 700 },
  projections: { pageSize: 100, scrollHeight: 700 },
  props: { pageSize: 100, scrollHeight: null },
  postBuild: { pageSize: null, scrollHeight: 300 },
  postBuildStacks: { pageSize: null, scrollHeight: 322 },
} as const satisfies Record<string, TableLayout>;

/** Width of the Player search box, px. */
export const PLAYER_SEARCH_WIDTH_PX = 300;

/** Local storage key of the auth token. */
export const TOKEN_STORAGE_KEY = 'jwt';

export const SEASONS_AVAILABLE = [2023] as const;
export const CURRENT_SEASON = 2023;

export const DEFAULT_SITES: readonly Site[] = ['dk', 'fd', 'ya'];

export const FOOTER_YEAR = 2022;
