// One reader for every file a DFS player downloads from a site (docs/optimizer.md "Real site files"): the salary or
// player list on its own (DraftKings DKSalaries.csv, FanDuel and Yahoo player lists, or a
// projection CSV in the spec's fields), and the entries files and lineup templates, whose
// lineup columns (with Entry ID, Contest Name, Contest ID and Entry Fee when entered) sit on
// the left and the player list on the right, some rows down (DraftKings DKEntries.csv and
// its lineup template, FanDuel's lineup upload template and entries file). The site is told
// from the file; a file of another site than the contest's is an error, never converted.
import { coded, ROSTERS, writeCsv, SITE_NAMES, type CodedMessage, type RosterSpec, type Site } from '@stacksmith/domain';
import { InputError, type PoolPlayer } from '../types.js';
import {
  detectPlayersCsvFormat, playersFormatList, readPlayerTable, readRows, type CsvRow, type PlayersCsv, type PlayersCsvFormat,
} from './players-csv.js';

export type SlateFileLayout = 'dk-salaries' | 'dk-entries' | 'fd-players' | 'fd-entries' | 'ya-players' | 'projections';

export const SLATE_FILE_LAYOUTS: Readonly<Record<SlateFileLayout, { name: string; site: Site | null }>> = {
  'dk-salaries': { name: 'DraftKings salary file (DKSalaries.csv)', site: 'dk' },
  'dk-entries': { name: 'DraftKings entries file or lineup template (DKEntries.csv)', site: 'dk' },
  'fd-players': { name: 'FanDuel player list', site: 'fd' },
  'fd-entries': { name: 'FanDuel lineup upload template or entries file', site: 'fd' },
  'ya-players': { name: 'Yahoo player list', site: 'ya' },
  projections: { name: 'projection CSV', site: null },
};

/** One entry (a row with an entry id) of an entries file. */
export interface SlateFileEntry {
  entryId: string;
  contestName: string;
  contestId: string;
  entryFee: string;
  /** The site's player Ids in slot order; '' for an empty slot. */
  players: string[];
  /** Per slot: DraftKings marks the player '(LOCKED)': the game has started. */
  locked: boolean[];
  /** 1-based line of the entry in the file. */
  line: number;
}

export interface SlateFile {
  layout: SlateFileLayout;
  /** What the layout is called in messages. */
  layoutName: string;
  /** The site the file is of; null for a projection CSV (any site). */
  site: Site | null;
  /** The format of the player table (the list itself, or the one embedded in a template); null for an entries file without one. */
  playersFormat: PlayersCsvFormat | null;
  /** The players, status defaults applied (out, IR, NA, suspended, postponed: MaxExp 0); [] for an entries file without a player list. */
  players: PoolPlayer[];
  /** True when the only points are the site's season averages (AvgPointsPerGame, FPPG), not projections. */
  seasonAverages: boolean;
  /** Entries of an entries file, in file order; [] for a player list or a blank template. */
  entries: SlateFileEntry[];
  /** The entry columns as the file writes them ('Entry ID', ... or 'entry_id', ...); [] when none. */
  entryColumns: string[];
  /** The lineup (slot) columns of a template or entries file as written; [] for a player list. */
  lineupColumns: string[];
  /** Notes on what was read with a default (players without points), each naming its players. */
  warnings: CodedMessage[];
}

export interface ReadSlateFileOptions {
  /** Check the file's site against the roster's (default true). */
  checkSite?: boolean;
}

const key = (cell: string) => cell.trim().toLowerCase().replace(/[^a-z0-9+]/g, '');

/** Entry columns, in the DraftKings order, as either site spells them ('Entry ID', 'entry_id'). */
const ENTRY_FIELDS = [['entryId', 'entryid'], ['contestName', 'contestname'], ['contestId', 'contestid'], ['entryFee', 'entryfee']] as const;

