// Filling an entries file in the builder: the entries of a DKEntries.csv or
// a FanDuel entries file grouped by contest, the lineups dealt to the empty entries (by default in
// order, contest after contest; the user may start a contest at another lineup). The server
// writes the file back (the optimizer's writeEntriesCsv) with its entry columns as read.
import type { EntryLineup } from './entries-upload.js';

export interface EntryContest {
  contestId: string;
  contestName: string;
  entryFee: string;
  entries: EntryLineup[];
  /** Entries with no player yet (to fill). */
  empty: number;
}

const isEmptyEntry = (e: EntryLineup) => e.players.every((id) => id === '');

/** Contests of the entries in file order. */
export function entryContests(entries: readonly EntryLineup[]): EntryContest[] {
  const byKey = new Map<string, EntryContest>();
  for (const e of entries) {
    const key = `${e.contestId}\u0000${e.contestName}`;
    let contest = byKey.get(key);
    if (!contest) {
      contest = { contestId: e.contestId, contestName: e.contestName, entryFee: e.entryFee, entries: [], empty: 0 };
      byKey.set(key, contest);
    }
    contest.entries.push(e);
    if (isEmptyEntry(e)) contest.empty += 1;
  }
  return [...byKey.values()];
}

/** The first lineup (0-based) of each contest: in order, each contest after the previous one's empty entries. */
export function defaultLineupStarts(contests: readonly EntryContest[]): number[] {
  let next = 0;
  return contests.map((c) => {
    const start = next;
    next += c.empty;
    return start;
  });
}

export interface FilledEntries {
  entries: EntryLineup[];
  /** Entries filled now. */
  filled: number;
  /** Empty entries left empty: not enough lineups from their contest's start. */
  leftEmpty: number;
}

/**
 * Deals the lineups (site Ids in slot order) to the empty entries: contest i's empty entries
 * take lineups starts[i], starts[i]+1, ... Entries that already hold a lineup keep it.
 */
export function fillEntryLineups(entries: readonly EntryLineup[], lineups: readonly (readonly string[])[], starts: readonly number[]): FilledEntries {
  const contests = entryContests(entries);
  const assigned = new Map<EntryLineup, string[]>();
  let leftEmpty = 0;
  contests.forEach((c, i) => {
    let next = Math.max(0, Math.floor(starts[i] ?? 0));
    for (const e of c.entries) {
      if (!isEmptyEntry(e)) continue;
      const lineup = lineups[next];
      next += 1;
      if (lineup) assigned.set(e, [...lineup]);
      else leftEmpty += 1;
    }
  });
  return { entries: entries.map((e) => (assigned.has(e) ? { ...e, players: assigned.get(e)! } : e)), filled: assigned.size, leftEmpty };
}

/** Player Ids of the entries that the slate does not have (a file of another slate names many). */
export function entryIdsNotOnSlate(entries: readonly EntryLineup[], slateIds: ReadonlySet<string>): string[] {
  const missing = new Set<string>();
  for (const e of entries) for (const id of e.players) if (id !== '' && !slateIds.has(id)) missing.add(id);
  return [...missing];
}
