// Calibration table (docs/simulation.md): at 0 %, 15 % and 30 % projection error, the ROI and
// top-1 % rate the product simulates for its selected entries and for the plain build, against
// the ones realised in an independent truth (packages/sim/test-support/truth.ts: true means
// drawn apart from the projections with a team-shared part, points through a team factor
// without the model's floors, a field that plays an ownership 25 % off ProjOwn), and the
// selection's edge over the plain build in both.
// With --seeds, the 0 % row's selected and plain entries are then simulated on 12 other seeds
// (each a field of its own ownership draw and fresh simulations): how far one run's figure
// moves with its field, against the standard error it reports.
// Run: npm run bench:calibration            (--quick: a smaller contest and fewer worlds; --seeds)
import { buildLineups, builtLineupOptions, plainBuilds, poolWithPlain, selectEntries, selectionLimits, simulationSlate, type BuildRequest, type Lineup } from '../packages/optimizer/src/index.js';
import { benchSlate } from '../packages/optimizer/test-support/random-pool.js';
import { contestFromTemplate, simulate } from '../packages/sim/src/index.js';
import { realisedPortfolio } from '../packages/sim/test-support/truth.js';

const quick = process.argv.includes('--quick');
const FIELD = quick ? 1000 : 2000;
const POOL = quick ? 300 : 600;
const SELECT = 20;
const SIMS = quick ? 1500 : 3000;
const WORLDS = quick ? 24 : 48;
const PER_WORLD = quick ? 60 : 100;

const players = benchSlate('nfl-dk-classic');
const request: BuildRequest = { sport: 'nfl', site: 'dk', contestType: 'classic', players, seed: 1, settings: { numLUs: POOL, projPtsRandInput: 'high' } };
const contest = contestFromTemplate('gpp', { fieldSize: FIELD, entryFee: 20 });
const build = async (r: BuildRequest) => { const out: Lineup[] = []; for await (const b of buildLineups(r)) out.push(...b.lineups); return out; };
const pct = (x: number, se: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} % ± ${(100 * se).toFixed(1)}`;

console.log(`demo dk nfl classic slate (${players.length} players), ${contest.name} of ${FIELD} at $20, ${SELECT} entries selected from ${POOL} + the plain build, ${SIMS} simulations; truth: ${WORLDS} worlds × ${PER_WORLD}`);
const sim0 = simulationSlate(request);
const pool = (await build(request)).map((l) => builtLineupOptions(sim0, l));
const plain = (await plainBuilds(request, SELECT, undefined)).map((l) => builtLineupOptions(sim0, l));
const merged = poolWithPlain(pool, plain);
const rows: string[] = [];
const atZero: Record<'selected' | 'plain', number[][]> = { selected: [], plain: [] };
for (const error of [0, 0.15, 0.3]) {
  const sim = simulationSlate(request);
  sim.slate.projectionError = error;
  const chosen = await selectEntries({
    sim, contest, pool: merged.lineups, plain: merged.plain, count: SELECT, simulations: SIMS, seed: 11,
    limits: selectionLimits(sim, request, merged.lineups, SELECT),
  });
  const truth = { projectionError: error, ownershipError: 0.25, worlds: WORLDS, simulationsPerWorld: PER_WORLD, seed: 77 + Math.round(100 * error) };
  const realSelected = realisedPortfolio(sim.slate, chosen.chosen.map((i) => merged.lineups[i]!), contest.payouts, FIELD, contest.entryFee, truth);
  const realPlain = realisedPortfolio(sim.slate, merged.plain.slice(0, SELECT).map((i) => merged.lineups[i]!), contest.payouts, FIELD, contest.entryFee, truth);
  if (error === 0) {
    atZero.selected = chosen.chosen.map((i) => merged.lineups[i]!);
    atZero.plain = merged.plain.slice(0, SELECT).map((i) => merged.lineups[i]!);
  }
  const p = chosen.portfolio;
  const row = [
    `${(100 * error).toFixed(0)} %`,
    pct(p.roi, p.roiSe), pct(realSelected.roi, realSelected.roiSe),
    `${(100 * p.top1).toFixed(2)} % ± ${(100 * p.top1Se).toFixed(2)}`, `${(100 * realSelected.top1).toFixed(2)} % ± ${(100 * realSelected.top1Se).toFixed(2)}`,
    pct(chosen.plain.roi, chosen.plain.roiSe), pct(realPlain.roi, realPlain.roiSe),
    pct(chosen.edge.roi, chosen.edge.roiSe), pct(realSelected.roi - realPlain.roi, Math.hypot(realSelected.roiSe, realPlain.roiSe)),
    chosen.keptPlain ? 'plain kept' : '',
  ];
  rows.push(`| ${row.join(' | ')} |`);
  console.log(rows.at(-1));
}
console.log('\n| Projection error | Selected ROI, simulated | realised | Selected top 1 %, simulated | realised | Plain ROI, simulated | realised | Edge over plain, simulated | realised | |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

if (process.argv.includes('--seeds')) {
  const slate = { ...sim0.slate, projectionError: 0 };
  console.log('\nThe 0 % row\'s entries on 12 seeds (each its own field and simulations):');
  for (const [name, entries] of Object.entries(atZero)) {
    const rois: number[] = [];
    let se = 0;
    for (let seed = 11; seed <= 22; seed++) {
      const run = await simulate({ slate, contest, lineups: entries, portfolio: entries.map((_, i) => i), simulations: SIMS, seed });
      rois.push(run.portfolio!.roi);
      se += run.portfolio!.roiSe / 12;
    }
    const mean = rois.reduce((a, b) => a + b, 0) / rois.length;
    const sd = Math.sqrt(rois.reduce((a, b) => a + (b - mean) ** 2, 0) / (rois.length - 1));
    console.log(`  ${name.padEnd(9)} ROI ${rois.map((r) => (100 * r).toFixed(1)).join(' ')}: mean ${pct(mean, sd / Math.sqrt(rois.length))}, sd between seeds ${(100 * sd).toFixed(1)} against a reported SE of ${(100 * se).toFixed(1)}`);
  }
}
