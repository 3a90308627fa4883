// Shared by the e2e specs: the server under test (started by run.ts, address in E2E_BASE_URL),
// Debian's Chromium through playwright-core, and screenshots in e2e/artifacts/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '@stacksmith/domain';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
export const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
mkdirSync(artifactsDir, { recursive: true });

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'], headless: true });
}

/** The two sizes the pages are checked at: a desktop and a 390 px phone (touch, mobile viewport). */
export const SIZES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
export type Size = keyof typeof SIZES;

export async function newPage(browser: Browser, size: Size = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...SIZES[size], acceptDownloads: true, baseURL: baseUrl });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${artifactsDir}${name}.png`, fullPage });
}

/**
 * Starts watching for something that shows only briefly (the presets' 2-second Active tag, a
 * 3-second toast such as '20 lineups saved'): a MutationObserver in the page records it the
 * moment it appears, so a loaded machine whose polling would miss the seconds still sees it.
 * Call before the action; await the answer after it.
 */
export async function watchForTransient(page: Page, what: { testId: string } | { text: string }): Promise<() => Promise<void>> {
  const key = JSON.stringify(what);
  // A string, not a function: tsx names inner functions with a helper the page does not have.
  await page.evaluate(`(() => {
    const what = ${key};
    const seen = (window.__seen ??= {});
    seen[${JSON.stringify(key)}] = false;
    const holds = function (node) {
      if (what.testId) return !!(node.querySelector && (node.matches('[data-testid="' + what.testId + '"]') || node.querySelector('[data-testid="' + what.testId + '"]')));
      return (node.textContent || '').includes(what.text);
    };
    const check = function (records) {
      for (const record of records) {
        for (const node of record.addedNodes) if (holds(node)) seen[${JSON.stringify(key)}] = true;
        if (record.type === 'characterData' && holds(record.target)) seen[${JSON.stringify(key)}] = true;
      }
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  return async () => {
    await page.waitForFunction((k) => (window as unknown as { __seen?: Record<string, boolean> }).__seen?.[k] === true, key, { timeout: 30_000 });
  };
}

let counter = 0;
/** A fresh email per call, so specs never collide with each other or with an earlier run. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

export async function signUp(page: Page, email: string, password = 'Sup3r-secret!', redirectTo?: string): Promise<void> {
  await page.goto(`/signup${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`);
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByTestId('account-menu').waitFor();
}

export async function logIn(page: Page, email: string, password = 'Sup3r-secret!', redirectTo?: string): Promise<void> {
  // /login sends a logged-in user on: log out first (the token is the whole session).
  // Once the page's own token check is done: it may write a refreshed token.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate((key) => localStorage.removeItem(key), TOKEN_STORAGE_KEY);
  await page.goto(`/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('account-menu').waitFor();
}

/** Waits until the player table shows rows. */
export async function waitForPlayers(page: Page): Promise<void> {
  // Generous: on a loaded two-core machine the first render of the table took over 30 s.
  await page.locator('.ss-player-table .ant-table-row').first().waitFor({ timeout: 90_000 });
}

/** A lineup as the build socket sends it: its rows carry Position, TeamAbbrev and Locked. */
export interface SocketLineup<Row> { rows: Row[]; entry?: { entryId?: string } }

/** Collects every lineup the build socket sends to this page, in order. */
export function collectLineups<Row>(page: Page): SocketLineup<Row>[] {
  const lineups: SocketLineup<Row>[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      try {
        const message = JSON.parse(String(frame.payload)) as { lu?: { rawTable: Row[]; entry?: { entryId?: string } }[] };
        for (const lu of message.lu ?? []) lineups.push({ rows: lu.rawTable, entry: lu.entry });
      } catch {
        // not a lineup batch
      }
    });
  });
  return lineups;
}

/** Touches the table (the untouched-table modal blocks a build) and asks for n lineups. */
export async function prepareBuild(page: Page, n: number): Promise<void> {
  await waitForPlayers(page);
  const name = await page.locator('.ss-player-table .ant-table-row .ss-name').first().innerText();
  const cell = page.getByLabel(`Max Exp ${name}`, { exact: true });
  await cell.fill('60');
  await cell.blur();
  const count = page.getByLabel('Number of lineups');
  await count.fill(String(n));
  await count.blur();
}

/** Starts a build and waits until its progress bar reaches 100 % and Build is back. */
export async function runBuild(page: Page): Promise<void> {
  await page.getByTestId('build').click();
  await page.getByTestId('build-progress').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=build-progress] [role=progressbar]')?.getAttribute('aria-valuenow') === '100', undefined, { timeout: 120_000 });
  await page.getByTestId('build').waitFor();
}

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/**
 * Picks one option of an Ant Design select: types the search, clicks the option in the open
 * dropdown, then closes it by clicking `closeBy` and waits until no dropdown is open. Waiting
 * matters: a closing dropdown still shows its options during the animation, and two selects
 * of one form list the same options, so a click could land on the one going away.
 */
export async function chooseOption(page: Page, combobox: Locator, search: string, optionText: string, closeBy: Locator): Promise<void> {
  await waitForNoDropdown(page);
  await combobox.click();
  if (search) await page.keyboard.type(search); // '' for a select without search
  await page.locator(OPEN_DROPDOWN).locator('.ant-select-item-option', { hasText: optionText }).first().click();
  await closeBy.click();
  await waitForNoDropdown(page);
}

async function waitForNoDropdown(page: Page): Promise<void> {
  await page.waitForFunction((selector) => Array.from(document.querySelectorAll(selector))
    .every((el) => (el as HTMLElement).offsetParent === null), OPEN_DROPDOWN);
}

/** Subscribes the logged-in user to Elite with the local payment provider's test card. */
export async function subscribeToElite(page: Page): Promise<void> {
  await page.goto('/plans?plan=Elite&sport=nfl');
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Elite' });
  await dialog.waitFor();
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await dialog.getByText("You're on Elite").waitFor();
}
