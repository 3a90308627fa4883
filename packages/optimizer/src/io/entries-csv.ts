// DraftKings entries CSV (late swap) for the CLI: the reading is the domain's (the same the
// browser uses), with the file named in its errors; out, the same entry columns with the
// re-optimised lineups, ready to upload back.
import { ENTRY_UPLOAD_COLUMNS, readEntriesUpload, writeCsv, type EntryLineup, type RosterSpec } from '@stacksmith/domain';
import { InputError, type AfterStartEntry, type Lineup } from '../types.js';
import { lineupUploadRow } from './lineups-csv.js';

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
