import { mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mocks/node/server.ts';
import { clickAndRead, type DemoPage, openDemo, petRows, waitForPage } from './demo-page.ts';
import { type DemoServer, launchChromium, skipReason, startDemoServer } from './harness.ts';

const SKIP = skipReason();
const REPORT_DIR = new URL('../../reports/browser/', import.meta.url);

let browser: Browser;
let demo: DemoServer;
let mock: MockServer;
let workerPage: DemoPage;

beforeAll(async () => {
  if (SKIP) return process.emitWarning(SKIP);
  [browser, demo, mock] = await Promise.all([
    launchChromium(),
    startDemoServer(),
    startMockServer({ port: 0, quiet: true }),
  ]);
  workerPage = await openDemo(browser, `${demo.url}?mode=worker`);
});

afterAll(async () => {
  await Promise.all([browser?.close(), demo?.close(), mock?.close()]);
});

it('answers the demo from msw in the page in worker mode', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const { page, responses, errors } = workerPage;
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(controller).toBe(`${demo.url}mockServiceWorker.js`);
  const rows = await petRows(page);
  expect(rows.map((row) => row[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  const listed = responses.filter((response) => new URL(response.url()).pathname === '/v1/pets');
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.every((response) => response.fromServiceWorker())).toBe(true);
  expect(demo.apiRequestsSeen, 'API requests that reached Vite instead of the worker').toEqual([]);
  expect(errors).toEqual([]);
});

it('filters by status and follows the Link rel="next" page', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const { page } = workerPage;
  await page.selectOption('#limit', '5');
  await page.selectOption('#status-filter', 'pending');
  await waitForPage(page, 1, 'pending');
  const first = (await petRows(page)).map((row) => Number(row[0]));
  expect(first).toHaveLength(5);
  await page.click('#next');
  await waitForPage(page, 2, 'pending');
  const second = (await petRows(page)).map((row) => Number(row[0]));
  expect(second.length).toBeGreaterThan(0);
  expect(Math.min(...second)).toBeGreaterThan(Math.max(...first));
});

it('creates a pet and reads it through the deprecated single-pet view', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const { page } = workerPage;
  await page.fill('#name', 'Pepper');
  await page.fill('#category-id', '7');
  await page.selectOption('#new-status', 'sold');
  const created = await clickAndRead(page, '#create-form button[type=submit]', '#create-result');
  expect(created.status).toBe('201');
  const id = /#(\d+) Pepper/.exec(created.text)?.[1];
  expect(id, created.text).toBeDefined();
  await page.fill('#pet-id', id ?? '');
  const read = await clickAndRead(page, '#get', '#get-result');
  expect(read.status).toBe('200');
  expect(read.text).toContain('Pepper');
  expect(read.text).toContain('category 7 · sold');
  expect(read.text).toMatch(/Deprecation@\d+ \(/);
  expect(read.text).toContain('SunsetThu, 05 Dec 2030 00:00:00 GMT');
  expect(read.text).toMatch(/rel="successor-version"/);
});

it('shows the 401, 400 and forced 500 error states', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const { page } = workerPage;
  const unauthorized = await clickAndRead(page, '#err-401', '#error-result');
  expect(unauthorized.status).toBe('401');
  expect(unauthorized.text).toContain('unauthorized');
  expect(unauthorized.text).toContain('error="invalid_token"');
  const invalid = await clickAndRead(page, '#err-400', '#error-result');
  expect(invalid.status).toBe('400');
  expect(invalid.text).toContain('validation_failed');
  const fault = await clickAndRead(page, '#err-500', '#error-result');
  expect(fault.status).toBe('500');
  expect(fault.text).toContain('internal_error');
  mkdirSync(REPORT_DIR, { recursive: true });
  const file = new URL('demo.png', REPORT_DIR);
  await page.screenshot({ path: file.pathname, fullPage: true });
  expect(statSync(file).size).toBeGreaterThan(20_000);
});

it('breaks an answer as a queued fault says and journals it, inside the page’s worker', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const { page } = workerPage;
  const seen = await page.evaluate(async () => {
    const session = { 'X-Mock-Session': 'worker-faults' };
    const key = { Authorization: 'Bearer petstore-dev-key' };
    const queue = (fault: object) =>
      fetch('/__mock/faults', {
        method: 'POST',
        headers: { ...session, 'Content-Type': 'application/json' },
        body: JSON.stringify(fault),
      });
    await queue({
      operation: 'listPets',
      match: { query: { status: 'sold' } },
      answer: 'cut-short',
    });
    await queue({ operation: 'getPet', answer: 'not-json', status: 502 });
    const cut = await fetch('/v1/pets?status=sold', { headers: { ...session, ...key } });
    const cutRead = await cut.json().then(
      () => 'read',
      (error: Error) => `failed: ${error.name}`,
    );
    const page502 = await fetch('/v1/pets/1', { headers: { ...session, ...key } });
    const journal = await (await fetch('/__mock/requests', { headers: session })).json();
    return {
      cut: [cut.status, cutRead],
      notJson: [page502.status, page502.headers.get('content-type')],
      journal: journal.map(
        (entry: { operation: string; status: number; fault?: { id: number } }) => [
          entry.operation,
          entry.status,
          entry.fault?.id,
        ],
      ),
      authorization: journal[0]?.headers.authorization,
    };
  });
  expect(seen.cut[0]).toBe(200);
  expect(seen.cut[1]).toMatch(/^failed: /);
  expect(seen.notJson).toEqual([502, 'text/html; charset=utf-8']);
  expect(seen.journal).toEqual([
    ['listPets', 200, 1],
    ['getPet', 502, 2],
  ]);
  expect(seen.authorization).toBe('Bearer [masked]');
});

