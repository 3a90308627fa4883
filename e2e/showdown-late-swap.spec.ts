/// <reference lib="dom" />
// Late swap of a DraftKings showdown entries file in the browser: upload a DraftKings mlb
// showdown salary file as a private slate, then late-swap an entries file downloaded mid-slate
// (NYY players LOCKED). Started players keep their slot (the captain too), every entry keeps
// the showdown rules (CPT + 5 UTIL, both teams, the cap), and the file comes back byte for byte
// where no cell changed (Entry Fee "$4 " keeps its space).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import Papa from 'papaparse';
import { launch, newPage, screenshot, signUp, subscribeToElite, uniqueEmail, waitForPlayers } from './harness.js';

const fixture = (name: string) => fileURLToPath(new URL(`../packages/optimizer/src/io/fixtures/slates/${name}`, import.meta.url));
const SALARIES = fixture('dk-mlb-showdown.csv');
const ENTRIES = fixture('DKEntries-mlb-showdown.csv');

interface SalaryRow { ID: string; Name: string; Salary: string; TeamAbbrev: string; 'Roster Position': string }

describe('showdown late swap', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('late-swaps a DraftKings mlb showdown entries file: started CPT and UTIL stay, the rest re-optimised', async () => {
    const rows = Papa.parse<SalaryRow>(await readFile(SALARIES, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const byId = new Map(rows.map((r) => [r.ID, r]));
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('showdown-swap'));
    await subscribeToElite(page);
    await page.goto('/optimizer/showdown/mlb/dk/Main');
    await page.getByTestId('upload-slate').click();
    const dialog = page.getByRole('dialog', { name: 'Your DraftKings slate' });
    await dialog.getByLabel('Slate name').fill('NYY @ BOS showdown');
    await dialog.locator('input[type=file]').setInputFiles(SALARIES);
    await page.waitForURL((url) => /\/optimizer\/showdown\/mlb\/dk\/my-\d+/.test(url.pathname));
    await waitForPlayers(page);

    await page.getByRole('tab', { name: 'Entries' }).click();
    await page.getByTestId('late-swap-entries').locator('input[type=file]').setInputFiles(ENTRIES);
    const results = page.getByTestId('late-swap-results');
    await results.waitFor();
    assert.equal(await results.locator('.ant-table-row').count(), 4);
    await screenshot(page, '68-showdown-late-swap');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-late-swap').click()]);
    const text = await readFile(await download.path(), 'utf8');
    const original = (await readFile(ENTRIES, 'utf8')).split('\r\n');
    const lines = text.split('\r\n');
    assert.equal(lines[0], 'Entry ID,Contest Name,Contest ID,Entry Fee,CPT,UTIL,UTIL,UTIL,UTIL,UTIL');
    // The entry columns exactly as the file wrote them: the space of "$4 ", the quoted contest name.
    for (let i = 1; i <= 4; i++) assert.ok(lines[i]!.startsWith(`${original[i]!.split(',')[0]},`), `entry ${i}: ${lines[i]}`);
    assert.ok(lines[1]!.startsWith('4200000001,MLB Showdown $4 Double Up (NYY vs BOS),182000001,$4 ,Aaron Stroud (38100008) (LOCKED),'));
    assert.equal(lines[4], '4200000004,"MLB Showdown $20 Moonshot, NYY vs BOS",182000002,$20,,,,,,');

    const before = Papa.parse<string[]>(original.slice(0, 4).join('\n')).data;
    const after = Papa.parse<string[]>(lines.slice(0, 4).join('\n')).data;
    const idOf = (cell: string) => /\((\d+)\)(?: \(LOCKED\))?$/.exec(cell)?.[1] ?? cell;
    for (let e = 1; e <= 3; e++) {
      const was = before[e]!.slice(4, 10);
      const now = after[e]!.slice(4, 10);
      was.forEach((cell, s) => { if (cell.endsWith('(LOCKED)')) assert.equal(now[s], cell, `entry ${e}: started player keeps slot ${s + 1}`); });
      const players = now.map((cell) => byId.get(idOf(cell))!);
      assert.ok(players.every(Boolean), `entry ${e}: every id is on the slate`);
      assert.equal(players[0]!['Roster Position'], 'CPT');
      assert.ok(players.slice(1).every((p) => p['Roster Position'] === 'UTIL'));
      assert.equal(new Set(players.map((p) => p.Name)).size, 6);
      assert.ok(players.reduce((sum, p) => sum + Number(p.Salary), 0) <= 50000);
      assert.deepEqual(new Set(players.map((p) => p.TeamAbbrev)), new Set(['NYY', 'BOS']));
    }
    await context.close();
  });
});
