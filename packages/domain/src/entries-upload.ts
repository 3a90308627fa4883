// The After Start tab's DraftKings entries file (the after-start lineup set): read the
// entries CSV a user downloads from DraftKings (Entry ID, Contest Name, Contest ID, Entry Fee,
// then one column per slot holding 'Name (Id)'), group its lineups by contest, and write the
// late-swapped lineups back in the same columns for the upload. The browser and the
// optimizer's CLI (which names the file in the errors) both read with this.
import { readCsvRows, writeCsv, type CsvSyntaxError } from './csv.js';
import { lineupUploadIds, type BuiltLineup } from './lineup-export.js';
import { coded, CodedError } from './messages.js';
import type { RosterSpec } from './roster.js';

export const ENTRY_UPLOAD_COLUMNS = ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee'] as const;

export interface EntryLineup {
  /** Player Ids in slot order ('' for an empty slot). */
  players: string[];
  entryId: string;
  contestName: string;
  contestId: string;
  entryFee: string;
}

/** The player Id of a cell: 'Name (12345)', 'Name (12345) (LOCKED)' or '12345'. */
export function entryCellPlayerId(cell: string): string {
  const text = cell.trim();
  if (text === '') return '';
  for (const m of text.matchAll(/\(([^()]+)\)/g)) if (/^\d+$/.test(m[1]!.trim())) return m[1]!.trim();
  return text;
}

/** Reads the entries; throws a CodedError saying what is wrong with the file. */
export function readEntriesUpload(text: string, roster: RosterSpec): EntryLineup[] {
  let read;
  try {
    read = readCsvRows(text);
  } catch (error) {
    throw new CodedError(coded('entries-csv-syntax', { line: (error as CsvSyntaxError).line, reason: (error as CsvSyntaxError).reason }));
  }
  const rows = read.map((r) => r.cells);
  const headerAt = rows.findIndex((r) => r.some((c) => c.trim() === 'Entry ID'));
  const headerLine = read[headerAt]?.line ?? 1;
  if (headerAt < 0) throw new CodedError(coded('entries-no-entry-id-column', {}));
  const header = rows[headerAt]!.map((c) => c.trim());
  const at = ENTRY_UPLOAD_COLUMNS.map((name) => header.indexOf(name));
  const missing = ENTRY_UPLOAD_COLUMNS.filter((_, i) => at[i]! < 0);
  if (missing.length > 0) throw new CodedError(coded('entries-missing-columns', { line: headerLine, missing }));
  const first = at[3]! + 1;
  const slots = header.slice(first, first + roster.slots.length);
  if (slots.join(',') !== roster.uploadHeader.join(',')) {
    throw new CodedError(coded('entries-slot-columns', { line: headerLine, found: slots, needed: [...roster.uploadHeader] }));
  }
  const out: EntryLineup[] = [];
  for (const r of rows.slice(headerAt + 1)) {
    const entryId = (r[at[0]!] ?? '').trim();
    if (!/^\d+$/.test(entryId)) continue; // DraftKings appends a player list below and to the right
    out.push({
      entryId,
      contestName: (r[at[1]!] ?? '').trim(),
      contestId: (r[at[2]!] ?? '').trim(),
      entryFee: (r[at[3]!] ?? '').trim(),
      players: roster.uploadHeader.map((_, s) => entryCellPlayerId(r[first + s] ?? '')),
    });
  }
  if (out.length === 0) throw new CodedError(coded('entries-none', {}));
  return out;
}

/** Lineups grouped by contest name, each group active (after start, every contest is swapped unless the user turns it off). */
export function groupEntriesBySlate<L extends { contestName?: string }>(lineups: readonly L[], fallback: string): Record<string, { active: boolean; lineups: L[] }> {
  const sets: Record<string, { active: boolean; lineups: L[] }> = {};
  for (const l of lineups) {
    const key = l.contestName || fallback;
    (sets[key] ??= { active: true, lineups: [] }).lineups.push(l);
  }
  return sets;
}

/** The upload file: the entry columns kept, then the late-swapped lineup's Ids by slot. */
export function entriesUploadCsv(
  lineups: readonly (Pick<BuiltLineup, 'rawTable'> & { entry?: Partial<Omit<EntryLineup, 'players'>> })[],
  roster: RosterSpec,
): string {
  const data = lineups.map((l, i) => {
    const e = l.entry ?? {};
    return [e.entryId ?? '', e.contestName ?? '', e.contestId ?? '', e.entryFee ?? '', ...lineupUploadIds(l.rawTable, roster, i)];
  });
  return writeCsv([...ENTRY_UPLOAD_COLUMNS, ...roster.uploadHeader], data);
}
