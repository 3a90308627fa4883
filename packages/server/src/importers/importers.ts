// Importers for the files operators really have. Each validates every row first and then
// writes everything in one transaction, so a bad file changes nothing.
import {
  coded, type ContestLineupEntry, excludedByStatusWarning, findRoster, withText, type RenderedMessage, statusWarnings, readStoredPlayer, ROSTERS, rosterKey, type ContestType, type RosterSpec, type Site, type Sport, siteId,
} from '@stacksmith/domain';
import {
  applyProjectionMatches, InputError, matchProjections, readProjectionRows, readSlateFile, type ProjectionMatchReport,
} from '@stacksmith/optimizer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toJson } from '../services/json.js';
import { storedPlayerRow } from '../services/player-rows.js';
import { findSlate, type PlayerData } from '../services/slates.js';
import { fail, has, ImportError, number, readCsv, text } from './csv.js';

export interface SlateTarget {
  sport: Sport;
  site: Site;
  contestType: ContestType;
  season: number;
  counter: string;
  slate: string;
}

export interface ImportReport {
  rows: number;
  detail?: string;
  /** The first rows as they would be stored (for the Admin tab's preview). */
  sample?: Record<string, unknown>[];
  /** Salary files: the points are only the site's season averages (AvgPointsPerGame, FPPG). */
  seasonAverages?: boolean;
  /** Salary files: the one warning naming the players excluded by their status (code, params and text), or null. */
  excludedWarning?: RenderedMessage | null;
  /** Salary files: every other note of the read (pitchers not starting, benched hitters, players without points). */
  notes?: RenderedMessage[];
  /** Projections matched by name: the match report (matched, ambiguous, unmatched rows). */
  match?: ProjectionMatchReport;
}

export interface ImportOptions {
  /** Check every row and answer the report without writing anything (the Admin tab's preview). */
  dryRun?: boolean;
}

const SAMPLE_ROWS = 8;

/** The roster of the target; a sport/site/contest without one is a clean ImportError. */
function requireRoster(target: Pick<SlateTarget, 'sport' | 'site' | 'contestType'>): RosterSpec {
  const roster = findRoster(target.sport, target.site, target.contestType);
  if (!roster) throw new ImportError(coded('unknown-roster', { sport: target.sport, site: target.site, contestType: target.contestType, known: ROSTERS.map(rosterKey) }));
  return roster;
}

/** Runs a reader of the optimizer: its InputError becomes an ImportError (a clean 400 / exit 2). */
function reading<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InputError) throw new ImportError(error.coded);
    throw error;
  }
}

async function requireSlate(db: Kysely<Database>, target: SlateTarget) {
  const slate = await findSlate(db, { ...target, name: target.slate });
  if (!slate) {
    const { contestType, slate: name, sport, site, season, counter } = target;
    throw new ImportError(coded('import-no-slate', { contestType, slate: name, sport, site, season, counter }));
  }
  return slate;
}

/**
 * A DraftKings, FanDuel or Yahoo salary file in any layout the optimizer's reader takes
 * (player lists, DKEntries.csv and the sites' lineup templates with their player list, or a
 * full projection CSV): the slate's player list is replaced. A file of another site, a bad
 * row (named by its line) or a sport/site/contest without a roster is an ImportError.
 * Players' status and game state are stored with them (excluded ones with MaxExp 0).
 */
