/// <reference lib="dom" />
// The smaller things a DFS player met, each on a desktop and a 390 px phone: an uploaded salary
// file goes under its own week or date and is never listed twice under one name; showdown's
// Min Exp above Max Exp blocks Build; a late swap on an untouched table builds; mlb Team Stacks
// adds 4-3, 3-3 and 4-2 and says when no stack is on; dates are written one way; the builder's
// tabs show whole. Every test that changes something does it as a fresh sign-up.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, Response } from 'playwright-core';
import { displayDate, PLAYER_TABLE_MUST_BE_MODIFIED, TOKEN_STORAGE_KEY } from '@stacksmith/domain';
import {
  artifactsDir, collectLineups, launch, logIn, newPage, prepareBuild, runBuild, screenshot, signUp, subscribeToElite, uniqueEmail, waitForPlayers, type Size,
} from './harness.js';
import { BUILDER_PATH, DEMO_EMAIL, DEMO_PASSWORD, ROSTER } from './slate.js';

const SIZES: Size[] = ['desktop', 'phone'];
const NFL_SALARIES = fileURLToPath(new URL('../packages/server/src/routes/fixtures/dk-nfl-week1-salaries.csv', import.meta.url));
const PGA_SALARIES = fileURLToPath(new URL('../packages/optimizer/src/io/fixtures/slates/dk-pga-classic.csv', import.meta.url));

interface ApiPlayer { Id: string | number; Name: string; Position: string; Salary: number; TeamAbbrev: string }
interface Row { Id: string; Name: string; Position: string; TeamAbbrev: string }

/** The page does not scroll sideways: its content is no wider than the screen. */
async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
  assert.ok(overflow <= 1, `${where}: the page is ${overflow}px wider than the screen`);
}

/** A date written any other way than displayDate's "Oct 24, 2023": ISO or US numeric. */
const OTHER_DATE = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{4}\b/;
const DISPLAY_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

async function assertDatesOneWay(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, OTHER_DATE, `${where}: a date written another way`);
  const picker = page.getByLabel('Date', { exact: true });
  if (await picker.count()) assert.match(await picker.inputValue(), DISPLAY_DATE, `${where}: the date picker`);
}

