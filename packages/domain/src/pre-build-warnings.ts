// Non-blocking pre-build warnings (the user may still build): pure
// functions over the player table, the settings and the Team Stacks rows. Any warning shows
// the PRE_BUILD_ISSUES_BANNER; team-limit warnings are flagged as able to fail the build.
import {
  bracketOverExposedMessage, bracketUnderExposedMessage, flexSharesBelow100Message, gameStacksUnderExposedMessage,
  PRE_BUILD_ISSUES_BANNER, stackPercentOver100Message, stacksUnderExposedMessage, teamOverExposedMessage,
  teamUnderExposedMessage,
} from './messages.js';
import { OWNERSHIP_BRACKETS, STACK_SHORTFALL_TOLERANCE } from './formulas.js';
import { basicStackRules } from './send.js';
import { resolveSettings, type BuildSettings, type NflStackRule } from './settings.js';
import {
  BRING_BACK_FLAGS, normalizeNflStackRule, PARTNER_FLAGS, parseSpecificStacks, resolveTeamStackRow, STACK_ANCHOR_POSITION,
  STACK_PARTNER_POSITIONS, TEAM_LIMIT_KINDS, TEAM_LIMIT_POSITIONS, type TeamLimitKind, type TeamStackRow,
} from './stacks.js';
import type { ContestType, Site, Sport } from './roster.js';


export interface PreBuildPlayer {
  Position: string;
  TeamAbbrev: string;
  Opp?: string;
  ProjOwn?: number | null;
  UserOwn?: number | null;
  MinExp?: number | null;
  MaxExp?: number | null;
}

export type PreBuildWarningCode =
  | 'stack-percent-over-100' | 'flex-shares-below-100' | 'bracket-under-exposed' | 'bracket-over-exposed'
  | 'stacks-under-exposed' | 'game-stacks-under-exposed' | 'team-over-exposed' | 'team-under-exposed';

export interface PreBuildWarning {
  code: PreBuildWarningCode;
  message: string;
  /** Team-limit warnings: the build may fail (too few players left for the roster). */
  canFailBuild: boolean;
  team?: string;
}

