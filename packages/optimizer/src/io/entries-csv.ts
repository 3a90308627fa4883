// DraftKings entries CSV (late swap) for the CLI: the reading is the domain's (the same the
// browser uses), with the file named in its errors; out, the same entry columns with the
// re-optimised lineups, ready to upload back.
import { ENTRY_UPLOAD_COLUMNS, readEntriesUpload, writeCsv, type EntryLineup, type RosterSpec } from '@stacksmith/domain';
import { InputError, type AfterStartEntry, type Lineup } from '../types.js';
import { lineupUploadRow } from './lineups-csv.js';
import { entryCellId, type EntryOut, type SlateFile } from './slate-file.js';

/** Reads a DraftKings entries CSV for the roster; errors name the file. */
export function readEntriesCsv(text: string, fileName: string, roster: RosterSpec): EntryLineup[] {
  try {
    return readEntriesUpload(text, roster);
  } catch (error) {
    throw new InputError(`${fileName}: ${(error as Error).message}`);
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

/** Each record of a CSV text as its fields' raw text (quotes kept, nothing trimmed). */
function rawRecords(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') quoted = false; // a doubled quote re-opens at once on the next char
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') { fields.push(text.slice(start, i)); start = i + 1; }
    else if (ch === '\n' || ch === '\r' || ch === undefined) {
      fields.push(text.slice(start, i));
      if (ch === '\r' && text[i + 1] === '\n') i++;
      if (ch !== undefined || fields.some((f) => f !== '')) records.push(fields);
      fields = [];
      start = i + 1;
    }
  }
  return records;
}

/** A raw field's value: outer quotes removed, doubled quotes undone (a leading BOM dropped). */
function fieldValue(raw: string): string {
  const text = raw.replace(/^\uFEFF/, '');
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/""/g, '"') : text;
}

/** A new cell's text: quoted only when CSV needs it. */
function fieldText(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
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
  const records = rawRecords(text);
  const header = records[0] ?? [];
  const at = (name: string) => header.findIndex((cell) => fieldValue(cell).trim() === name);
  const entryIdx = file.entryColumns.map(at);
  const slotStart = entryIdx.length > 0 ? Math.max(...entryIdx) + 1 : 0;
  const slotIdx = file.lineupColumns.map((_, s) => slotStart + s);
  const idColumn = entryIdx[file.entryColumns.findIndex((c) => c.toLowerCase().replace(/[^a-z]/g, '') === 'entryid')] ?? -1;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const byEntryId = new Map<string, string[]>();
  if (idColumn >= 0) {
    for (const record of records.slice(1)) {
      const id = fieldValue(record[idColumn] ?? '').trim();
      if (id !== '' && !byEntryId.has(id)) byEntryId.set(id, record);
    }
  }
  const lines = [[...entryIdx, ...slotIdx].map((i) => header[i] ?? '').join(',')];
  for (const { entry, players } of entries) {
    const record = byEntryId.get(entry.entryId);
    const fields = file.entryColumns.map((column, k) => {
      if (record) return record[entryIdx[k]!] ?? '';
      const key = ENTRY_KEYS[column.toLowerCase().replace(/[^a-z]/g, '')];
      return fieldText(key ? entry[key] : '');
    });
    players.forEach((id, s) => {
      const raw = record?.[slotIdx[s]!];
      fields.push(raw !== undefined && entryCellId(fieldValue(raw)).id === id ? raw : fieldText(id));
    });
    lines.push(fields.join(','));
  }
  return `${lines.join(eol)}${eol}`;
}

const ENTRY_KEYS: Record<string, keyof EntryOut['entry'] | undefined> = {
  entryid: 'entryId', contestname: 'contestName', contestid: 'contestId', entryfee: 'entryFee',
};
