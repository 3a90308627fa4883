/// <reference lib="dom" />
// The Lineups tab as a table (issue 22 item 10): one row a lineup with points, salary,
// ownership and stack, sortable and filterable, the exposure panel beside it with a position
// filter, a lineup's detail on click, lock (kept by the next build) and remove, and the
// post-build analysis in its own sub-tab; on a desktop and a 390 px phone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launch, logIn, newPage, prepareBuild, runBuild, screenshot } from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD, ROSTER } from './slate.js';

const rows = (page: Page) => page.getByTestId('lineup');
const runs = async (page: Page) => (await rows(page).locator('td:first-child').allInnerTexts()).map((t) => Number.parseInt(t, 10));
const lineupIds = (page: Page, n: number) => page.evaluate((i) => {
  const row = document.querySelectorAll('[data-testid=lineup]')[i];
  return Array.from(row?.querySelectorAll('td span[title]') ?? []).map((s) => s.getAttribute('title')).sort().join('|');
}, n); // the players of a lineup, whatever slots the server gives them

describe('lineups table', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('shows the build as a sortable table with exposure beside it, detail, lock and remove', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 20);
    await runBuild(page);
    assert.equal(await rows(page).count(), 20);
    // One column a roster slot, then the totals and the stack.
    const headers = await page.locator('.ss-lineups-table thead th').allInnerTexts();
    for (const label of [...ROSTER.slots.map((s) => s.label), 'Pts', 'Salary', 'Own %', 'Stack']) assert.ok(headers.includes(label), `no ${label} column in ${headers.join(',')}`);
    // Not a wall of cards: the table and the exposure panel both fit in the first screen.
    const exposure = page.getByTestId('exposure-panel');
    await exposure.waitFor();
    const box = await exposure.boundingBox();
    assert.ok(box && box.y < 900, `the exposure panel starts at ${box?.y}px`);
    const tableBox = await page.locator('.ss-lineups-table').boundingBox();
    assert.ok(tableBox && tableBox.height < 900, `the lineup table is ${tableBox?.height}px high`);
    await screenshot(page, '60-lineups-table');

    // Sorting by points (descending) orders the Pts column.
    const pts = page.locator('.ss-lineups-table thead th', { hasText: /^Pts$/ });
    await pts.click();
    await pts.click();
    const points = (await rows(page).locator('td:nth-child(2)').allInnerTexts()).map(Number);
    assert.deepEqual(points, [...points].sort((a, b) => b - a));
    await pts.click(); // back to run order

    // The exposure panel's position filter, then a player there filters the table.
    await exposure.locator('.ant-radio-button-wrapper', { hasText: /^QB$/ }).click();
    const positions = await exposure.locator('.ant-table-row td:nth-child(2)').allInnerTexts();
    assert.ok(positions.length > 0 && positions.every((p) => p === 'QB'), positions.join(','));
    const qbRows = exposure.locator('.ant-table-row');
    const qbCount = Number(await qbRows.last().locator('td:nth-child(3)').innerText());
    await qbRows.last().click();
    await page.getByTestId('lineups-shown').filter({ hasText: ` of 20 lineups` }).waitFor();
    assert.equal(await rows(page).count(), qbCount);
    await page.getByLabel('Lineups with player').locator('..').locator('.ant-select-clear').click({ force: true });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=lineup]').length === 20);

    // A row opens the lineup's detail with every slot.
    await rows(page).nth(0).locator('td').nth(2).click();
    const detail = page.locator('.ant-drawer-content');
    await detail.getByText('Lineup 1', { exact: true }).waitFor();
    assert.equal(await detail.locator('.ant-table-tbody .ant-table-row').count(), ROSTER.slots.length);
    await screenshot(page, '61-lineup-detail');
    await detail.locator('.ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });

    // Lock lineups 1 and 2, remove lineup 3: 19 lineups; the next build of 20 keeps the two.
    const first = await lineupIds(page, 0);
    const second = await lineupIds(page, 1);
    await page.getByRole('button', { name: 'Lock lineup 1', exact: true }).click();
    await page.getByRole('button', { name: 'Lock lineup 2', exact: true }).click();
    assert.ok(await page.getByRole('button', { name: 'Remove lineup 1', exact: true }).isDisabled());
    await page.getByRole('button', { name: 'Remove lineup 3', exact: true }).click();
    assert.equal(await rows(page).count(), 19);
    assert.ok(!(await runs(page)).includes(3));
    await runBuild(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=lineup]').length === 20);
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => lineupIds(page, i)));
    assert.ok(after.includes(first) && after.includes(second), 'the locked lineups are kept by the next build');
    assert.equal(await page.getByLabel(/^Lineup \d+ locked$/).count(), 2);

    // The analysis is a sub-tab.
    await page.getByRole('tab', { name: 'Post-build analysis' }).click();
    await page.getByTestId('post-build-analysis').waitFor();
    await context.close();
  });

  it('reads on a 390 px phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 10);
    // The build controls sit above the tabs on a phone, so the first tabs show whole, not folded into '···'.
    for (const name of ['Players', 'Build Settings']) {
      const tab = page.getByRole('tab', { name, exact: true });
      const box = await tab.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the ${name} tab spans ${box?.x}..${box ? box.x + box.width : '?'}px`);
      // Not clipped under the build controls or the '···' button: the tab is what a tap at its middle reaches.
      const reached = await tab.evaluate((el, at) => el.contains(document.elementFromPoint(at.x, at.y)), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      assert.ok(reached, `the ${name} tab is covered`);
    }
    await runBuild(page);
    assert.equal(await rows(page).count(), 10);
    // The page itself does not scroll sideways; the table scrolls inside its box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    await screenshot(page, '62-lineups-phone');
    await rows(page).nth(0).locator('td').nth(1).click();
    const detail = page.locator('.ant-drawer-content');
    await detail.getByText('Lineup 1', { exact: true }).waitFor();
    const drawer = await detail.boundingBox();
    assert.ok(drawer && drawer.width <= 391, `the detail is ${drawer?.width}px wide`);
    await screenshot(page, '63-lineup-detail-phone');
    await context.close();
  });
});
