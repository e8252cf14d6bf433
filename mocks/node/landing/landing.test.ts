import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createControlHandlers } from '../../core/controls.ts';
import { createSessions } from '../../core/sessions.ts';
import { createStore } from '../../core/store.ts';
import { createLanding } from './landing.ts';
import { CONTROLS } from './pages.ts';

const BASE_URL = 'http://127.0.0.1:4010/v1';
let server: Server;
let origin: string;

beforeAll(async () => {
  const landing = createLanding({ baseUrl: BASE_URL, apiKeys: ['petstore-dev-key', '<b>k2</b>'] });
  server = createServer((request, response) => {
    const page = landing(request, response);
    if (!page) response.writeHead(418).end('passed on');
    else page.catch((error: Error) => response.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

// Sends the path as written: fetch would resolve the dot segments first.
const rawStatus = (path: string): Promise<number | undefined> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    request({ hostname, port, path }, (response) => {
      response.resume();
      resolve(response.statusCode);
    })
      .on('error', reject)
      .end();
  });

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('shows the base URL, the keys and the control endpoints on the landing page', async () => {
  const response = await fetch(`${origin}/`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await response.text();
  expect(html).toContain(`<code id="base-url">${BASE_URL}</code>`);
  expect(html).toContain('<code>petstore-dev-key</code>');
  expect(html).toContain('&#60;b&#62;k2&#60;/b&#62;');
  for (const control of ['GET /__mock/state', 'POST /__mock/reset', 'PUT /__mock/data']) {
    expect(html).toContain(control);
  }
});

it('lists every control endpoint the mock serves', async () => {
  const html = await (await fetch(`${origin}/`)).text();
  const paths = createControlHandlers(createSessions({ store: createStore() })).map((handler) =>
    String(handler.info.path).replace(/^\*/, '').replace(':id', 'ID'),
  );
  expect(paths).toContain('/__mock/departures');
  for (const path of paths) expect(html).toContain(` ${path}</code>`);
  expect(CONTROLS.map(([, path]) => path).sort()).toEqual([...new Set(paths)].sort());
});

it('sends no CORS headers, so other origins cannot read the key', async () => {
  for (const path of ['/', '/docs/', '/openapi.json', '/console/console.js']) {
    const response = await fetch(`${origin}${path}`, { headers: { Origin: 'http://evil.test' } });
    expect(response.status, path).toBe(200);
    expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    expect(response.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
  }
});

it('serves Swagger UI from node_modules with no script from another host', async () => {
  const html = await (await fetch(`${origin}/docs/`)).text();
  const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
  expect(sources).toContain('/docs/swagger-ui-bundle.js');
  expect(sources.every((source) => source?.startsWith('/'))).toBe(true);
  const bundle = await fetch(`${origin}/docs/swagger-ui-bundle.js`);
  expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(Number(bundle.headers.get('content-length'))).toBeGreaterThan(1_000_000);
});

it('serves the spec with this mock as its only server', async () => {
  const spec = (await (await fetch(`${origin}/openapi.json`)).json()) as Record<string, unknown>;
  expect(spec.servers).toEqual([{ url: '/v1', description: 'This mock' }]);
  expect(Object.keys(spec.paths as object)).toEqual(['/pets', '/pets/{petId}']);
});

it('redirects /docs to /docs/', async () => {
  const response = await fetch(`${origin}/docs`, { redirect: 'manual' });
  expect(response.status).toBe(301);
  expect(response.headers.get('location')).toBe('/docs/');
});

it('answers 304 when the ETag still matches', async () => {
  const etag = (await fetch(`${origin}/console/console.css`)).headers.get('etag') ?? '';
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await fetch(`${origin}/console/console.css`, {
    headers: { 'If-None-Match': etag },
  });
  expect(again.status).toBe(304);
});

it('passes on API paths, unknown paths and other methods', async () => {
  expect((await fetch(`${origin}/v1/pets`)).status).toBe(418);
  expect(await rawStatus('/docs/../package.json')).toBe(418);
  expect(await rawStatus('/docs/%2e%2e/index.html')).toBe(418);
  expect((await fetch(`${origin}/nothing-here`)).status).toBe(418);
  expect((await fetch(`${origin}/`, { method: 'POST' })).status).toBe(418);
});
