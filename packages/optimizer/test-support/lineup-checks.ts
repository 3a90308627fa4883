// Independent checks of built lineups, written from the rules as stated (docs/optimizer.md)
// and the domain roster table, not from the optimizer's model: a lineup is checked slot by
// slot against the roster, the salary window and the points and ownership the spec defines.
import { canonicalPositions, type BuildSettings, type RosterSpec } from '@stacksmith/domain';
import { buildLineups } from '../src/build.js';
import type { BuildBatch, BuildOptions, BuildRequest, Lineup, PoolPlayer } from '../src/types.js';

/** Settings that switch every source of randomness off (points, ownership, every position key). */
export const NO_RANDOM: Partial<BuildSettings> = {
  projPtsRandInput: 'none',
  projOwnRandInput: 'none',
  projPtsRandQB: 'none',
  projPtsRandRB: 'none',
  projPtsRandWR: 'none',
  projPtsRandTE: 'none',
  projPtsRandDST: 'none',
  projPtsRandHitter: 'none',
  projPtsRandPitcher: 'none',
};

export interface Collected {
  batches: BuildBatch[];
  lineups: Lineup[];
}

/** Runs a build to its end (or its error) and keeps every batch. */
export async function collect(request: BuildRequest, options: BuildOptions = {}): Promise<Collected> {
  const batches: BuildBatch[] = [];
  for await (const batch of buildLineups(request, options)) batches.push(batch);
  return { batches, lineups: batches.flatMap((b) => b.lineups) };
}

