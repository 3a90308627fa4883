// Upload benchmark: what one user's files cost everyone else, in one run.
// Scenarios, each measured against a quiet baseline taken in the same run:
// 1. The same-name bomb: an own slate of 6,000 players of one name, then a projection file of
//    20,000 rows of that name (about 400 kB) matched to it.
// 2. A 3 MB upload: a DraftKings salary file padded with blank lines to the 3 MB bound.
// 3. The same 3 MB upload sent 10 times at once by 10 users.
// For each: the answer's size, the server's memory growth (its peak RSS over the start), and
// the longest wait of another user's request (GET /api/plans every 10 ms over HTTP) against the
// same probe's longest wait while nothing else runs.
// Run: npm run bench:uploads   (the server in a process of its own, on SQLite in a temporary directory)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

// The server runs in a process of its own (main.ts through tsx), so that this client's work
// (building megabytes of request bodies) is not counted as the server's, and its memory is
// read from /proc.
const dir = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
const sqlitePath = join(dir, 'db.sqlite');
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../packages/server/src/main.ts', import.meta.url))], {
  stdio: 'ignore',
  env: {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG: '0', SQLITE_PATH: sqlitePath, JWT_SECRET: 'bench-secret-0123456789abcdef',
    UPLOAD_RATE_LIMIT_PER_USER: '10000', UPLOAD_RATE_LIMIT_PER_ADDRESS: '10000', SIGN_UP_RATE_LIMIT: '10000',
  },
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (await fetch(`${base}/api/plans`).then((r) => r.ok, () => false)) break;
  if (i > 600) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The server process's resident memory (kB from /proc, in bytes). */
function serverRss(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function signUp(i: number): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/sign-up`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench${i}-${Date.now()}@example.com`, password: 'bench-password', first_name: 'B', last_name: 'U' }),
  });
  const body = await res.json() as { access_token: string };
  return { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' };
}

/** Another user's requests, one after another, for as long as `work` runs: the longest wait. */
async function probeWhile<T>(work: () => Promise<T>): Promise<{ result: T; longestMs: number; peakRss: number }> {
  let running = true;
  let longestMs = 0;
  let peakRss = serverRss();
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/plans`).then((r) => r.arrayBuffer());
      longestMs = Math.max(longestMs, performance.now() - started);
      peakRss = Math.max(peakRss, serverRss());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await work();
  running = false;
  await probe;
  return { result, longestMs, peakRss };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const HEADER = 'Position,Name + ID,Name,ID,Roster Position,Salary,Game Info,TeamAbbrev,AvgPointsPerGame';
const positions = ['QB', 'RB', 'WR', 'TE', 'DST'];
const sameNameSlate = [HEADER, ...Array.from({ length: 6000 }, (_, i) => {
  const pos = positions[i % positions.length]!;
  return `${pos},Same Name (${50000000 + i}),Same Name,${50000000 + i},${pos === 'DST' ? 'DST' : `${pos}/FLEX`},${3000 + (i % 50) * 100},CIN@CLE 09/10/2023 01:00PM ET,${i % 2 ? 'CIN' : 'CLE'},${(i % 30) / 2}`;
})].join('\n');
const projectionBomb = `Name,ProjPts\n${Array.from({ length: 20_000 }, (_, i) => `Same Name,${i % 30}`).join('\n')}\n`;
const salaries = readFileSync(new URL('../packages/server/src/routes/fixtures/dk-nfl-week1-salaries.csv', import.meta.url), 'utf8');
const threeMb = salaries + '\n'.repeat(3_000_000 - salaries.length);
const uploadBody = (csv: string, name: string) => JSON.stringify({ sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: `${name}.csv`, name, csv });

const rows: string[][] = [];
function report(name: string, answerBytes: number, run: Awaited<ReturnType<typeof probeWhile>>, quiet: number, startRss: number, status: string) {
  rows.push([
    name, status, mb(answerBytes), `${mb(run.peakRss - startRss)} (peak RSS over ${mb(startRss)})`,
    `${run.longestMs.toFixed(0)} ms`, `${(run.longestMs / quiet).toFixed(1)}×`,
  ]);
}

// Warm the file threads (their first start loads the readers) and measure the quiet baseline.
const owner = await signUp(0);
await fetch(`${base}/api/user-slates`, { method: 'POST', headers: owner, body: uploadBody(salaries, 'warm') });
const quietRun = await probeWhile(() => new Promise((resolve) => setTimeout(resolve, 3000)));
const quiet = Math.max(1, quietRun.longestMs);
console.log(`quiet baseline: another user's longest wait ${quiet.toFixed(0)} ms over 3 s`);

{
  const start = serverRss();
  const slate = await (await fetch(`${base}/api/user-slates`, { method: 'POST', headers: owner, body: uploadBody(sameNameSlate, 'same-name') })).json() as { slate: { slate: string } };
  const body = JSON.stringify({ fileName: 'bomb.csv', csv: projectionBomb });
  const run = await probeWhile(async () => {
    const res = await fetch(`${base}/api/nfl/projections-upload/main/dk/classic/${slate.slate.slate}/2023/1`, { method: 'POST', headers: owner, body });
    return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
  });
  report('same-name bomb (6,000 × 20,000)', run.result.bytes, run, quiet, start, String(run.result.status));
}

{
  const start = serverRss();
  const body = uploadBody(threeMb, 'three-mb');
  const run = await probeWhile(async () => {
    const res = await fetch(`${base}/api/user-slates`, { method: 'POST', headers: owner, body });
    return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
  });
  report('3 MB salary upload', run.result.bytes, run, quiet, start, String(run.result.status));
}

{
  const users = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(i + 1)));
  const start = serverRss();
  const bodies = users.map((_, i) => uploadBody(threeMb, `many-${i}`));
  const run = await probeWhile(async () => {
    const answers = await Promise.all(users.map(async (headers, i) => {
      const res = await fetch(`${base}/api/user-slates`, { method: 'POST', headers, body: bodies[i] });
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    }));
    return { status: [...new Set(answers.map((a) => a.status))].join('/'), bytes: answers.reduce((n, a) => n + a.bytes, 0) };
  });
  report('10 × 3 MB uploads at once', run.result.bytes, run, quiet, start, run.result.status);
}

const stored = new Database(sqlitePath, { readonly: true }).prepare('select players from user_slates where name = ?').get('three-mb') as { players: string } | undefined;
console.table(rows.map(([scenario, status, answer, memory, wait, ratio]) => ({ scenario, status, answer, 'memory growth': memory, 'longest wait of another user': wait, 'vs quiet': ratio })));
if (stored) console.log(`the 3 MB file (${salaries.length} bytes of rows) is stored as ${stored.players.length} bytes of players`);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });
