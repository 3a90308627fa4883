/// <reference lib="dom" />
// First contact (issue 22): what a new user meets on a phone and around the forms.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launch, logIn, screenshot } from './harness.js';
import { DEMO_EMAIL, DEMO_PASSWORD } from './slate.js';

export async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

/** The element lies inside the viewport's width, not cut off. */
async function assertInside(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, `${selector} is not shown`);
  assert.ok(box.x >= 0 && box.x + box.width <= 390 + 0.5 && box.width > 10, `${selector} spans ${box.x}..${box.x + box.width}px`);
}

describe('first contact on a phone', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('keeps the main menu and a whole Plans button for a logged-in user at 390 px', async () => {
    const { context, page } = await phone(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, '/');
    await assertInside(page, '[data-testid=main-menu-button]');
    await assertInside(page, '.ss-account a[href="/plans"] button');
    await assertInside(page, '[data-testid=account-menu]');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    await screenshot(page, '64-phone-topbar');
    await page.getByTestId('main-menu-button').click();
    const drawer = page.getByTestId('main-menu-drawer');
    await drawer.getByText('Lineup Builder').click();
    await drawer.getByRole('link', { name: 'NFL DraftKings' }).waitFor();
    await screenshot(page, '65-phone-menu');
    await drawer.getByRole('link', { name: 'NFL DraftKings' }).click();
    await page.waitForURL(/\/optimizer\/classic\/nfl\/dk/);
    await drawer.waitFor({ state: 'hidden' });
    // The account dropdown still works.
    await page.getByTestId('account-menu').click();
    await page.getByText('My Account').waitFor();
    await context.close();
  });
});
