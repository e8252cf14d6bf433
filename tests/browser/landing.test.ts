/**
 * The standalone mock's pages in Chromium, with the mock started as users start it: `npm run
 * mock` (the esbuild bundle on plain node) and the installed package's `petstore-mock`.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openapiDocument, pointer, required } from '../../spec/document.ts';
import { installedPackage } from '../package/installed.ts';
import { type HowStarted, type ShippedMock, startShippedMock } from '../package/shipped-mock.ts';
import { launchChromium, skipReason } from './harness.ts';

const SKIP = skipReason();
const REPORT_DIR = new URL('../../reports/browser/', import.meta.url);

let browser: Browser;
let mock: ShippedMock;
let context: BrowserContext;
// A page on another origin, as any site the developer visits while the mock runs.
let otherSite: Server;
let otherOrigin: string;

beforeAll(async () => {
  if (SKIP) return process.emitWarning(SKIP);
  [browser, mock] = await Promise.all([launchChromium(), startShippedMock('npm run mock')]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  otherSite = createServer((_request, response) => response.end('<!doctype html><title>x</title>'));
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});

afterAll(async () => {
  otherSite?.close();
  await Promise.all([browser?.close(), mock?.process.stop()]);
});

/** Every same-origin URL the page's scripts, stylesheets, icons, images and links name. */
const referencedUrls = (page: Page, origin: string): Promise<string[]> =>
  page.$$eval(
    'script[src], link[href], img[src], a[href]',
    (elements, own) =>
      elements
        .map((element) => (element as HTMLScriptElement).src || (element as HTMLLinkElement).href)
        .filter((url) => url.startsWith(own)),
    origin,
  );

it.for<HowStarted>(['npm run mock', 'npx petstore-mock'])(
  'fills the pets table at / and shows the three operations at /docs/, every asset 200, started by %s',
  // The installed case waits for the package to be packed and installed (tests/package/).
  { timeout: 600_000 },
  async (how, test) => {
    test.skip(SKIP !== undefined, SKIP);
    const shipped =
      how === 'npm run mock'
        ? mock
        : await startShippedMock(how, { project: (await installedPackage()).mock });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    // A request the next navigation cancels (the favicon, often) is fetched again below.
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText !== 'net::ERR_ABORTED')
        failures.push(`failed ${request.url()}`);
    });
    try {
      await page.goto(`${shipped.origin}/`);
      await page.waitForFunction(
        () => document.querySelectorAll('#pets tr').length > 0,
        undefined,
        {
          timeout: 10_000,
        },
      );
      expect(await page.textContent('#data-info')).toMatch(
        /^\d+ animals? in session default, as of /,
      );
      // The console follows the live feed as shipped: an app's request appears on its own.
      await page.locator('#live[data-state="live"]').waitFor();
      await fetch(`${shipped.baseUrl}/pets?limit=1`, {
        headers: { Authorization: 'Bearer petstore-dev-key', 'X-Mock-Session': 'shipped' },
      });
      await page.locator('#lines tr', { hasText: 'shipped' }).waitFor({ timeout: 10_000 });
      const urls = await referencedUrls(page, shipped.origin);
      await page.goto(`${shipped.origin}/docs/`);
      for (const operationId of ['listPets', 'createPet', 'getPet']) {
        await page.waitForSelector(`#operations-pets-${operationId}`, { timeout: 15_000 });
      }
      urls.push(...(await referencedUrls(page, shipped.origin)));
      expect(urls).toEqual(
        expect.arrayContaining([
          `${shipped.origin}/console/console.js`,
          `${shipped.origin}/console/console.css`,
          `${shipped.origin}/docs/docs.js`,
          `${shipped.origin}/docs/swagger-ui-bundle.js`,
        ]),
      );
      for (const url of new Set(urls)) {
        expect((await fetch(url)).status, url).toBe(200);
      }
      expect(failures).toEqual([]);
    } finally {
      await page.close();
      if (shipped !== mock) await shipped.process.stop();
    }
  },
);

