// Analysis pages (docs/api.md "Every call"): props, game logs, top stacks and build-analysis
// ranges from past contests, and the nba on/off report computed from the posted player table.
import { contestLineupSchema, finishBucket, gameLogRowSchema, roundTo, type ContestLineupEntry } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { fromJsonAs } from './json.js';

/**
 * A player's game log; with `before`, only the games played before that slate: for a week
 * counter the weeks before it of its season, for a date counter the games dated before it.
 */
export async function gameLog(
  db: Kysely<Database>, sport: string, name: string, position: string, before?: { season?: number; counter: string },
) {
  let query = db.selectFrom('game_logs').select(['week', 'data']).where('sport', '=', sport).where('player_name', '=', name)
    .where('position', '=', position);
  const week = before && /^\d+$/.test(before.counter) ? Number(before.counter) : undefined;
  if (week !== undefined) {
    query = query.where('week', '<', week);
    if (before?.season !== undefined) query = query.where('season', '=', before.season);
  }
  const rows = await query.orderBy('season').orderBy('week').execute();
  // A game that is not JSON is left out; one of another shape fails here (StoredDataError).
  const logs = rows.flatMap((r) => fromJsonAs(gameLogRowSchema, r.data, [], 'game log'));
  const date = before && week === undefined ? before.counter : undefined;
  return date ? logs.filter((g) => typeof g.Date !== 'string' || g.Date < date) : logs;
}

export async function winners(db: Kysely<Database>, filter: { season?: number; counter?: string; site?: string }) {
  let query = db.selectFrom('contest_results').select(['season', 'counter', 'site', 'rank', 'field_size', 'cash_line', 'points', 'lineup'])
    .where('sport', '=', 'nfl').where('contest_type', '=', 'classic');
  if (filter.season !== undefined) query = query.where('season', '=', filter.season);
  if (filter.counter !== undefined) query = query.where('counter', '=', filter.counter);
  if (filter.site !== undefined) query = query.where('site', '=', filter.site);
  const rows = await query.orderBy('rank').orderBy('id').execute();
  // A lineup that is not JSON reads as empty; one of another shape fails here (StoredDataError).
  return rows.map((r) => ({ ...r, entries: fromJsonAs(contestLineupSchema, r.lineup, [], 'contest lineup'), top: finishBucket(r.rank, r.cash_line) === 'Finish1to5' }));
}

export const positionOf = (e: ContestLineupEntry) => (e.Position === 'D' || e.Position === 'DEF' ? 'DST' : e.Position);

/** The quarterback stacks of a week's contest: QB with teammates (no DST), by frequency among top entries. */
export async function topStacks(db: Kysely<Database>, season: number, week: number, site: string) {
  const entries = await winners(db, { season, counter: String(week), site });
  const stacks = new Map<string, { QB: string; Team: string; Players: string[]; Count: number; TopCount: number; Points: number }>();
  for (const entry of entries) {
    const qb = entry.entries.find((e) => positionOf(e) === 'QB');
    if (!qb) continue;
    const mates = entry.entries.filter((e) => e !== qb && e.TeamAbbrev === qb.TeamAbbrev && positionOf(e) !== 'DST').map((e) => e.Name).sort();
    if (mates.length === 0) continue;
    const key = [qb.Id, ...entry.entries.filter((e) => mates.includes(e.Name)).map((e) => e.Id).sort()].join('-');
    const stack = stacks.get(key) ?? { QB: qb.Name, Team: qb.TeamAbbrev, Players: mates, Count: 0, TopCount: 0, Points: 0 };
    stack.Count++;
    if (entry.top) stack.TopCount++;
    stack.Points += entry.points;
    stacks.set(key, stack);
  }
  const total = entries.length || 1;
  return [...stacks.values()]
    .map((s) => ({ QB: s.QB, Team: s.Team, Players: s.Players, Count: s.Count, TopCount: s.TopCount, Pct: roundTo((s.Count / total) * 100, 2), AvgPoints: roundTo(s.Points / s.Count, 2) }))
    .sort((a, b) => b.TopCount - a.TopCount || b.Count - a.Count)
    .slice(0, 50);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return roundTo(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo), 2);
}

