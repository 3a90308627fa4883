/// <reference lib="dom" />
// The Admin tab end to end: an account made admin with the operator CLI sees the tab, previews
// a projection file (nothing written until Import), creates a cheat sheet that shows as an
// 'Expert Targets' chip, saves a custom preset that joins the presets selector, and deletes both.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '@stacksmith/domain';
import { artifactsDir, chooseOption, launch, logIn, newPage, screenshot, signUp, uniqueEmail, waitForPlayers, watchForTransient } from './harness.js';
import { BUILDER_PATH } from './slate.js';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('admin tab', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('imports with a preview, and creates and deletes cheat sheets and custom presets', async () => {
    assert.ok(process.env.E2E_DATA_DIR, 'run through npm run test:e2e, which gives the data directory');
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('admin');
    await signUp(page, email);
    const made = spawnSync(process.execPath, ['packages/server/dist/cli.js', 'make-admin', email], {
      cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' }, encoding: 'utf8',
    });
    assert.equal(made.status, 0, made.stderr);
    await logIn(page, email, undefined, BUILDER_PATH);
    await waitForPlayers(page);
    await page.getByRole('tab', { name: 'Admin' }).click();
    const tab = page.getByTestId('admin-tab');

    // A projection file: the first player's own values again, so the slate stays as it was.
    // As the admin: a visitor's answer leaves the points out.
    const players = await page.evaluate(async (key) => (await fetch('/api/nfl/players/dk/classic/main/Main/2023/1', { headers: { authorization: `Bearer ${localStorage.getItem(key)}` } })
      .then((r) => r.json()) as { players: { Id: string; Name: string; ProjPts: number }[] }).players, TOKEN_STORAGE_KEY);
    const file = `${artifactsDir}projections-admin.csv`;
    await writeFile(file, `Id,ProjPts\n${players[0]!.Id},${players[0]!.ProjPts}\n`);
    await tab.locator('input[type=file]').nth(1).setInputFiles(file);
    await page.getByTestId('preview-projections').waitFor();
    assert.match(await page.getByTestId('preview-projections').innerText(), /Rows\s*1/);
    const bad = `${artifactsDir}projections-bad.csv`;
    await writeFile(bad, 'Id,ProjPts\n999999999,3\n');
    await tab.locator('input[type=file]').nth(1).setInputFiles(bad);
    await tab.getByText(/not on the slate/).waitFor();
    await tab.locator('input[type=file]').nth(1).setInputFiles(file);
    await page.getByTestId('preview-projections').waitFor();
    const imported = await watchForTransient(page, { text: '1 rows imported' });
    await tab.getByRole('button', { name: /Import 1 rows/ }).click();
    await imported();

    await tab.getByLabel('Cheat sheet name').fill('Core plays');
    await chooseOption(page, tab.getByRole('combobox', { name: 'Cheat sheet players' }), players[0]!.Name, players[0]!.Name, tab.getByLabel('Cheat sheet name'));
    await tab.getByRole('button', { name: 'Save cheat sheet' }).click();
    await tab.getByText('Core plays').waitFor();
    await tab.getByLabel('Preset name').fill('Admin chalk');
    await tab.getByRole('button', { name: 'Save preset' }).click();
    await tab.getByText('Admin chalk').waitFor();
    await screenshot(page, '26-admin');

    await page.getByRole('tab', { name: 'Players' }).click();
    await page.getByTestId('expert-targets').getByText('Core plays').click();
    await page.waitForFunction(() => document.querySelectorAll('.ss-player-table .ant-table-row').length === 1);
    await screenshot(page, '27-expert-targets');
    await page.getByTestId('expert-targets').getByText('Core plays').click();

    await page.getByRole('tab', { name: 'Build Settings' }).click();
    await page.getByTestId('presets-bar').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Admin chalk' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Admin' }).click();
    await tab.getByLabel('Delete cheat sheet Core plays').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'OK' }).click();
    await tab.getByLabel('Delete preset Admin chalk').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'OK' }).click();
    await tab.getByText('No cheat sheets for this slate').waitFor();
    await tab.getByText('No custom presets for this slate').waitFor();
    await context.close();
  });
});
