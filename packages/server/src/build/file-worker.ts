// The file thread's module (job-thread.ts): reading and matching an uploaded file (a salary
// file for an own slate, a projection file matched to a slate, an entries file filled with
// lineups, an entries file read for a late swap). These parse megabytes of CSV: here they run
// beside the API instead of stalling every other request.
import { InputError } from '@stacksmith/optimizer';
import { HttpError } from '../http-errors.js';
import { fillEntriesFile, readLateSwapFile, type EntriesFileRequest, type LateSwapFileRequest } from '../services/entries-files.js';
import { projectionMatchReport } from '../services/projection-match.js';
import { readSalaryFileForStorage, unpackPlayers, type SalaryFileUpload } from '../services/user-slates.js';
import type { PlayerData } from '../services/slates.js';
import { threadJob } from './job-thread.js';

export type FileJob =
  | { kind: 'salary-file'; upload: SalaryFileUpload }
  /** players: the slate's rows, or an own slate's stored text. */
  | { kind: 'projection-match'; csv: string; fileName: string; players: PlayerData[] | string }
  | { kind: 'entries-file'; request: EntriesFileRequest }
  | { kind: 'late-swap-file'; request: LateSwapFileRequest };

export function runFileJob(job: FileJob): unknown {
  switch (job.kind) {
    case 'salary-file': return readSalaryFileForStorage(job.upload);
    // Serialised here: a report of 20,000 rows is megabytes of JSON the event loop need not write.
    case 'projection-match': return JSON.stringify(projectionMatchReport(job.csv, job.fileName, typeof job.players === 'string' ? unpackPlayers(job.players) : job.players));
    case 'entries-file': return fillEntriesFile(job.request);
    case 'late-swap-file': return readLateSwapFile(job.request);
  }
}

/** A refused file (HttpError 4xx, a reader's InputError) is the user's to fix: its message goes back as a 400. */
const isInputError = (error: unknown) => error instanceof InputError || (error instanceof HttpError && error.statusCode < 500);

export default threadJob<FileJob, never, unknown>(runFileJob, isInputError);
