// Independent checks of stacks and groups in built lineups, written from the stack and group
// rules as docs/optimizer.md states them, over player rows, not from the
// optimizer's rows.
import type { BuildSettings, NflStackRule, TeamStackRow } from '@stacksmith/domain';
import type { PoolPlayer } from '../src/types.js';

/** Settings that switch the nfl basic stack rules off (every lineup "Force Nothing"). */
export const NO_STACKS: Partial<BuildSettings> = { teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, noStackPct: 0 };

const FLEX = ['RB', 'WR', 'TE'];
const first = (p: PoolPlayer) => p.Position.split('/')[0]!.trim().toUpperCase();

export interface NflShape {
  qbTeam: string;
  opp: string;
  /** Teammates of the QB by position (RB, WR, TE). */
  team: Record<string, number>;
  /** Opponents of the QB by position. */
  opp_: Record<string, number>;
}

/** The stack around the lineup's QB: teammates and opponents at RB, WR and TE. */
export function nflShape(rows: readonly PoolPlayer[]): NflShape {
  const qb = rows.find((p) => first(p) === 'QB');
  if (!qb) throw new Error('a lineup without a QB');
  const team: Record<string, number> = { RB: 0, WR: 0, TE: 0 };
  const opp: Record<string, number> = { RB: 0, WR: 0, TE: 0 };
  for (const p of rows) {
    const pos = first(p);
    if (!FLEX.includes(pos)) continue;
    if (p.TeamAbbrev === qb.TeamAbbrev) team[pos]! += 1;
    else if (p.TeamAbbrev === qb.Opp) opp[pos]! += 1;
  }
  return { qbTeam: qb.TeamAbbrev, opp: qb.Opp ?? '', team, opp_: opp };
}

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
export const partners = (s: NflShape) => sum(s.team);
export const bringBacks = (s: NflShape) => sum(s.opp_);

/** The bounds of a stack rule entry a lineup breaks (empty: it holds). */
export function nflRuleProblems(rows: readonly PoolPlayer[], rule: NflStackRule): string[] {
  const s = nflShape(rows);
  const problems: string[] = [];
  for (const side of ['team', 'opp'] as const) {
    const counts = side === 'team' ? s.team : s.opp_;
    for (const dim of ['Flex', 'RB', 'WR', 'TE']) {
      const n = dim === 'Flex' ? sum(counts) : counts[dim]!;
      const min = rule[`${side}${dim}Min` as keyof NflStackRule] as number | undefined;
      const max = rule[`${side}${dim}Max` as keyof NflStackRule] as number | undefined;
      if (min !== undefined && n < min) problems.push(`${side}${dim} ${n} < ${min}`);
      if (max !== undefined && n > max) problems.push(`${side}${dim} ${n} > ${max}`);
    }
  }
  return problems;
}

/** What the Team Stacks row of the QB's team forbids and a lineup still holds. */
export function teamFlagProblems(rows: readonly PoolPlayer[], teamStacks: readonly TeamStackRow[]): string[] {
  const s = nflShape(rows);
  const row = teamStacks.find((r) => r.TeamAbbrev === s.qbTeam);
  if (!row) return [];
  const problems: string[] = [];
  for (const pos of FLEX) {
    const allowTeam = row.AllowQBStack !== false && row[`Allow${pos}Stack` as keyof TeamStackRow] !== false;
    const allowOpp = row.AllowGameStack !== false && row[`Allow${pos}OppStack` as keyof TeamStackRow] !== false;
    if (!allowTeam && s.team[pos]! > 0) problems.push(`${pos} partner of ${s.qbTeam} QB`);
    if (!allowOpp && s.opp_[pos]! > 0) problems.push(`${pos} bring-back against ${s.qbTeam} QB`);
  }
  return problems;
}

