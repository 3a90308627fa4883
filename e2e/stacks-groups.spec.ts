/// <reference lib="dom" />
// Team Stacks and Player Groups end to end: edited in the browser, sent with the build,
// honoured by the optimizer. The lineups are read from the build socket's frames, which carry
// every player's Position and TeamAbbrev.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { chooseOption, collectLineups, launch, logIn, newPage, prepareBuild, runBuild, screenshot, waitForPlayers } from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD } from './slate.js';

interface Row { Id: string; Name: string; Position: string; TeamAbbrev: string; Opp?: string; Salary: number }

describe('team stacks and player groups', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  it('a stack rule at 100 % (QB with 2+ teammates) shows in every built lineup', async () => {
    const { context, page } = await newPage(browser);
    const lineups = collectLineups<Row>(page);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 12);
    await page.getByRole('tab', { name: 'Team Stacks' }).click();
    await page.getByTestId('team-stacks-tab').waitFor();
    await page.locator('.ss-team-rows .ant-table-row').first().waitFor();
    await page.getByText('Advanced', { exact: true }).click();
    // Start from one rule: every lineup pairs its QB with 2+ flex teammates.
    // One click per rule, each waited for: a count read before the list re-renders would click a rule already gone.
    const removeButtons = page.getByLabel(/^Remove rule \d+$/);
    for (let left = await removeButtons.count(); left > 0; left -= 1) {
      await removeButtons.first().click();
      await page.waitForFunction((n) => document.querySelectorAll('[aria-label^="Remove rule "]').length === n, left - 1);
    }
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Rule 1 label').fill('QB + 2');
    const freq = page.getByLabel('Rule 1 freq');
    await freq.fill('100');
    await freq.blur();
    const min = page.getByLabel('Rule 1 team Flex min');
    await min.fill('2');
    await min.blur();
    await page.locator('.ss-stack-rules').getByText('0 %').waitFor();
    await screenshot(page, '20-team-stacks-advanced');
    await runBuild(page);
    assert.equal(lineups.length, 12);
    for (const { rows: lineup } of lineups) {
      const qb = lineup.find((r) => r.Position === 'QB')!;
      const mates = lineup.filter((r) => r.TeamAbbrev === qb.TeamAbbrev && ['RB', 'WR', 'TE'].includes(r.Position));
      assert.ok(mates.length >= 2, `${qb.Name} has ${mates.length} flex teammates in ${lineup.map((r) => r.Name).join(', ')}`);
    }
    // A stack group with an anchor, shown in its card, then removed again.
    await page.getByRole('tab', { name: 'Team Stacks' }).click();
    await page.getByRole('button', { name: 'New stack group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Group name').fill('Anchored pair');
    const pool = lineups[0]!.rows;
    const groupName = dialog.getByLabel('Group name');
    for (const p of pool.filter((r) => ['WR', 'TE'].includes(r.Position)).slice(0, 2)) {
      await chooseOption(page, dialog.getByRole('combobox', { name: 'Group players' }), p.Name, `${p.Name} · ${p.Position}`, groupName);
    }
    const qb = pool.find((r) => r.Position === 'QB')!;
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Group anchors' }), qb.Name, `${qb.Name} · QB · `, groupName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ss-stack-groups').getByText('Anchored pair').waitFor();
    await page.locator('.ss-stack-groups').scrollIntoViewIfNeeded();
    await screenshot(page, '20b-stack-groups');
    await page.getByLabel('Remove Anchored pair').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'OK' }).click();
    await page.locator('.ss-stack-groups').getByText('No stack groups yet').waitFor();
    // Back to basic so later specs start from the shipped settings.
    await page.getByText('Basic', { exact: true }).click();
    await page.waitForTimeout(1200);
    await context.close();
  });

  it('a group with min 2 shows in every lineup, and the list survives a reload', async () => {
    const { context, page } = await newPage(browser);
    const lineups = collectLineups<Row>(page);
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
    await prepareBuild(page, 10);
    // Two players of one team, picked from the table's data: a WR and a TE.
    const players = await page.evaluate(async () => {
      const answer = await fetch('/api/nfl/players/dk/classic/main/Main/2023/1').then((r) => r.json()) as { players: Row[] };
      return answer.players;
    });
    const wr = players.filter((p) => p.Position === 'WR').sort((a, b) => a.Salary - b.Salary)[5]!;
    const te = players.find((p) => p.Position === 'TE' && p.TeamAbbrev === wr.TeamAbbrev)!;
    await page.getByRole('tab', { name: 'Player Groups' }).click();
    const tab = page.getByTestId('player-groups-tab');
    while (await tab.getByLabel(/^Remove /).count() > 0) {
      await tab.getByLabel(/^Remove /).first().click();
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
    }
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Group name').fill('Pair');
    for (const p of [wr, te]) {
      await chooseOption(page, dialog.getByRole('combobox', { name: 'Group players' }), p.Name, `${p.Name} · ${p.Position}`, dialog.getByLabel('Group name'));
    }
    await dialog.getByLabel('Min players').fill('2');
    await dialog.getByLabel('Max players').fill('2');
    await screenshot(page, '21-group-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await tab.getByText('Pair').waitFor();
    await screenshot(page, '22-player-groups');
    await runBuild(page);
    assert.equal(lineups.length, 10);
    for (const { rows: lineup } of lineups) {
      const ids = new Set(lineup.map((r) => String(r.Id)));
      assert.ok(ids.has(String(wr.Id)) && ids.has(String(te.Id)), `lineup ${lineup.map((r) => r.Name).join(', ')} holds the pair`);
    }
    await page.reload();
    await waitForPlayers(page);
    await page.getByRole('tab', { name: 'Player Groups' }).click();
    await page.getByTestId('player-groups-tab').getByText('Pair').waitFor();
    await page.getByRole('button', { name: 'Remove all' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: 'Remove all' }).click();
    await page.getByText('No groups yet').waitFor();
    await page.waitForTimeout(500);
    await context.close();
  });
});
