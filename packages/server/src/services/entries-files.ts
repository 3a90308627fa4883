// Entries files (docs/api.md "Entries files"): a DraftKings DKEntries.csv or a FanDuel entries
// file / upload template, read by the optimizer's reader (every layout, the site checked). Run
// in a file thread (build/file-worker.ts), never on the event loop.
import {
  coded, defaultLineupStarts, entryContests, fillEntryLineups, findRoster, lineupIdsRuleViolations, type ContestType, type Site, type Sport,
} from '@stacksmith/domain';
import { InputError, readSlateFile, writeEntriesBack, type SlateFile } from '@stacksmith/optimizer';
import { badRequest } from '../http-errors.js';

export interface EntriesFileRequest {
  sport: Sport;
  site: Site;
  contestType: ContestType;
  fileName: string;
  csv: string;
  lineups: string[][];
  starts?: number[] | undefined;
}

function read(request: { sport: Sport; site: Site; contestType: ContestType; fileName: string; csv: string }): SlateFile {
  const roster = findRoster(request.sport, request.site, request.contestType);
  if (!roster) throw badRequest(coded('entries-no-roster', { sport: request.sport, site: request.site, contestType: request.contestType }));
  try {
    return readSlateFile(request.csv, request.fileName, roster);
  } catch (error) {
    if (error instanceof InputError) throw badRequest(error.coded);
    throw error;
  }
}

/**
 * The entries file's empty entries dealt the lineups, none the site would refuse (domain fillEntryLineups: in order, or from
 * the lineup the user picks per contest), and the file written back with its own entry columns
 * exactly as read.
 */
export function fillEntriesFile(b: EntriesFileRequest) {
  const roster = findRoster(b.sport, b.site, b.contestType);
  const file = read(b);
  if (file.entries.length === 0) throw badRequest(coded('entries-file-no-entries', { fileName: b.fileName, layout: file.layoutName }));
  const bad = b.lineups.findIndex((l) => l.length !== roster!.slots.length);
  if (bad >= 0) throw badRequest(coded('entries-lineup-size', { lineup: bad + 1, players: b.lineups[bad]!.length, slots: roster!.slots.length }));
  // A lineup the site would refuse goes into no entry: checked on the file's own player list
  // (a DKEntries file carries it), by the same rule check as every build path.
  const refused = b.lineups.map((ids, i) => ({ n: i + 1, broken: lineupIdsRuleViolations(roster!, ids, file.players) })).filter((l) => l.broken.length > 0);
  if (refused.length > 0) throw badRequest(coded('lineups-not-entered', { lineups: refused.map((l) => l.n), violations: refused.flatMap((l) => l.broken) }));
  const starts = b.starts ?? defaultLineupStarts(entryContests(file.entries));
  const filled = fillEntryLineups(file.entries, b.lineups, starts);
  return {
    layout: file.layout, layoutName: file.layoutName,
    entries: filled.entries.map((e) => ({ entryId: e.entryId, contestName: e.contestName, contestId: e.contestId, entryFee: e.entryFee, players: e.players })),
    filled: filled.filled, leftEmpty: filled.leftEmpty,
    csv: writeEntriesBack(b.csv, file, filled.entries.map((e) => ({ entry: e, players: e.players }))),
  };
}

export interface LateSwapFileRequest {
  sport: Sport;
  site: Site;
  contestType: ContestType;
  fileName: string;
  csv: string;
}

/** The entries file of a late swap: its entries and the columns to write it back with. */
export function readLateSwapFile(request: LateSwapFileRequest): Pick<SlateFile, 'entries' | 'entryColumns' | 'lineupColumns'> {
  const file = read(request);
  return { entries: file.entries, entryColumns: file.entryColumns, lineupColumns: file.lineupColumns };
}