/** Columns only a player table has: where an embedded player list is found. */
const PLAYER_TABLE_MARKS = new Set(['teamabbrev', 'nameid', 'nickname', 'injuryindicator', 'playerid+playername', 'name+id', 'fppg', 'avgpointspergame']);

interface Located {
  headerIndex: number;
  start: number;
  end: number;
}

/** The player table of a sheet: the whole sheet, or a block some rows down and columns over. */
function locatePlayerTable(rows: readonly CsvRow[]): Located | null {
  const first = rows[0];
  if (first && detectPlayersCsvFormat(first.cells) && !first.cells.some((c) => key(c) === 'instructions' || key(c) === 'entryid')) {
    return { headerIndex: 0, start: 0, end: first.cells.length };
  }
  for (let r = 0; r < rows.length; r++) {
    const cells = rows[r]!.cells;
    const mark = cells.findIndex((c) => PLAYER_TABLE_MARKS.has(key(c)));
    if (mark < 0) continue;
    let start = mark;
    while (start > 0 && cells[start - 1]!.trim() !== '') start -= 1;
    let end = mark;
    while (end < cells.length && cells[end]!.trim() !== '') end += 1;
    if (detectPlayersCsvFormat(cells.slice(start, end))) return { headerIndex: r, start, end };
  }
  return null;
}

function layoutOf(format: PlayersCsvFormat, template: boolean): SlateFileLayout {
  if (!template) return format;
  if (format === 'dk-salaries') return 'dk-entries';
  if (format === 'fd-players') return 'fd-entries';
  return format;
}

function fileRows(text: string, fileName: string): CsvRow[] {
  const rows = readRows(text.replace(/^\uFEFF/, ''), fileName);
  if (rows.length === 0) throw new InputError(coded('file-empty', { fileName }));
  return rows;
}

function unknownLayout(fileName: string, rows: readonly CsvRow[]): InputError {
  const found = rows[0]!.cells.map((c) => c.trim()).filter(Boolean);
  const layouts = [SLATE_FILE_LAYOUTS['dk-entries'].name, SLATE_FILE_LAYOUTS['fd-entries'].name];
  return new InputError(coded('slate-file-unknown-format', { fileName, found, formats: playersFormatList(), layouts }));
}

/** Tells a file's layout and site without reading its players. Throws InputError when no layout fits. */
export function detectSlateFile(text: string, fileName = 'the file'): { layout: SlateFileLayout; layoutName: string; site: Site | null } {
  const rows = fileRows(text, fileName);
  const at = locatePlayerTable(rows);
  if (!at) {
    const layout = bareEntriesLayout(rows);
    if (!layout) throw unknownLayout(fileName, rows);
    return { layout, layoutName: SLATE_FILE_LAYOUTS[layout].name, site: SLATE_FILE_LAYOUTS[layout].site };
  }
  const format = detectPlayersCsvFormat(rows[at.headerIndex]!.cells.slice(at.start, at.end))!;
  const layout = layoutOf(format, at.headerIndex > 0 || at.start > 0);
  return { layout, layoutName: SLATE_FILE_LAYOUTS[layout].name, site: SLATE_FILE_LAYOUTS[layout].site };
}

/**
 * An entries file without its player list (as we write it back, or trimmed by the user):
 * DraftKings spells its columns 'Entry ID', FanDuel 'entry_id'.
 */
function bareEntriesLayout(rows: readonly CsvRow[]): SlateFileLayout | null {
  const header = rows[0]!.cells.map((c) => c.trim());
  if (header.includes('Entry ID')) return 'dk-entries';
  if (header.some((c) => c.toLowerCase() === 'entry_id')) return 'fd-entries';
  return null;
}

/** The player Id of an entries cell: DraftKings 'Name (12345)' or 'Name (12345) (LOCKED)', FanDuel '123-456:Name', or the Id. */
export function entryCellId(cell: string): { id: string; locked: boolean } {
  let text = cell.trim();
  const locked = /\(LOCKED\)/i.test(text);
  text = text.replace(/\s*\(LOCKED\)\s*/gi, ' ').trim();
  if (text === '') return { id: '', locked };
  const paren = /\(([^()]+)\)\s*$/.exec(text);
  if (paren) return { id: paren[1]!.trim(), locked };
  const colon = text.indexOf(':');
  return { id: colon > 0 ? text.slice(0, colon).trim() : text, locked };
}

