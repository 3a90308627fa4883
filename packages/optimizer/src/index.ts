export * from './types.js';
export { buildLineups } from './build.js';
export { buildPool, basePoints, type Pool, type Candidate } from './pool.js';
export { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
