// `npm run test:e2e`: starts the real server the way README says (`npm start`, which builds
// every package and the web app first) on a free port with a temporary SQLite data directory, runs the e2e specs against it in Debian's Chromium, and always stops
// the server and removes the directory, whatever happened.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LATE_SWAP_NOW } from './slate.js';

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs / 1000} s`);
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** Specs that change data every user sees, so no other spec may run beside them. */
const SPECS_RUN_ALONE = ['admin.spec.ts'];

async function main(): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'stacksmith-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // `npm start` builds, then serves API, build socket and web app on one port.
  // The server's own log goes to a file beside the screenshots, so the test output stays readable.
  mkdirSync(join(root, 'e2e', 'artifacts'), { recursive: true });
  const log = openSync(join(root, 'e2e', 'artifacts', 'server.log'), 'w');
  const server = spawn('npm', ['start', '--silent'], {
    cwd: root,
    // Late swap on the demo's past week 1 takes a moment between its 1 pm and 4:25 pm games.
    // Every spec's browser comes from 127.0.0.1, maybe two specs at a time: the per-address limits
    // (sign-ups, log-ins, visitors' writes and uploads, a visitor's builds) would stop the suite.
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LATE_SWAP_NOW,
      SIGN_UP_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000', VISITOR_WRITE_RATE_LIMIT: '1000', UPLOAD_RATE_LIMIT_PER_ADDRESS: '1000',
      MAX_BUILDS_PER_USER: '4',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const stopAll = async () => {
    // The server runs in its own process group (npm → node); end the whole group.
    try {
      if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(`e2e: building and starting the server on ${baseUrl} (log: e2e/artifacts/server.log)`);
    await waitForServer(`${baseUrl}/`, server, 600_000);
    // `npm run test:e2e -- stacks` (or E2E_SPECS=stacks,plans) runs only the specs whose file name holds one of the words.
    const only = [...process.argv.slice(2), ...(process.env.E2E_SPECS?.split(',').map((w) => w.trim()).filter(Boolean) ?? [])];
    const specs = readdirSync(join(root, 'e2e')).filter((f) => f.endsWith('.spec.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
      .map((f) => join('e2e', f));
    // One spec at a time unless E2E_CONCURRENCY says more: two at a time halves the run, but on
    // this 2-core machine a heavy spec (a simulation's selection) then starves the other's page
    // loads past their 30 s waits now and then. Every spec signs up its own users; a spec that
    // changes what every user sees (the admin's cheat sheets and presets) always runs alone, last.
    const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 1) || 1);
    const alone = specs.filter((f) => SPECS_RUN_ALONE.some((name) => f.endsWith(name)));
    const together = specs.filter((f) => !alone.includes(f));
    let status = 0;
    for (const [group, groupConcurrency] of [[together, concurrency], [alone, 1]] as const) {
      if (group.length === 0) continue;
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${groupConcurrency}`, ...group], {
        cwd: root,
        // E2E_DATA_DIR: the server's SQLite directory, where specs read the mail outbox (no SMTP in e2e)
        // and run the operator CLI (make-admin).
        env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
        stdio: 'inherit',
      });
      if ((run.status ?? 1) !== 0) status = run.status ?? 1;
    }
    return status;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
