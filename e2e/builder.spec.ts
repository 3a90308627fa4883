/// <reference lib="dom" />
// The callbacks given to page.evaluate run in the browser, hence the DOM types.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launch, newPage, screenshot, signUp, uniqueEmail, waitForPlayers } from './harness.js';
import { BUILDER_PATH } from './slate.js';

/** Name of the first player row of the table. */
const firstName = (page: import('playwright-core').Page) => page.locator('.ss-player-table .ant-table-row .ss-name').first().innerText();

describe('player table', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('keeps a logged-in projection edit on the server across a reload', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('proj'), 'Sup3r-secret!', BUILDER_PATH);
    await waitForPlayers(page);
    const name = await firstName(page);
    const cell = page.getByLabel(`User Proj ${name}`, { exact: true });
    await cell.fill('31.5');
    await cell.blur();
    await screenshot(page, '04-players-edited');
    // Saves are debounced 250 ms; wait for the POST before reloading.
    await page.waitForResponse((r) => r.url().includes('/user-projections/') && r.request().method() === 'POST', { timeout: 5000 }).catch(() => undefined);
    await page.reload();
    await waitForPlayers(page);
    await page.getByLabel('Player search').fill(name);
    assert.equal(await page.getByLabel(`User Proj ${name}`, { exact: true }).inputValue(), '31.5');
    await context.close();
  });

  it('keeps a visitor edit in browser storage', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BUILDER_PATH);
    await waitForPlayers(page);
    const name = await firstName(page);
    const maxExp = page.getByLabel(`Max Exp ${name}`, { exact: true });
    await maxExp.fill('35');
    await maxExp.blur();
    await page.waitForTimeout(600);
    const stored = await page.evaluate(() => localStorage.getItem('stacksmith.visitor') ?? '');
    assert.match(stored, /"MaxExp":35/);
    // A visitor cannot build: the Build button is disabled with the login tooltip.
    assert.ok(await page.getByTestId('build').isDisabled());
    await page.reload();
    await waitForPlayers(page);
    await page.getByLabel('Player search').fill(name);
    assert.equal(await page.getByLabel(`Max Exp ${name}`, { exact: true }).inputValue(), '35');
    // The name opens the Player Stats game log.
    await page.locator('.ss-player-table .ss-name', { hasText: name }).first().click();
    await page.getByText(`Player Stats · ${name}`).waitFor();
    await page.locator('.ant-modal .ant-table-row').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await screenshot(page, '05a-player-stats');
    await page.keyboard.press('Escape');
    await page.getByLabel('Player search').fill('');
    await page.getByRole('tab', { name: 'Build Settings' }).click();
    await page.getByText('Lineups and salary').waitFor();
    await screenshot(page, '05-build-settings');
    await context.close();
  });

  it('loads the builder of every sport and the nfl showdown slate', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/optimizer/classic/nba/dk/Main', '/optimizer/classic/mlb/fd/Main', '/optimizer/classic/pga/dk/Main', '/optimizer/classic/mma/dk/Main']) {
      await page.goto(path);
      await waitForPlayers(page);
      assert.ok((await page.locator('.ss-player-table .ant-table-row').count()) > 5, `${path} has players`);
    }
    await screenshot(page, '08-mma');
    await page.goto('/optimizer/showdown/nfl/dk/Main?season=2023&week=22');
    await waitForPlayers(page);
    // Showdown rows come once per roster position; the captain row is Id|CPT with 1.5x points.
    await page.locator('.ant-radio-button-wrapper', { hasText: /^QB$/ }).click();
    const roster = await page.locator('.ss-player-table .ant-table-row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    assert.ok(roster.some((t) => t.includes('CPT')) && roster.some((t) => t.includes('FLEX')));
    await screenshot(page, '09-showdown');
    await context.close();
  });
});
