// Runs N builds of the stacks benchmark (the default basic-stack nfl dk classic build of 150
// lineups, or the same without stack rules) and nothing else: the process that
// bench/stacks-instructions.ts counts under valgrind.
// Run: node --single-threaded --import tsx bench/stacks-builds.ts stacks|plain N
import type { BuildSettings } from '@stacksmith/domain';
import { buildLineups, type BuildRequest } from '../packages/optimizer/src/index.js';
import { benchSlate } from '../packages/optimizer/test-support/random-pool.js';

const NO_STACKS: Partial<BuildSettings> = { teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, noStackPct: 0 };

const [mode, count] = process.argv.slice(2);
if ((mode !== 'stacks' && mode !== 'plain') || !(Number(count) >= 1)) {
  console.error('usage: stacks-builds.ts stacks|plain N');
  process.exit(2);
}
const players = benchSlate('nfl-dk-classic');
const request: BuildRequest = {
  sport: 'nfl', site: 'dk', contestType: 'classic', players, seed: 1,
  settings: { numLUs: 150, ...(mode === 'plain' ? NO_STACKS : {}) },
};
for (let i = 0; i < Number(count); i++) {
  let lineups = 0;
  for await (const batch of buildLineups(request)) lineups = batch.count;
  if (lineups !== 150) throw new Error(`build ${i + 1} made ${lineups} lineups`);
}
