/// <reference lib="dom" />
// A user's own slate end to end: sign up, subscribe, upload a DraftKings salary file
// in the builder (a private slate another user cannot open), upload projections by name and
// read the match report, build 20, export the upload CSV and check it against the roster rules
// and the file's ids; then fill a DraftKings entries file of two contests and check it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import Papa from 'papaparse';
import { artifactsDir, launch, newPage, prepareBuild, runBuild, screenshot, signUp, subscribeToElite, uniqueEmail, waitForPlayers, watchForTransient } from './harness.js';
import { BUILDER_PATH, ROSTER } from './slate.js';

const fixture = (name: string) => fileURLToPath(new URL(`../packages/server/src/routes/fixtures/${name}`, import.meta.url));
const SALARIES = fixture('dk-nfl-week1-salaries.csv');
const PROJECTIONS = fixture('projections-by-name.csv');
const ENTRIES = fixture('dk-nfl-week1-entries.csv');

interface SalaryRow { ID: string; Position: string; Salary: string; TeamAbbrev: string; 'Roster Position': string }

async function salaryRows(): Promise<Map<string, SalaryRow>> {
  const rows = Papa.parse<SalaryRow>(await readFile(SALARIES, 'utf8'), { header: true, skipEmptyLines: true }).data;
  return new Map(rows.map((r) => [r.ID, r]));
}

/** Every upload row obeys the roster: its slot's positions, distinct players, the cap. */
function assertLineupRules(ids: string[], players: Map<string, SalaryRow>, where: string): void {
  assert.equal(ids.length, ROSTER.slots.length, `${where}: ${ids.length} players`);
  assert.equal(new Set(ids).size, ids.length, `${where}: a player twice`);
  let salary = 0;
  ids.forEach((id, s) => {
    const player = players.get(id);
    assert.ok(player, `${where}: id ${id} is not in the salary file`);
    salary += Number(player.Salary);
    const slot = ROSTER.slots[s]!;
    assert.ok(slot.eligible.some((p) => player.Position.split('/').includes(p)), `${where}: ${player.Position} in ${slot.label}`);
  });
  assert.ok(salary <= ROSTER.salaryCap, `${where}: salary ${salary}`);
}