/** The lineup part of a template: entry columns, slot columns and the entries. */
function readLineupPart(rows: readonly CsvRow[], located: Located, fileName: string, roster: RosterSpec) {
  const header = rows[0]!.cells.map((c) => c.trim());
  // The lineup part ends at the first blank column (before 'Instructions') or the player table.
  let end = header.findIndex((c, i) => c === '' || key(c) === 'instructions' || (located.headerIndex === 0 && i >= located.start));
  if (end < 0) end = header.length;
  const left = header.slice(0, end);
  const fieldAt = ENTRY_FIELDS.map(([, k]) => left.findIndex((c) => key(c) === k));
  const entryColumnIdx = fieldAt.filter((i) => i >= 0).sort((a, b) => a - b); // as the file orders them
  const slotStart = entryColumnIdx.length > 0 ? Math.max(...entryColumnIdx) + 1 : 0;
  const lineupColumns = left.slice(slotStart);
  const expected = roster.uploadHeader.map((l) => l.toUpperCase());
  if (lineupColumns.length !== expected.length || lineupColumns.some((c, i) => c.toUpperCase() !== expected[i])) {
    throw new InputError(coded('entries-roster-mismatch', { fileName, found: lineupColumns, needed: [...roster.uploadHeader] }));
  }
  const entries: SlateFileEntry[] = [];
  if (fieldAt[0]! >= 0) {
    for (const row of rows.slice(1)) {
      const cell = (i: number) => (i >= 0 ? (row.cells[i] ?? '').trim() : '');
      const entryId = cell(fieldAt[0]!);
      if (entryId === '') continue; // rows that only carry instructions or the player list
      const cells = lineupColumns.map((_, s) => entryCellId(row.cells[slotStart + s] ?? ''));
      entries.push({
        entryId, contestName: cell(fieldAt[1]!), contestId: cell(fieldAt[2]!), entryFee: cell(fieldAt[3]!),
        players: cells.map((c) => c.id), locked: cells.map((c) => c.locked), line: row.line,
      });
    }
  }
  return { entryColumns: entryColumnIdx.map((i) => left[i]!), lineupColumns, entries };
}

function checkSite(layout: SlateFileLayout, fileName: string, roster: RosterSpec, options: ReadSlateFileOptions): void {
  const { name, site } = SLATE_FILE_LAYOUTS[layout];
  if (site && site !== roster.site && options.checkSite !== false) {
    throw new InputError(coded('site-mismatch', { fileName, fileLayout: name, fileSite: SITE_NAMES[site], chosenSite: SITE_NAMES[roster.site] }));
  }
}

/**
 * Reads any accepted file for the roster: a player list, an entries file or a lineup
 * template (its embedded player list, and its entries). Throws InputError on bad input,
 * a file of another site included.
 */
