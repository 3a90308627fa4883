/// <reference lib="dom" />
// Every builder the roster table offers (each sport, site and contest type) is reachable from
// the top menu, the home page and, one link a sport, the footer; a desktop and a 390 px phone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SPORTS } from '@stacksmith/domain';
import { launch, newPage, screenshot, waitForPlayers } from './harness.js';
import { BUILDER_LINKS } from '../packages/web/src/shell/nav.js';

const hrefs = (page: Page, scope: string) => page.locator(`${scope} a[href]`).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));

describe('every builder is linked', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('links every sport, site and contest type from the menu, the home page and the footer, and the links open builders', async () => {
    assert.ok(BUILDER_LINKS.some((l) => l.sport === 'mma') && BUILDER_LINKS.some((l) => l.contestType === 'showdown'));
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const home = await hrefs(page, '.ss-home');
    for (const l of BUILDER_LINKS) assert.ok(home.includes(l.to), `the home page does not link ${l.label} (${l.to})`);
    const footer = await hrefs(page, '.ss-footer');
    for (const sport of SPORTS) assert.ok(footer.some((h) => h.includes(`/${sport}/`)), `the footer does not link the ${sport} builder`);
    // The top menu's Lineup Builder lists them all.
    await page.locator('.ss-topbar-menu').getByText('Lineup Builder').hover();
    const popup = page.locator('.ant-menu-submenu-popup');
    for (const l of BUILDER_LINKS) await popup.getByRole('link', { name: l.label, exact: true }).waitFor();
    await screenshot(page, '70-builder-menu');
    // A link to a sport that was not linked before opens its builder with players.
    await popup.getByRole('link', { name: 'MLB DraftKings', exact: true }).click();
    await page.waitForURL(/\/optimizer\/classic\/mlb\/dk\//);
    await page.getByRole('heading', { name: 'MLB Lineup Builder' }).waitFor();
    await waitForPlayers(page);
    // The nfl showdown link lands on a showdown slate, not on classic.
    await page.goto('/');
    await page.locator('[data-testid=builder-links-card]').getByRole('link', { name: 'NFL FanDuel Showdown' }).click();
    await page.waitForURL(/\/optimizer\/showdown\/nfl\/fd\//);
    await page.getByText('FanDuel · Showdown').waitFor();
    await context.close();
  });

  for (const [label, options] of [['desktop', { viewport: { width: 1440, height: 900 } }], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }]] as const) {
    it(`says an unknown address is not found, and names each page in its title (${label})`, async () => {
      const context = await browser.newContext({ ...options, baseURL: process.env.E2E_BASE_URL });
      const page = await context.newPage();
      await page.goto('/nope');
      await page.getByTestId('not-found').waitFor();
      assert.equal(await page.getByText('Coming soon').count(), 0);
      assert.match(await page.title(), /^Page not found/);
      await page.goto('/');
      await page.waitForFunction(() => document.title.startsWith('Daily fantasy'));
      await page.goto('/optimizer/classic/pga/dk/Main');
      await page.waitForFunction(() => document.title.startsWith('PGA DraftKings Lineup Builder'));
      assert.equal(await page.locator('head title').count(), 1);
      await context.close();
    });
  }

  it('lists every builder in the phone menu, on the home page and in the footer', async () => {
    const { context, page } = await newPage(browser, 'phone');
    await page.goto('/');
    // The home page and the footer link them on a phone too, and a tap opens the builder.
    const home = await hrefs(page, '.ss-home');
    for (const l of BUILDER_LINKS) assert.ok(home.includes(l.to), `the phone's home page does not link ${l.label} (${l.to})`);
    const footer = page.locator('.ss-footer');
    for (const sport of SPORTS) assert.ok((await hrefs(page, '.ss-footer')).some((h) => h.includes(`/${sport}/`)), `the phone's footer does not link the ${sport} builder`);
    await footer.scrollIntoViewIfNeeded();
    await screenshot(page, '71b-footer-phone');
    await footer.locator('a[href*="/mma/"]').first().tap();
    await page.waitForURL(/\/optimizer\/(classic\/)?mma\//);
    await page.getByRole('heading', { name: 'MMA Lineup Builder' }).waitFor();
    await page.goto('/');
    await page.getByTestId('main-menu-button').click();
    const drawer = page.getByTestId('main-menu-drawer');
    await drawer.getByText('Lineup Builder').click();
    for (const l of BUILDER_LINKS) await drawer.getByRole('link', { name: l.label, exact: true }).waitFor();
    // The home page's cards fit the phone (no sideways scrolling).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    await screenshot(page, '71-builder-menu-phone');
    await drawer.getByRole('link', { name: 'PGA FanDuel', exact: true }).click();
    await page.waitForURL(/\/optimizer\/classic\/pga\/fd\//);
    await page.getByRole('heading', { name: 'PGA Lineup Builder' }).waitFor();
    await context.close();
  });
});
