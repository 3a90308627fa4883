// DraftKings entries CSV (late swap) for the CLI: the reading is the domain's (the same the
// browser uses), with the file named in its errors; out, the same entry columns with the
// re-optimised lineups, ready to upload back.
import { coded, CodedError, csvCellText, ENTRY_UPLOAD_COLUMNS, readCsvRawRecords, readEntriesUpload, writeCsv, type CsvRawCell, type EntryLineup, type RosterSpec } from '@stacksmith/domain';
import { InputError, type AfterStartEntry, type Lineup } from '../types.js';
import { lineupUploadRow } from './lineups-csv.js';
import { entryCellId, type EntryOut, type SlateFile } from './slate-file.js';

/** Reads a DraftKings entries CSV for the roster; errors name the file. */
export function readEntriesCsv(text: string, fileName: string, roster: RosterSpec): EntryLineup[] {
  try {
    return readEntriesUpload(text, roster);
  } catch (error) {
    if (error instanceof CodedError) throw new InputError(coded('entries-file', { fileName, problem: error.coded }));
    throw error;
  }
}

/** Entries as the request's afterStartLineups. */
export function entriesToAfterStart(entries: readonly EntryLineup[]): AfterStartEntry[] {
  return entries.map((e) => ({ players: e.players, entryId: e.entryId, contestName: e.contestName, contestId: e.contestId, entryFee: e.entryFee }));
}

/** The entries CSV to upload: the entry columns kept, then the lineup's player Ids by slot. */
export function lineupsToEntriesCsv(lineups: readonly Lineup[], roster: RosterSpec): string {
  const data = lineups.map((lineup, i) => {
    const e = lineup.entry ?? {};
    return [e.entryId ?? '', e.contestName ?? '', e.contestId ?? '', e.entryFee ?? '', ...lineupUploadRow(lineup, roster, i)];
  });
  return writeCsv([...ENTRY_UPLOAD_COLUMNS, ...roster.uploadHeader], data);
}

/**
 * The entries file to upload, written from the file as read: every cell we did not change
 * (the entry columns, a slot whose player stays) keeps its exact text, spaces and quotes
 * included, in the file's own line ends; a changed slot gets the new player's site Id. The
 * columns are those of writeEntriesCsv: the entry columns, then the lineup columns.
 */
export function writeEntriesBack(
  text: string, file: Pick<SlateFile, 'entryColumns' | 'lineupColumns'>, entries: readonly EntryOut[],
): string {
  const records = readCsvRawRecords(text);
  const header = records[0] ?? [];
  const at = (name: string) => header.findIndex((cell) => cell.value.trim() === name);
  const entryIdx = file.entryColumns.map(at);
  const slotStart = entryIdx.length > 0 ? Math.max(...entryIdx) + 1 : 0;
  const slotIdx = file.lineupColumns.map((_, s) => slotStart + s);
  const idColumn = entryIdx[file.entryColumns.findIndex((c) => c.toLowerCase().replace(/[^a-z]/g, '') === 'entryid')] ?? -1;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const byEntryId = new Map<string, CsvRawCell[]>();
  if (idColumn >= 0) {
    for (const record of records.slice(1)) {
      const id = (record[idColumn]?.value ?? '').trim();
      if (id !== '' && !byEntryId.has(id)) byEntryId.set(id, record);
    }
  }
  const lines = [[...entryIdx, ...slotIdx].map((i) => header[i]?.raw ?? '').join(',')];
  for (const { entry, players } of entries) {
    const record = byEntryId.get(entry.entryId);
    const fields = file.entryColumns.map((column, k) => {
      if (record) return record[entryIdx[k]!]?.raw ?? '';
      const key = ENTRY_KEYS[column.toLowerCase().replace(/[^a-z]/g, '')];
      return csvCellText(key ? entry[key] : '');
    });
    players.forEach((id, s) => {
      const cell = record?.[slotIdx[s]!];
      fields.push(cell !== undefined && entryCellId(cell.value).id === id ? cell.raw : csvCellText(id));
    });
    lines.push(fields.join(','));
  }
  return `${lines.join(eol)}${eol}`;
}

const ENTRY_KEYS: Record<string, keyof EntryOut['entry'] | undefined> = {
  entryid: 'entryId', contestname: 'contestName', contestid: 'contestId', entryfee: 'entryFee',
};
