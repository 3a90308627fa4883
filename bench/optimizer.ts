// Optimizer benchmark: time to the first lineup and to 150 lineups with default settings on
// deterministic dk nfl classic (~400 players) and dk nba classic slates, and the ratio against
// a reference measured in the same run: HiGHS rebuilding the whole model from scratch for
// every lineup (the simple approach an exact solver must beat). A last line times 150 lineups without
// randomness, the hardest common setting: each lineup must cut off every better earlier one.
// Run: npm run bench            (add --quick to time the reference on 30 lineups only)
import type { Sport } from '@stacksmith/domain';
import { buildLineups, type BuildRequest, type MipSolver } from '../packages/optimizer/src/index.js';
import { createHighsSolver } from '../packages/optimizer/test-support/highs-solver.js';
import { benchSlate, type BenchSlateKind } from '../packages/optimizer/test-support/random-pool.js';

const LINEUPS = 150;
const quick = process.argv.includes('--quick');

const SLATES: { kind: BenchSlateKind; sport: Sport }[] = [
  { kind: 'nfl-dk-classic', sport: 'nfl' },
  { kind: 'nba-dk-classic', sport: 'nba' },
];

async function timeBuild(request: BuildRequest, solver?: MipSolver): Promise<{ first: number; all: number; count: number }> {
  const start = performance.now();
  let first = 0;
  let count = 0;
  for await (const batch of buildLineups(request, { solver, batchSize: 1 })) {
    if (count === 0) first = performance.now() - start;
    count = batch.count;
  }
  return { first, all: performance.now() - start, count };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

for (const { kind, sport } of SLATES) {
  const players = benchSlate(kind);
  const request = (n: number, settings: BuildRequest['settings'] = {}): BuildRequest => ({
    sport, site: 'dk', contestType: 'classic', players, seed: 1, settings: { numLUs: n, ...settings },
  });
  await timeBuild(request(3)); // warm the JIT
  const ours = await timeBuild(request(LINEUPS));
  const refCount = quick ? 30 : LINEUPS;
  const reference = await timeBuild(request(refCount), await createHighsSolver());
  const refPerLineup = reference.all / reference.count;
  const oursPerLineup = ours.all / ours.count;
  console.log(`${kind}: ${players.length} players`);
  console.log(`  first lineup        ${fmt(ours.first)}   (target < 150 ms; HiGHS from scratch ${fmt(reference.first)})`);
  console.log(`  ${ours.count} lineups        ${fmt(ours.all)}   (target < 3 s)`);
  console.log(`  reference           ${fmt(reference.all)} for ${reference.count} lineups (HiGHS, model rebuilt per lineup)`);
  console.log(`  speed-up per lineup ${(refPerLineup / oursPerLineup).toFixed(1)}x`);
  const plain = await timeBuild(request(LINEUPS, { projPtsRandInput: 'none' }));
  console.log(`  ${plain.count} lineups, no randomness  ${fmt(plain.all)}`);
}
