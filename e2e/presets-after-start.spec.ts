/// <reference lib="dom" />
// Presets and After Start end to end: a preset applied after the confirmation changes the
// settings (and 'No' leaves them); a late swap of uploaded DraftKings entries keeps the
// players whose games have started (the demo's week 1 is in the past, so every player has).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import {
  artifactsDir, chooseOption, collectLineups, launch, logIn, newPage, prepareBuild, runBuild, screenshot, waitForPlayers, watchForTransient,
} from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD, LATE_SWAP_NOW, ROSTER } from './slate.js';

interface Row { Id: string; Locked?: boolean; GameStart?: string }

describe('presets and after start', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('applies a preset only after the confirmation, and shows Active', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await waitForPlayers(page);
    await page.getByRole('tab', { name: 'Build Settings' }).click();
    const share = page.getByLabel('Team stack share', { exact: true });
    await share.fill('37');
    await share.blur();
    const bar = page.getByTestId('presets-bar');
    await bar.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    assert.equal(await options.first().innerText(), 'Default');
    // 'No' keeps the settings.
    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: 'Use Presets' }).click();
    await page.getByText('This might erase existing Groups and Settings. Do you wish to continue?').waitFor();
    await screenshot(page, '23-preset-confirm');
    await page.getByRole('button', { name: 'No' }).click();
    assert.equal(await share.inputValue(), '37');
    // 'Yes' applies it: Default brings back the shipped 90 %.
    let shownActive = await watchForTransient(page, { testId: 'preset-active' });
    await bar.getByRole('button', { name: 'Use Presets' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await shownActive();
    await screenshot(page, '24-preset-active');
    await page.waitForFunction(() => (document.querySelector('input[aria-label="Team stack share"]') as HTMLInputElement | null)?.value === '90');
    // The tag goes after its 2 seconds.
    await page.getByTestId('preset-active').waitFor({ state: 'detached', timeout: 10_000 });

    // A site preset (past winners of slates this size) sets its shares after the confirmation.
    const { presets } = await page.evaluate(async () => {
      const token = localStorage.getItem('jwt');
      return fetch('/api/nfl/classic/dk/presets/26', { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json());
    }) as { presets: { displayName: string; generalSettings: { teamStackPct: number } }[] };
    const sitePreset = presets[0]!;
    await chooseOption(page, bar.locator('.ant-select'), '', sitePreset.displayName, page.getByText('Changes save automatically.'));
    shownActive = await watchForTransient(page, { testId: 'preset-active' });
    await bar.getByRole('button', { name: 'Use Presets' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await shownActive();
    const sitePct = String(Math.round(sitePreset.generalSettings.teamStackPct * 100));
    await page.waitForFunction((pct) => (document.querySelector('input[aria-label="Team stack share"]') as HTMLInputElement | null)?.value === pct, sitePct);
    // Back to the shipped settings for the specs that follow.
    await chooseOption(page, bar.locator('.ant-select'), '', 'Default', page.getByText('Changes save automatically.'));
    await bar.getByRole('button', { name: 'Use Presets' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.waitForFunction(() => (document.querySelector('input[aria-label="Team stack share"]') as HTMLInputElement | null)?.value === '90');
    await page.waitForTimeout(600); // the debounced save
    await context.close();
  });

  it('late-swaps uploaded DraftKings entries, keeping the started players, and exports them back', async () => {
    const { context, page } = await newPage(browser);
    const lineups = collectLineups<Row>(page);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 3);
    await runBuild(page);
    assert.equal(lineups.length, 3);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const upload = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    // The entries file DraftKings gives: entry columns, then the same slots.
    const entries = [
      ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...ROSTER.uploadHeader].join(','),
      ...upload.slice(1).map((line, i) => [`40000${i}`, i < 2 ? 'NFL Milly' : 'NFL Small', `900${i}`, '$5', line].join(',')),
    ].join('\n');
    const file = `${artifactsDir}entries-upload.csv`;
    await writeFile(file, `${entries}\n`);

    await page.getByRole('tab', { name: 'After Start' }).click();
    await page.getByTestId('after-start-tab').locator('input[type=file]').setInputFiles(file);
    await page.getByText('NFL Milly').waitFor();
    await page.getByText('Late swap on build').waitFor();
    await screenshot(page, '25-after-start');
    const built = new Map(lineups.flatMap((l) => l.rows).map((r) => [String(r.Id), r]));
    lineups.length = 0;
    await runBuild(page);
    assert.equal(lineups.length, 3);
    // The server's clock (LATE_SWAP_NOW) sits between the 1 pm and the 4:25 pm games: 1 pm
    // players stay in their slots, locked; 4:25 pm players are re-optimised, never locked.
    const startedBy = Date.parse(LATE_SWAP_NOW);
    const started = (r: Row) => Date.parse(r.GameStart!) <= startedBy;
    const uploadedSlots = upload.slice(1).map((line) => line.split(','));
    let reoptimised = 0;
    for (const lu of lineups) {
      assert.ok(lu.entry?.entryId?.startsWith('40000'), 'the lineup keeps its entry');
      const before = uploadedSlots[Number(lu.entry!.entryId!.slice(5))]!;
      lu.rows.forEach((r, slot) => {
        if (started(r)) {
          assert.equal(r.Locked, true, `${r.Id} started and is locked`);
          assert.equal(String(r.Id), before[slot], `${r.Id} keeps slot ${slot}`);
        } else {
          assert.notEqual(r.Locked, true, `${r.Id} has not started`);
          reoptimised++;
        }
      });
      for (const [slot, id] of before.entries()) {
        if (started(built.get(id)!)) assert.equal(String(lu.rows[slot]!.Id), id, `slot ${slot}: a started player (${id}) never leaves`);
      }
    }
    assert.ok(reoptimised > 0, 'some players had not started and were re-optimised');
    await page.getByRole('tab', { name: 'After Start' }).click();
    const [out] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-entries').click()]);
    const lines = (await readFile(await out.path(), 'utf8')).trim().split('\n');
    assert.equal(lines[0], ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...ROSTER.uploadHeader].join(','));
    assert.equal(lines.length, 4);

    // Switching a slate off leaves its lineups out of the next build.
    await page.getByLabel('NFL Small active').click();
    await page.getByText(/2 lineups from the active slates/).waitFor();
    await context.close();
  });
});
