// Statistics over lineups: exposures of a build, and the comparison of a build with past
// contest results (winners' statistics).
import {
  bucketed, contestLineupSchema, DEFAULT_LINEUP_SIZE, finishBucket, perBucket, roundTo, savedSettingsSchema, sitePresetSchema,
  type ContestLineupEntry, type SitePreset,
} from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { fromJsonAs } from './json.js';

export type Row = Record<string, unknown> & { Id?: unknown };

/** Lineups as the client holds them: Lineup objects ({rawTable}) or flat player rows. */
export function lineupRows(lineups: readonly unknown[], lineupSize = DEFAULT_LINEUP_SIZE): Row[][] {
  if (lineups.every((l) => l && typeof l === 'object' && Array.isArray((l as { rawTable?: unknown }).rawTable))) {
    return lineups.map((l) => (l as { rawTable: Row[] }).rawTable);
  }
  if (lineups.every((l) => Array.isArray(l))) return lineups as Row[][];
  const rows = lineups as Row[];
  const chunks: Row[][] = [];
  for (let i = 0; i < rows.length; i += lineupSize) chunks.push(rows.slice(i, i + lineupSize));
  return chunks;
}

/** Each player's exposure (Exp, percent), Count and rank by Exp within the position (userRankPos). */
export function exposureStats<R extends Row>(players: readonly R[], lineups: readonly unknown[], lineupSize: number): (R & { Count: number; Exp: number; userRankPos: number })[] {
  const built = lineupRows(lineups, lineupSize);
  const counts = new Map<string, number>();
  for (const lineup of built) for (const row of lineup) counts.set(String(row.Id), (counts.get(String(row.Id)) ?? 0) + 1);
  const n = built.length;
  const rows: (R & { Count: number; Exp: number })[] = players.map((p) => {
    const count = counts.get(String(p.Id)) ?? 0;
    return { ...p, Count: count, Exp: n > 0 ? roundTo((count / n) * 100, 2) : 0 };
  });
  const byPosition = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = String(row.RosterPosition ?? row.Position ?? '');
    byPosition.set(key, [...(byPosition.get(key) ?? []), row]);
  }
  const ranked = new Map<unknown, number>();
  for (const group of byPosition.values()) {
    [...group].sort((a, b) => b.Exp - a.Exp).forEach((row, i) => ranked.set(row, i + 1));
  }
  return rows.map((row) => ({ ...row, userRankPos: ranked.get(row)! }));
}

// ---- lineup comparison with past winners ----

interface LineupShape {
  positions: string[];
  teams: string[];
  opps: string[];
  slots: string[];
  own: number;
  /** Null when a player's salary is unknown (past entries imported before salaries were checked). */
  salary: number | null;
}

function shapeOf(rows: readonly Row[]): LineupShape {
  const pos = (r: Row) => String(r.Position ?? '').split('/')[0]!.replace(/^D$|^DEF$/, 'DST');
  return {
    positions: rows.map(pos),
    teams: rows.map((r) => String(r.TeamAbbrev ?? r.Team ?? '')),
    opps: rows.map((r) => String(r.Opp ?? '')),
    slots: rows.map((r) => String(r.Slot ?? r.RosterPosition ?? '')),
    own: rows.reduce((a, r) => a + Number(r.ProjOwn ?? r.Own ?? 0), 0),
    salary: rows.some((r) => r.Salary === null) ? null : rows.reduce((a, r) => a + Number(r.Salary ?? 0), 0),
  };
}

function qbStackSize(s: LineupShape): number {
  const qb = s.positions.indexOf('QB');
  if (qb < 0) return 0;
  return s.positions.filter((p, i) => i !== qb && p !== 'DST' && s.teams[i] === s.teams[qb]).length;
}

function hasBringBack(s: LineupShape): boolean {
  const qb = s.positions.indexOf('QB');
  return qb >= 0 && s.positions.some((p, i) => p !== 'DST' && p !== 'QB' && s.teams[i] === s.opps[qb]);
}

function flexPosition(s: LineupShape): string | null {
  const i = s.slots.indexOf('FLEX');
  return i >= 0 ? s.positions[i]! : null;
}

/** The metrics of the lineup comparison table, each a test on one lineup. */
export const LINEUP_METRICS: readonly { metric: string; test: (s: LineupShape) => boolean }[] = [
  { metric: 'QB stacked with 1+ teammate', test: (s) => qbStackSize(s) >= 1 },
  { metric: 'QB stacked with 2+ teammates', test: (s) => qbStackSize(s) >= 2 },
  { metric: 'Bring-back from the opponent', test: hasBringBack },
  { metric: 'RB in FLEX', test: (s) => flexPosition(s) === 'RB' },
  { metric: 'WR in FLEX', test: (s) => flexPosition(s) === 'WR' },
  { metric: 'TE in FLEX', test: (s) => flexPosition(s) === 'TE' },
  { metric: 'Total ownership under 100%', test: (s) => s.own < 100 },
  { metric: 'Total ownership over 150%', test: (s) => s.own > 150 },
];

