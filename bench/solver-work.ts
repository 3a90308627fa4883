// Solver work of six 150-lineup builds: pivots, the tableau entries they touched (pivot
// work, which weighs a wide root pivot above a narrow search one), nodes and search rounds,
// which (unlike CPU time on a shared machine) do not depend on the load, so that a solver
// change can be judged by them first. nfl and nba dk classic bench slates: default settings
// (nfl with its basic stacks), without stack rules, and without randomness.
// Run: npx tsx bench/solver-work.ts
import type { BuildSettings, Sport } from '@stacksmith/domain';
import { buildLineups, type BuildRequest, type LinearModel, type SolveOptions } from '../packages/optimizer/src/index.js';
import { createBranchAndBoundSolver } from '../packages/optimizer/src/solvers/branch-and-bound.js';
import { benchSlate, type BenchSlateKind } from '../packages/optimizer/test-support/random-pool.js';

const NO_STACKS: Partial<BuildSettings> = { teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, noStackPct: 0 };
const SLATES: { kind: BenchSlateKind; sport: Sport }[] = [
  { kind: 'nfl-dk-classic', sport: 'nfl' },
  { kind: 'nba-dk-classic', sport: 'nba' },
];
const VARIANTS: [string, Partial<BuildSettings>][] = [
  ['default', {}],
  ['without stacks', NO_STACKS],
  ['no randomness', { projPtsRandInput: 'none' }],
];

for (const { kind, sport } of SLATES) {
  for (const [label, settings] of VARIANTS) {
    const inner = createBranchAndBoundSolver();
    const total = { pivots: 0, pivotWork: 0, nodes: 0, rounds: 0 };
    const solver = {
      name: 'counted',
      solve(model: LinearModel, options?: SolveOptions) {
        const result = inner.solve(model, options);
        total.pivots += inner.lastStats.pivots;
        total.pivotWork += inner.lastStats.pivotWork;
        total.nodes += inner.lastStats.nodes;
        total.rounds += inner.lastStats.rounds;
        return result;
      },
    };
    const request: BuildRequest = { sport, site: 'dk', contestType: 'classic', players: benchSlate(kind), seed: 1, settings: { numLUs: 150, ...settings } };
    let count = 0;
    for await (const batch of buildLineups(request, { solver })) count = batch.count;
    console.log(`${kind.padEnd(15)} ${label.padEnd(15)} ${count} lineups  pivots ${String(total.pivots).padStart(7)}  work ${(total.pivotWork / 1e6).toFixed(2).padStart(6)} M  nodes ${String(total.nodes).padStart(6)}  rounds ${total.rounds}`);
  }
}
