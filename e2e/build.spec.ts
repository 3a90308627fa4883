/// <reference lib="dom" />
// The callbacks given to page.evaluate run in the browser, hence the DOM types.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { launch, logIn, newPage, prepareBuild, screenshot, signUp, uniqueEmail, watchForTransient } from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD, ROSTER } from './slate.js';

const progress = (page: Page) => page.getByTestId('build-progress').locator('[role=progressbar]');

describe('builds', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('limits a free account to its plan', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('free'), 'Sup3r-secret!', BUILDER_PATH);
    await prepareBuild(page, 20);
    assert.equal(await page.getByLabel('Number of lineups').inputValue(), '3');
    await context.close();
  });

  it('builds 20 lineups to 100 %, exports the upload CSV and saves them', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 20);
    await page.getByTestId('build').click();
    await page.getByTestId('build-progress').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=build-progress] [role=progressbar]')?.getAttribute('aria-valuenow') === '100', undefined, { timeout: 120_000 });
    await page.getByTestId('build').waitFor();
    assert.equal(await progress(page).getAttribute('aria-valuenow'), '100');
    assert.equal(await page.getByTestId('lineup').count(), 20);
    await screenshot(page, '06-lineups');
    await screenshot(page, '06b-lineups-full', true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split('\n');
    assert.equal(lines[0], ROSTER.uploadHeader.join(','));
    assert.equal(lines.length, 1 + 20);
    for (const line of lines.slice(1)) assert.equal(line.split(',').length, ROSTER.slots.length);

    // Re-build one lineup in place: lineup 3 changes, the count stays 20.
    const third = page.getByTestId('lineup').nth(2);
    const before = await third.innerText();
    await page.getByLabel('Re-build lineup 3').click();
    await page.waitForFunction(
      (old) => (document.querySelectorAll('[data-testid=lineup]')[2] as HTMLElement | undefined)?.innerText !== old,
      before, { timeout: 60_000 },
    );
    assert.notEqual((await third.innerText()).replace(/\s+/g, ' '), before.replace(/\s+/g, ' '));
    assert.equal(await page.getByTestId('lineup').count(), 20);

    const saved = await watchForTransient(page, { text: '20 lineups saved' });
    await page.getByRole('button', { name: /Save Lineups/ }).click();
    await saved();
    await context.close();
  });

  it('cancels a running build and keeps the lineups built so far', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 150);
    await page.getByTestId('build').click();
    // Builds are fast, so cancel at once: 150 lineups take longer than a click. The click is
    // dispatched on the button as soon as it shows: a pointer click waits out whatever briefly
    // covers the page (the tab switch to Lineups), and on a loaded machine the build ended first.
    const cancel = page.getByTestId('cancel-build');
    await cancel.waitFor();
    await cancel.dispatchEvent('click');
    const notice = await page.getByText(/Build cancelled after \d+ lineups/).innerText();
    const kept = Number(/after (\d+) lineups/.exec(notice)![1]);
    await page.getByTestId('build').waitFor();
    const value = Number(await progress(page).getAttribute('aria-valuenow'));
    assert.ok(value < 100, `progress stopped below 100 % (${value})`);
    assert.ok(kept < 150, `kept ${kept} lineups`);
    // The table's own count (past 40 lineups the desktop table keeps only the rows in view in the
    // page); a cancel before the first batch leaves no table, and no lineup row.
    const shown = async () => (kept === 0 ? `${await page.getByTestId('lineup').count()} lineups` : page.getByTestId('lineups-shown').innerText());
    assert.equal(await shown(), `${kept} lineups`);
    // The cancelled socket stays closed: nothing more arrives.
    await page.waitForTimeout(1500);
    assert.equal(await shown(), `${kept} lineups`);
    await screenshot(page, '07-cancelled');
    await context.close();
  });
});
