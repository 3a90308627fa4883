// Stacks benchmark: the default basic-stack nfl dk classic build of 150 lineups against the
// same build with the stack rules switched off (target: at most 1.5× the time). Times are
// CPU time of this process, so that other work on a shared machine does not skew the ratio.
// Run: npx tsx bench/stacks.ts [--quick]
import type { BuildSettings } from '@stacksmith/domain';
import { buildLineups, type BuildRequest } from '../packages/optimizer/src/index.js';
import { benchSlate } from '../packages/optimizer/test-support/random-pool.js';

const LINEUPS = 150;
const players = benchSlate('nfl-dk-classic');
const NO_STACKS: Partial<BuildSettings> = { teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, noStackPct: 0 };

async function timeBuild(settings: Partial<BuildSettings>): Promise<{ ms: number; count: number; warnings: number }> {
  const request: BuildRequest = { sport: 'nfl', site: 'dk', contestType: 'classic', players, seed: 1, settings };
  const start = process.cpuUsage();
  let count = 0;
  let warnings = 0;
  for await (const batch of buildLineups(request)) { count = batch.count; warnings += batch.warnings.length; }
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, count, warnings };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
await timeBuild({ numLUs: 5 }); // warm the JIT
await timeBuild({ numLUs: 5, ...NO_STACKS });
const rounds = process.argv.includes('--quick') ? 1 : 3;
let plain = 0;
let stacked = 0;
for (let r = 0; r < rounds; r++) {
  plain += (await timeBuild({ numLUs: LINEUPS, ...NO_STACKS })).ms;
  const s = await timeBuild({ numLUs: LINEUPS });
  stacked += s.ms;
  if (s.count !== LINEUPS || s.warnings > 0) console.log(`  note: ${s.count} lineups, ${s.warnings} warnings`);
}
console.log(`nfl-dk-classic: ${players.length} players, ${LINEUPS} lineups, CPU time, mean of ${rounds}`);
console.log(`  without stacks      ${fmt(plain / rounds)}`);
console.log(`  basic stacks        ${fmt(stacked / rounds)}`);
console.log(`  ratio               ${(stacked / plain).toFixed(2)}x   (target ≤ 1.5x)`);
