/**
 * `petstore-mock --proxy` as a frontend team runs it from the installed package, when its
 * backend arrives: the app's requests go through to the backend with the backend's key in
 * place of the mock's, its answers come back as given, the app's careless requests are listed
 * as the client's departures, and the backend's key is never printed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitForOutput } from '../../lib/run-process.ts';
import type { DepartureRow } from '../../mocks/core/proxy/departures-view.ts';
import { type MockServer, startMockServer } from '../../mocks/node/server.ts';
import { installedPackage } from './installed.ts';
import { type ShippedMock, startShippedMock } from './shipped-mock.ts';

/** The backend's own key: the app knows only the mock's (petstore-dev-key). */
const BACKEND_KEY = 'backend-secret-7f3a';
const APP_KEY = { Authorization: 'Bearer petstore-dev-key' };

let backend: MockServer;
let proxy: ShippedMock;

beforeAll(async () => {
  const installed = await installedPackage();
  backend = await startMockServer({ port: 0, quiet: true, apiKeys: [BACKEND_KEY] });
  proxy = await startShippedMock('npx petstore-mock', {
    project: installed.mock,
    args: ['--port', '0', '--proxy', backend.baseUrl, '--proxy-key', BACKEND_KEY],
  });
}, 600_000);

afterAll(async () => {
  await proxy?.process.stop(2_000);
  await backend?.close();
});

it('passes the app through to the backend, its key replaced, and lists its careless requests', async () => {
  const created = await fetch(`${proxy.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...APP_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Proxied', categoryId: 1 }),
  });
  expect(created.status).toBe(201);
  const pet = (await created.json()) as { id: number; name: string };
  // Stored by the backend, which takes only its own key: the proxy sent that one.
  const stored = await fetch(`${backend.baseUrl}/pets/${pet.id}`, {
    headers: { Authorization: `Bearer ${BACKEND_KEY}` },
  });
  expect(stored.status).toBe(200);
  expect(await stored.json()).toMatchObject({ id: pet.id, name: 'Proxied' });

  const careless = await fetch(`${proxy.baseUrl}/pets?limit=500`, { headers: APP_KEY });
  expect(careless.status).toBe(400);
  const listed = await fetch(`${proxy.origin}/__mock/departures`);
  const departures = (await listed.json()) as DepartureRow[];
  expect(
    departures.map((d) => `${d.side} ${d.rule} ${d.answeredBy}`),
    JSON.stringify(departures),
  ).toEqual(['client limit-max backend']);
});

it('logs each request with its departure, and never prints the backend key', async () => {
  // The log writes its lines at most every 100 ms: the careless request's, with its rule.
  await waitForOutput(
    proxy.process,
    /GET \/v1\/pets\?limit=500 400 .*limit-max \(client\)/,
    'the log line',
    10_000,
  );
  const journal = await (await fetch(`${proxy.origin}/__mock/requests`)).text();
  expect(journal).toContain('"query":{"limit":"500"}');
  expect(proxy.process.output()).not.toContain(BACKEND_KEY);
  expect(journal).not.toContain(BACKEND_KEY);
});

it('keeps each of eight parallel sessions apart through the proxy: its creation, its departures', async () => {
  const sessions = Array.from({ length: 8 }, (_, i) => `proxy-pkg-${i}`);
  const seen = await Promise.all(
    sessions.map(async (session, i) => {
      const headers = { ...APP_KEY, 'X-Mock-Session': session };
      const created = await fetch(`${proxy.baseUrl}/pets`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Parallel-${i}`, categoryId: 1 }),
      });
      // Every other session is careless: a status the interface does not list.
      const list = await fetch(`${proxy.baseUrl}/pets?status=${i % 2 ? 'lost' : 'sold'}`, {
        headers,
      });
      const departures = (await (
        await fetch(`${proxy.origin}/__mock/departures`, { headers: { 'X-Mock-Session': session } })
      ).json()) as DepartureRow[];
      const journal = (await (
        await fetch(`${proxy.origin}/__mock/requests`, { headers: { 'X-Mock-Session': session } })
      ).json()) as { method: string; status: number }[];
      return {
        statuses: [created.status, list.status],
        departures: departures.map((d) => `${d.side} ${d.rule}`),
        journal: journal.map((e) => `${e.method} ${e.status}`),
      };
    }),
  );
  expect(seen).toEqual(
    sessions.map((_, i) => ({
      statuses: [201, i % 2 ? 400 : 200],
      departures: i % 2 ? ['client pet-status'] : [],
      journal: ['POST 201', `GET ${i % 2 ? 400 : 200}`],
    })),
  );
});
