import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mocks/node/server.ts';
import { RESPONSE_HEADERS } from '../../spec/constants.ts';
import { launchChromium, skipReason } from './harness.ts';

const SKIP = skipReason();
// A name of "another site" that resolves to this machine, as a DNS-rebinding attacker arranges.
const EVIL = 'evil.example';

let browser: Browser;
let mock: MockServer;
// A page server on another loopback port: another origin, as a frontend's dev server is.
let pages: Server;
let pagePort: number;

beforeAll(async () => {
  if (SKIP) return process.emitWarning(SKIP);
  [browser, mock] = await Promise.all([
    launchChromium([`--host-resolver-rules=MAP ${EVIL} 127.0.0.1`]),
    startMockServer({ port: 0, quiet: true }),
  ]);
  pages = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>another site</title>');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagePort = (pages.address() as AddressInfo).port;
});

afterAll(async () => {
  pages?.close();
  await Promise.all([browser?.close(), mock?.close()]);
});

async function openPage(origin: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  return page;
}

const state = async () => (await (await fetch(`${mock.origin}/__mock/state`)).text()) as string;

it('lets a page on another origin send its own headers and read every documented header', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await openPage(`http://127.0.0.1:${pagePort}`);
  expect(new URL(page.url()).origin).not.toBe(mock.origin);
  const seen = await page.evaluate(async (base) => {
    const tracing = {
      'x-request-id': 'req-42',
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      'sentry-trace': '4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1',
    };
    const key = { Authorization: 'Bearer petstore-dev-key' };
    const read = async (path: string, init: RequestInit, names: string[]) => {
      const response = await fetch(`${base}${path}`, init);
      return {
        status: response.status,
        headers: Object.fromEntries(names.map((name) => [name, response.headers.get(name)])),
      };
    };
    return {
      list: await read('/pets?limit=2', { headers: { ...tracing, ...key } }, ['Link']),
      create: await read(
        '/pets',
        {
          method: 'POST',
          headers: { ...tracing, ...key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Traced', categoryId: 1 }),
        },
        ['Location'],
      ),
      get: await read('/pets/1', { headers: { ...tracing, ...key } }, [
        'Deprecation',
        'Sunset',
        'Link',
      ]),
      unauthorized: await read('/pets', { headers: tracing }, ['WWW-Authenticate']),
      unavailable: await read('/pets', { headers: { ...tracing, ...key, Prefer: 'code=503' } }, [
        'Retry-After',
      ]),
      wrongMethod: await read(
        '/pets/1',
        {
          method: 'POST',
          headers: { ...tracing, ...key, 'Content-Type': 'application/json' },
          body: '{}',
        },
        ['Allow'],
      ),
    };
  }, mock.baseUrl);
  expect(seen.list.status).toBe(200);
  expect(seen.list.headers.Link).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/v1\/pets\?limit=2&cursor=[^>]+>; rel="next"$/,
  );
  expect(seen.create.status).toBe(201);
  expect(seen.create.headers.Location).toMatch(/^\/v1\/pets\/\d+$/);
  expect(seen.get.status).toBe(200);
  expect(seen.get.headers.Deprecation).toMatch(/^@\d+$/);
  expect(seen.get.headers.Sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  expect(seen.get.headers.Link).toMatch(/rel="successor-version"$/);
  expect(seen.unauthorized.status).toBe(401);
  expect(seen.unauthorized.headers['WWW-Authenticate']).toBe('Bearer realm="petstore"');
  expect(seen.unavailable.status).toBe(503);
  expect(seen.unavailable.headers['Retry-After']).toBe('1');
  expect(seen.wrongMethod.status).toBe(405);
  expect(seen.wrongMethod.headers.Allow).toBe('GET');
  // Every header a documented response carries was read above.
  const read = Object.values(seen).flatMap((answer) => Object.keys(answer.headers));
  expect(new Set(read)).toEqual(new Set(RESPONSE_HEADERS));
  await page.close();
});

it('refuses a page that reaches the mock under a rebinding name', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await browser.newPage();
  const response = await page.goto(`http://${EVIL}:${new URL(mock.origin).port}/`);
  expect(response?.status()).toBe(403);
  expect(await page.textContent('body')).toContain('host_not_allowed');
  const api = await page.evaluate(async () => {
    const reply = await fetch('/__mock/state');
    return { status: reply.status, text: await reply.text() };
  });
  expect(api.status).toBe(403);
  expect(api.text).toContain('"code":"host_not_allowed"');
  expect(api.text).not.toContain('categoryId');
  await page.close();
});

it("keeps the data when another site's page posts to /__mock/reset, with a body or none, and hides the dump from it", async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { Authorization: 'Bearer petstore-dev-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Survivor', categoryId: 3 }),
  });
  const before = await state();
  const page = await openPage(`http://${EVIL}:${pagePort}`);
  const outcomes = await page.evaluate(async (origin) => {
    const attempt = async (path: string, init: RequestInit) => {
      try {
        const response = await fetch(`${origin}${path}`, init);
        return `read ${response.status}`;
      } catch (error) {
        return `blocked: ${String(error)}`;
      }
    };
    // A simple request needs no preflight: the browser sends it, only the answer is hidden.
    await fetch(`${origin}/__mock/reset`, { method: 'POST', mode: 'no-cors', body: 'x' });
    // Without a body too, as a test runner sends its reset: the browser still marks it.
    await fetch(`${origin}/__mock/reset`, { method: 'POST', mode: 'no-cors' });
    navigator.sendBeacon(`${origin}/__mock/reset`);
    const frame = document.createElement('iframe');
    frame.name = 'sink';
    document.body.append(frame);
    const form = Object.assign(document.createElement('form'), {
      method: 'POST',
      action: `${origin}/__mock/reset`,
      target: 'sink',
    });
    document.body.append(form);
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
    form.submit();
    await loaded;
    return {
      json: await attempt('/__mock/reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
      }),
      dump: await attempt('/__mock/state', {}),
    };
  }, mock.origin);
  expect(outcomes.json).toMatch(/^blocked: TypeError/);
  expect(outcomes.dump).toMatch(/^blocked: TypeError/);
  expect(await state()).toBe(before);
  expect(before).toContain('Survivor');
  await page.close();
});

it('lets a loopback page on another port reset the data with a JSON request', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const page = await openPage(`http://127.0.0.1:${pagePort}`);
  const reply = await page.evaluate(async (origin) => {
    const response = await fetch(`${origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    return { status: response.status, body: await response.json() };
  }, mock.origin);
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ count: 40 });
  expect(await state()).not.toContain('Survivor');
  await page.close();
});