function entryRows(lineup: readonly ContestLineupEntry[]): Row[] {
  return lineup.map((e) => ({ ...e, Slot: e.RosterPosition, ProjOwn: e.Own }));
}

export async function lineupComparison(
  db: Kysely<Database>, sport: string, site: string, season: number, counter: string, lineups: readonly unknown[], lineupSize: number,
) {
  let results = await db.selectFrom('contest_results').select(['rank', 'cash_line', 'lineup'])
    .where('sport', '=', sport).where('site', '=', site).where('season', '=', season).where('counter', '=', counter).execute();
  if (results.length === 0) {
    results = await db.selectFrom('contest_results').select(['rank', 'cash_line', 'lineup'])
      .where('sport', '=', sport).where('site', '=', site).where('contest_type', '=', 'classic').execute();
  }
  const mine = lineupRows(lineups, lineupSize).map(shapeOf);
  const past = results.map((r) => ({ bucket: finishBucket(r.rank, r.cash_line), shape: shapeOf(entryRows(fromJsonAs(contestLineupSchema, r.lineup, [], 'contest lineup'))) }));
  const share = (shapes: LineupShape[], test: (s: LineupShape) => boolean) =>
    shapes.length === 0 ? 0 : roundTo(shapes.filter(test).length / shapes.length, 4);
  const inBucket = bucketed(past);
  return LINEUP_METRICS.map(({ metric, test }) => ({
    Metric: metric,
    MyPcts: share(mine, test),
    ...perBucket((b) => share(inBucket[b].map((p) => p.shape), test)),
  }));
}

/** Presets drawn from past winners (places 1–5) of slates of about numTeams teams. */
export async function winnerPresets(db: Kysely<Database>, sport: string, contestType: string, site: string, numTeams: number) {
  const rows = await db.selectFrom('contest_results').select(['counter', 'season', 'rank', 'cash_line', 'lineup'])
    .where('sport', '=', sport).where('site', '=', site).where('contest_type', '=', contestType).execute();
  const stored = await db.selectFrom('site_presets').select('data')
    .where('sport', '=', sport).where('site', '=', site).where('contest_type', '=', contestType).where('num_teams', '=', numTeams).execute();
  // A stored preset that is not JSON is skipped; one of another shape fails here (StoredDataError).
  const presets: SitePreset[] = stored.flatMap((r) => fromJsonAs(sitePresetSchema, r.data, [], 'site preset'));
  const teamsPerWeek = new Map<string, Set<string>>();
  const parsed = rows.map((r) => ({ ...r, entries: fromJsonAs(contestLineupSchema, r.lineup, [], 'contest lineup') }));
  for (const r of parsed) {
    const key = `${r.season}/${r.counter}`;
    const set = teamsPerWeek.get(key) ?? new Set<string>();
    for (const e of r.entries) set.add(e.TeamAbbrev);
    teamsPerWeek.set(key, set);
  }
  const near = parsed.filter((r) => Math.abs((teamsPerWeek.get(`${r.season}/${r.counter}`)?.size ?? 0) - numTeams) <= 4);
  const winners = near.filter((r) => finishBucket(r.rank, r.cash_line) === 'Finish1to5').map((r) => shapeOf(entryRows(r.entries)));
  if (winners.length > 0) {
    const share = (test: (s: LineupShape) => boolean) => roundTo(winners.filter(test).length / winners.length, 2);
    const avg = (values: number[]) => values.reduce((a, v) => a + v, 0) / values.length;
    const salaries = winners.flatMap((s) => (s.salary === null ? [] : [s.salary]));
    presets.push({
      displayName: `Past winners (${numTeams} teams)`,
      sample: winners.length,
      generalSettings: {
        teamStackPct: share((s) => qbStackSize(s) >= 1),
        gameStackPct: share(hasBringBack),
        force2FlexStck: share((s) => qbStackSize(s) >= 2),
        noStackPct: share((s) => qbStackSize(s) === 0),
        ...(salaries.length > 0 ? { minSal: Math.floor(avg(salaries) * 0.98 / 100) * 100 } : {}),
        maxTotalOwn: Math.ceil(avg(winners.map((s) => s.own)) * 1.25),
      },
      stackSettings: { stackSettingMode: 'basic' },
    });
  }
  return presets;
}

/** The stored default-setting overrides of a sport and site, by contest type. */
export async function siteSettingOverrides(db: Kysely<Database>, sport: string, site: string): Promise<Map<string, Record<string, unknown>>> {
  const stored = await db.selectFrom('site_settings').select(['contest_type', 'data']).where('sport', '=', sport).where('site', '=', site).execute();
  // Overrides that are not JSON are none; overrides of another shape fail here (StoredDataError).
  return new Map(stored.map((r) => [r.contest_type, fromJsonAs(savedSettingsSchema, r.data, {}, 'site settings')]));
}