describe('my slates', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('uploads a salary file as a private slate, matches projections by name, builds, exports and fills entries', async () => {
    const players = await salaryRows();
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('myslate'));
    await subscribeToElite(page);
    await page.goto(BUILDER_PATH);
    await waitForPlayers(page);

    // A projection file is not a salary file: refused with a clear message, nothing made.
    await page.getByTestId('upload-slate').click();
    const dialog = page.getByRole('dialog', { name: 'Your DraftKings slate' });
    await dialog.getByLabel('Slate name').fill('Sunday 1 pm + 4 pm');
    await dialog.locator('input[type=file]').setInputFiles(PROJECTIONS);
    await dialog.getByTestId('slate-upload-error').getByText(/no Name|not a site salary file|unknown format/).waitFor();
    await screenshot(page, '60-my-slate-upload-error');

    await dialog.locator('input[type=file]').setInputFiles(SALARIES);
    await page.waitForURL((url) => /\/optimizer\/classic\/nfl\/dk\/my-\d+/.test(url.pathname));
    const slateUrl = new URL(page.url());
    await waitForPlayers(page);
    await page.getByText('Your slate').waitFor();
    assert.equal(await page.getByTestId('slate-select').innerText(), 'Sunday 1 pm + 4 pm');
    // Season averages until projections come; the postponed game's player excluded, named once, with a badge.
    await page.getByTestId('season-averages').getByText('season averages, not projections').waitFor();
    const warning = page.getByTestId('status-warning');
    assert.match(await warning.innerText(), /1 player excluded .*Darius Vance \(PPD\)/);
    await page.getByLabel('Player search').fill('Darius');
    assert.equal(await page.locator('.ss-player-table .ant-table-row', { hasText: 'Darius Vance' }).getByTestId('status-badge').innerText(), 'PPD');
    // Max Exp 0 shows as the empty cell with its 0 placeholder.
    assert.equal(await page.getByLabel('Max Exp Darius Vance', { exact: true }).inputValue(), '');
    await screenshot(page, '61-my-slate');
    // The user can override: Include them sets Max Exp back; Max Exp 0 excludes him again.
    await warning.getByRole('button', { name: 'Include them' }).click();
    await warning.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Max Exp Darius Vance', { exact: true }).inputValue(), '100');
    const maxExp = page.getByLabel('Max Exp Darius Vance', { exact: true });
    await maxExp.fill('0');
    await maxExp.blur();
    await warning.waitFor();
    await page.getByLabel('Player search').fill('');

    // Another user does not see it: the players call answers 404 and the selector does not list it.
    const other = await newPage(browser);
    await signUp(other.page, uniqueEmail('other'));
    const [denied] = await Promise.all([
      other.page.waitForResponse((r) => r.url().includes('/players/') && r.url().includes(slateUrl.pathname.split('/').pop()!)),
      other.page.goto(slateUrl.pathname + slateUrl.search),
    ]);
    assert.equal(denied.status(), 404);
    await other.page.getByText('Players could not be loaded for this slate.').waitFor();
    await other.page.getByTestId('slate-select').click();
    assert.equal(await other.page.getByText('Sunday 1 pm + 4 pm').count(), 0);
    await other.context.close();

    // Projections by name: the report lists matched, ambiguous and unmatched rows.
    await page.getByTestId('upload-projections').click();
    const projections = page.getByRole('dialog', { name: 'Upload projections' });
    // The file less one playing slate player (Felix Brody), whom the upload then leaves out.
    const withoutOne = `${artifactsDir}projections-by-name.csv`;
    await writeFile(withoutOne, (await readFile(PROJECTIONS, 'utf8')).split('\n').filter((line) => !line.startsWith('Felix Brody,')).join('\n'));
    await projections.locator('input[type=file]').setInputFiles(withoutOne);
    const report = projections.getByTestId('match-report');
    await report.waitFor();
    assert.match(await report.getByRole('tab', { name: /Matched/ }).innerText(), /63/);
    await report.getByRole('tab', { name: /Unmatched/ }).click();
    await report.getByTestId('match-unmatched').getByText('no player named Nobody Onthisslate on the slate').waitFor();
    await screenshot(page, '62-projections-report');
    await projections.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByTestId('season-averages').waitFor({ state: 'detached' });
    // The one playing player the file did not list is excluded (the postponed Darius Vance, also
    // unlisted, is out already), and the warning stays (a reload too).
    const unlisted = page.getByTestId('unlisted-players-notice');
    await unlisted.getByText('1 player not in projections-by-name.csv is excluded (Max Exp 0)').waitFor();
    await page.reload();
    await waitForPlayers(page);
    await unlisted.waitFor();
    await screenshot(page, '62b-unlisted-players');
    // One click brings him back at the site's values.
    await unlisted.getByTestId('restore-site-values').click();
    await unlisted.waitFor({ state: 'detached' });
    // The user projections are in the table (the UPPER-case name matched too).
    const upshaw = page.getByLabel('User Proj Caleb Upshaw', { exact: true });
    if (await upshaw.count()) assert.equal(await upshaw.inputValue(), '19.55');

    await prepareBuild(page, 20);
    await runBuild(page);
    assert.equal(await page.getByTestId('lineup').count(), 20);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    assert.equal(lines[0], ROSTER.uploadHeader.join(','));
    assert.equal(lines.length, 21);
    const exported = lines.slice(1).map((line) => line.split(','));
    exported.forEach((ids, i) => assertLineupRules(ids, players, `lineup ${i + 1}`));
    // Saved lineups on the private slate come back after a reload.
    const saved = await watchForTransient(page, { text: '20 lineups saved' });
    await page.getByRole('button', { name: /Save Lineups/ }).click();
    await saved();
    await page.reload();
    await waitForPlayers(page);
    await page.getByRole('tab', { name: 'Lineups' }).first().click();
    await page.getByTestId('lineup').first().waitFor();
    assert.equal(await page.getByTestId('lineup').count(), 20);

    // The entries file: two contests, four empty entries, filled with lineups 1-4 in order.
    await page.getByRole('tab', { name: 'Entries' }).click();
    await page.getByTestId('entries-dropzone').setInputFiles(ENTRIES);
    await page.getByTestId('entries-contests').getByText('NFL $3 Millionaire Maker').waitFor();
    await screenshot(page, '63-entries');
    const [filledDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-entries').click()]);
    const filled = Papa.parse<string[]>(await readFile(await filledDownload.path(), 'utf8'), { skipEmptyLines: true }).data;
    assert.deepEqual(filled[0], ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...ROSTER.uploadHeader]);
    assert.deepEqual(filled.slice(1).map((r) => r.slice(0, 4)), [
      ['4712000101', 'NFL $5 Double Up [Single Entry]', '151000001', '$5'],
      ['4712000102', 'NFL $3 Millionaire Maker', '151000002', '$3'],
      ['4712000103', 'NFL $3 Millionaire Maker', '151000002', '$3'],
      ['4712000104', 'NFL $3 Millionaire Maker', '151000002', '$3'],
    ]);
    filled.slice(1).forEach((row, i) => {
      assertLineupRules(row.slice(4), players, `entry ${i + 1}`);
      assert.deepEqual(row.slice(4), exported[i], `entry ${i + 1} holds lineup ${i + 1}`);
    });

    // Late swap of the filled file, entry by entry: 1 pm players (started at the e2e clock) keep
    // their slots, every entry comes back with its entry columns exactly as they were.
    const filledPath = `${artifactsDir}DKEntries-filled.csv`;
    await writeFile(filledPath, Papa.unparse(filled));
    await page.getByTestId('late-swap-entries').locator('input[type=file]').setInputFiles(filledPath);
    const results = page.getByTestId('late-swap-results');
    await results.waitFor();
    assert.equal(await results.locator('.ant-table-row').count(), 4);
    await screenshot(page, '66-late-swap-entries');
    const [swappedDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-late-swap').click()]);
    const swapped = Papa.parse<string[]>(await readFile(await swappedDownload.path(), 'utf8'), { skipEmptyLines: true }).data;
    assert.deepEqual(swapped.map((r) => r.slice(0, 4)), filled.map((r) => r.slice(0, 4)));
    const early = new Set(['CIN', 'CLE', 'JAX', 'IND']);
    swapped.slice(1).forEach((row, i) => {
      assertLineupRules(row.slice(4), players, `swapped entry ${i + 1}`);
      filled[i + 1]!.slice(4).forEach((id, s) => {
        if (early.has(players.get(id)!.TeamAbbrev)) assert.equal(row[4 + s], id, `entry ${i + 1}: a started player keeps slot ${s + 1}`);
      });
    });
    // A file of another slate is refused with a clear message.
    const otherPath = `${artifactsDir}DKEntries-other-slate.csv`;
    await writeFile(otherPath, Papa.unparse([filled[0]!, ['1', 'NFL Other', '2', '$1', ...ROSTER.slots.map((_, s) => String(990000 + s))]]));
    await page.getByTestId('late-swap-entries').locator('input[type=file]').setInputFiles(otherPath);
    await page.getByTestId('late-swap-error').getByText(/another slate/).waitFor();

    // Phone width: the builder head and the entries tab still fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '64-entries-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('tab', { name: 'Players' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '65-my-slate-phone');

    // Delete: the slate goes, the builder returns to the site's Main slate.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel('Delete this slate').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/optimizer/classic/nfl/dk/Main');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('upload-slate').click();
    await page.getByRole('dialog', { name: 'Your DraftKings slate' }).waitFor();
    await screenshot(page, '67-upload-dialog-phone');
    await context.close();
  });
});
