// A late swap of an entries file, entry by entry (routes/late-swap-entries.ts), as a job: one
// small build per open entry (150 open nba entries: about 1.5 s of solving here), so it runs in
// a worker thread (or on the queue's worker processes with REDIS_URL), never on the server's
// event loop, where it would hold up every other request for that long.
import type { CodedMessage } from '@stacksmith/domain';
import { lateSwapEntries, type EntrySwapResult, type LateSwapEntriesRequest, type SlateFileEntry } from '@stacksmith/optimizer';

export interface LateSwapJob {
  request: LateSwapEntriesRequest;
  entries: SlateFileEntry[];
  fileName: string;
}

export interface LateSwapAnswer {
  /** Per entry, in the file's order: the players to upload, the status and why it stayed. */
  results: Omit<EntrySwapResult, 'lineup'>[];
  warnings: CodedMessage[];
}

export async function runLateSwapJob(job: LateSwapJob): Promise<LateSwapAnswer> {
  const swapped = await lateSwapEntries(job.request, job.entries, { fileName: job.fileName });
  return { results: swapped.results.map(({ lineup: _lineup, ...result }) => result), warnings: swapped.warnings };
}
