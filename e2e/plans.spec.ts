/// <reference lib="dom" />
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { UPGRADE_FOR_THIS_FEATURE, WRONG_PASSWORD } from '@stacksmith/domain';
import { launch, newPage, screenshot, uniqueEmail, waitForPlayers } from './harness.js';
import { BUILDER_PATH } from './slate.js';

const blurredOwnership = (page: Page) => page.locator('.ss-player-table [data-gated="opt.nfl.ownership"]').count();

describe('plans and subscriptions', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('shows the home page with its feature tabs and the learn-more page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Build smarter DFS lineups.' }).waitFor();
    assert.equal(await page.getByRole('tab', { selected: true }).innerText(), 'Lineup Builders');
    await page.getByRole('heading', { name: 'Proven Success' }).waitFor();
    await screenshot(page, '10-home');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('NFL stacks · DraftKings').waitFor();
    await page.goto('/learn-more');
    await page.getByRole('heading', { name: 'Why Stacksmith' }).waitFor();
    await screenshot(page, '11-learn-more');
    await context.close();
  });

  it('visitor → plans → signup → subscribe: the gated Proj Own column appears', async () => {
    const { context, page } = await newPage(browser);
    // As a visitor the ownership column is blurred past the first rows, with the upgrade tooltip.
    await page.goto(BUILDER_PATH);
    await waitForPlayers(page);
    assert.ok(await blurredOwnership(page) > 0, 'ownership blurred for visitors');
    await page.locator('.ss-player-table [data-gated="opt.nfl.ownership"]').first().hover();
    await page.getByRole('tooltip', { name: UPGRADE_FOR_THIS_FEATURE }).waitFor();

    await page.getByRole('banner').getByRole('link', { name: 'Plans' }).click();
    await page.waitForURL((url) => url.pathname === '/plans');
    await page.getByTestId('plan-Elite').waitFor();
    await screenshot(page, '12-plans');
    await page.getByTestId('plan-Elite').getByRole('button', { name: 'Choose Elite' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    const query = new URL(page.url()).searchParams;
    assert.equal(query.get('plan'), 'Elite');
    assert.equal(query.get('sport'), 'nfl');
    assert.equal(query.get('redirectTo'), '/plans');

    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email').fill(uniqueEmail('plans'));
    await page.getByLabel('Password', { exact: true }).fill('Sup3r-secret!');
    await page.getByLabel('Repeat password').fill('Sup3r-secret!');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Back on /plans with plan and sport re-attached: the checkout opens for Elite.
    await page.waitForURL((url) => url.pathname === '/plans' && url.searchParams.get('plan') === 'Elite' && url.searchParams.get('sport') === 'nfl');
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Elite' });
    await dialog.waitFor();

    // A number failing the Luhn check is refused in the form.
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4241');
    await dialog.getByLabel('Expiry').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.getByText('The card number is not valid').waitFor();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByPlaceholder('WELCOME20').fill('NOPE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Invalid promo code').waitFor();
    await dialog.getByPlaceholder('WELCOME20').fill('WELCOME20');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Promo code applied').waitFor();
    await screenshot(page, '13-checkout');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.getByText("You're on Elite").waitFor();
    await dialog.getByRole('button', { name: 'Open the NFL optimizer' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/optimizer/'));
    await waitForPlayers(page);
    assert.equal(await blurredOwnership(page), 0, 'ownership clear on Elite');
    const own = await page.locator('.ss-player-table .ant-table-row').nth(5).locator('.ant-table-cell').allInnerTexts();
    assert.ok(own.some((t) => /^\d+(\.\d+)?$/.test(t.trim())), 'numbers shown in the row');

    // The account page shows the subscription; the card changes; the plan cancels at the period's end.
    await page.goto('/account');
    const sub = page.getByTestId('subscription');
    await sub.getByText('Elite', { exact: true }).waitFor();
    await sub.getByText('Visa •••• 4242').waitFor();
    assert.match(await sub.innerText(), /\$31\.99 \/ month/);
    await page.getByRole('button', { name: 'Change card' }).click();
    const form = page.getByTestId('card-change');
    await form.getByLabel('Card number').fill('5555 5555 5555 4444');
    await form.getByLabel('Expiry').fill('01/40');
    await form.getByRole('button', { name: 'Save card' }).click();
    await sub.getByText('Mastercard •••• 4444').waitFor();
    await screenshot(page, '14-account');
    // Password change: a wrong current password fails with the server's message, the right one saves.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Another-secret1!');
    await page.getByLabel('Repeat new password').fill('Another-secret1!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(WRONG_PASSWORD).waitFor();
    await page.getByLabel('Current password').fill('Sup3r-secret!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).last().click();
    await sub.getByText('Cancelled').waitFor();
    await sub.getByText('Ends on').waitFor();
    await screenshot(page, '15-account-cancelled');
    await context.close();
  });
});
