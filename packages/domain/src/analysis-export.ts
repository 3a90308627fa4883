// CSV downloads of the projections and props pages: columns, file names (with
// week and season) and the American odds format. The browser writes the file.
import { writeCsv, type CsvCell } from './csv.js';
import { roundTo, valuePerSalary } from './formulas.js';
import type { ContestType, Site } from './roster.js';
import { siteId } from './showdown.js';

export const PROJECTIONS_CSV_COLUMNS = ['Id', 'Name', 'Position', 'TeamAbbrev', 'Opp', 'Salary', 'ProjPts', 'ProjOwn', 'Ceiling', 'Value'] as const;
/** Showdown lists a player once per roster position: the column says which (every row its own points). */
export const PROJECTIONS_SHOWDOWN_CSV_COLUMNS = ['Id', 'Name', 'Position', 'RosterPosition', 'TeamAbbrev', 'Opp', 'Salary', 'ProjPts', 'ProjOwn', 'Ceiling', 'Value'] as const;
export const PROPS_CSV_COLUMNS = ['Market', 'Name', 'Team', 'Position', 'Odds', 'ProjOwn', 'Salary'] as const;

/** The props page tabs, in order. */
export const PROPS_MARKETS = ['Most Rec Yards', 'Most Rush Yards', 'Most Pass Yards', 'Most Points'] as const;
export type PropsMarket = (typeof PROPS_MARKETS)[number];

/** A CSV of the given columns, in order; missing values are empty cells. */
export function csvOf(columns: readonly string[], rows: readonly object[]): string {
  const cell = (row: object, column: string) => (row as Record<string, CsvCell>)[column] ?? '';
  return writeCsv(columns, rows.map((r) => columns.map((c) => cell(r, c))));
}

interface ProjectionsCsvRow {
  Id: string;
  Salary?: number | string | null;
  ProjPts?: number | null;
}

/**
 * The projections download: the slate's rows as the server sends them, each with its own
 * points (a showdown captain's ProjPts and Ceiling not scaled, as the sites' files and every
 * reader and stored slate hold them), under the site's Id. Read back by the CLI or uploaded as
 * a slate, a captain is then multiplied once, by withCaptainPoints, as the page's own rows
 * are; a file of scaled captains would count them 2.25 times. Value is the row's as written
 * (its ProjPts per its Salary, scaled by the roster's salary cap as the page's column is). A value the plan withholds is an empty cell.
 */
export function projectionsCsv(contestType: ContestType, salaryCap: number, rows: readonly ProjectionsCsvRow[]): string {
  const written = rows.map((row) => ({
    ...row,
    Id: siteId(row.Id),
    Value: typeof row.ProjPts === 'number' ? roundTo(valuePerSalary(salaryCap, row.ProjPts, Number(row.Salary) || 0), 2) : undefined,
  }));
  return csvOf(contestType === 'showdown' ? PROJECTIONS_SHOWDOWN_CSV_COLUMNS : PROJECTIONS_CSV_COLUMNS, written);
}

const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9@_-]+/g, '-');

export function projectionsCsvName(site: Site, slate: string, week: number | string, season: number): string {
  return `projections_${site}_${fileSafe(slate)}_week${week}_${season}.csv`;
}

export function propsCsvName(week: number | string, season: number): string {
  return `props_week${week}_${season}.csv`;
}

/** American odds as books print them: +350, -120. */
export function formatAmericanOdds(odds: number): string {
  return odds > 0 ? `+${odds}` : String(odds);
}

/** The projections page's site tabs, labelled as the page shows them ('Fanduel', not 'FanDuel'). */
export const PROJECTIONS_SITE_TABS: readonly { site: Site; label: string }[] = [
  { site: 'dk', label: 'DraftKings' }, { site: 'fd', label: 'Fanduel' }, { site: 'ya', label: 'Yahoo' },
];