export async function importSalaries(db: Kysely<Database>, target: SlateTarget, csv: string, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const roster = requireRoster(target);
  const slateFile = reading(() => readSlateFile(csv, file, roster));
  if (!slateFile.playersFormat) throw new ImportError(coded('no-player-list', { fileName: file, layout: slateFile.layoutName, then: 'import' }));
  const parsed = { format: slateFile.layout, players: slateFile.players };
  const players: PlayerData[] = parsed.players.map(storedPlayerRow);
  const sample = players.slice(0, SAMPLE_ROWS).map((p) => ({ Id: p.Id, Name: p.Name, Position: p.Position, TeamAbbrev: p.TeamAbbrev, Salary: p.Salary, ProjPts: p.ProjPts }));
  const excluded = excludedByStatusWarning(parsed.players);
  const excludedWarning = excluded ? withText(excluded) : null;
  // The excluded-by-status warning has its own field: the notes are the others.
  const notes = [...slateFile.warnings, ...statusWarnings(parsed.players).filter((w) => w.code !== 'excluded-by-status')].map(withText);
  const facts = { seasonAverages: slateFile.seasonAverages, excludedWarning, notes };
  if (options.dryRun) return { rows: players.length, detail: parsed.format, sample, ...facts };
  const seasonAverages = slateFile.seasonAverages ? 1 : 0;
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const existing = await findSlate(trx, { ...target, name: target.slate });
    let slateId: number;
    if (existing) {
      slateId = existing.id;
      await trx.updateTable('slates').set({ updated_at: now, max_salary: roster.salaryCap, season_averages: seasonAverages }).where('id', '=', slateId).execute();
      await trx.deleteFrom('slate_players').where('slate_id', '=', slateId).execute();
    } else {
      slateId = (await trx.insertInto('slates').values({
        sport: target.sport, site: target.site, contest_type: target.contestType, season: target.season, counter: target.counter,
        name: target.slate, updated_at: now, max_salary: roster.salaryCap, season_averages: seasonAverages,
      }).returning('id').executeTakeFirstOrThrow()).id;
    }
    for (let i = 0; i < players.length; i += 400) {
      await trx.insertInto('slate_players').values(players.slice(i, i + 400).map((p) => ({
        slate_id: slateId, player_id: p.Id, roster_position: typeof p.RosterPosition === 'string' ? p.RosterPosition : null, data: toJson(p),
      }))).execute();
    }
  });
  return { rows: players.length, detail: parsed.format, sample, ...facts };
}

const PROJECTION_FIELDS = [['ProjPts', 'HouseProjPts'], ['ProjOwn', 'HouseOwn'], ['Ceiling'], ['ProjMins'], ['MinExp'], ['MaxExp']] as const;

/**
 * A projection CSV onto an existing slate: the house values of the listed players change.
 * With an Id column (Id or ID, and any of ProjPts, ProjOwn, Ceiling, ProjMins, MinExp,
 * MaxExp) an Id the slate does not have is an error; without one, or when no Id is on the
 * slate and the file names its players (another site's or source's file), rows are matched
 * by name + team + position and the report lists matched, ambiguous and
 * unmatched rows (only matched ones change anything).
 */
export async function importProjections(db: Kysely<Database>, target: SlateTarget, csv: string, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const slate = await requireSlate(db, target);
  const table = readCsv(csv, file, []);
  const idColumn = table.header.find((c) => c.toLowerCase() === 'id') ?? null;
  if (!idColumn) return importProjectionsByName(db, target, slate.id, csv, file, options);
  const columns = PROJECTION_FIELDS.filter(([c]) => has(table, c));
  if (columns.length === 0) throw new ImportError(coded('import-no-projection-columns', { fileName: file, columns: PROJECTION_FIELDS.map(([c]) => c) }));
  const stored = await db.selectFrom('slate_players').select(['id', 'player_id', 'data']).where('slate_id', '=', slate.id).execute();
  const byPlayer = new Map<string, typeof stored>();
  for (const row of stored) byPlayer.set(row.player_id, [...(byPlayer.get(row.player_id) ?? []), row]);
  // Ids of another site (none on the slate) with a name column: match by name instead.
  const hasName = table.header.some((c) => ['name', 'player', 'playername'].includes(c.trim().toLowerCase()));
  if (hasName && table.rows.every((row) => !byPlayer.has(siteId(row.get(idColumn))))) {
    return importProjectionsByName(db, target, slate.id, csv, file, options);
  }
  const updates = new Map<number, PlayerData>();
  for (const row of table.rows) {
    const id = siteId(text(file, row, idColumn));
    const targets = byPlayer.get(id);
    if (!targets) fail(file, row, idColumn, coded('cell-player-not-on-slate', { id }));
    const values: Record<string, number> = {};
    for (const [column, house] of columns) {
      if (row.get(column) === '') continue;
      const value = number(file, row, column, column === 'Ceiling' ? {} : { min: 0 });
      if ((column === 'MinExp' || column === 'MaxExp' || column === 'ProjOwn') && value > 100) fail(file, row, column, coded('cell-above-100', { value }));
      values[column] = value;
      if (house) values[house] = value;
    }
    for (const t of targets) updates.set(t.id, { ...(updates.get(t.id) ?? readStoredPlayer(t.data, { Id: id })), ...values });
  }
  const sample = [...updates.values()].slice(0, SAMPLE_ROWS).map((p) => ({
    Id: p.Id, Name: p.Name, ...Object.fromEntries(columns.map(([c]) => [c, (p as Record<string, unknown>)[c]])),
  }));
  if (options.dryRun) return { rows: table.rows.length, sample };
  await db.transaction().execute(async (trx) => {
    for (const [rowId, data] of updates) await trx.updateTable('slate_players').set({ data: toJson(data) }).where('id', '=', rowId).execute();
    // Projections now stand where the season averages were.
    await trx.updateTable('slates').set({ updated_at: new Date().toISOString(), season_averages: 0 }).where('id', '=', slate.id).execute();
  });
  return { rows: table.rows.length, sample };
}

