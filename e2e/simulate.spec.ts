/// <reference lib="dom" />
// Contest simulation (docs/simulation.md): build, simulate the build, select the best 150 from a pool the
// server builds, and export the upload CSV, checked against the roster rules.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { launch, logIn, newPage, prepareBuild, runBuild, screenshot } from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD, ROSTER } from './slate.js';

interface PlayerRow { Id: string | number; Position: string; Salary: number | string }

describe('contest simulation', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('simulates a build, selects the best 150 of a pool, and exports them as a valid upload CSV', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 20);
    await runBuild(page);
    assert.equal(await page.getByTestId('lineup').count(), 20);

    await page.getByText('Simulate contest').click();
    await page.getByLabel('Simulations').fill('500');
    await page.getByLabel('Simulations').blur();
    await page.getByTestId('simulate').click();
    await page.getByTestId('simulate-progress').waitFor();
    await page.getByTestId('simulate-results').waitFor({ timeout: 120_000 });
    assert.match(await page.getByTestId('simulate-results').innerText(), /ROI of 20 entries/);
    assert.equal(await page.locator('[data-testid=simulate-table] .ant-table-row').count(), 20);
    await page.getByTestId('profit-histogram').locator('.recharts-bar-rectangle').first().waitFor();
    // The table sorts by a sim column: Win, then Cash descending.
    const table = page.getByTestId('simulate-table');
    await table.getByRole('columnheader', { name: 'Cash' }).click();
    const cash = (await table.locator('.ant-table-row td:nth-child(8)').allInnerTexts()).map((t) => Number.parseFloat(t));
    assert.deepEqual(cash, [...cash].sort((a, b) => a - b), 'sorted by cash rate');
    await screenshot(page, '30-simulate');

    await page.getByLabel('Lineups to select').fill('150');
    await page.getByLabel('Pool size').fill('300');
    await page.getByLabel('Pool size').blur();
    await page.getByTestId('select-best').click();
    await page.getByText(/Building the pool|Simulating/).first().waitFor();
    // The table's own count: past 40 lineups the desktop table keeps only the rows in view in the page.
    await page.waitForFunction(() => document.querySelector('[data-testid=lineups-shown]')?.textContent === '150 lineups', undefined, { timeout: 240_000 });
    await page.getByTestId('simulate-results').waitFor();
    const results = await page.getByTestId('simulate-results').innerText();
    assert.match(results, /ROI of 150 entries/);
    // Every figure with its uncertainty, the projection error assumed, and the edge over the plain build.
    assert.match(results, /ROI of 150 entries\s+[−-]?\d+(\.\d)?% ± \d+(\.\d)?%/);
    assert.match(results, /projections taken as off by about \d+%/);
    assert.match(await page.getByTestId('simulate-edge').innerText(), /Over your plain build \([−-]?\d+(\.\d)?% ± \d+(\.\d)?%\)\s+[+−-]\d+(\.\d)?% ± \d+(\.\d)?%/);
    await page.mouse.move(0, 0); // no tooltip over the figures
    await screenshot(page, '31-selected-150');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the ROI and the edge, each with its ±, stay whole inside the screen.
    await page.getByTestId('simulate-results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    for (const figure of [page.getByText(/^ROI of 150 entries$/).locator('xpath=..'), page.getByTestId('simulate-edge')]) {
      const box = await figure.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `a figure fits the phone's width (${JSON.stringify(box)})`);
    }
    await screenshot(page, '32-selected-150-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    assert.equal(lines[0], ROSTER.uploadHeader.join(','));
    assert.equal(lines.length, 1 + 150);
    const players = (await (await page.request.get('/api/nfl/players/dk/classic/main/Main/2023/1')).json()).players as PlayerRow[];
    const byId = new Map(players.map((p) => [String(p.Id), p]));
    const seen = new Set<string>();
    for (const line of lines.slice(1)) {
      const ids = line.split(',').map((cell) => cell.replace(/"/g, '').trim());
      assert.equal(ids.length, ROSTER.slots.length);
      ids.forEach((id, slot) => {
        const player = byId.get(id);
        assert.ok(player, `player ${id} is in the pool`);
        const positions = player.Position.split('/').map((p) => (p === 'D' || p === 'DEF' ? 'DST' : p));
        assert.ok(positions.some((p) => ROSTER.slots[slot]!.eligible.includes(p)), `${player.Position} fits ${ROSTER.slots[slot]!.label}`);
      });
      assert.equal(new Set(ids).size, ids.length, 'no player twice');
      const salary = ids.reduce((sum, id) => sum + Number(byId.get(id)!.Salary), 0);
      assert.ok(salary <= ROSTER.salaryCap, `salary ${salary} within the cap`);
      const key = [...ids].sort().join();
      assert.ok(!seen.has(key), 'lineups differ');
      seen.add(key);
    }
    await context.close();
  });
});