it('shows the base URL, the key and a live table of the data at /', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await context.newPage();
  await page.goto(`${mock.origin}/`);
  expect(await page.textContent('#base-url')).toBe(mock.baseUrl);
  expect(await page.textContent('#api-keys')).toBe('petstore-dev-key');
  const state = (await (await fetch(`${mock.origin}/__mock/state`)).json()) as { count: number };
  await page.waitForFunction(
    (count) => document.querySelectorAll('#pets tr').length === count,
    state.count,
  );
  const created = await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { Authorization: 'Bearer petstore-dev-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Live Update', categoryId: 2 }),
  });
  expect(created.status).toBe(201);
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('#pets td')).some(
        (cell) => cell.textContent === 'Live Update',
      ),
    undefined,
    { timeout: 6_000 },
  );
  mkdirSync(REPORT_DIR, { recursive: true });
  await page.screenshot({ path: new URL('landing.png', REPORT_DIR).pathname });
});

it('resets the data with its Reset button', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const created = await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { Authorization: 'Bearer petstore-dev-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Reset Me', categoryId: 2 }),
  });
  expect(created.status).toBe(201);
  const page = await context.newPage();
  await page.goto(`${mock.origin}/`);
  // Serialised into the page, so the function must not close over anything.
  const shows = (wanted: { name: string; shown: boolean }) =>
    Array.from(document.querySelectorAll('#pets td')).some(
      (cell) => cell.textContent === wanted.name,
    ) === wanted.shown;
  await page.waitForFunction(shows, { name: 'Reset Me', shown: true }, { timeout: 6_000 });
  await page.click('#reset');
  await page.waitForFunction(shows, { name: 'Reset Me', shown: false }, { timeout: 6_000 });
  const state = (await (await fetch(`${mock.origin}/__mock/state`)).json()) as {
    count: number;
    seedCount: number;
  };
  expect(state.count).toBe(state.seedCount);
});

it('picks a session and lists its animals in the order of its profile', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const session = { 'X-Mock-Session': 'landing-picker' };
  const created = await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: {
      ...session,
      Authorization: 'Bearer petstore-dev-key',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ name: 'Only in the picked session', categoryId: 2 }),
  });
  expect(created.status).toBe(201);
  const profiled = await fetch(`${mock.origin}/__mock/profile`, {
    method: 'PUT',
    headers: { ...session, 'Content-Type': 'application/yaml' },
    body: 'order: newest-first\n',
  });
  expect(profiled.status).toBe(200);
  const page = await context.newPage();
  await page.goto(`${mock.origin}/`);
  await page.waitForSelector('#session option[value="landing-picker"]', { state: 'attached' });
  await page.selectOption('#session', 'landing-picker');
  await page.waitForFunction(
    () =>
      document.querySelector('#pets td:nth-child(2)')?.textContent === 'Only in the picked session',
    undefined,
    { timeout: 6_000 },
  );
  expect(await page.textContent('#order')).toBe('newest-first');
  expect(await page.textContent('#session-profile')).toContain("the session's own profile");
  const ids = await page.$$eval('#pets tr td:first-child', (cells) =>
    cells.slice(0, 3).map((cell) => Number(cell.textContent)),
  );
  expect(ids).toEqual([41, 40, 39]);
  await page.selectOption('#session', '');
  await page.waitForFunction(
    () => document.querySelector('#pets td:first-child')?.textContent === '1',
    undefined,
    { timeout: 6_000 },
  );
  expect(await page.textContent('#order')).toBe('id-asc');
  await page.close();
});

it('renders the spec in Swagger UI and runs listPets against the mock with the key', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await context.newPage();
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(mock.origin) && !request.url().startsWith('data:')) {
      external.push(request.url());
    }
  });
  await page.goto(`${mock.origin}/docs/`);
  await page.waitForSelector('#operations-pets-listPets', { timeout: 15_000 });
  const deprecated = await page.$$eval('.opblock-deprecated [data-path]', (paths) =>
    paths.map((path) => path.getAttribute('data-path')),
  );
  expect(deprecated).toEqual(['/pets/{petId}']);
  await page.click('#operations-pets-listPets .opblock-summary');
  await page.click('#operations-pets-listPets button.execute');
  const status = await page.waitForSelector(
    '#operations-pets-listPets .live-responses-table tbody .response-col_status',
    { timeout: 10_000 },
  );
  expect((await status.textContent())?.trim()).toBe('200');
  await page.screenshot({ path: new URL('docs.png', REPORT_DIR).pathname });
  expect(external, 'requests the reference made to other hosts').toEqual([]);
});

