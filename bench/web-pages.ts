// The web page's own cost, measured by Chromium's performance metrics (Performance.getMetrics
// TaskDuration: main-thread task time) against the socket alone, in one run:
//  - the nfl optimizer until its player rows show (target: at most 1.5 s of main-thread work);
//  - a 150-lineup build from the Build click until the progress bar is full (target 1.5 s),
//    and the same build request replayed on the socket from Node (the engine's time);
// at 1440 px and on a 390 px phone profile (touch, mobile viewport; the CPU is not throttled).
// Run: npm run bench:web (builds first; the server runs in-process on the demo data).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext, type CDPSession } from 'playwright-core';
import WebSocket from 'ws';
import { buildSocketProtocols, TOKEN_STORAGE_KEY } from '@stacksmith/domain';
import { buildApp } from '../packages/server/src/app.js';
import { configFromEnv } from '../packages/server/src/config.js';

const TARGET_SECONDS = 1.5;
const BUILDER = '/optimizer/classic/nfl/dk/Main?season=2023&week=1';
const webDist = fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'stacksmith-bench-web-'));
const app = await buildApp(configFromEnv({ DATA_DIR: dataDir, SIGN_UP_RATE_LIMIT: '1000' }, { webDist, seedDemo: true, logger: false, databaseUrl: undefined }));
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

const taskSeconds = async (cdp: CDPSession) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;

/** Wall time of one build request on the socket, from open to the server's close. */
function socketAlone(message: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const ws = new WebSocket(`${base.replace('http', 'ws')}/build`, buildSocketProtocols(token));
    ws.on('open', () => ws.send(message));
    ws.on('close', () => resolve((performance.now() - started) / 1000));
    ws.on('error', reject);
  });
}

async function measure(label: string, context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/login?redirectTo=/');
  await page.getByLabel('Email').fill('demo@stacksmith.local');
  await page.getByLabel('Password').fill('stacksmith-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('account-menu').waitFor();
  const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', TOKEN_STORAGE_KEY);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  // The optimizer page until its player rows show.
  let before = await taskSeconds(cdp);
  let wall = performance.now();
  await page.goto(BUILDER);
  await page.locator('.ss-player-table .ant-table-row').first().waitFor({ timeout: 120_000 });
  const rowsTask = (await taskSeconds(cdp)) - before;
  const rowsWall = (performance.now() - wall) / 1000;

  // A 150-lineup build (one edit first: an untouched table asks for confirmation).
  const name = await page.locator('.ss-player-table .ant-table-row .ss-name').first().innerText();
  const cell = page.getByLabel(`Max Exp ${name}`, { exact: true });
  await cell.fill('60');
  await cell.blur();
  const count = page.getByLabel('Number of lineups');
  await count.fill('150');
  await count.blur();
  let sent = '';
  page.on('websocket', (ws) => ws.on('framesent', (frame) => { if (!sent && typeof frame.payload === 'string') sent = frame.payload; }));
  before = await taskSeconds(cdp);
  wall = performance.now();
  await page.getByTestId('build').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=build-progress] [role=progressbar]')?.getAttribute('aria-valuenow') === '100', undefined, { timeout: 300_000 });
  await page.getByTestId('build').waitFor();
  const buildTask = (await taskSeconds(cdp)) - before;
  const buildWall = (performance.now() - wall) / 1000;
  const socket = await socketAlone(sent, token);
  await page.close();
  const verdict = (s: number) => (s <= TARGET_SECONDS ? 'meets' : 'MISSES');
  console.log(`${label}:`);
  console.log(`  player rows  main-thread ${rowsTask.toFixed(2)} s (${verdict(rowsTask)} ${TARGET_SECONDS} s), shown after ${rowsWall.toFixed(2)} s`);
  console.log(`  150 lineups  main-thread ${buildTask.toFixed(2)} s (${verdict(buildTask)} ${TARGET_SECONDS} s), shown after ${buildWall.toFixed(2)} s; socket alone ${socket.toFixed(2)} s; page / socket ${(buildWall / socket).toFixed(2)}×`);
}

try {
  await measure('desktop 1440 px', await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } }));
  await measure('phone 390 px', await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }));
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
