// Post-build analysis of a set of lineups (the screen shown after a build): leverage panels, position filters, the QB stacks breakdown and ownership ranges.
import { leverage, LEVERAGE_PANEL_SIZE, roundTo } from './formulas.js';
import { isCaptainRosterPosition } from './showdown.js';

export interface ExposureRow {
  Exp: number;
  ProjOwn: number;
}

export type WithLeverage<R> = R & { Leverage: number };

/** The top 5 overweight (Exp above ProjOwn) and underweight players, by leverage. */
export function leveragePanels<R extends ExposureRow>(rows: readonly R[]): { overweight: WithLeverage<R>[]; underweight: WithLeverage<R>[] } {
  const withLeverage = rows.map((r) => ({ ...r, Leverage: leverage(Number(r.Exp) || 0, Number(r.ProjOwn) || 0) }));
  return {
    overweight: withLeverage.filter((r) => r.Leverage > 0).sort((a, b) => b.Leverage - a.Leverage).slice(0, LEVERAGE_PANEL_SIZE),
    underweight: withLeverage.filter((r) => r.Leverage < 0).sort((a, b) => a.Leverage - b.Leverage).slice(0, LEVERAGE_PANEL_SIZE),
  };
}

export const CLASSIC_POSITION_FILTERS = ['ALL', 'QB', 'RB', 'WR', 'TE', 'FLEX', 'DST'] as const;
/** Showdown: ALL, the captain button (labelled by the site's captain name), FLEX, QB, RB, WR, TE, DST, K. */
export function showdownPositionFilters(captainLabel: string): string[] {
  return ['ALL', captainLabel, 'FLEX', 'QB', 'RB', 'WR', 'TE', 'DST', 'K'];
}

const FLEX_POSITIONS = ['RB', 'WR', 'TE'];
const positionsOf = (row: { Position?: string }) => String(row.Position ?? '').split('/').map((p) => (p === 'D' || p === 'DEF' ? 'DST' : p));

/** Whether a player row passes a Player Breakdown position filter. */
export function matchesPositionFilter(row: { Position?: string; RosterPosition?: string }, filter: string, showdown: boolean): boolean {
  if (filter === 'ALL') return true;
  if (showdown) {
    if (isCaptainRosterPosition(filter)) return isCaptainRosterPosition(String(row.RosterPosition ?? ''));
    if (filter === 'FLEX') return row.RosterPosition === 'FLEX';
    return positionsOf(row).includes(filter);
  }
  if (filter === 'FLEX') return positionsOf(row).some((p) => FLEX_POSITIONS.includes(p));
  return positionsOf(row).includes(filter);
}

export interface StackLineupRow {
  Id: string | number;
  Name?: string;
  Position?: string;
  TeamAbbrev?: string;
  ProjOwn?: number;
  [key: string]: unknown;
}

export interface StackBreakdownRow {
  /** The QB id and the teammates' ids, sorted, joined by '-'. */
  key: string;
  QB: string;
  Team: string;
  Players: string[];
  Size: number;
  Count: number;
  /** Percent of lineups. */
  Exp: number;
}

/**
 * The QB stacks of the build: the QB plus teammates, DST/DEF excluded, keyed by the QB and
 * teammate ids; lineups without a teammate of the QB count under no stack.
 */
export function stacksBreakdown(lineups: readonly (readonly StackLineupRow[])[]): StackBreakdownRow[] {
  const stacks = new Map<string, StackBreakdownRow>();
  for (const lineup of lineups) {
    const qb = lineup.find((r) => positionsOf(r).includes('QB'));
    if (!qb) continue;
    const mates = lineup.filter((r) => r !== qb && r.TeamAbbrev === qb.TeamAbbrev && !positionsOf(r).includes('DST'));
    if (mates.length === 0) continue;
    const key = [String(qb.Id), ...mates.map((m) => String(m.Id)).sort()].join('-');
    const row = stacks.get(key) ?? { key, QB: String(qb.Name ?? qb.Id), Team: String(qb.TeamAbbrev ?? ''), Players: mates.map((m) => String(m.Name ?? m.Id)).sort(), Size: mates.length, Count: 0, Exp: 0 };
    row.Count += 1;
    stacks.set(key, row);
  }
  const n = lineups.length || 1;
  return [...stacks.values()].map((s) => ({ ...s, Exp: roundTo((s.Count / n) * 100, 2) })).sort((a, b) => b.Count - a.Count || a.key.localeCompare(b.key));
}