export function readSlateFile(text: string, fileName: string, roster: RosterSpec, options: ReadSlateFileOptions = {}): SlateFile {
  const rows = fileRows(text, fileName);
  const located = locatePlayerTable(rows);
  if (!located) {
    const layout = bareEntriesLayout(rows);
    if (!layout) throw unknownLayout(fileName, rows);
    checkSite(layout, fileName, roster, options);
    const lineupPart = readLineupPart(rows, { headerIndex: -1, start: rows[0]!.cells.length, end: rows[0]!.cells.length }, fileName, roster);
    return {
      layout, layoutName: SLATE_FILE_LAYOUTS[layout].name, site: SLATE_FILE_LAYOUTS[layout].site, playersFormat: null, players: [], seasonAverages: false,
      warnings: [], ...lineupPart,
    };
  }
  const template = located.headerIndex > 0 || located.start > 0;
  const format = detectPlayersCsvFormat(rows[located.headerIndex]!.cells.slice(located.start, located.end))!;
  const layout = layoutOf(format, template);
  const { name, site } = SLATE_FILE_LAYOUTS[layout];
  checkSite(layout, fileName, roster, options);
  const slice = (row: CsvRow): CsvRow => ({ line: row.line, cells: row.cells.slice(located.start, located.end) });
  const dataRows = rows.slice(located.headerIndex + 1).map(slice).filter((row) => row.cells.some((c) => c.trim() !== ''));
  const table: PlayersCsv = readPlayerTable(slice(rows[located.headerIndex]!), dataRows, fileName, roster);
  const lineupPart = template ? readLineupPart(rows, located, fileName, roster) : { entryColumns: [], lineupColumns: [], entries: [] };
  return {
    layout, layoutName: name, site, playersFormat: table.format, players: markLocked(table.players, lineupPart.entries),
    seasonAverages: table.format !== 'projections', warnings: table.warnings,
    ...lineupPart,
  };
}

/**
 * A player DraftKings marks '(LOCKED)' in an entry has started, whatever his Game Info says:
 * he reads as In Progress, so a fresh build leaves him out and late swap keeps him in place.
 */
function markLocked(players: PoolPlayer[], entries: readonly SlateFileEntry[]): PoolPlayer[] {
  const locked = new Set(entries.flatMap((e) => e.players.filter((id, s) => id !== '' && e.locked[s])));
  if (locked.size === 0) return players;
  return players.map((p) => (locked.has(p.Id.split('|')[0]!) && !p.GameState ? { ...p, GameState: 'in-progress' as const } : p));
}

/**
 * The rosters (sport × contest type of the file's site) a file reads for without an error,
 * in the roster table's order: what an upload without a chosen contest may be. A FanDuel list fits
 * classic and showdown alike; a DraftKings showdown file (CPT rows) only showdown. Throws
 * InputError when the layout is unknown; [] when no roster reads it.
 */
export function candidateRosters(text: string, fileName = 'the file'): RosterSpec[] {
  const { site } = detectSlateFile(text, fileName);
  return ROSTERS.filter((roster) => (site === null || roster.site === site)).filter((roster) => {
    try {
      return readSlateFile(text, fileName, roster).players.length > 0;
    } catch (error) {
      if (error instanceof InputError) return false;
      throw error;
    }
  });
}

/** Reads a players file of any accepted layout and tells its player format. Throws InputError on bad input. */
export function readPlayersCsv(text: string, fileName: string, roster: RosterSpec): PlayersCsv {
  const file = readSlateFile(text, fileName, roster);
  if (!file.playersFormat) throw new InputError(coded('no-player-list', { fileName, layout: file.layoutName, then: 'give' }));
  return { format: file.playersFormat, players: file.players, warnings: file.warnings };
}

/** The players of a file of any accepted layout. Throws InputError on bad input. */
export function parsePlayersCsv(text: string, fileName: string, roster: RosterSpec): PoolPlayer[] {
  return readPlayersCsv(text, fileName, roster).players;
}

/** One entry as it goes back to the site: its entry columns kept, the lineup's site Ids by slot. */
export interface EntryOut {
  entry: Pick<SlateFileEntry, 'entryId' | 'contestName' | 'contestId' | 'entryFee'>;
  players: readonly string[];
}

/**
 * The entries file to upload: the file's own entry columns (names and order kept) with each
 * entry's values as read, then the lineup columns with the site's player Ids.
 */
export function writeEntriesCsv(file: Pick<SlateFile, 'entryColumns' | 'lineupColumns'>, entries: readonly EntryOut[]): string {
  const fields = file.entryColumns.map((column) => ENTRY_FIELDS.find(([, k]) => k === key(column))![0]);
  const data = entries.map(({ entry, players }) => [...fields.map((f) => entry[f]), ...players]);
  return writeCsv([...file.entryColumns, ...file.lineupColumns], data);
}
