/**
 * The console at `/` in Chromium, driven as a frontend developer drives it while an app
 * (here, this file's own fetches) talks to the mock: requests appear and open whole, a fault
 * queued from the page fires on the app's next matching request, a reset from the page is
 * what the app sees, and the page stays bounded, accessible and keyboard-reachable.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mocks/node/server.ts';
import {
  appFetch,
  fire,
  screenshot,
  seriousViolations,
  unreachedByTab,
  waitForRow,
} from './console-page.ts';
import { launchChromium, skipReason } from './harness.ts';

const SKIP = skipReason();
let browser: Browser;
let mock: MockServer;

beforeAll(async () => {
  if (SKIP) return process.emitWarning(SKIP);
  [browser, mock] = await Promise.all([
    launchChromium(),
    startMockServer({ port: 0, quiet: true, journalSize: 10_000, maxSessions: 1_100 }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), mock?.close()]);
});

/** A console page in a context of its own, once its feed is live; `errors` collects the page's. */
async function openConsole(options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${mock.origin}/`);
  await page.locator('#live[data-state="live"]').waitFor();
  return { page, errors, close: () => context.close() };
}

const pickSession = async (page: Page, session: string) => {
  await page.locator(`#session option[value="${session}"]`).waitFor({ state: 'attached' });
  await page.selectOption('#session', session);
};

it('shows the app’s requests as they come, and opens one whole with a curl that replays it', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const { page, errors, close } = await openConsole();
  const session = 'c-exchange';
  await appFetch(mock.baseUrl, '/pets?limit=2', { session });
  const created = await appFetch(mock.baseUrl, '/pets', {
    session,
    method: 'POST',
    body: { name: 'Exchange Rex', categoryId: 3 },
  });
  expect(created.status).toBe(201);
  expect(await waitForRow(page, '#lines', 'GET /v1/pets?limit=2')).toContain('200');
  const line = await waitForRow(page, '#lines', 'POST /v1/pets');
  expect(line).toMatch(/c-exchange.*201/);
  await page.locator('#lines tr', { hasText: 'POST /v1/pets' }).getByRole('button').click();
  const exchange = page.locator('#exchange');
  await exchange.getByText('"Exchange Rex"').first().waitFor();
  const shown = (await exchange.textContent()) ?? '';
  expect(shown).toContain('Bearer [masked]');
  expect(shown).toContain('/v1/pets/');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('exchange-title');
  const curl = (await page.locator('#exchange pre.curl').textContent()) ?? '';
  const { stdout } = await promisify(execFile)('sh', ['-c', `${curl} --silent`]);
  expect(JSON.parse(stdout)).toMatchObject({ name: 'Exchange Rex', categoryId: 3 });
  expect(errors).toEqual([]);
  await close();
});

it('queues a fault from the page that fires on the app’s next matching request and shows on its line', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const { page, errors, close } = await openConsole();
  const session = 'c-fault';
  await appFetch(mock.baseUrl, '/pets?limit=1', { session });
  await pickSession(page, session);
  await page.selectOption('#fault-operation', 'listPets');
  await page.fill('#fault-query', 'status=sold');
  await page.selectOption('#fault-effect', 'status');
  await page.fill('#fault-status', '503');
  await page.getByRole('button', { name: 'Queue the fault' }).click();
  await page
    .locator('#pending-faults li', { hasText: 'status 503 on listPets ?status=sold' })
    .waitFor();
  expect((await appFetch(mock.baseUrl, '/pets?status=available', { session })).status).toBe(200);
  expect((await appFetch(mock.baseUrl, '/pets?status=sold', { session })).status).toBe(503);
  expect(await waitForRow(page, '#lines', '/v1/pets?status=sold')).toContain('#1 status 503');
  await page.locator('#pending-faults li', { hasText: 'none' }).waitFor();
  expect(errors).toEqual([]);
  await close();
});

