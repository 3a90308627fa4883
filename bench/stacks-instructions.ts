// The stacks benchmark in instructions: the default basic-stack nfl dk classic build of 150
// lineups against the same build without stack rules (target: at most 1.5×), counted by
// valgrind (callgrind) instead of timed.
//
// Why: on this shared 2-core box CPU time moves by up to half between minutes, so a change of a
// few percent cannot be seen in bench/stacks.ts; instruction counts repeat within about 3 %.
// Each mode runs in its own single-threaded process (garbage collection counted where it
// happens), once with WARM builds and once with WARM + COUNTED builds; the difference divided
// by COUNTED is the instructions of one warm build (start-up, compiling and warm-up cancel
// out). Instructions are not time: memory and branch behaviour differ between the two builds,
// so read this beside bench/stacks.ts, not instead of it. Needs valgrind (Debian's package);
// takes a few minutes. Run: npm run bench:stacks:instructions
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WARM = 2;
const COUNTED = 3;
const child = fileURLToPath(new URL('./stacks-builds.ts', import.meta.url));

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('bench:stacks:instructions needs valgrind (apt-get install valgrind)');
  process.exit(2);
}

/** Instructions of a process that runs `builds` builds of the mode. */
function instructions(mode: 'stacks' | 'plain', builds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = [
      '--tool=callgrind', '--callgrind-out-file=/dev/null',
      process.execPath, '--single-threaded', '--hash-seed=1', '--random-seed=1', '--import', 'tsx', child, mode, String(builds),
    ];
    const run = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    run.stderr.on('data', (chunk: Buffer) => { err += chunk.toString(); });
    run.on('close', (code) => {
      const match = /Collected : (\d+)/.exec(err);
      if (code !== 0 || !match) reject(new Error(`valgrind failed (${code}):\n${err.slice(-2000)}`));
      else resolve(Number(match[1]));
    });
  });
}

/** One warm build's instructions: the two processes of a mode run side by side (two cores). */
async function perBuild(mode: 'stacks' | 'plain'): Promise<number> {
  const [short, long] = await Promise.all([instructions(mode, WARM), instructions(mode, WARM + COUNTED)]);
  return (long - short) / COUNTED;
}

const plain = await perBuild('plain');
const stacked = await perBuild('stacks');
const g = (x: number) => `${(x / 1e9).toFixed(3)} G`;
console.log(`nfl-dk-classic, 150 lineups, instructions of one warm build (valgrind; within about 3 % between runs)`);
console.log(`  without stacks  ${g(plain)}`);
console.log(`  basic stacks    ${g(stacked)}`);
console.log(`  ratio           ${(stacked / plain).toFixed(2)}x   (target ≤ 1.5x)`);
