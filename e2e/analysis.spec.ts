/// <reference lib="dom" />
// Analysis, projections and props pages: open each page, switch tabs, download each
// CSV and check its header, see blurred rows for a user without the permission, and the
// post-build and pre-build analysis of the builder.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { PRE_BUILD_UPGRADE_BANNER, PROJECTIONS_CSV_COLUMNS, PROJECTIONS_SHOWDOWN_CSV_COLUMNS, PROPS_CSV_COLUMNS, PROPS_MARKETS } from '@stacksmith/domain';
import { launch, logIn, newPage, screenshot, signUp, uniqueEmail, waitForPlayers } from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD } from './slate.js';

const tableRows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

describe('analysis, projections and props pages', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('projections: site tabs, slate dropdown, sorted table and the CSV download', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, '/projections/nfl/dk?week=1&season=2023');
    await tableRows(page).first().waitFor();
    assert.deepEqual(await page.getByRole('tab').allInnerTexts(), ['DraftKings', 'Fanduel', 'Yahoo']);
    await screenshot(page, '20-projections-dk');
    const csv = await downloadText(page, 'Download CSV');
    assert.equal(csv.name, 'projections_dk_Main_week1_2023.csv');
    const lines = csv.text.trim().split(/\r?\n/);
    assert.equal(lines[0], PROJECTIONS_CSV_COLUMNS.join(','));
    assert.ok(lines.length > 20, `only ${lines.length} lines`);

    await page.getByRole('tab', { name: 'Fanduel' }).click();
    await page.waitForURL(/\/projections\/nfl\/fd/);
    await tableRows(page).first().waitFor();
    // A showdown slate from the dropdown.
    await page.locator('div.ant-select[aria-label="Slate"]').click();
    await page.locator('.ant-select-item-option', { hasText: '(showdown)' }).first().click();
    await page.waitForURL(/\/projections\/showdown\/nfl\/fd/);
    // Showdown tables show the roster position (CPT or FLEX).
    await page.getByRole('columnheader', { name: 'Roster' }).waitFor();
    await tableRows(page).first().waitFor();
    await screenshot(page, '21-projections-fd-showdown');
    const showdown = await downloadText(page, 'Download CSV');
    assert.match(showdown.name, /^projections_fd_.+_week1_2023\.csv$/);
    assert.equal(showdown.text.split(/\r?\n/)[0], PROJECTIONS_SHOWDOWN_CSV_COLUMNS.join(','));
    await context.close();
  });

  it('projections: ownership blurred and the download locked without opt.nfl.ownership', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('proj'), 'Sup3r-secret!', '/projections/nfl/dk?week=1&season=2023');
    await tableRows(page).first().waitFor();
    assert.ok(await page.locator('[data-gated="opt.nfl.ownership"]').count() > 0);
    assert.ok(await page.getByRole('button', { name: 'Download CSV' }).isDisabled());
    await screenshot(page, '22-projections-locked');
    await context.close();
  });

  it('props: four tabs, American odds and the props CSV', async () => {
    const { context, page } = await newPage(browser);
    // Week 2: its Player Stats list the games before it (week 1).
    await page.goto('/props?week=2&season=2023');
    await tableRows(page).first().waitFor();
    assert.deepEqual(await page.getByRole('tab').allInnerTexts(), [...PROPS_MARKETS]);
    for (const market of PROPS_MARKETS) {
      await page.getByRole('tab', { name: market }).click();
      const panel = page.locator('.ant-tabs-tabpane-active');
      await panel.locator('.ant-table-row').first().waitFor();
      const odds = await panel.locator('.ant-table-row').first().locator('td').nth(3).innerText();
      assert.match(odds, /^[+-]\d+$/);
    }
    await screenshot(page, '23-props');
    // A name opens the Player Stats game log.
    await page.locator('.ant-tabs-tabpane-active .ant-table-row').first().getByRole('button').click();
    const modal = page.locator('.ant-modal', { hasText: 'Player Stats' });
    await modal.locator('.ant-table-row').first().waitFor();
    assert.ok(await modal.getByRole('columnheader', { name: 'Rec Yds' }).isVisible());
    await modal.getByRole('button', { name: 'Close' }).click();
    const csv = await downloadText(page, 'Download Props');
    assert.equal(csv.name, 'props_week2_2023.csv');
    assert.equal(csv.text.split(/\r?\n/)[0], PROPS_CSV_COLUMNS.join(','));
    await context.close();
  });

  it('stacks analysis per site and week', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/analysis/nfl/dk/Main/stacks?week=1&season=2023');
    await page.getByText('Top QB stacks').waitFor();
    await tableRows(page).nth(5).waitFor();
    await screenshot(page, '24-stacks-dk');
    await page.getByRole('tab', { name: 'FanDuel' }).click();
    await page.waitForURL(/\/analysis\/nfl\/fd\/Main\/stacks/);
    await tableRows(page).nth(5).waitFor();
    await context.close();
  });

  it('nba on/off: players off move minutes to teammates who gain', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/analysis/nba/dk/Main/on-off');
    const select = page.getByRole('combobox', { name: 'Players off' });
    await select.click();
    await page.locator('.ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await tableRows(page).first().waitFor();
    const gain = await tableRows(page).first().locator('.ss-gain').innerText();
    assert.match(gain, /^\+\d+\.\d\d$/);
    await screenshot(page, '25-on-off');
    await context.close();
  });

  it('builder: post-build analysis after a build and pre-build analysis', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await waitForPlayers(page);
    await page.getByTitle('Analysis', { exact: true }).click();
    await page.getByTestId('pre-build-analysis').waitFor();
    assert.equal(await page.getByTestId('pre-build-upgrade').count(), 0);
    // The historical winning range arrives from the player-count call.
    await page.getByTestId('pre-build-analysis').locator('[data-testid^=range]').first().waitFor({ timeout: 30_000 });
    await screenshot(page, '26-pre-build');
    await page.getByTitle('Players', { exact: true }).click();
    const name = await page.locator('.ss-player-table .ant-table-row .ss-name').first().innerText();
    const cell = page.getByLabel(`Max Exp ${name}`, { exact: true });
    await cell.fill('60');
    await cell.blur();
    const count = page.getByLabel('Number of lineups');
    await count.fill('20');
    await count.blur();
    await page.getByTestId('build').click();
    // The analysis has its own sub-tab of the Lineups tab, enabled when the build is done.
    await page.locator('.ss-lineups-subtabs .ant-tabs-tab:not(.ant-tabs-tab-disabled)', { hasText: 'Post-build analysis' }).click({ timeout: 120_000 });
    await page.getByTestId('post-build-analysis').waitFor({ timeout: 120_000 });
    await page.getByTestId('panel-overweight').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('lineup-comparison').locator('.ant-table-row').first().waitFor();
    const breakdown = page.getByTestId('player-breakdown');
    await page.getByTestId('post-build-analysis').locator('.ant-radio-button-wrapper', { hasText: /^QB$/ }).click();
    const positions = await breakdown.locator('.ant-table-row td:nth-child(2)').allInnerTexts();
    assert.ok(positions.length > 0 && positions.every((p) => p === 'QB'));
    await page.getByTestId('panel-overweight').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, '27-post-build');
    await page.getByTestId('lineup-comparison').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, '27b-post-build-comparison');
    await context.close();
  });

  it('builder: a free account sees the upgrade banner and blurred analysis rows', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('pre'), 'Sup3r-secret!', BUILDER_PATH);
    await waitForPlayers(page);
    await page.getByTitle('Analysis', { exact: true }).click();
    await page.getByTestId('pre-build-upgrade').waitFor();
    assert.match(await page.getByTestId('pre-build-upgrade').innerText(), new RegExp(PRE_BUILD_UPGRADE_BANNER));
    assert.ok(await page.getByTestId('pre-build-analysis').getByTestId('blurred').count() > 0);
    await screenshot(page, '28-pre-build-locked');

    // Post-build: only the first row of each panel is clear, and Lineup Comparison is locked.
    await page.getByTitle('Players', { exact: true }).click();
    const name = await page.locator('.ss-player-table .ant-table-row .ss-name').first().innerText();
    const cell = page.getByLabel(`Max Exp ${name}`, { exact: true });
    await cell.fill('60');
    await cell.blur();
    await page.getByTestId('build').click();
    // The analysis has its own sub-tab of the Lineups tab, enabled when the build is done.
    await page.locator('.ss-lineups-subtabs .ant-tabs-tab:not(.ant-tabs-tab-disabled)', { hasText: 'Post-build analysis' }).click({ timeout: 120_000 });
    await page.getByTestId('post-build-analysis').waitFor({ timeout: 120_000 });
    const overweight = page.getByTestId('panel-overweight');
    await overweight.locator('.ant-table-row').first().waitFor();
    assert.equal(await overweight.locator('.ant-table-row').first().getByTestId('blurred').count(), 0);
    if (await overweight.locator('.ant-table-row').count() > 1) {
      assert.ok(await overweight.locator('.ant-table-row').nth(1).getByTestId('blurred').count() > 0);
    }
    // My share is shown to everyone; the past-contest columns are locked.
    await page.getByTestId('lineup-comparison').locator('.ant-table-row').first().waitFor();
    assert.ok(await page.getByTestId('lineup-comparison').getByLabel('Upgrade for this feature').count() > 0);
    await page.getByTestId('panel-overweight').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, '29-post-build-locked');
    await context.close();
  });
});
