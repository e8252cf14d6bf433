/**
 * The console in proxy mode (issue 51, point 4), in front of a small backend that breaks a
 * rule: it names the backend and its settings, never shows the mock's seed animals as the
 * app's world, puts the departures first, each with its request whole and what was expected
 * beside what was seen; and the page reconnects to a mock that restarts on the same port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type MockServer,
  type MockServerOptions,
  startMockServer,
} from '../../mocks/node/server.ts';
import {
  appFetch,
  screenshot,
  seriousViolations,
  unreachedByTab,
  waitForRow,
} from './console-page.ts';
import { launchChromium, skipReason } from './harness.ts';

const SKIP = skipReason();
let browser: Browser;
let backend: Server;
let backendUrl: string;
let mock: MockServer;
let options: MockServerOptions;

beforeAll(async () => {
  if (SKIP) return process.emitWarning(SKIP);
  // Lists its animals as text/plain, whatever the app asks: a departure from the interface.
  backend = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('[{"id":7001,"name":"Backend Bella","categoryId":1,"status":"available"}]');
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}/v1`;
  options = { port: 0, quiet: true, proxy: { url: backendUrl, fallback: true } };
  [browser, mock] = await Promise.all([launchChromium(), startMockServer(options)]);
});
afterAll(async () => {
  backend?.close();
  await Promise.all([browser?.close(), mock?.close()]);
});

it('shows the backend and the departures first, each with its request whole, never the seed as the app’s world', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(`${mock.origin}/`);
  await page.locator('#live[data-state="live"]').waitFor();
  const subtitle = (await page.textContent('#subtitle')) ?? '';
  expect(subtitle).toContain(`In front of the backend at ${backendUrl}`);
  expect(subtitle).not.toContain('before the backend exists');
  expect(await page.textContent('#proxy-fallback')).toBe('on');
  expect(await page.textContent('#proxy-record')).toBe('off');
  const departuresFirst = await page.evaluate(
    () =>
      (document
        .getElementById('departures')
        ?.compareDocumentPosition(document.getElementById('requests') as Node) ?? 0) &
      Node.DOCUMENT_POSITION_FOLLOWING,
  );
  expect(departuresFirst).toBeTruthy();
  const listed = await appFetch(mock.baseUrl, '/pets?limit=500');
  expect(await listed.text()).toContain('Backend Bella');
  const line = await waitForRow(page, '#lines', 'GET /v1/pets?limit=500');
  expect(line).toContain('backend');
  expect(line).toContain('limit-max (client)');
  expect(await waitForRow(page, '#rules', 'limit-max')).toContain('client');
  const row = await waitForRow(page, '#departure-rows', 'limit-max');
  expect(row).toContain('GET /v1/pets?limit=500');
  expect(row).toContain('limit an integer from 1 to 100');
  expect(row).not.toMatch(/(limit="500").*\1/);
  expect(await page.locator('#departure-rows tr').count()).toBeGreaterThan(1);
  // The mock's seed animals are its own store, behind a closed disclosure, never the app's world.
  expect(await page.getByText('Hazel').first().isVisible()).toBe(false);
  expect(await page.textContent('#proxy-data')).toContain("The app's animals are the backend's");
  await screenshot(page, 'proxy.png');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await unreachedByTab(page)).toEqual([]);
  await context.close();
});

it('reconnects to the mock when it restarts, says so, and shows the new one’s requests', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await browser.newPage();
  await page.goto(`${mock.origin}/`);
  await page.locator('#live[data-state="live"]').waitFor();
  const { port } = new URL(mock.origin);
  await mock.close();
  await page.locator('#live[data-state="reconnecting"]').waitFor();
  mock = await startMockServer({ ...options, port: Number(port) });
  await page.locator('#live', { hasText: 'the mock restarted' }).waitFor({ timeout: 15_000 });
  await appFetch(mock.baseUrl, '/pets?limit=3', { session: 'after-restart' });
  expect(await waitForRow(page, '#lines', 'after-restart')).toContain('GET /v1/pets?limit=3');
  await page.close();
});
