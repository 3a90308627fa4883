// Filling an entries file: the empty entries of a DraftKings DKEntries.csv or a
// FanDuel entries file get built lineups, by default in order, or the lineups the user
// picked per contest; the entry columns go back exactly as read (writeEntriesCsv).
import { InputError, type Lineup } from '../types.js';
import { coded, type RosterSpec } from '@stacksmith/domain';
import { lineupUploadRow } from './lineups-csv.js';
import type { EntryOut, SlateFileEntry } from './slate-file.js';

export interface FillEntriesOptions {
  /** Lineup indices (0-based, into `lineups`) per Contest ID, used in order for that contest's empty entries. */
  byContest?: Readonly<Record<string, readonly number[]>>;
  /** Fill entries that already hold a lineup too (default: only empty ones). */
  overwrite?: boolean;
}

export interface FilledEntries {
  /** Every entry of the file, in file order: filled ones with their new lineup, the others as read. */
  entries: EntryOut[];
  /** Entries that got a lineup. */
  filled: number;
  /** Empty entries left without one (too few lineups). */
  unfilled: number;
  /** Lineups not used. */
  unusedLineups: number;
}

const isEmpty = (entry: SlateFileEntry) => entry.players.every((id) => id === '');

/**
 * Puts lineups into the empty entries: a contest listed in byContest takes its lineups in
 * the order given; every other empty entry takes the next lineup not used yet, in file order.
 * Throws InputError for a lineup index out of range or used twice in one contest.
 */
export function fillEntries(
  entries: readonly SlateFileEntry[], lineups: readonly Lineup[], roster: RosterSpec, options: FillEntriesOptions = {},
): FilledEntries {
  const byContest = options.byContest ?? {};
  const used = new Set<number>();
  for (const [contest, picks] of Object.entries(byContest)) {
    const seen = new Set<number>();
    for (const i of picks) {
      if (!Number.isInteger(i) || i < 0 || i >= lineups.length) throw new InputError(coded('entries-fill-no-such-lineup', { contest, lineup: i + 1, built: lineups.length }));
      if (seen.has(i)) throw new InputError(coded('entries-fill-lineup-twice', { contest, lineup: i + 1 }));
      seen.add(i);
      used.add(i);
    }
  }
  const nextPick = new Map(Object.keys(byContest).map((c) => [c, 0]));
  let nextFree = 0;
  const takeFree = (): number | undefined => {
    while (nextFree < lineups.length && used.has(nextFree)) nextFree += 1;
    if (nextFree >= lineups.length) return undefined;
    used.add(nextFree);
    return nextFree;
  };
  let filled = 0;
  let unfilled = 0;
  const out = entries.map((entry): EntryOut => {
    const kept: EntryOut = { entry, players: entry.players };
    if (!options.overwrite && !isEmpty(entry)) return kept;
    let pick: number | undefined;
    const picks = byContest[entry.contestId];
    if (picks) {
      const at = nextPick.get(entry.contestId)!;
      pick = picks[at];
      nextPick.set(entry.contestId, at + 1);
    } else {
      pick = takeFree();
    }
    if (pick === undefined) {
      unfilled += 1;
      return kept;
    }
    filled += 1;
    return { entry, players: lineupUploadRow(lineups[pick]!, roster, pick) };
  });
  return { entries: out, filled, unfilled, unusedLineups: lineups.length - used.size };
}