async function importProjectionsByName(
  db: Kysely<Database>, target: SlateTarget, slateId: number, csv: string, file: string, options: ImportOptions,
): Promise<ImportReport> {
  requireRoster(target); // an unknown roster is refused before any row is read
  const rows = reading(() => readProjectionRows(csv, file));
  const stored = await db.selectFrom('slate_players').select(['id', 'data']).where('slate_id', '=', slateId).execute();
  type StoredPlayer = { rowId: number; Id: string; Name: string; TeamAbbrev: string; Position: string; ProjPts: number; ProjOwn?: number; RosterPosition?: string };
  const keyed: StoredPlayer[] = stored.map((r) => {
    const data = readStoredPlayer(r.data, { Id: '' });
    return { ...data, rowId: r.id, Id: String(data.Id), Name: String(data.Name), TeamAbbrev: String(data.TeamAbbrev ?? ''), Position: String(data.Position), ProjPts: Number(data.ProjPts) };
  });
  // Stored showdown rows share the site Id; their RosterPosition tells the captain row.
  const match = matchProjections(rows, keyed);
  // Each row keeps the projection's own points: the page multiplies the captain row once.
  const updated = applyProjectionMatches(keyed, match.matched).map((p) => ({
    ...p, HouseProjPts: p.ProjPts, ...(p.ProjOwn !== undefined ? { HouseOwn: p.ProjOwn } : {}),
  }));
  const changed = updated.filter((p, i) => p !== keyed[i] && match.matched.some((m) => m.playerId === p.Id));
  const sample = changed.slice(0, SAMPLE_ROWS).map((p) => ({ Id: p.Id, Name: p.Name, ProjPts: p.ProjPts, ProjOwn: p.ProjOwn }));
  if (!options.dryRun) {
    await db.transaction().execute(async (trx) => {
      for (const { rowId, ...data } of changed) await trx.updateTable('slate_players').set({ data: toJson(data) }).where('id', '=', rowId).execute();
      await trx.updateTable('slates').set({ updated_at: new Date().toISOString(), season_averages: 0 }).where('id', '=', slateId).execute();
    });
  }
  return { rows: rows.length, detail: `${match.matched.length} matched, ${match.ambiguous.length} ambiguous, ${match.unmatched.length} unmatched`, sample, match };
}

/**
 * A DraftKings contest-standings CSV (Rank, EntryId, EntryName, TimeRemaining, Points, Lineup,
 * and the per-player columns Player, Roster Position, %Drafted, FPTS). Each entry's lineup text
 * ('QB Name RB Name … DST Name') is split at the roster's slot labels and its players found on
 * the slate; the contest's earlier import is replaced.
 */
