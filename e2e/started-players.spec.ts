/// <reference lib="dom" />
// A DraftKings list downloaded mid-slate, end to end: upload it as the user's slate, see the
// started (Final, In Progress) and out players marked in the players table and filtered, build,
// see the build say how many started players it left out, and download the upload CSV: no
// lineup holds a started or out player, and every id is the file's.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import Papa from 'papaparse';
import { chooseOption, collectLineups, launch, newPage, prepareBuild, runBuild, screenshot, signUp, uniqueEmail } from './harness.js';
import { BUILDER_PATH, ROSTER } from './slate.js';

const MIDSLATE = fileURLToPath(new URL('../packages/optimizer/src/io/fixtures/slates/dk-nfl-midslate-2026.csv', import.meta.url));

interface SalaryRow { ID: string; Name: string; Position: string; Salary: string; 'Game Info': string; TeamAbbrev: string; Status: string }

describe('a mid-slate DraftKings list', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('marks started and out players, leaves them out of the build, and exports lineups the site accepts', async () => {
    const file = Papa.parse<SalaryRow>(await readFile(MIDSLATE, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const byId = new Map(file.map((r) => [r.ID, r]));
    // Read here from the file itself: started games are written in place of the matchup.
    const started = new Set(file.filter((r) => r['Game Info'] === 'Final' || r['Game Info'] === 'In Progress').map((r) => r.ID));
    const out = new Set(file.filter((r) => r.Status === 'OUT' || r.Status === 'IR').map((r) => r.ID));
    assert.equal(started.size, 32);
    assert.equal(out.size, 2);

    const { context, page } = await newPage(browser);
    // The players table's first render takes long on a loaded machine: waits here allow it.
    page.setDefaultTimeout(150_000);
    const waitForTable = () => page.locator('.ss-player-table .ant-table-row').first().waitFor();
    await signUp(page, uniqueEmail('midslate'));
    await page.goto(BUILDER_PATH);
    await waitForTable();
    await page.getByTestId('upload-slate').click();
    const dialog = page.getByRole('dialog', { name: 'Your DraftKings slate' });
    await dialog.getByLabel('Slate name').fill('Sunday mid-slate');
    await dialog.locator('input[type=file]').setInputFiles(MIDSLATE);
    await page.waitForURL((url) => /\/optimizer\/classic\/nfl\/dk\/my-\d+/.test(url.pathname));
    await waitForTable();

    // The warnings: the out players named, and the started ones counted.
    assert.match(await page.getByTestId('status-warning').innerText(), /2 players excluded .*Yusuf Hargrove \(O\).*Caleb Rhodes \(IR\)|2 players excluded .*Caleb Rhodes \(IR\).*Yusuf Hargrove \(O\)/s);
    assert.match(await page.getByTestId('started-warning').innerText(), /32 players left out: their games have started/);
    // Badges by the name: Final, In Progress, O, and Q for a questionable player who stays in.
    const badgeOf = async (name: string) => {
      await page.getByLabel('Player search').fill(name);
      const badge = page.locator('.ss-player-table .ant-table-row', { hasText: name }).getByTestId('status-badge');
      await badge.waitFor();
      return badge.innerText();
    };
    assert.equal(await badgeOf('Grant Stroud'), 'Final');
    assert.equal(await badgeOf('Kendall Voss'), 'In Progress'); // questionable, but his game has started: he cannot be added
    assert.equal(await badgeOf('Yusuf Hargrove'), 'O');
    assert.equal(await badgeOf('Andre Zamora'), 'Q');
    await page.getByLabel('Player search').fill('');
    // The status filter: out or started shows the 32 started and the 2 out players (and no one else).
    const pickStatus = (label: string) => chooseOption(page, page.getByLabel('Status filter').first(), '', label, page.getByLabel('Player search'));
    await pickStatus('Out or started');
    await page.waitForFunction(() => document.querySelectorAll('.ss-player-table .ant-table-row').length <= 34);
    const names = await page.locator('.ss-player-table .ant-table-row .ss-name').allInnerTexts();
    const leftOutNames = new Set([...started, ...out].map((id) => byId.get(id)!.Name));
    assert.ok(names.length > 0 && names.every((n) => leftOutNames.has(n)), `shown: ${names.join(', ')}`);
    await screenshot(page, '70-midslate-out-or-started');
    await pickStatus('Any status');

    const lineups = collectLineups<{ Id: string; TeamAbbrev: string }>(page);
    await prepareBuild(page, 3);
    await runBuild(page);
    assert.equal(lineups.length, 3);
    await page.getByRole('tab', { name: 'Lineups' }).first().click();
    // The build's own warning (the Lineups tab's list), as the server's build path said it.
    await page.locator('li', { hasText: /^\d+ players left out: their games have started/ }).first().waitFor();
    await screenshot(page, '71-midslate-built');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const rows = Papa.parse<string[]>(await readFile(await download.path(), 'utf8'), { skipEmptyLines: true }).data;
    assert.deepEqual(rows[0], ROSTER.uploadHeader);
    assert.equal(rows.length, 4);
    for (const [i, ids] of rows.slice(1).entries()) {
      assert.equal(new Set(ids).size, ROSTER.slots.length, `lineup ${i + 1}: ${ids.join(',')}`);
      let salary = 0;
      ids.forEach((id, s) => {
        const player = byId.get(id);
        assert.ok(player, `lineup ${i + 1}: ${id} is not in the file`);
        assert.ok(!started.has(id), `lineup ${i + 1}: ${player.Name} has started`);
        assert.ok(!out.has(id), `lineup ${i + 1}: ${player.Name} is out`);
        assert.ok(ROSTER.slots[s]!.eligible.some((p) => player.Position.split('/').includes(p)), `lineup ${i + 1}: ${player.Position} in ${ROSTER.slots[s]!.label}`);
        salary += Number(player.Salary);
      });
      assert.ok(salary <= ROSTER.salaryCap, `lineup ${i + 1}: salary ${salary}`);
    }
    await context.close();
  });
});
