export * from './types.js';
export { buildLineups } from './build.js';
export { buildPool, basePoints, type Pool, type Candidate } from './pool.js';
export { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
export {
  readPlayersCsv, parsePlayersCsv, detectPlayersCsvFormat, PLAYERS_CSV_FORMATS, type PlayersCsv, type PlayersCsvFormat,
} from './io/players-csv.js';
export { largestRemainder, planByFrequency, planShare, spreadEvenly } from './plan.js';
export type { PlanDimension, PlanOption } from './stack-rules.js';
export { gameStartMillis } from './late-swap.js';
export { entriesToAfterStart, lineupsToEntriesCsv, readEntriesCsv } from './io/entries-csv.js';
export { lineupsToUploadCsv, lineupUploadRow, uploadId } from './io/lineups-csv.js';
export { isMainModule } from './io/is-main.js';
export { simulationSlate, lineupOptions, builtLineupOptions, exposureLimits, type SimulationSlate } from './simulate.js';