export async function importContestStandings(
  db: Kysely<Database>, target: SlateTarget, csv: string, file: string, options: { contestName?: string; cashLine?: number; fieldSize?: number } = {},
): Promise<ImportReport> {
  const roster = requireRoster(target);
  const slate = await requireSlate(db, target);
  const table = readCsv(csv, file, ['Rank', 'EntryName', 'Points', 'Lineup']);
  const players = (await db.selectFrom('slate_players').select('data').where('slate_id', '=', slate.id).execute())
    .map((r) => readStoredPlayer(r.data, { Id: '' }));
  const byName = new Map<string, PlayerData>();
  for (const p of players) if (!p.RosterPosition || p.RosterPosition === 'FLEX' || !byName.has(String(p.Name))) byName.set(String(p.Name), p);
  const drafted = new Map<string, { own: number; pts: number }>();
  if (has(table, 'Player')) {
    for (const row of table.rows) {
      const name = row.get('Player');
      if (name) drafted.set(name, { own: number(file, row, '%Drafted', { optional: true }), pts: number(file, row, 'FPTS', { optional: true }) });
    }
  }
  const labels = [...new Set(roster.slots.map((s) => s.label))].sort((a, b) => b.length - a.length);
  const token = new RegExp(`(?:^|\\s)(${labels.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s`, 'g');
  const entries: { rank: number; entryName: string; points: number; lineup: ContestLineupEntry[] }[] = [];
  for (const row of table.rows) {
    const lineupText = row.get('Lineup');
    if (lineupText === '') continue; // rows that only carry the per-player columns
    const rank = number(file, row, 'Rank', { integer: true, min: 1 });
    const points = number(file, row, 'Points', { optional: true }); // blank while a live contest has not scored
    // A slot label at the end of the text ('... DST') has no trailing space: pad so it is found.
    const padded = `${lineupText} `;
    const marks = [...padded.matchAll(token)].map((m) => ({ label: m[1]!, start: m.index! + m[0].indexOf(m[1]!), end: m.index! + m[0].length }));
    // Live standings: other entries' players show LOCKED until their game starts, and a
    // lineup may be partial (slots left empty): both are kept as far as they are known.
    if (marks.length === 0 || marks.length > roster.slots.length) fail(file, row, 'Lineup', coded('cell-lineup-size', { needed: roster.slots.length, header: [...roster.uploadHeader], found: marks.length }));
    const named = marks.map((mark, i) => ({ label: mark.label, name: padded.slice(mark.end, i + 1 < marks.length ? marks[i + 1]!.start : undefined).trim() }))
      .filter(({ name }) => name !== '' && name.toUpperCase() !== 'LOCKED');
    const lineup = named.map(({ label, name }) => {
      const player = byName.get(name);
      if (!player) return fail(file, row, 'Lineup', coded('cell-player-name-not-on-slate', { name }));
      const seen = drafted.get(name);
      // The slate's row must hold numbers here: a NaN would be stored as null and skew every salary and ownership figure.
      const numeric = (column: 'Salary' | 'ProjOwn', value: unknown) => {
        const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
        if (!Number.isFinite(n)) fail(file, row, 'Lineup', coded('cell-player-value-not-a-number', { name, column, raw: value === undefined || value === null ? '' : String(value) }));
        return n;
      };
      const entry: ContestLineupEntry = {
        Id: player.Id, Name: name, Position: String(player.Position), RosterPosition: label, TeamAbbrev: String(player.TeamAbbrev),
        Opp: String(player.Opp ?? ''), Salary: numeric('Salary', player.Salary), Own: seen?.own ?? numeric('ProjOwn', player.ProjOwn ?? 0), Pts: seen?.pts ?? 0,
      };
      return entry;
    });
    entries.push({ rank, entryName: text(file, row, 'EntryName'), points, lineup });
  }
  if (entries.length === 0) throw new ImportError(coded('import-no-entries', { fileName: file }));
  const fieldSize = options.fieldSize ?? Math.max(...entries.map((e) => e.rank));
  const cashLine = options.cashLine ?? Math.round(fieldSize * 0.22);
  const contestName = options.contestName ?? file.split('/').pop()!;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contest_results').where('sport', '=', target.sport).where('site', '=', target.site).where('season', '=', target.season)
      .where('counter', '=', target.counter).where('slate', '=', target.slate).where('contest_name', '=', contestName).execute();
    for (let i = 0; i < entries.length; i += 300) {
      await trx.insertInto('contest_results').values(entries.slice(i, i + 300).map((e) => ({
        sport: target.sport, site: target.site, contest_type: target.contestType, season: target.season, counter: target.counter, slate: target.slate,
        contest_name: contestName, field_size: fieldSize, cash_line: cashLine, rank: e.rank, entry_name: e.entryName, points: e.points, lineup: toJson(e.lineup),
      }))).execute();
    }
  });
  return { rows: entries.length };
}

