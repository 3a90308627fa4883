// Build validity: the checks that disable the Build button. The exposure sums
// are those of an nfl classic roster (QB, 2 RB, 3 WR, TE, FLEX, DST); showdown builds are
// not checked.
import {
  MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS,
  exposureAboveLineupMaximumsMessage,
  exposureBelowLineupMinimumsMessage,
  minExpAboveMaxExpMessage,
  renderMessage,
} from './messages.js';
import { primaryPosition, type PlayerRow } from './player-edits.js';
import { findRoster, type ContestType, type Site, type Sport } from './roster.js';
import { teamRulesShortfall } from './roster-rules.js';

export const BUILD_VALIDITY_POSITIONS = ['QB', 'RB', 'WR', 'TE', 'FLEX', 'DST'] as const;
export type BuildValidityPosition = (typeof BUILD_VALIDITY_POSITIONS)[number];

/** FLEX sums are taken over these positions. */
export const FLEX_POSITIONS: readonly string[] = ['RB', 'WR', 'TE'];

/**
 * Summed Max Exp per position must reach these: every lineup needs that many slots
 * (×100 %) it could fill. FLEX counts RB + WR + TE: 2 + 3 + 1 + 1 flex = 7 slots.
 */
export const LINEUP_MINIMUM_EXPOSURE: Readonly<Record<BuildValidityPosition, number>> = {
  QB: 100, RB: 200, WR: 300, TE: 100, FLEX: 700, DST: 100,
};

/**
 * Summed Min Exp per position must not exceed these: no lineup holds more than that many
 * (RB 3, WR 4 and TE 2 counting the flex).
 */
export const LINEUP_MAXIMUM_EXPOSURE: Readonly<Record<BuildValidityPosition, number>> = {
  QB: 100, RB: 300, WR: 400, TE: 200, FLEX: 700, DST: 100,
};

/** Summed Min Exp and Max Exp per position (FLEX = RB + WR + TE); positions are the players' first. */
export function exposureSums(
  players: readonly Pick<PlayerRow, 'Position' | 'MinExp' | 'MaxExp'>[],
): Record<BuildValidityPosition, { minExp: number; maxExp: number }> {
  const sums = Object.fromEntries(BUILD_VALIDITY_POSITIONS.map((p) => [p, { minExp: 0, maxExp: 0 }])) as Record<
    BuildValidityPosition,
    { minExp: number; maxExp: number }
  >;
  for (const player of players) {
    const position = primaryPosition(player.Position);
    const targets = [position, ...(FLEX_POSITIONS.includes(position) ? ['FLEX'] : [])];
    for (const target of targets) {
      const sum = sums[target as BuildValidityPosition] as { minExp: number; maxExp: number } | undefined;
      if (!sum) continue;
      sum.minExp += Number(player.MinExp) || 0;
      sum.maxExp += Number(player.MaxExp) || 0;
    }
  }
  return sums;
}

/** Players whose Min Exp is above their Max Exp, one message each: a rule of every sport and contest type. */
export function minExpAboveMaxExpErrors(players: readonly Pick<PlayerRow, 'Name' | 'MinExp' | 'MaxExp'>[]): string[] {
  return players.filter((p) => Number(p.MinExp) > Number(p.MaxExp)).map((p) => minExpAboveMaxExpMessage(p.Name));
}

/**
 * Errors of a classic build, in this order: players with Min Exp above Max Exp, then per
 * position (QB, RB, WR, TE, FLEX, DST) a Max Exp sum short of the lineup minimum and a Min Exp
 * sum above the lineup maximum. The {n} of those messages is the limit the sum misses.
 */
export function classicBuildErrors(players: readonly Pick<PlayerRow, 'Name' | 'Position' | 'MinExp' | 'MaxExp'>[]): string[] {
  const errors = minExpAboveMaxExpErrors(players);
  const sums = exposureSums(players);
  for (const position of BUILD_VALIDITY_POSITIONS) {
    const minimum = LINEUP_MINIMUM_EXPOSURE[position];
    const maximum = LINEUP_MAXIMUM_EXPOSURE[position];
    if (sums[position].maxExp < minimum) errors.push(exposureBelowLineupMinimumsMessage(position, minimum));
    if (sums[position].minExp > maximum) errors.push(exposureAboveLineupMaximumsMessage(position, maximum));
  }
  return errors;
}

export interface BuildGateInput {
  readonly contestType: ContestType;
  /** The position sums are nfl's; other sports skip them. nfl when absent. */
  readonly sport?: Sport;
  readonly players: readonly (Pick<PlayerRow, 'Name' | 'Position' | 'MinExp' | 'MaxExp'> & Partial<Pick<PlayerRow, 'TeamAbbrev' | 'Opp'>>)[];
  /** With the site, the site's team and game rules are checked against the players left (Max Exp above 0). */
  readonly site?: Site;
  readonly loggedIn: boolean;
  /** The special build flag that allows a build without login. */
  readonly specialMode?: boolean;
}

/**
 * Everything the disabled Build button's tooltip lists: the login requirement first, then
 * the validity errors (nfl classic's position sums; Min Exp above Max Exp everywhere). An empty list means Build is enabled.
 */
export function buildBlockers(input: BuildGateInput): string[] {
  const blockers: string[] = [];
  if (!input.loggedIn && !input.specialMode) blockers.push(MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS);
  // The position sums are nfl classic's; Min Exp above Max Exp is wrong everywhere (a showdown
  // captain too: each roster row is its own player).
  if (input.contestType === 'classic' && (input.sport ?? 'nfl') === 'nfl') blockers.push(...classicBuildErrors(input.players));
  else blockers.push(...minExpAboveMaxExpErrors(input.players));
  const roster = input.site ? findRoster(input.sport ?? 'nfl', input.site, input.contestType) : undefined;
  if (roster) {
    // A faded game or excluded teams can leave fewer teams or games than the site needs.
    const left = input.players
      .filter((p) => typeof p.TeamAbbrev === 'string' && p.TeamAbbrev !== '' && (p.MaxExp === undefined || p.MaxExp === null || Number(p.MaxExp) > 0))
      .map((p) => ({ TeamAbbrev: p.TeamAbbrev!, Opp: p.Opp ?? '', Position: p.Position }));
    const shortfall = teamRulesShortfall(roster, left);
    if (shortfall) blockers.push(renderMessage(shortfall));
  }
  return blockers;
}
