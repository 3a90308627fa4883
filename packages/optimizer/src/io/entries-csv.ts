// DraftKings entries CSV (late swap): in, the entries with their lineups (Entry ID, Contest
// Name, Contest ID, Entry Fee, then one column per slot holding "Name (Id)" or the Id); out,
// the same entry columns with the re-optimised lineups, ready to upload back.
import Papa from 'papaparse';
import { rosterKey, type RosterSpec } from '@stacksmith/domain';
import { InputError, type AfterStartEntry, type Lineup } from '../types.js';
import { lineupUploadRow } from './lineups-csv.js';

export const ENTRY_COLUMNS = ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee'] as const;

export interface EntriesCsvRow {
  entryId: string;
  contestName: string;
  contestId: string;
  entryFee: string;
  /** Player Ids in slot order ('' for an empty slot). */
  players: string[];
}

/** The player Id of a cell: 'Name (12345)', 'Name (12345) (LOCKED)' or '12345'. */
export function entryCellId(cell: string): string {
  const text = cell.trim();
  if (text === '') return '';
  for (const m of text.matchAll(/\(([^()]+)\)/g)) if (/^\d+$/.test(m[1]!.trim())) return m[1]!.trim();
  return text;
}

/**
 * Reads a DraftKings entries CSV for the roster. The header row is the first row holding
 * 'Entry ID'; the slot columns follow 'Entry Fee' in the roster's upload order. Rows without
 * an Entry ID (DraftKings appends a player list on the right and below) are skipped.
 */
export function readEntriesCsv(text: string, fileName: string, roster: RosterSpec): EntriesCsvRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const rows = parsed.data;
  const headerIndex = rows.findIndex((r) => r.some((c) => c.trim() === 'Entry ID'));
  if (headerIndex < 0) throw new InputError(`${fileName}: no 'Entry ID' heading; expected a DraftKings entries CSV`);
  const header = rows[headerIndex]!.map((c) => c.trim());
  const at = ENTRY_COLUMNS.map((name) => header.indexOf(name));
  const missing = ENTRY_COLUMNS.filter((_, i) => at[i]! < 0);
  if (missing.length > 0) throw new InputError(`${fileName} line ${headerIndex + 1}: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const first = at[3]! + 1;
  const slots = header.slice(first, first + roster.slots.length);
  const expected = [...roster.uploadHeader];
  if (slots.join(',') !== expected.join(',')) {
    throw new InputError(`${fileName} line ${headerIndex + 1}: the slot columns after Entry Fee are ${slots.join(', ') || 'missing'}; a ${rosterKey(roster)} entry needs ${expected.join(', ')}`);
  }
  const out: EntriesCsvRow[] = [];
  rows.slice(headerIndex + 1).forEach((r) => {
    const entryId = (r[at[0]!] ?? '').trim();
    if (entryId === '' || !/^\d+$/.test(entryId)) return;
    out.push({
      entryId,
      contestName: (r[at[1]!] ?? '').trim(),
      contestId: (r[at[2]!] ?? '').trim(),
      entryFee: (r[at[3]!] ?? '').trim(),
      players: expected.map((_, s) => entryCellId(r[first + s] ?? '')),
    });
  });
  if (out.length === 0) throw new InputError(`${fileName}: no entries (rows with an Entry ID)`);
  return out;
}

/** Entries as the request's afterStartLineups. */
export function entriesToAfterStart(entries: readonly EntriesCsvRow[]): AfterStartEntry[] {
  return entries.map((e) => ({ players: e.players, entryId: e.entryId, contestName: e.contestName, contestId: e.contestId, entryFee: e.entryFee }));
}

/** The entries CSV to upload: the entry columns kept, then the lineup's player Ids by slot. */
export function lineupsToEntriesCsv(lineups: readonly Lineup[], roster: RosterSpec): string {
  const data = lineups.map((lineup, i) => {
    const e = lineup.entry ?? {};
    return [e.entryId ?? '', e.contestName ?? '', e.contestId ?? '', e.entryFee ?? '', ...lineupUploadRow(lineup, roster, i)];
  });
  return `${Papa.unparse([[...ENTRY_COLUMNS, ...roster.uploadHeader], ...data], { newline: '\n' })}\n`;
}