describe('small items', () => {
  let browser: Browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser.close(); });

  for (const size of SIZES) {
    it(`files an uploaded salary file under its own week or date, answers the same file once, names another apart (${size})`, async () => {
      const { context, page } = await newPage(browser, size);
      await signUp(page, uniqueEmail(`upload-${size}`));
      // nfl on the desktop (filed by week), pga's dated tournament on the phone (filed by date).
      const [start, file, name, filed] = size === 'desktop'
        ? ['/optimizer/classic/nfl/dk/Main?season=2023&week=3', NFL_SALARIES, 'Week one', ['week', '1']] as const
        : ['/optimizer/classic/pga/dk/Main', PGA_SALARIES, 'Travelers', ['date', '2023-06-22']] as const;
      await page.goto(start);
      await waitForPlayers(page);
      const upload = async (path: string): Promise<Response> => {
        await page.getByTestId('upload-slate').click();
        const dialog = page.getByRole('dialog', { name: 'Your DraftKings slate' });
        await dialog.getByLabel('Slate name').fill(name);
        const [answer] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user-slates' && r.request().method() === 'POST'),
          dialog.locator('input[type=file]').setInputFiles(path),
        ]);
        await dialog.waitFor({ state: 'detached' });
        return answer;
      };
      const first = await upload(file);
      assert.equal(first.status(), 201);
      const slate = ((await first.json()) as { slate: { slate: string } }).slate.slate;
      await page.waitForURL((url) => url.pathname.endsWith(`/${slate}`));
      assert.equal(new URL(page.url()).searchParams.get(filed[0]), filed[1], `filed under the file's own ${filed[0]}, not the page's`);
      await waitForPlayers(page);
      assert.equal(await page.getByTestId('slate-select').innerText(), name);

      // The same file under the same name again: the slate made from it, not a second one.
      const again = await upload(file);
      assert.equal(again.status(), 200);
      assert.equal(((await again.json()) as { slate: { slate: string } }).slate.slate, slate);
      await page.getByTestId('slate-select').click();
      const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
      await options.first().waitFor();
      assert.equal(await options.filter({ hasText: new RegExp(`^${name}$`) }).count(), 1, `${name} listed once`);
      await screenshot(page, `small-upload-listed-once-${size}`);
      await page.keyboard.press('Escape');

      // Another file (its salaries updated) under the name in use: a slate of its own, named apart.
      const updated = `${artifactsDir}small-items-updated-${size}.csv`;
      const text = await readFile(file, 'utf8');
      const [header, firstRow, ...rest] = text.split('\n');
      await writeFile(updated, [header, firstRow!.replace(/,(\d{4,5}),/, (_m, salary: string) => `,${Number(salary) + 100},`), ...rest].join('\n'));
      const other = await upload(updated);
      assert.equal(other.status(), 201);
      const second = ((await other.json()) as { slate: { slate: string; name: string } }).slate;
      assert.equal(second.name, `${name} (2)`);
      assert.notEqual(second.slate, slate);
      await page.waitForURL((url) => url.pathname.endsWith(`/${second.slate}`));
      await waitForPlayers(page);
      assert.equal(await page.getByTestId('slate-select').innerText(), `${name} (2)`);
      await assertNoSidewaysScroll(page, `${size} private slate`);
      await screenshot(page, `small-upload-named-apart-${size}`);
      await context.close();
    });

    it(`blocks a showdown Build while a player's Min Exp is above his Max Exp, with the message (${size})`, async () => {
      const { context, page } = await newPage(browser, size);
      await signUp(page, uniqueEmail(`showdown-exp-${size}`));
      await page.goto('/optimizer/showdown/nfl/dk/Main?season=2023&week=22');
      await waitForPlayers(page);
      const row = page.locator('.ss-player-table .ant-table-row').first();
      const name = await row.locator('.ss-name').innerText();
      // Build is on before the edit (the modal about an untouched table comes only on a click).
      await page.waitForFunction(() => (document.querySelector('[data-testid=build]') as HTMLButtonElement | null)?.disabled === false);
      const setExp = async (label: 'Min Exp' | 'Max Exp', value: string) => {
        const cell = row.getByLabel(`${label} ${name}`, { exact: true });
        await cell.fill(value);
        await cell.blur();
      };
      await setExp('Max Exp', '20');
      await setExp('Min Exp', '60');
      await page.waitForFunction(() => (document.querySelector('[data-testid=build]') as HTMLButtonElement | null)?.disabled === true);
      await page.getByTestId('build-wrap').hover();
      const tooltip = page.locator('.ss-blockers');
      await tooltip.getByText(`${name} has a greater Min Exp than Max Exp`).waitFor();
      await screenshot(page, `small-showdown-min-above-max-${size}`);
      // Put back below Max Exp: Build comes back.
      await setExp('Min Exp', '0');
      await page.waitForFunction(() => (document.querySelector('[data-testid=build]') as HTMLButtonElement | null)?.disabled === false);
      await context.close();
    });

    it(`late-swaps entries on an untouched player table, where a fresh build asks for an edit (${size})`, async () => {
      const { context, page } = await newPage(browser, size);
      const lineups = collectLineups<Row>(page);
      await signUp(page, uniqueEmail(`swap-untouched-${size}`));
      await subscribeToElite(page);
      await page.goto(BUILDER_PATH);
      await waitForPlayers(page);
      // Untouched, a fresh build is refused with its modal.
      await page.getByTestId('build').click();
      const refusal = page.locator('.ant-modal-confirm', { hasText: PLAYER_TABLE_MUST_BE_MODIFIED });
      await refusal.waitFor();
      await refusal.getByRole('button', { name: 'OK' }).click();
      await refusal.waitFor({ state: 'detached' });

      // Two entries, each the cheapest players that fill the roster's slots.
      const players = await page.evaluate(async (key) => {
        const r = await fetch('/api/nfl/players/dk/classic/main/Main/2023/1', { headers: { authorization: `Bearer ${localStorage.getItem(key)}` } });
        return ((await r.json()) as { players: ApiPlayer[] }).players;
      }, TOKEN_STORAGE_KEY);
      const entry = (skip: number) => {
        const used = new Set<string>();
        return ROSTER.slots.map((slot) => {
          const pick = [...players].sort((a, b) => a.Salary - b.Salary)
            .filter((p) => !used.has(String(p.Id)) && slot.eligible.some((e) => p.Position.split('/').includes(e)))[skip]!;
          used.add(String(pick.Id));
          return String(pick.Id);
        });
      };
      const file = `${artifactsDir}small-items-entries-${size}.csv`;
      await writeFile(file, [
        ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...ROSTER.uploadHeader].join(','),
        ['7100001', 'NFL Milly', '9100', '$5', ...entry(0)].join(','),
        ['7100002', 'NFL Milly', '9100', '$5', ...entry(1)].join(','),
      ].join('\n') + '\n');
      await page.getByRole('tab', { name: 'After Start' }).click();
      await page.getByTestId('after-start-tab').locator('input[type=file]').setInputFiles(file);
      await page.getByText('Late swap on build').waitFor();
      // On the same untouched table the late swap builds: no modal, one lineup an entry.
      await runBuild(page);
      assert.equal(await page.locator('.ant-modal-confirm', { hasText: PLAYER_TABLE_MUST_BE_MODIFIED }).count(), 0);
      assert.deepEqual(lineups.map((l) => l.entry?.entryId).sort(), ['7100001', '7100002']);
      await screenshot(page, `small-late-swap-untouched-${size}`);
      await context.close();
    });

    it(`adds the mlb stack shapes 4-3, 3-3 and 4-2, says when no stack is on, and builds the 4-3 (${size})`, async () => {
      const { context, page } = await newPage(browser, size);
      const lineups = collectLineups<Row>(page);
      await signUp(page, uniqueEmail(`mlb-stacks-${size}`));
      await page.goto('/optimizer/classic/mlb/dk/Main');
      await prepareBuild(page, 3);
      await page.getByRole('tab', { name: 'Team Stacks', exact: true }).click();
      await page.getByTestId('team-stacks-tab').waitFor();
      // The site defaults are every shape at Freq 0: the tab says no stack is on.
      const hint = page.getByTestId('mlb-no-stack');
      await hint.waitFor();
      assert.match(await hint.innerText(), /No stack is on/);
      await screenshot(page, `small-mlb-no-stack-${size}`);
      const primary = page.getByLabel('New stack primary', { exact: true });
      const secondary = page.getByLabel('New stack secondary', { exact: true });
      const add = page.getByRole('button', { name: 'Add stack' });
      for (const [p, s] of [[4, 3], [3, 3], [4, 2]] as const) {
        await primary.fill(String(p));
        await primary.blur();
        await secondary.fill(String(s));
        await secondary.blur();
        await add.click();
        await page.getByLabel(`Stack ${p}-${s} freq`, { exact: true }).waitFor();
      }
      // Listed once each, and not offered again.
      assert.ok(await add.isDisabled(), '4-2 is listed: Add stack is off');
      await page.getByText('4-2 is listed').waitFor();
      const shapes = await page.locator('.ss-stack-card .ant-table-row td:first-child').allInnerTexts();
      for (const shape of ['4-3', '3-3', '4-2']) assert.equal(shapes.filter((t) => t.trim() === shape).length, 1, `${shape} in ${shapes.join(',')}`);
      const freq = page.getByLabel('Stack 4-3 freq', { exact: true });
      await freq.fill('100');
      await freq.blur();
      await hint.waitFor({ state: 'detached' });
      await assertNoSidewaysScroll(page, `${size} mlb Team Stacks`);
      // The shapes table fits too (no sideways scrolling inside its card, the Stack column whole).
      const shapesOverflow = await page.locator('.ss-team-stacks > .ss-stack-card .ant-table-content').first().evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(shapesOverflow <= 1, `${size}: the shapes table is ${shapesOverflow}px wider than its card`);
      await page.locator('.ss-stack-add').scrollIntoViewIfNeeded();
      await screenshot(page, `small-mlb-stacks-${size}`);
      await runBuild(page);
      assert.equal(lineups.length, 3);
      for (const { rows } of lineups) {
        const hitters = new Map<string, number>();
        for (const r of rows) if (!/\b(S|R)?P\b/.test(r.Position)) hitters.set(r.TeamAbbrev, (hitters.get(r.TeamAbbrev) ?? 0) + 1);
        const [top = 0, next = 0] = [...hitters.values()].sort((a, b) => b - a);
        assert.ok(top >= 4 && next >= 3, `a 4-3 stack in ${rows.map((r) => `${r.Name} ${r.Position} ${r.TeamAbbrev}`).join(', ')}`);
      }
      await context.close();
    });

    it(`writes dates one way where slates and dates are shown, and shows nba projections by date (${size})`, async () => {
      const { context, page } = await newPage(browser, size);
      await page.goto('/optimizer/classic/nba/dk/Main');
      await waitForPlayers(page);
      await assertDatesOneWay(page, `${size} nba builder`);
      const updated = await page.locator('.ss-builder-updated').innerText();
      assert.match(updated, /Last updated: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
      await screenshot(page, `small-dates-builder-${size}`);

      await page.goto('/projections/nba/dk');
      const row = page.locator('.ant-table-row').first();
      await row.waitFor();
      assert.match(await row.innerText(), /\b(PG|SG|SF|PF|C)\b/, 'nba rows');
      assert.equal(await page.getByLabel('Week').count(), 0);
      await assertDatesOneWay(page, `${size} nba projections`);
      const shown = await page.getByLabel('Date', { exact: true }).inputValue();

      await page.goto('/analysis/nba/dk/Main/on-off');
      await page.locator('.ant-select[aria-label="Players off"]').waitFor();
      await page.getByText(`DraftKings Main, ${shown}.`).waitFor();
      await assertDatesOneWay(page, `${size} On/Off`);

      // A date slate that is not there names its date the same way.
      await page.goto('/optimizer/classic/nba/dk/Nope?date=2023-10-24');
      const error = page.getByTestId('slate-error');
      await error.waitFor();
      assert.match(await error.innerText(), new RegExp(`of ${displayDate('2023-10-24')}`));
      await screenshot(page, `small-dates-bad-slate-${size}`);
      // nfl slates go by week, written "Week 1".
      await page.goto(BUILDER_PATH);
      await waitForPlayers(page);
      assert.match(await page.locator('.ant-select[aria-label="Week"]').innerText(), /^Week 1$/);
      await context.close();
    });

    it(`shows every builder tab label whole (${size})`, async () => {
      const { context, page } = await newPage(browser, size);
      await logIn(page, DEMO_EMAIL, DEMO_PASSWORD, BUILDER_PATH);
      await waitForPlayers(page);
      const width = size === 'phone' ? 390 : 1440;
      const tabs = page.locator('.ss-tabs-wrap > .ant-tabs-nav .ant-tabs-tab');
      const labels = await tabs.allInnerTexts();
      for (const name of ['Players', 'Build Settings', 'Team Stacks', 'Player Groups', 'Lineups', 'Entries', 'After Start']) {
        assert.ok(labels.some((l) => l.trim() === name), `the ${name} tab in ${labels.join(' | ')}`);
      }
      // No tab hides behind the '···' overflow menu.
      assert.equal(await page.locator('.ss-tabs-wrap > .ant-tabs-nav .ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)').filter({ visible: true }).count(), 0);
      for (const tab of await tabs.all()) {
        const label = (await tab.innerText()).trim();
        const clip = await tab.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const wrap = el.closest('.ant-tabs-nav-wrap')!.getBoundingClientRect();
          const text = el.querySelector('.ant-tabs-tab-btn') as HTMLElement;
          const hit = document.elementFromPoint(box.left + 3, box.top + box.height / 2);
          const hitEnd = document.elementFromPoint(box.right - 3, box.top + box.height / 2);
          return {
            left: box.left, right: box.right, wrapLeft: wrap.left, wrapRight: wrap.right,
            truncated: text.scrollWidth > text.clientWidth + 1, reached: el.contains(hit) && el.contains(hitEnd),
          };
        });
        assert.ok(clip.left >= 0 && clip.right <= width + 0.5, `${size}: the ${label} tab spans ${clip.left}..${clip.right}px`);
        assert.ok(clip.left >= clip.wrapLeft - 0.5 && clip.right <= clip.wrapRight + 0.5, `${size}: the ${label} tab is cut by the tab bar (${clip.left}..${clip.right} in ${clip.wrapLeft}..${clip.wrapRight})`);
        assert.ok(!clip.truncated, `${size}: the ${label} label is cut`);
        assert.ok(clip.reached, `${size}: the ${label} tab is covered at an edge`);
      }
      await assertNoSidewaysScroll(page, `${size} builder`);
      await screenshot(page, `small-builder-tabs-${size}`);
      await context.close();
    });
  }
});
