/// <reference lib="dom" />
// The callbacks given to page.evaluate run in the browser, hence the DOM types.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { PLEASE_ENTER_YOUR_EMAIL_ADDRESS, PLEASE_ENTER_YOUR_PASSWORD, ROSTERS, TOKEN_STORAGE_KEY } from '@stacksmith/domain';
import { launch, logIn, newPage, screenshot, signUp, uniqueEmail } from './harness.js';
import { BUILDER_PATH } from './slate.js';

describe('accounts', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('shows the shell, the home page, every builder in the menu and a not-found page for an unknown address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Build smarter DFS lineups.' }).waitFor();
    await screenshot(page, '01-home');
    // The Lineup Builder menu lists every builder of the roster table, showdown included.
    await page.locator('.ss-topbar-menu').getByText('Lineup Builder').hover();
    await page.getByRole('menuitem', { name: 'NBA FanDuel' }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: /^(NFL|NBA|MLB|PGA|MMA) / }).count(), ROSTERS.length);
    await screenshot(page, '01b-menu');
    await page.mouse.move(5, 400);
    // The blog holds release notes now; a page still to be written says so instead of a blank page.
    await page.goto('/blog');
    await page.getByRole('heading', { name: 'Blog' }).waitFor();
    assert.equal(await page.getByText('Coming soon').count(), 0);
    // An unknown address says so, not "Coming soon".
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    assert.equal(await page.getByText('Coming soon').count(), 0);
    await page.goto('/optimizer');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('signs up, lands on the redirect target, logs out and logs back in', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await screenshot(page, '02-signup');
    await signUp(page, email, 'Sup3r-secret!', '/learn-more');
    await page.waitForURL((url) => url.pathname === '/learn-more');
    assert.ok(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY), 'token stored under jwt');

    await page.getByTestId('account-menu').click();
    await page.getByText('Logout').click();
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY), null);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(PLEASE_ENTER_YOUR_EMAIL_ADDRESS).waitFor();
    await page.getByText(PLEASE_ENTER_YOUR_PASSWORD).waitFor();
    await screenshot(page, '03-login-validation');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('.ant-alert-error').waitFor();

    await logIn(page, email, 'Sup3r-secret!', BUILDER_PATH);
    await page.waitForURL((url) => url.pathname.startsWith('/optimizer/'));
    await context.close();
  });
});
