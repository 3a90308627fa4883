/// <reference lib="dom" />
// The Lineups tab as a table: one row a lineup with points, salary,
// ownership and stack, sortable and filterable, the exposure panel beside it with a position
// filter, a lineup's detail on click, lock (kept by the next build) and remove, and the
// post-build analysis in its own sub-tab; on a desktop and a 390 px phone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { chooseOption, launch, logIn, newPage, prepareBuild, runBuild, screenshot } from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD, ROSTER } from './slate.js';

const rows = (page: Page) => page.getByTestId('lineup');
const runs = async (page: Page) => (await rows(page).locator('td:first-child').allInnerTexts()).map((t) => Number.parseInt(t, 10));
const lineupIds = (page: Page, n: number) => page.evaluate((i) => {
  const row = document.querySelectorAll('[data-testid=lineup]')[i];
  return Array.from(row?.querySelectorAll('td span[title]') ?? []).map((s) => s.getAttribute('title')).sort().join('|');
}, n); // the players of a lineup, whatever slots the server gives them

/** Every slot cell of the first lineup row lies inside the table's visible box, and the table does not scroll sideways. */
async function assertWholeLineupInView(page: Page) {
  const body = page.locator('.ss-lineups-table .ant-table-body');
  const scroll = await body.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  assert.ok(scroll.scrollWidth <= scroll.clientWidth + 1, `the lineup table scrolls sideways (${scroll.scrollWidth} > ${scroll.clientWidth}px)`);
  const view = (await body.boundingBox())!;
  const cells = rows(page).first().locator('td.ss-slot-cell');
  assert.equal(await cells.count(), ROSTER.slots.length);
  for (const [i, cell] of (await cells.all()).entries()) {
    const c = (await cell.boundingBox())!;
    assert.ok(c.x >= view.x - 1 && c.x + c.width <= view.x + view.width + 1 && c.x + c.width <= 1440, `slot ${ROSTER.slots[i]!.label} spans ${c.x}..${c.x + c.width}px, the table ${view.x}..${view.x + view.width}px`);
    // The player shows, not clipped to nothing: a short name of a few letters at least.
    const text = await cell.innerText();
    assert.ok(/\p{L}{2}/u.test(text), `slot ${ROSTER.slots[i]!.label} shows '${text}'`);
  }
}

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
    // A whole lineup reads at a glance at 1440 px: every slot of a row is in view, with no
    // sideways scrolling inside the table (the exposure panel sits below it at this width).
    await assertWholeLineupInView(page);
    const exposure = page.getByTestId('exposure-panel');
    await exposure.waitFor();
    const box = await exposure.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 1440, `the exposure panel spans ${box?.x}..${box ? box.x + box.width : '?'}px`);
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
    // The build controls sit above the tabs on a phone, and the tabs wrap: every label shows whole,
    // none cut at the edge of a sideways-scrolling bar or folded into '···'.
    for (const name of ['Players', 'Build Settings', 'Team Stacks', 'Player Groups', 'Lineups', 'Entries', 'After Start']) {
      const tab = page.getByRole('tab', { name, exact: true });
      const box = await tab.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the ${name} tab spans ${box?.x}..${box ? box.x + box.width : '?'}px`);
      // Not clipped under the build controls or the '···' button: the tab is what a tap at its middle reaches.
      const reached = await tab.evaluate((el, at) => el.contains(document.elementFromPoint(at.x, at.y)), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      assert.ok(reached, `the ${name} tab is covered`);
    }
    // The stack rules table is wider than a phone: it scrolls in its card, the page does not.
    await page.getByRole('tab', { name: 'Team Stacks', exact: true }).click();
    await page.getByTestId('team-stacks-tab').waitFor();
    const stacksOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(stacksOverflow <= 1, `the Team Stacks tab makes the page ${stacksOverflow}px wider than the phone`);
    await page.getByRole('tab', { name: 'Players', exact: true }).click();
    await runBuild(page);
    assert.equal(await rows(page).count(), 10);
    // The page itself does not scroll sideways; the table scrolls inside its box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    // Stacked on a phone: each lineup's numbers, then every slot with its player's short name, all within the screen.
    const slots = rows(page).first().locator('.ss-lineup-slot');
    assert.equal(await slots.count(), ROSTER.slots.length);
    for (const slot of await slots.all()) {
      const b = (await slot.boundingBox())!;
      assert.ok(b.x >= 0 && b.x + b.width <= 390, `a slot spans ${b.x}..${b.x + b.width}px`);
      assert.ok(/\p{L}{2}/u.test(await slot.locator('.ss-slot-player').innerText()), 'a slot shows no player');
    }
    // Sorting by points on a phone, where there are no column headers to click.
    const sort = page.locator('.ant-select[aria-label="Sort lineups by"]'); // the select, not its input under the shown value
    await sort.evaluate((el) => el.scrollIntoView({ block: 'center' })); // clear of the sticky top bar
    await chooseOption(page, sort, '', 'Sort: Pts', page.getByTestId('lineups-shown'));
    const phonePoints = (await rows(page).locator('.ss-lineup-stacked-head strong').allInnerTexts()).map(Number);
    assert.deepEqual(phonePoints, [...phonePoints].sort((a, b) => b - a));
    await chooseOption(page, sort, '', 'Sort: #', page.getByTestId('lineups-shown'));
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
