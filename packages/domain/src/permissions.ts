// Plan permissions: the keys, what each unlocks, and the look-up rules.
import { PRE_BUILD_UPGRADE_BANNER, UPGRADE_FOR_THIS_FEATURE } from './messages.js';
import { readFlag } from './flag.js';

export const PERMISSIONS = [
  {
    key: 'analytics.nfl.post_build',
    unlocks: 'Full post-build views: Player Breakdown, Stacks Breakdown, and Overweight and Underweight lists beyond the first row.',
  },
  { key: 'analytics.nfl.historical', unlocks: 'Lineup Comparison columns and the historical winning range.' },
  { key: 'analytics.nfl.pre_build', unlocks: 'Pre-build analysis.' },
  { key: 'opt.nfl.projections', unlocks: 'Proj Pts, Proj Value, GPP Value and Ceiling in the player pool.' },
  { key: 'opt.nfl.ownership', unlocks: 'Proj Own. Also needed for the projections download.' },
  { key: 'opt.nfl.historical_data', unlocks: 'Use Presets.' },
  { key: 'opt.nfl.after_start', unlocks: 'After Start tab (dk classic only).' },
  { key: 'opt.nfl.lineup_limit', unlocks: 'Maximum lineups per build.' },
  // Ours, not the spec's (docs/api.md): contest simulation and portfolio selection.
  { key: 'opt.nfl.simulation', unlocks: 'Contest simulation: the Simulate panel, "Select best N" and the socket simulate request.' },
] as const;

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];

export const PERMISSION_KEYS: readonly PermissionKey[] = PERMISSIONS.map((p) => p.key);

/**
 * A subscription's permissions as the account endpoint may give them: a map from key to a
 * flag or a number (opt.nfl.lineup_limit carries the limit), or a plain list of granted keys.
 */
export type Permissions =
  | Readonly<Record<string, boolean | number | string | null | undefined>>
  | readonly string[]
  | null
  | undefined;

export interface PermissionOptions {
  /** The dev or override flag: grants everything. */
  readonly override?: boolean;
}

/** True when the key is granted: listed, true, or a positive number (a lineup limit). */
export function hasPermission(permissions: Permissions, key: PermissionKey, options: PermissionOptions = {}): boolean {
  if (options.override) return true;
  if (!permissions) return false;
  if (Array.isArray(permissions)) return permissions.includes(key);
  const value = (permissions as Readonly<Record<string, unknown>>)[key];
  if (typeof value === 'number') return value > 0;
  if (typeof value === 'string') return readFlag(value, false);
  return value === true;
}

/** The lock-icon tooltip for a feature the plan lacks, or null when it is granted. */
export function lockedFeatureTooltip(permissions: Permissions, key: PermissionKey, options: PermissionOptions = {}): string | null {
  return hasPermission(permissions, key, options) ? null : UPGRADE_FOR_THIS_FEATURE;
}

/** The pre-build analysis upgrade banner, or null for users with analytics.nfl.pre_build. */
export function preBuildUpgradeBanner(permissions: Permissions, options: PermissionOptions = {}): string | null {
  return hasPermission(permissions, 'analytics.nfl.pre_build', options) ? null : PRE_BUILD_UPGRADE_BANNER;
}

/** Lineups per build for admins, the special build mode, and the override flag. */
export const MAX_LINEUP_LIMIT = 150;

export interface LineupLimitOptions extends PermissionOptions {
  readonly admin?: boolean;
  /** The special build flag that allows 150 lineups and a build without login. */
  readonly specialMode?: boolean;
}

/**
 * Maximum lineups per build: 150 for admins, the special mode or the override flag;
 * otherwise the number under opt.nfl.lineup_limit. Without a numeric limit the user may
 * build none (0).
 */
export function resolveLineupLimit(permissions: Permissions, options: LineupLimitOptions = {}): number {
  if (options.admin || options.specialMode || options.override) return MAX_LINEUP_LIMIT;
  if (!permissions || Array.isArray(permissions)) return 0;
  const raw = (permissions as Readonly<Record<string, unknown>>)['opt.nfl.lineup_limit'];
  const value = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
