export * from './types.js';
export { buildLineups } from './build.js';
export { buildPool, basePoints, type Pool, type Candidate } from './pool.js';
export { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
export { detectPlayersCsvFormat, PLAYERS_CSV_FORMATS, type PlayersCsv, type PlayersCsvFormat } from './io/players-csv.js';
export {
  readSlateFile, detectSlateFile, candidateRosters, readPlayersCsv, parsePlayersCsv, writeEntriesCsv, entryCellId, SLATE_FILE_LAYOUTS,
  type SlateFile, type SlateFileEntry, type SlateFileLayout, type ReadSlateFileOptions, type EntryOut,
} from './io/slate-file.js';
export { largestRemainder, planByFrequency, planShare, spreadEvenly } from './plan.js';
export type { PlanDimension, PlanOption } from './stack-rules.js';
export { gameStartMillis } from './late-swap.js';
export { entriesToAfterStart, lineupsToEntriesCsv, readEntriesCsv, writeEntriesBack } from './io/entries-csv.js';
export { lineupsToUploadCsv, lineupUploadRow, uploadId } from './io/lineups-csv.js';
export { isMainModule } from './io/is-main.js';
export { fillEntries, type FillEntriesOptions, type FilledEntries } from './io/entries-fill.js';
export {
  readProjectionRows, matchProjections, applyProjectionMatches, normalizePlayerName, defenceTeam, PROJECTION_VALUE_FIELDS,
  type ProjectionRow, type ProjectionValueField, type MatchablePlayer, type MatchedProjection, type AmbiguousProjection,
  type UnmatchedProjection, type ProjectionMatchReport,
} from './io/projection-match.js';
export {
  lateSwapEntries, type EntrySwapResult, type LateSwapEntriesResult, type LateSwapEntriesRequest,
} from './late-swap-entries.js';
export { simulationSlate, lineupOptions, builtLineupOptions, exposureLimits, type SimulationSlate } from './simulate.js';
export { ruleLimits, selectionLimits } from './selection-limits.js';
export { plainBuilds, poolWithPlain, selectEntries, fieldInputError, type EntrySelection, type SelectEntriesArgs } from './select-entries.js';