/** Share of lineups by QB stack size: 'No stack', 'QB+1', 'QB+2', 'QB+3 or more'. */
export function stackSizeShares(lineups: readonly (readonly StackLineupRow[])[]): { Stack: string; Count: number; Pct: number }[] {
  const labels = ['No stack', 'QB+1', 'QB+2', 'QB+3 or more'];
  const counts = labels.map(() => 0);
  for (const lineup of lineups) {
    const qb = lineup.find((r) => positionsOf(r).includes('QB'));
    const size = qb ? lineup.filter((r) => r !== qb && r.TeamAbbrev === qb.TeamAbbrev && !positionsOf(r).includes('DST')).length : 0;
    counts[Math.min(size, 3)]! += 1;
  }
  const n = lineups.length || 1;
  return labels.map((Stack, i) => ({ Stack, Count: counts[i]!, Pct: roundTo((counts[i]! / n) * 100, 2) }));
}

/** Total projected ownership ranges of a build's lineups (percent points, upper bounds exclusive). */
export const OWNERSHIP_RANGE_BOUNDS = [40, 60, 80, 100, 120, 140] as const;

export function ownershipRanges(lineups: readonly (readonly StackLineupRow[])[]): { Range: string; Count: number; Pct: number }[] {
  const bounds = OWNERSHIP_RANGE_BOUNDS;
  const labels = [`Under ${bounds[0]}%`, ...bounds.slice(1).map((b, i) => `${bounds[i]}–${b}%`), `${bounds.at(-1)}% or more`];
  const counts = labels.map(() => 0);
  for (const lineup of lineups) {
    const total = lineup.reduce((a, r) => a + (Number(r.ProjOwn) || 0), 0);
    const index = bounds.findIndex((b) => total < b);
    counts[index === -1 ? bounds.length : index]! += 1;
  }
  const n = lineups.length || 1;
  return labels.map((Range, i) => ({ Range, Count: counts[i]!, Pct: roundTo((counts[i]! / n) * 100, 2) }));
}

/** Finish buckets of past contest entries (the Lineup Comparison table's columns), best first. */
export const FINISH_BUCKETS = ['Finish1to5', 'Finish6to50', 'Cashed', 'Lost'] as const;
export type FinishBucket = (typeof FINISH_BUCKETS)[number];
export const FINISH_BUCKET_LABELS: Record<FinishBucket, string> = { Finish1to5: '1st–5th', Finish6to50: '6th–50th', Cashed: 'Other cashed', Lost: 'Lost' };

/**
 * The finish bucket of a past entry, by place as the spec's names say: 1st–5th, 6th–50th
 * among those that cashed, the other places that cashed, and the rest. By share of the field,
 * a GPP's cash line (about 22 %) would leave Cashed always empty.
 */
export function finishBucket(rank: number, cashLine: number): FinishBucket {
  if (rank <= 5) return 'Finish1to5';
  if (rank > cashLine) return 'Lost';
  if (rank <= 50) return 'Finish6to50';
  return 'Cashed';
}

/** The entries of each finish bucket. */
export function bucketed<E extends { bucket: FinishBucket }>(entries: readonly E[]): Record<FinishBucket, E[]> {
  return perBucket((b) => entries.filter((e) => e.bucket === b));
}

/** One value per finish bucket, keyed as the API names the columns. */
export function perBucket<T>(value: (bucket: FinishBucket) => T): Record<FinishBucket, T> {
  return Object.fromEntries(FINISH_BUCKETS.map((b) => [b, value(b)])) as Record<FinishBucket, T>;
}

export interface LineupStack {
  /** Teams with two or more players, largest first, e.g. 'KC 4 · BUF 2'; 'No stack' when none. */
  label: string;
  /** The team of the largest stack ('' without a stack). */
  team: string;
  /** The largest stack's player count (1 without a stack). */
  size: number;
  /** The stack counts, largest first: [4, 2] for a 4-2 stack. */
  shape: number[];
}

/**
 * A lineup's team stacks as DFS tools show them (a 4-2 stack: four of one team, two of
 * another). Defences count as players of their team, as the sites do; showdown CPT and FLEX
 * rows are both players.
 */
export function lineupStack(rows: readonly StackLineupRow[]): LineupStack {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const team = String(row.TeamAbbrev ?? '');
    if (team) counts.set(team, (counts.get(team) ?? 0) + 1);
  }
  const stacks = [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (stacks.length === 0) return { label: 'No stack', team: '', size: 1, shape: [] };
  return {
    label: stacks.map(([team, n]) => `${team} ${n}`).join(' · '),
    team: stacks[0]![0],
    size: stacks[0]![1],
    shape: stacks.map(([, n]) => n),
  };
}
