// Stacks benchmark: the default basic-stack nfl dk classic build of 150 lineups against the
// same build with the stack rules switched off (target: at most 1.5× the time).
//
// How it measures, and why: CPU time of this process, run single-threaded (garbage collection
// counts where it happens and no helper thread adds noise), so that other work on a shared
// machine counts less; full-size builds first (a short warm-up leaves the JIT compiling during
// the first timed builds, and that favoured the stacked build: a mean of three rounds read
// 1.4–1.6× where the steady state was 1.85×); then rounds that alternate the two builds, so
// that a noisy spell hits both; the ratio of the fastest builds (the least disturbed) and the
// median of the rounds' own ratios. The solver's pivots, which do not depend on the load, are
// printed beside.
// Run: npm run bench:stacks [-- --quick]
import type { BuildSettings } from '@stacksmith/domain';
import { buildLineups, type BuildRequest, type LinearModel, type SolveOptions } from '../packages/optimizer/src/index.js';
import { createBranchAndBoundSolver } from '../packages/optimizer/src/solvers/branch-and-bound.js';
import { benchSlate } from '../packages/optimizer/test-support/random-pool.js';

const LINEUPS = 150;
const players = benchSlate('nfl-dk-classic');
const NO_STACKS: Partial<BuildSettings> = { teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, noStackPct: 0 };

interface Run { ms: number; pivots: number; count: number; warnings: number }

async function timeBuild(settings: Partial<BuildSettings>): Promise<Run> {
  const inner = createBranchAndBoundSolver();
  let pivots = 0;
  const solver = {
    name: inner.name,
    solve(model: LinearModel, options?: SolveOptions) {
      const result = inner.solve(model, options);
      pivots += inner.lastStats.pivots;
      return result;
    },
  };
  const request: BuildRequest = { sport: 'nfl', site: 'dk', contestType: 'classic', players, seed: 1, settings: { numLUs: LINEUPS, ...settings } };
  const start = process.cpuUsage();
  let count = 0;
  let warnings = 0;
  for await (const batch of buildLineups(request, { solver })) { count = batch.count; warnings += batch.warnings.length; }
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, pivots, count, warnings };
}

const quick = process.argv.includes('--quick');
for (let i = 0; i < (quick ? 1 : 2); i++) { await timeBuild({}); await timeBuild(NO_STACKS); }
const rounds = quick ? 3 : 21;
const plain: Run[] = [];
const stacked: Run[] = [];
for (let r = 0; r < rounds; r++) {
  plain.push(await timeBuild(NO_STACKS));
  const s = await timeBuild({});
  stacked.push(s);
  if (s.count !== LINEUPS || s.warnings > 0) console.log(`  note: ${s.count} lineups, ${s.warnings} warnings`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fastest = (runs: Run[]) => Math.min(...runs.map((r) => r.ms));
// Each round's two builds ran back to back, so a slow spell of the machine tends to hit both:
// the median of the rounds' own ratios is steadier than the ratio of two medians.
const pairedRatio = median(stacked.map((s, r) => s.ms / plain[r]!.ms));
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
console.log(`nfl-dk-classic: ${players.length} players, ${LINEUPS} lineups, CPU time over ${rounds} alternating rounds`);
console.log(`                      fastest   median   pivots`);
console.log(`  without stacks      ${fmt(fastest(plain)).padStart(7)}  ${fmt(median(plain.map((r) => r.ms))).padStart(7)}  ${plain[0]!.pivots}`);
console.log(`  basic stacks        ${fmt(fastest(stacked)).padStart(7)}  ${fmt(median(stacked.map((r) => r.ms))).padStart(7)}  ${stacked[0]!.pivots}`);
console.log(`  ratio               ${(fastest(stacked) / fastest(plain)).toFixed(2).padStart(6)}x  ${pairedRatio.toFixed(2).padStart(6)}x  ${(stacked[0]!.pivots / plain[0]!.pivots).toFixed(2)}x   (target ≤ 1.5x; median: of each round's ratio)`);
