// Late swap of a filled entries file, entry by entry: the file must be of the
// salary file's slate (else a clear error, nothing rewritten); an entry that cannot be
// re-optimised, or has no better lineup, stays as it was with the reason, and never stops
// the others. Players DraftKings marks (LOCKED) are started whatever the clock says.
import { coded, findRoster, isLineupNote, siteId, UnknownRosterError, type CodedMessage } from '@stacksmith/domain';
import { buildLineups } from './build.js';
import { lineupUploadRow } from './io/lineups-csv.js';
import type { SlateFileEntry } from './io/slate-file.js';
import { BuildError, InputError, type BuildOptions, type BuildRequest, type Lineup } from './types.js';

export interface EntrySwapResult {
  entry: SlateFileEntry;
  /** The site's player Ids by slot to upload: the new lineup, or the entry as it was. */
  players: string[];
  /** swapped: a better lineup; unchanged: re-optimised, nothing better; kept: it could not be re-optimised. */
  status: 'swapped' | 'unchanged' | 'kept';
  /** Why the entry stayed as it was (unchanged and kept), coded. */
  reason?: CodedMessage;
  /** The re-optimised lineup (swapped and unchanged). */
  lineup?: Lineup;
}

export interface LateSwapEntriesResult {
  results: EntrySwapResult[];
  /** The build's warnings that are not about one entry. */
  warnings: CodedMessage[];
}

export type LateSwapEntriesRequest = Omit<BuildRequest, 'afterStartLineups' | 'afterStartActivated'>;

/** Why a re-optimised entry came out as it was: its notes (by code), else no better lineup. */
function unchangedReason(lineup: Lineup): CodedMessage {
  if (lineup.slots.every((slot) => slot.locked)) return coded('entry-every-game-started', {});
  const note = lineup.notes?.[0];
  return note ? { code: note.code, params: note.params } as CodedMessage : coded('entry-no-better-lineup', {});
}

/**
 * Re-optimises each entry's players whose games have not started. Throws InputError when
 * the entries are of another slate (most of their players are not in `request.players`).
 */
export async function lateSwapEntries(
  request: LateSwapEntriesRequest, entries: readonly SlateFileEntry[], options: BuildOptions & { fileName?: string } = {},
): Promise<LateSwapEntriesResult> {
  const roster = findRoster(request.sport, request.site, request.contestType);
  if (!roster) throw new InputError(new UnknownRosterError(request.sport, request.site, request.contestType).coded);
  const fileName = options.fileName ?? 'the entries file';
  if (entries.length === 0) throw new InputError(coded('entries-none-in-file', { fileName }));
  const onSlate = new Set(request.players.map((p) => siteId(p.Id)));
  const named = entries.flatMap((e) => e.players.filter((id) => id !== ''));
  const missing = [...new Set(named.filter((id) => !onSlate.has(id)))];
  const missingCount = named.filter((id) => !onSlate.has(id)).length;
  if (named.length > 0 && missingCount * 2 >= named.length) {
    throw new InputError(coded('entries-other-slate', { fileName, missing: missingCount, total: named.length, examples: missing.slice(0, 3) }));
  }

  const results: (EntrySwapResult | undefined)[] = entries.map(() => undefined);
  const open: number[] = [];
  entries.forEach((entry, i) => {
    const gone = entry.players.filter((id) => id !== '' && !onSlate.has(id));
    if (entry.players.every((id) => id === '')) results[i] = { entry, players: entry.players, status: 'kept', reason: coded('entry-empty', {}) };
    else if (gone.length > 0) results[i] = { entry, players: entry.players, status: 'kept', reason: coded('entry-players-not-in-salary-file', { players: gone }) };
    else open.push(i);
  });

  // Cells DraftKings marks (LOCKED) are started players, whatever their GameStart says.
  const lockedIds = new Set(entries.flatMap((e) => e.players.filter((id, s) => id !== '' && e.locked[s])));
  const players = request.players.map((p) => (lockedIds.has(siteId(p.Id)) && !p.GameState ? { ...p, GameState: 'in-progress' as const } : p));

  const warnings: CodedMessage[] = [];
  let pending = open;
  while (pending.length > 0) {
    const chunk = pending;
    const built: Lineup[] = [];
    let failedAt = -1;
    let failure: CodedMessage = coded('entry-not-reoptimised', {});
    try {
      const lateRequest: BuildRequest = {
        ...request, players,
        afterStartLineups: chunk.map((i) => ({ ...entries[i]!, players: entries[i]!.players })),
        afterStartActivated: true,
      };
      for await (const batch of buildLineups(lateRequest, options)) {
        built.push(...batch.lineups);
        // Notes on one lineup travel on the lineup (its reason below); the rest are the file's.
        warnings.push(...batch.warnings.filter((w) => !isLineupNote(w)));
      }
    } catch (error) {
      if (!(error instanceof BuildError) && !(error instanceof InputError)) throw error;
      const m = error.lineupIndex ?? -1;
      if (m < 0 || m >= chunk.length) throw error; // not about one entry: the whole request is bad
      failedAt = m;
      failure = coded('entry-build-failed', { error: error.coded });
    }
    built.forEach((lineup, k) => {
      const i = chunk[k]!;
      const entry = entries[i]!;
      const ids = lineupUploadRow(lineup, roster, k);
      // The same players in other slots of one kind (an RB moved to FLEX) is no swap.
      const before = [...entry.players].sort().join(',');
      const same = [...ids].sort().join(',') === before;
      results[i] = same
        ? { entry, players: entry.players, status: 'unchanged', reason: unchangedReason(lineup), lineup }
        : { entry, players: ids, status: 'swapped', lineup };
    });
    if (failedAt < 0) break;
    const i = chunk[failedAt]!;
    results[i] = { entry: entries[i]!, players: entries[i]!.players, status: 'kept', reason: failure };
    pending = chunk.slice(Math.max(failedAt + 1, built.length));
  }
  return { results: results.map((r, i) => r ?? { entry: entries[i]!, players: entries[i]!.players, status: 'kept', reason: coded('entry-not-reoptimised', {}) }), warnings };
}