/** What Swagger UI shows of a schema: its type, its properties, and every type badge in it. */
function readModel(article: Element) {
  const text = (element: Element | null) => element?.textContent?.trim() ?? '';
  const headOf = (element: Element | null) => ({
    name: text(
      element?.querySelector(':scope > .json-schema-2020-12-head .json-schema-2020-12__title') ??
        null,
    ),
    type: text(
      element?.querySelector(
        ':scope > .json-schema-2020-12-head .json-schema-2020-12__attribute--primary',
      ) ?? null,
    ),
  });
  const items = article.querySelectorAll(
    ':scope > .json-schema-2020-12-body > .json-schema-2020-12-keyword--properties > ul > li',
  );
  return {
    type: headOf(article).type,
    properties: [...items].map((item) => ({
      ...headOf(item.querySelector('article')),
      required: item.classList.contains('json-schema-2020-12-property--required'),
    })),
    types: [...article.querySelectorAll('.json-schema-2020-12__attribute--primary')].map(text),
  };
}

/** A schema's properties as a reader expects them in the reference: name, type, required. */
function expectedProperties(schema: string) {
  const at = pointer('components', 'schemas', schema);
  const { properties, required: names } = required(openapiDocument, at) as {
    properties: Record<string, unknown>;
    required: string[];
  };
  return Object.keys(properties).map((name) => ({
    name,
    type: String(required(openapiDocument, `${at}${pointer('properties', name)}`).type),
    required: names.includes(name),
  }));
}

it('shows every schema expanded with plain types, and Pet, NewPet and Error with their fields', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await context.newPage();
  await page.goto(`${mock.origin}/docs/`);
  const schemas = page.locator('section.models.is-open');
  await schemas.waitFor({ timeout: 15_000 });
  const names = Object.keys(required(openapiDocument, '/components/schemas'));
  for (const name of names) {
    const title = page.locator(':scope > .json-schema-2020-12-head .json-schema-2020-12__title', {
      hasText: new RegExp(`^${name}$`),
    });
    const model = schemas.locator('article[data-json-schema-level="0"]').filter({ has: title });
    // Collapsed, Swagger UI has not resolved the $refs yet and shows `array<any>` for Pets.
    await model.locator('.json-schema-2020-12-expand-deep-button').first().click();
    // Swagger UI resolves the $refs after the click, asynchronously: wait until it shows them.
    const resolved = () => model.evaluate(readModel).then((m) => m.types.join(', '));
    await expect.poll(resolved, { timeout: 10_000 }).not.toMatch(/\bany\b/);
    const shown = await model.evaluate(readModel);
    const types = shown.types.join(', ');
    expect.soft(types, `the types Swagger UI shows in ${name}`).not.toMatch(/\bany\b|\|/);
    if (['Pet', 'NewPet', 'Error'].includes(name)) {
      expect.soft(shown.type, `${name}'s type`).toBe('object');
      expect.soft(shown.properties, `${name}'s properties`).toEqual(expectedProperties(name));
    }
  }
  await schemas.screenshot({ path: new URL('schemas.png', REPORT_DIR).pathname });
});

it('lets another origin read /v1 through CORS but not the landing page', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await context.newPage();
  await page.goto(`${otherOrigin}/`);
  const outcomes = await page.evaluate(async (origin) => {
    const attempt = async (path: string, headers: Record<string, string> = {}) => {
      try {
        const response = await fetch(`${origin}${path}`, { headers });
        return `read ${response.status}`;
      } catch (error) {
        return `blocked: ${String(error)}`;
      }
    };
    return {
      api: await attempt('/v1/pets?limit=1', { Authorization: 'Bearer petstore-dev-key' }),
      landing: await attempt('/'),
      docs: await attempt('/docs/'),
    };
  }, mock.origin);
  expect(outcomes.api).toBe('read 200');
  expect(outcomes.landing).toMatch(/^blocked: TypeError/);
  expect(outcomes.docs).toMatch(/^blocked: TypeError/);
});