it('talks to the standalone mock from another origin through CORS', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const opened = await openDemo(browser, `${demo.url}?mode=http&api=${mock.baseUrl}`);
  try {
    const { page, responses } = opened;
    const pageOrigin = new URL(demo.url).origin;
    expect(pageOrigin).not.toBe(mock.origin);
    expect(await petRows(page)).toHaveLength(10);
    const listed = responses.find((response) => response.url().startsWith(`${mock.baseUrl}/pets`));
    expect(listed?.fromServiceWorker()).toBe(false);
    expect(listed?.headers()['access-control-allow-origin']).toBe(pageOrigin);
    await page.fill('#name', 'Cross Origin Cat');
    const created = await clickAndRead(page, '#create-form button[type=submit]', '#create-result');
    expect(created.status).toBe('201');
    const state = (await (await fetch(`${mock.origin}/__mock/state`)).json()) as {
      pets: { name: string }[];
    };
    expect(state.pets.map((pet) => pet.name)).toContain('Cross Origin Cat');
    const read = await clickAndRead(page, '#get', '#get-result');
    expect(read.text).toContain('SunsetThu, 05 Dec 2030 00:00:00 GMT');
    const unauthorized = await clickAndRead(page, '#err-401', '#error-result');
    expect(unauthorized.text).toContain('Bearer realm="petstore"');
    await page.screenshot({ path: new URL('demo-http.png', REPORT_DIR).pathname, fullPage: true });
  } finally {
    await opened.close();
  }
});

it('reaches the standalone mock from a page whose worker runs as the README starts it', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  // A page with no worker yet (the demo against the standalone mock), which then starts one
  // as the README's main.ts does: startWorker() with no options.
  const opened = await openDemo(browser, `${demo.url}?mode=http&api=${mock.baseUrl}`);
  try {
    const { page, responses } = opened;
    const entry = `/@fs${fileURLToPath(new URL('../../mocks/browser/index.ts', import.meta.url))}`;
    // Page code as text: vitest would rewrite a dynamic import() written in this file.
    const seen = await page.evaluate(`(async () => {
      const { startWorker } = await import(${JSON.stringify(entry)});
      await startWorker({ quiet: true });
      const headers = { Authorization: 'Bearer petstore-dev-key', 'X-Mock-Session': 'worker-origin' };
      const own = await fetch('/v1/pets?limit=2', { headers });
      const other = await fetch(${JSON.stringify(`${mock.baseUrl}/pets?limit=3`)}, { headers });
      return {
        controlled: navigator.serviceWorker.controller !== null,
        own: [own.status, (await own.json()).length],
        other: [other.status, (await other.json()).length],
      };
    })()`);
    expect(seen).toEqual({ controlled: true, own: [200, 2], other: [200, 3] });
    // The page's own /v1 was the worker's; the standalone mock's own journal has the other.
    const own = responses.find((r) => r.url().startsWith(`${demo.url}v1/pets?limit=2`));
    expect(own?.fromServiceWorker()).toBe(true);
    expect(
      mock
        .session('worker-origin')
        .requests()
        .map((entry) => entry.query),
    ).toEqual([{ limit: '3' }]);
  } finally {
    await opened.close();
  }
});

/** Creates a pet in the demo's worker mode and returns its id. */
async function createInDemo(demoPage: DemoPage, name: string): Promise<string> {
  await demoPage.page.fill('#name', name);
  await demoPage.page.fill('#category-id', '3');
  const created = await clickAndRead(
    demoPage.page,
    '#create-form button[type=submit]',
    '#create-result',
  );
  expect(created.status).toBe('201');
  return /#(\d+) /.exec(created.text)?.[1] ?? '';
}

it('keeps the data of the worker across a reload only when asked to (keepData)', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const kept = await openDemo(browser, `${demo.url}?mode=worker&keep=localStorage`);
  try {
    const id = await createInDemo(kept, 'Survives reloads');
    await kept.page.reload();
    await kept.page.waitForSelector('body[data-ready=worker]');
    await kept.page.fill('#pet-id', id);
    const read = await clickAndRead(kept.page, '#get', '#get-result');
    expect(read.status).toBe('200');
    expect(read.text).toContain('Survives reloads');
  } finally {
    await kept.close();
  }
  const plain = await openDemo(browser, `${demo.url}?mode=worker`);
  try {
    const id = await createInDemo(plain, 'Gone after a reload');
    await plain.page.reload();
    await plain.page.waitForSelector('body[data-ready=worker]');
    await plain.page.fill('#pet-id', id);
    expect((await clickAndRead(plain.page, '#get', '#get-result')).status).toBe('404');
  } finally {
    await plain.close();
  }
});

it('says in one console line that the data lives in memory and how to keep it, unless quiet', async (context) => {
  context.skip(SKIP !== undefined, SKIP);
  const notes = (lines: string[]) => lines.filter((line) => line.startsWith('petstore-mock:'));
  const plain = await openDemo(browser, `${demo.url}?mode=worker&verbose`);
  try {
    const [note, ...more] = notes(plain.console);
    expect(more).toEqual([]);
    expect(note).toMatch(/lives in this page's memory/);
    expect(note).toMatch(/keepData: 'localStorage'/);
  } finally {
    await plain.close();
  }
  const kept = await openDemo(browser, `${demo.url}?mode=worker&verbose&keep=sessionStorage`);
  try {
    expect(notes(kept.console)).toEqual([
      `petstore-mock: the default session's data is kept in sessionStorage ("petstore-mock:data") across reloads; other sessions live in this page's memory.`,
    ]);
  } finally {
    await kept.close();
  }
  expect(notes(workerPage.console), 'quiet: true prints nothing').toEqual([]);
});