const POSITIONS = ['QB', 'RB', 'WR', 'TE', 'DST'] as const;

/**
 * Distinct players per position that sets of numLUs past top entries used, on weeks with about
 * numTeams teams: the historical range (Min, Max, Pct_25, Pct_75) a build can be compared with.
 */
export async function playerCountRanges(db: Kysely<Database>, numTeams: number, numLUs: number) {
  const all = await winners(db, {});
  const byWeek = new Map<string, typeof all>();
  for (const e of all) byWeek.set(`${e.season}/${e.counter}/${e.site}`, [...(byWeek.get(`${e.season}/${e.counter}/${e.site}`) ?? []), e]);
  const counts: Record<string, number[]> = Object.fromEntries(POSITIONS.map((p) => [p, []]));
  for (const entries of byWeek.values()) {
    const teams = new Set(entries.flatMap((e) => e.entries.map((x) => x.TeamAbbrev)));
    if (Math.abs(teams.size - numTeams) > 6) continue;
    const sorted = [...entries].sort((a, b) => a.rank - b.rank);
    for (let i = 0; i + numLUs <= sorted.length; i += numLUs) {
      const chunk = sorted.slice(i, i + numLUs);
      for (const p of POSITIONS) counts[p]!.push(new Set(chunk.flatMap((e) => e.entries.filter((x) => positionOf(x) === p).map((x) => x.Name))).size);
    }
  }
  return Object.fromEntries(POSITIONS.map((p) => {
    const v = [...counts[p]!].sort((a, b) => a - b);
    return [p, { Min: v[0] ?? 0, Max: v.at(-1) ?? 0, Pct_25: quantile(v, 0.25), Pct_75: quantile(v, 0.75) }];
  }));
}

/**
 * How often top entries used the k-th most expensive player of each position, on slates of
 * about slateSize teams: per position, the share of picks by salary rank (1 = the priciest).
 */
export async function positionRanks(db: Kysely<Database>, slateSize: number, numLUs: number) {
  const all = await winners(db, {});
  const top = all.filter((e) => e.top);
  const byWeek = new Map<string, typeof all>();
  for (const e of all) byWeek.set(`${e.season}/${e.counter}/${e.site}`, [...(byWeek.get(`${e.season}/${e.counter}/${e.site}`) ?? []), e]);
  const tallies: Record<string, Map<number, number>> = Object.fromEntries(POSITIONS.map((p) => [p, new Map<number, number>()]));
  for (const [key, entries] of byWeek) {
    const teams = new Set(entries.flatMap((e) => e.entries.map((x) => x.TeamAbbrev)));
    if (Math.abs(teams.size - slateSize) > 6) continue;
    const salaries = new Map<string, number[]>();
    // A player stored without a salary (imported before salaries were checked) has no rank.
    for (const e of entries) for (const x of e.entries) {
      if (x.Salary === null) continue;
      const list = salaries.get(positionOf(x)) ?? [];
      if (!list.includes(x.Salary)) list.push(x.Salary);
      salaries.set(positionOf(x), list);
    }
    for (const list of salaries.values()) list.sort((a, b) => b - a);
    for (const e of top.filter((t) => `${t.season}/${t.counter}/${t.site}` === key)) for (const x of e.entries) {
      if (x.Salary === null) continue;
      const p = positionOf(x);
      const rank = (salaries.get(p)?.indexOf(x.Salary) ?? -1) + 1;
      if (rank > 0 && tallies[p]) tallies[p]!.set(rank, (tallies[p]!.get(rank) ?? 0) + 1);
    }
  }
  return Object.fromEntries(POSITIONS.map((p) => {
    const t = tallies[p]!;
    const sum = [...t.values()].reduce((a, b) => a + b, 0) || 1;
    const rows = [...t.entries()].sort(([a], [b]) => a - b).map(([rank, n]) => ({ Rank: rank, Pct: roundTo((n / sum) * 100, 2), ExpectedInBuild: roundTo((n / sum) * numLUs, 2) }));
    return [p, rows];
  }));
}