/** Runs a build that must fail and returns the error with the lineups streamed before it. */
export async function collectFailure(request: BuildRequest, options: BuildOptions = {}): Promise<{ error: unknown; lineups: Lineup[] }> {
  const lineups: Lineup[] = [];
  try {
    for await (const batch of buildLineups(request, options)) lineups.push(...batch.lineups);
  } catch (error) {
    return { error, lineups };
  }
  throw new Error(`the build was expected to fail but produced ${lineups.length} lineups`);
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A row's projected points per "Points used for lineup k", steps 1–3: UserProj when set, else
 * ProjPts; then (1 − c)·base + c·Ceiling; then ×(1 + 0.05·Boost).
 */
export function specPoints(row: PoolPlayer, ceilingFraction = 0): number {
  let points = finite(row.UserProj) ? row.UserProj : row.ProjPts;
  if (ceilingFraction > 0) points = (1 - ceilingFraction) * points + ceilingFraction * (finite(row.Ceiling) ? row.Ceiling : points);
  return points * (1 + 0.05 * (finite(row.Boost) ? row.Boost : 0));
}

/** The ownership the ownership rules use: the user's when set, else ProjOwn. */
export function specOwnership(row: PoolPlayer): number {
  if (finite(row.UserOwn)) return row.UserOwn;
  return finite(row.ProjOwn) ? row.ProjOwn : 0;
}

/** Ownership bracket thresholds in percent, as the rules text lists them (k = 1..5). */
export const BRACKETS = [2.5, 5, 10, 18, 25] as const;

/** Ownership limits of one lineup, in the setting keys. */
export type OwnershipLimits = Pick<BuildSettings, 'minTotalOwn' | 'maxTotalOwn'> & Partial<BuildSettings>;

/**
 * The ownership rules a lineup of these rows breaks: minTotalOwn ≤ Σ own ≤ maxTotalOwn and,
 * for each bracket k, minUnderOwn_k ≤ #players owned under bracket_k ≤ maxUnderOwn_k.
 */
export function ownershipProblems(rows: readonly PoolPlayer[], limits: OwnershipLimits): string[] {
  const problems: string[] = [];
  const own = rows.map(specOwnership);
  const total = own.reduce((a, b) => a + b, 0);
  if (total < limits.minTotalOwn - 1e-6 || total > limits.maxTotalOwn + 1e-6) {
    problems.push(`total ownership ${total} outside ${limits.minTotalOwn}..${limits.maxTotalOwn}`);
  }
  BRACKETS.forEach((bracket, k) => {
    const min = Number(limits[`minUnderOwn_${k + 1}` as keyof BuildSettings] ?? 0);
    const max = Number(limits[`maxUnderOwn_${k + 1}` as keyof BuildSettings] ?? rows.length);
    const under = own.filter((o) => o < bracket).length;
    if (under < min || under > max) problems.push(`${under} players under ${bracket}% owned, outside ${min}..${max}`);
  });
  return problems;
}

/** Bracket maxima that never bind on a roster of this size. */
export function openBrackets(size: number): Partial<BuildSettings> {
  return { maxUnderOwn_1: size, maxUnderOwn_2: size, maxUnderOwn_3: size, maxUnderOwn_4: size, maxUnderOwn_5: size };
}

/** The real player behind a row (a showdown player may have a CPT and a FLEX row). */
export const playerKey = (row: PoolPlayer) => `${row.Name}|${row.TeamAbbrev}|${row.Position}`;

export const lineupIds = (lineup: Lineup) => lineup.slots.map((s) => s.player.Id);

/** Real players two lineups share. */
export function shared(a: Lineup, b: Lineup): number {
  const keys = new Set(a.slots.map((s) => playerKey(s.player)));
  return b.slots.filter((s) => keys.has(playerKey(s.player))).length;
}

/** The largest number of players any two lineups of the list share. */
export function maxShared(lineups: readonly Lineup[]): number {
  let most = 0;
  for (let i = 0; i < lineups.length; i++) for (let j = 0; j < i; j++) most = Math.max(most, shared(lineups[i]!, lineups[j]!));
  return most;
}

/** Lineups each player Id appears in. */
export function exposureCounts(lineups: readonly Lineup[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const lineup of lineups) for (const s of lineup.slots) counts.set(s.player.Id, (counts.get(s.player.Id) ?? 0) + 1);
  return counts;
}

export const lineupRows = (lineup: Lineup) => lineup.slots.map((s) => s.player);

/** True when the players hold a DST and a QB of the team that DST plays. */
export function defenceFacesQB(players: readonly PoolPlayer[]): boolean {
  const dsts = players.filter((p) => p.Position === 'DST');
  const qbs = players.filter((p) => p.Position === 'QB');
  return dsts.some((d) => qbs.some((q) => q.TeamAbbrev !== d.TeamAbbrev && (q.TeamAbbrev === d.Opp || q.Opp === d.TeamAbbrev)));
}

const CAPTAIN_LABELS = new Set(['CPT', 'CAPTAIN', 'MVP', 'SUPERSTAR', 'STUD']);

export interface LineupLimits {
  minSal: number;
  maxSal: number;
  /** ceilingPct as a fraction (0 when absent). */
  ceilingPct?: number;
  /** Rows the build was given: every lineup player must be one of them. */
  pool?: readonly PoolPlayer[];
}

const close = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Everything wrong with a lineup, as readable strings (empty when it is valid): slot count and
 * labels, eligibility, a player twice, salaries and points per slot (captain multipliers
 * applied to rows without a RosterPosition label), salary window and cap, totals.
 */
export function lineupProblems(roster: RosterSpec, lineup: Lineup, limits: LineupLimits): string[] {
  const problems: string[] = [];
  const where = (s: number) => `slot ${s} (${roster.slots[s]?.label})`;
  if (lineup.slots.length !== roster.slots.length) problems.push(`${lineup.slots.length} slots, the roster has ${roster.slots.length}`);
  const inPool = limits.pool ? new Map(limits.pool.map((p) => [p.Id, p])) : undefined;
  lineup.slots.forEach((s, i) => {
    const slot = roster.slots[i];
    if (!slot) return;
    if (s.slot !== slot.label) problems.push(`${where(i)} is labelled ${s.slot}`);
    if (inPool && inPool.get(s.player.Id) !== s.player) problems.push(`${where(i)}: ${s.player.Id} is not a row of the pool`);
    const positions = canonicalPositions(roster, s.player.Position);
    if (!slot.eligible.some((p) => positions.includes(p))) problems.push(`${where(i)}: ${s.player.Name} (${s.player.Position}) is not eligible`);
    const label = s.player.RosterPosition?.trim().toUpperCase();
    const labelled = roster.contestType === 'showdown' && !!label;
    if (labelled && CAPTAIN_LABELS.has(label) !== slot.captain) problems.push(`${where(i)}: a ${label} row in the wrong slot kind`);
    const salary = s.player.Salary * (labelled ? 1 : slot.salaryMultiplier);
    const points = specPoints(s.player, limits.ceilingPct ?? 0) * (labelled ? 1 : slot.pointsMultiplier);
    if (!close(s.salary, salary)) problems.push(`${where(i)}: salary ${s.salary}, expected ${salary}`);
    if (!close(s.points, points)) problems.push(`${where(i)}: points ${s.points}, expected ${points}`);
  });
  const ids = lineup.slots.map((s) => s.player.Id);
  if (new Set(ids).size !== ids.length) problems.push(`a player Id twice: ${ids.join(',')}`);
  const keys = lineup.slots.map((s) => playerKey(s.player));
  if (new Set(keys).size !== keys.length) problems.push(`a player twice: ${keys.join(',')}`);
  const salary = lineup.slots.reduce((sum, s) => sum + s.salary, 0);
  if (!close(lineup.salary, salary)) problems.push(`lineup salary ${lineup.salary}, slots sum to ${salary}`);
  const cap = Math.min(limits.maxSal, roster.salaryCap);
  if (salary < limits.minSal - 1e-6 || salary > cap + 1e-6) problems.push(`salary ${salary} outside ${limits.minSal}..${cap}`);
  const points = lineup.slots.reduce((sum, s) => sum + s.points, 0);
  if (!close(lineup.points, points)) problems.push(`lineup points ${lineup.points}, slots sum to ${points}`);
  const own = lineup.slots.reduce((sum, s) => sum + specOwnership(s.player), 0);
  if (!close(lineup.ownership, own)) problems.push(`lineup ownership ${lineup.ownership}, players sum to ${own}`);
  if (roster.oneSideOfMatchup) {
    const names = new Set(lineup.slots.map((s) => s.player.Name.trim().toLowerCase()));
    for (const s of lineup.slots) {
      if (s.player.Opp && names.has(s.player.Opp.trim().toLowerCase())) problems.push(`${s.player.Name} and his opponent ${s.player.Opp} in one lineup`);
    }
  }
  return problems;
}