it('resets and ends sessions from the page, and the app sees it', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const { page, close } = await openConsole();
  const made = await appFetch(mock.baseUrl, '/pets', {
    session: 'c-reset',
    method: 'POST',
    body: { name: 'Gone After Reset', categoryId: 1 },
  });
  const { id } = (await made.json()) as { id: number };
  await appFetch(mock.baseUrl, '/pets?limit=1', { session: 'c-end' });
  await page.getByRole('button', { name: 'Reset session c-reset' }).click();
  await page.locator('#sessions-note', { hasText: 'Session c-reset reset' }).waitFor();
  expect((await appFetch(mock.baseUrl, `/pets/${id}`, { session: 'c-reset' })).status).toBe(404);
  await page.getByRole('button', { name: 'End session c-end' }).click();
  await page.getByRole('button', { name: 'End session c-end' }).waitFor({ state: 'detached' });
  const live = (await (await fetch(`${mock.origin}/__mock/sessions`)).json()) as {
    sessions: { id: string }[];
  };
  expect(live.sessions.map((s) => s.id)).not.toContain('c-end');
  await close();
});

it('adds an animal to the picked session and restores its seed from the Data panel', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const { page, close } = await openConsole();
  await appFetch(mock.baseUrl, '/pets?limit=1', { session: 'c-data' });
  await pickSession(page, 'c-data');
  await page.fill('#pet-name', 'Added From The Console');
  await page.fill('#pet-category', '4');
  await page.getByRole('button', { name: 'Add the animal' }).click();
  expect(await waitForRow(page, '#pets', 'Added From The Console')).toContain('41');
  expect((await appFetch(mock.baseUrl, '/pets/41', { session: 'c-data' })).status).toBe(200);
  await page.getByRole('button', { name: 'Restore the seed data' }).click();
  await page
    .locator('#pets tr', { hasText: 'Added From The Console' })
    .waitFor({ state: 'detached' });
  expect((await appFetch(mock.baseUrl, '/pets/41', { session: 'c-data' })).status).toBe(404);
  await close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  it(`has no serious or critical axe finding and every control is reached by Tab alone (${colorScheme})`, async (test) => {
    test.skip(SKIP !== undefined, SKIP);
    const { page, errors, close } = await openConsole({ colorScheme, bypassCSP: true });
    await appFetch(mock.baseUrl, '/pets?limit=3', { session: `c-${colorScheme}` });
    await appFetch(mock.baseUrl, '/pets/999', { session: `c-${colorScheme}` });
    await pickSession(page, `c-${colorScheme}`);
    await page.check('#only-session');
    await page.locator('#lines tr', { hasText: '/v1/pets/999' }).getByRole('button').click();
    await page.locator('#exchange-body h3', { hasText: 'Answer' }).waitFor();
    await screenshot(page, `${colorScheme}.png`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await unreachedByTab(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
}

it('stays bounded with 1,000 sessions and a 10,000-entry journal', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const many = Array.from({ length: 1_000 }, (_, i) => `c-many-${i}`);
  expect(await fire(mock.origin, 1_000, many)).toBe(1_000);
  expect(await fire(mock.origin, 10_000, ['c-big'])).toBe(10_000);
  const { page, errors, close } = await openConsole();
  await page.locator('#sessions-info', { hasText: /^10\d\d live/ }).waitFor();
  await pickSession(page, 'c-big');
  await page.check('#only-session');
  await page.locator('#lines tr').nth(99).waitFor();
  const counts = await page.evaluate(() => ({
    lines: document.querySelectorAll('#lines tr').length,
    sessions: document.querySelectorAll('#session-rows tr').length,
    options: document.querySelectorAll('#session option').length,
    pets: document.querySelectorAll('#pets tr').length,
  }));
  expect(counts.lines).toBeLessThanOrEqual(200);
  expect(counts.sessions).toBeLessThanOrEqual(51);
  expect(counts.options).toBeLessThanOrEqual(102);
  // A burst while it follows: the list keeps its bound, and a line still opens.
  expect(await fire(mock.origin, 1_000, ['c-big'])).toBe(1_000);
  await page.locator('#lines tr').first().getByRole('button').click();
  await page.locator('#exchange-body h3', { hasText: 'Answer' }).waitFor();
  expect(await page.locator('#lines tr').count()).toBeLessThanOrEqual(200);
  // Found among a thousand by part of its name: c-many-99 and c-many-990 to 999.
  await page.fill('#sessions-filter', 'c-many-99');
  const picks = page.getByRole('button', { name: /^Pick session c-many-99\d?$/ });
  await expect.poll(() => picks.count()).toBe(11);
  expect(await page.locator('#session-rows tr').count()).toBe(11);
  expect(errors).toEqual([]);
  await close();
});