export interface PreBuildContext {
  sport: Sport;
  site: Site;
  contestType: ContestType;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const first = (p: PreBuildPlayer) => p.Position.split('/')[0]!.trim().toUpperCase();
const maxExp = (p: PreBuildPlayer) => Math.max(0, Math.min(100, num(p.MaxExp, 100)));
const minExp = (p: PreBuildPlayer) => Math.max(0, Math.min(100, num(p.MinExp, 0)));
const ownership = (p: PreBuildPlayer) => num(p.UserOwn, num(p.ProjOwn, 0));

/** The stack rule entries a build will plan (basic rules from the four weights, or the table). */
function stackRules(settings: BuildSettings): NflStackRule[] {
  if (settings.stackSettingMode === 'advanced') {
    try {
      return parseSpecificStacks(settings.specificStacks).map((r, i) => normalizeNflStackRule(r, i)).filter((r) => !r.disabled);
    } catch {
      return [];
    }
  }
  return basicStackRules(settings).filter((r) => !r.disabled);
}

/** Share of lineups (percent) whose rule needs a partner, and one that also needs a bring-back. */
export function requiredStackPercents(settings: BuildSettings): { stacks: number; gameStacks: number } {
  const rules = stackRules(settings);
  const total = Math.max(1, rules.reduce((s, r) => s + Math.max(0, r.freq), 0));
  const needs = (r: NflStackRule, side: 'team' | 'opp') =>
    ['Flex', 'RB', 'WR', 'TE'].some((d) => num(r[`${side}${d}Min` as keyof NflStackRule], 0) > 0);
  const share = (pick: (r: NflStackRule) => boolean) => (100 * rules.filter(pick).reduce((s, r) => s + Math.max(0, r.freq), 0)) / total;
  return { stacks: share((r) => needs(r, 'team')), gameStacks: share((r) => needs(r, 'team') && needs(r, 'opp')) };
}

/**
 * The most lineups (percent) that can hold a stack, and a game stack, under the max
 * exposures and the Team Stacks flags: per team, its QBs' exposure, at most the exposure of
 * its allowed partners (and of the opponent's allowed bring-backs).
 */
export function availableStackPercents(players: readonly PreBuildPlayer[], teamStacks: readonly TeamStackRow[] = []): { stacks: number; gameStacks: number } {
  const rows = new Map(teamStacks.map((r) => [r.TeamAbbrev, resolveTeamStackRow(r)]));
  const flagsOf = (team: string) => rows.get(team) ?? resolveTeamStackRow({ TeamAbbrev: team });
  const teams = [...new Set(players.map((p) => p.TeamAbbrev))];
  let stacks = 0;
  let gameStacks = 0;
  for (const team of teams) {
    const flags = flagsOf(team);
    const mine = players.filter((p) => p.TeamAbbrev === team);
    const qb = mine.filter((p) => first(p) === STACK_ANCHOR_POSITION).reduce((s, p) => s + maxExp(p), 0);
    if (qb <= 0 || !flags.AllowQBStack) continue;
    const opp = mine.find((p) => p.Opp)?.Opp;
    const partnerExp = mine
      .filter((p) => STACK_PARTNER_POSITIONS.some((pos) => pos === first(p) && flags[PARTNER_FLAGS[pos]]))
      .reduce((s, p) => s + maxExp(p), 0);
    const bringBackExp = !flags.AllowGameStack || !opp ? 0 : players
      .filter((p) => p.TeamAbbrev === opp && STACK_PARTNER_POSITIONS.some((pos) => pos === first(p) && flags[BRING_BACK_FLAGS[pos]]))
      .reduce((s, p) => s + maxExp(p), 0);
    stacks += Math.min(qb, partnerExp);
    gameStacks += Math.min(qb, partnerExp, bringBackExp);
  }
  return { stacks: Math.min(100, stacks), gameStacks: Math.min(100, gameStacks) };
}

/** Players of a team a lineup holds on average, at the min and at the max exposures, by limit kind. */
function teamExposure(players: readonly PreBuildPlayer[], team: string, kind: TeamLimitKind): { min: number; max: number } {
  const positions = TEAM_LIMIT_POSITIONS[kind];
  const mine = players.filter((p) => p.TeamAbbrev === team && (positions === null || positions.includes(first(p))));
  return { min: mine.reduce((s, p) => s + minExp(p), 0) / 100, max: mine.reduce((s, p) => s + maxExp(p), 0) / 100 };
}

/**
 * The spec's non-blocking warnings, each with its threshold:
 * - noStackPct + teamStackPct over 100 % (strictly);
 * - rbFlexPct + wrFlexPct + teFlexPct below 100 % (nfl classic);
 * - per ownership bracket b_k (2.5, 5, 10, 18, 25): the players under b_k (MaxExp > 0) fill
 *   on average Σ MaxExp/100 slots a lineup at most and Σ MinExp/100 at least; under-exposed
 *   when the most is below minUnderOwn_k, over-exposed when the least is above maxUnderOwn_k;
 * - stacks and game stacks (nfl): the planned share minus what the max exposures and the
 *   Team Stacks flags allow, when the shortfall exceeds 2.5 points;
 * - per team row and limit kind (flex, players, RB, WR, TE): Σ MinExp/100 above TotalMax
 *   (over-exposed) or Σ MaxExp/100 below TotalMin (under-exposed); these can fail the build.
 */
export function preBuildWarnings(
  context: PreBuildContext,
  players: readonly PreBuildPlayer[],
  given: Partial<BuildSettings> = {},
  teamStacks: readonly TeamStackRow[] = [],
): PreBuildWarning[] {
  const settings = resolveSettings(context.sport, context.site, context.contestType, given);
  const out: PreBuildWarning[] = [];
  const warn = (code: PreBuildWarningCode, message: string, team?: string) =>
    out.push({ code, message, canFailBuild: code === 'team-over-exposed' || code === 'team-under-exposed', ...(team ? { team } : {}) });
  const nflClassic = context.sport === 'nfl' && context.contestType === 'classic';

  if (nflClassic) {
    const noStack = num(settings.noStackPct, 0) * 100;
    const teamStack = num(settings.teamStackPct, 0) * 100;
    if (noStack + teamStack > 100 + 1e-9) warn('stack-percent-over-100', stackPercentOver100Message(round1(noStack), round1(teamStack)));
    const flex = (num(settings.rbFlexPct, 1) + num(settings.wrFlexPct, 1) + num(settings.teFlexPct, 1)) * 100;
    if (flex < 100 - 1e-9) warn('flex-shares-below-100', flexSharesBelow100Message(round1(flex)));
  }

  const counted = players.filter((p) => maxExp(p) > 0);
  OWNERSHIP_BRACKETS.forEach((bracket, k) => {
    const min = num(settings[`minUnderOwn_${k + 1}` as keyof BuildSettings], 0);
    const max = num(settings[`maxUnderOwn_${k + 1}` as keyof BuildSettings], Infinity);
    const under = counted.filter((p) => ownership(p) < bracket);
    const most = under.reduce((s, p) => s + maxExp(p), 0) / 100;
    const least = under.reduce((s, p) => s + minExp(p), 0) / 100;
    if (most < min - 1e-9) warn('bracket-under-exposed', bracketUnderExposedMessage(bracket, round2(most), min));
    if (least > max + 1e-9) warn('bracket-over-exposed', bracketOverExposedMessage(bracket, round2(least), max));
  });

  if (nflClassic) {
    const required = requiredStackPercents(settings);
    const available = availableStackPercents(players, teamStacks);
    const stackShort = required.stacks - available.stacks;
    const gameShort = required.gameStacks - available.gameStacks;
    if (stackShort > STACK_SHORTFALL_TOLERANCE + 1e-9) warn('stacks-under-exposed', stacksUnderExposedMessage(round1(stackShort)));
    if (gameShort > STACK_SHORTFALL_TOLERANCE + 1e-9) warn('game-stacks-under-exposed', gameStacksUnderExposedMessage(round1(gameShort)));
  }

  for (const given of teamStacks) {
    const row = resolveTeamStackRow(given);
    for (const kind of TEAM_LIMIT_KINDS) {
      const { min, max } = teamExposure(players, row.TeamAbbrev, kind);
      if (min > row[`TotalMax${kind}`] + 1e-9) warn('team-over-exposed', teamOverExposedMessage(row.TeamAbbrev, kind, round2(min), row[`TotalMax${kind}`]), row.TeamAbbrev);
      if (max < row[`TotalMin${kind}`] - 1e-9) warn('team-under-exposed', teamUnderExposedMessage(row.TeamAbbrev, kind, round2(max), row[`TotalMin${kind}`]), row.TeamAbbrev);
    }
  }
  return out;
}

/** The banner above the warnings: shown when there is at least one. */
export function preBuildBanner(warnings: readonly PreBuildWarning[]): string | null {
  return warnings.length > 0 ? PRE_BUILD_ISSUES_BANNER : null;
}