const GAME_LOG_NUMBERS = ['DKPts', 'FDPts', 'YAPts', 'PassAtt', 'PassCmp', 'PassYds', 'PassTds', 'PassInt', 'RushYds', 'RushAtt', 'RushTds', 'Tar', 'Rec', 'RecYds', 'RecTds', 'FmbLss'];

/** Game logs: Week, Name, Position, Team, Opponent and the stat columns (GAME_LOG_NUMBERS). */
export async function importGameLogs(db: Kysely<Database>, sport: Sport, season: number, csv: string, file: string): Promise<ImportReport> {
  const table = readCsv(csv, file, ['Week', 'Name', 'Position', 'Team', 'Opponent', 'DKPts']);
  const rows = table.rows.map((row) => {
    const week = number(file, row, 'Week', { integer: true, min: 1 });
    const data: Record<string, unknown> = { Week: week, Opponent: text(file, row, 'Opponent') };
    for (const column of GAME_LOG_NUMBERS) data[column] = number(file, row, column, { optional: column !== 'DKPts' });
    return { sport, season, week, player_name: text(file, row, 'Name'), position: text(file, row, 'Position').toUpperCase(), team: text(file, row, 'Team'), data: toJson(data) };
  });
  await db.transaction().execute(async (trx) => {
    for (const r of rows) {
      await trx.deleteFrom('game_logs').where('sport', '=', sport).where('season', '=', season).where('week', '=', r.week)
        .where('player_name', '=', r.player_name).where('position', '=', r.position).execute();
    }
    for (let i = 0; i < rows.length; i += 300) await trx.insertInto('game_logs').values(rows.slice(i, i + 300)).execute();
  });
  return { rows: rows.length };
}

const AMERICAN_ODDS = /^[+-]?\d+$/;

/** Props odds: Week, Market, Name, Team, Position and oddsAmerican (e.g. +450); the week's markets are replaced. */
export async function importProps(db: Kysely<Database>, sport: Sport, season: number, csv: string, file: string): Promise<ImportReport> {
  const table = readCsv(csv, file, ['Week', 'Market', 'Name', 'Team', 'Position', 'oddsAmerican']);
  const rows = table.rows.map((row) => {
    const odds = row.get('oddsAmerican');
    if (!AMERICAN_ODDS.test(odds) || Math.abs(Number(odds)) < 100) fail(file, row, 'oddsAmerican', coded('cell-not-american-odds', { raw: odds }));
    return {
      sport, season, week: number(file, row, 'Week', { integer: true, min: 1 }), market: text(file, row, 'Market'), name: text(file, row, 'Name'),
      team: text(file, row, 'Team'), position: text(file, row, 'Position'), odds_american: Number(odds),
    };
  });
  await db.transaction().execute(async (trx) => {
    for (const key of new Set(rows.map((r) => `${r.week}\u0000${r.market}`))) {
      const [week, market] = key.split('\u0000') as [string, string];
      await trx.deleteFrom('props').where('sport', '=', sport).where('season', '=', season).where('week', '=', Number(week)).where('market', '=', market).execute();
    }
    await trx.insertInto('props').values(rows).execute();
  });
  return { rows: rows.length };
}