/** Team limits (TotalMin and TotalMax of flex, players, RBs, WRs, TEs) a lineup breaks. */
export function teamLimitProblems(rows: readonly PoolPlayer[], teamStacks: readonly TeamStackRow[]): string[] {
  const problems: string[] = [];
  for (const row of teamStacks) {
    const mine = rows.filter((p) => p.TeamAbbrev === row.TeamAbbrev);
    const counts: Record<string, number> = {
      Flex: mine.filter((p) => FLEX.includes(first(p))).length,
      Players: mine.length,
      RBs: mine.filter((p) => first(p) === 'RB').length,
      WRs: mine.filter((p) => first(p) === 'WR').length,
      TEs: mine.filter((p) => first(p) === 'TE').length,
    };
    for (const [kind, n] of Object.entries(counts)) {
      const min = row[`TotalMin${kind}` as keyof TeamStackRow] as number | undefined;
      const max = row[`TotalMax${kind}` as keyof TeamStackRow] as number | undefined;
      if (min !== undefined && n < min) problems.push(`${row.TeamAbbrev} ${kind} ${n} < ${min}`);
      if (max !== undefined && n > max) problems.push(`${row.TeamAbbrev} ${kind} ${n} > ${max}`);
    }
  }
  return problems;
}

/** True when the lineup holds an RB and the DST of the same team. */
export function hasRbAndDst(rows: readonly PoolPlayer[]): boolean {
  const dst = rows.find((p) => first(p) === 'DST' || first(p) === 'D' || first(p) === 'DEF');
  return !!dst && rows.some((p) => first(p) === 'RB' && p.TeamAbbrev === dst.TeamAbbrev);
}

/** True when the lineup also holds ≥1 player (not DST) of each side of a game other than the QB's. */
export function hasSecondGameStack(rows: readonly PoolPlayer[]): boolean {
  const s = nflShape(rows);
  const players = rows.filter((p) => !['DST', 'D', 'DEF'].includes(first(p)));
  return players.some((a) => a.TeamAbbrev !== s.qbTeam && a.TeamAbbrev !== s.opp
    && players.some((b) => b.TeamAbbrev === a.Opp && b.Opp === a.TeamAbbrev));
}

// ---- mlb ----

const isPitcher = (p: PoolPlayer) => p.Position.split('/').some((x) => ['P', 'SP', 'RP'].includes(x.trim().toUpperCase()));

/** Hitters per team, largest first. */
export function hitterCounts(rows: readonly PoolPlayer[]): { team: string; hitters: number }[] {
  const counts = new Map<string, number>();
  for (const p of rows) if (!isPitcher(p)) counts.set(p.TeamAbbrev, (counts.get(p.TeamAbbrev) ?? 0) + 1);
  return [...counts.entries()].map(([team, hitters]) => ({ team, hitters })).sort((a, b) => b.hitters - a.hitters || a.team.localeCompare(b.team));
}

/** A pitcher facing hitters of the same lineup, or too many hitters of one team. */
export function mlbProblems(rows: readonly PoolPlayer[], hittersPerTeam: number): string[] {
  const problems: string[] = [];
  for (const p of rows.filter(isPitcher)) {
    const facing = rows.filter((h) => !isPitcher(h) && h.TeamAbbrev === p.Opp);
    if (facing.length > 0) problems.push(`pitcher ${p.Name} faces ${facing.length} hitter(s) of the lineup`);
  }
  const most = hitterCounts(rows)[0];
  if (most && most.hitters > hittersPerTeam) problems.push(`${most.hitters} hitters of ${most.team}`);
  return problems;
}

/** The lineup's stack as "P-S": the two largest team hitter counts (a second count below 2 reads 0). */
export function mlbStackName(rows: readonly PoolPlayer[]): string {
  const [a, b] = hitterCounts(rows);
  const s = b && b.hitters >= 2 ? b.hitters : 0;
  return `${a?.hitters ?? 0}-${s}`;
}

// ---- groups ----

/** How many of the group's players the lineup holds. */
export function groupCount(rows: readonly PoolPlayer[], ids: readonly string[]): number {
  return rows.filter((p) => ids.includes(p.Id) || ids.includes(p.Id.split('|')[0]!)).length;
}
