export * from './slate.js';
export * from './outcomes.js';
export * from './correlation.js';
export * from './contest.js';
export * from './field.js';
export * from './messages.js';
export {
  simulate, drawField, histogram, profitStats, fieldClusteredSe, meanAndSeByField, defaultThreads, SimulationAborted, SIMULATION_LIMITS,
  type SimulationSpec, type RunOptions, type LineupStats, type PortfolioStats, type SimulationResult, type SimulationProgress,
} from './engine.js';
export { compileModel, drawOutcomes, runChunk, packField, fieldLayout, fieldOfSimulation, FIELDS_PER_RUN, packLineups, scratchSize, selectionSimulations, type CompiledModel } from './model.js';
export { selectPortfolio, SelectionError, type ExposureLimit, type Selection, type SelectionLimit, type SelectionOptions } from './select.js';
export {
  streamRng, fillNormals, seededRng, mulberry32, randInt, pick, pickWeighted, shuffled, gaussian, SeededRandom, seedOf, type UniformSource,
} from './random.js';
