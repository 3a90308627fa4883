import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { RESET_LINK_EXPIRED } from '@stacksmith/domain';
import { launch, logIn, newPage, screenshot, signUp, uniqueEmail } from './harness.js';
import { latestMail, linkPath } from './outbox.js';

describe('forgotten password', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('sends a reset link to the outbox, resets the password through it, and the link works once', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('reset');
    await signUp(page, email, 'Old-passw0rd!');
    await page.getByTestId('account-menu').click();
    await page.getByText('Logout').click();

    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // The notice shows, then the page takes the user to log in: on a loaded
    // machine the notice may be gone before it is looked for, so either one will do. Promise.any,
    // not race: the wait that loses must not fail the test later as an unhandled rejection.
    await Promise.any([
      page.getByText('Check your inbox for the reset link.').waitFor(),
      page.waitForURL((url) => url.pathname === '/login'),
    ]);

    const mail = await latestMail(email);
    const path = linkPath(mail.body);
    assert.match(path, /^\/reset-password\?token=[0-9a-f]+$/);
    await page.goto(path);
    await page.getByLabel('New password', { exact: true }).fill('New-passw0rd!');
    await page.getByLabel('Confirm new password').fill('New-passw0rd!');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Your password has been updated.').waitFor();
    await screenshot(page, '20-reset-password-done');

    await logIn(page, email, 'New-passw0rd!');

    // The link is single-use.
    await page.getByTestId('account-menu').click();
    await page.getByText('Logout').click();
    await page.goto(path);
    await page.getByLabel('New password', { exact: true }).fill('Other-passw0rd!');
    await page.getByLabel('Confirm new password').fill('Other-passw0rd!');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText(RESET_LINK_EXPIRED).waitFor();
    await context.close();
  });
});
