/**
 * Sessions and faults on the mock as users start it (`npm run mock`, the bundled bin):
 * parallel tests, each in its own session, never see each other's data, and every rule of
 * the `sessions` and `faults` decisions holds over real HTTP.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ShippedMock, startShippedMock } from '../package/shipped-mock.ts';

const KEY = { authorization: 'Bearer petstore-dev-key' };
const JSON_TYPE = { 'content-type': 'application/json' };
const SLOW = { timeout: 60_000 };

let mock: ShippedMock;
let bounded: ShippedMock;

beforeAll(async () => {
  [mock, bounded] = await Promise.all([
    startShippedMock('npm run mock'),
    startShippedMock('npm run mock', {
      args: ['--port', '0', '--max-sessions', '2', '--session-ttl', '1'],
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([mock?.process.stop(), bounded?.process.stop()]);
});

type Pet = { id: number; name: string; status: string };

/** One parallel "test": everything it does goes through its own session. */
async function ownSessionTest(index: number): Promise<void> {
  const session = { 'x-mock-session': `parallel-${index}` };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${mock.baseUrl}${path}`, {
      ...init,
      headers: { ...KEY, ...session, ...JSON_TYPE, ...(init.headers as object) },
    });
  const control = (path: string, init: RequestInit = {}) =>
    fetch(`${mock.origin}/__mock/${path}`, {
      ...init,
      headers: { ...session, ...JSON_TYPE, ...(init.headers as object) },
    });
  const names = [0, 1, 2].map((n) => `Test ${index} pet ${n}`);
  const created: Pet[] = [];
  for (const name of names) {
    const reply = await api('/pets', {
      method: 'POST',
      body: JSON.stringify({ name, categoryId: 1 }),
    });
    expect(reply.status).toBe(201);
    created.push(await reply.json());
  }
  expect(created.map((p) => p.id)).toEqual([41, 42, 43]);
  const listed = (await (await api('/pets?limit=100')).json()) as Pet[];
  expect(listed).toHaveLength(43);
  expect(listed.filter((p) => p.name.startsWith('Test ')).map((p) => p.name)).toEqual(names);
  for (const pet of created) expect(await (await api(`/pets/${pet.id}`)).json()).toEqual(pet);
  // A fault and a reset of this session reach no other session.
  await control('faults', { method: 'POST', body: JSON.stringify({ status: 500, times: 1 }) });
  expect((await api('/pets')).status).toBe(500);
  expect((await control('reset', { method: 'POST' })).status).toBe(200);
  expect((await api('/pets/41')).status).toBe(404);
  const next = await api('/pets', {
    method: 'POST',
    body: JSON.stringify({ name: 'After', categoryId: 1 }),
  });
  expect((await next.json()).id).toBe(44);
}

it(
  'runs 8 parallel tests on one mock, each in its own session, never seeing another',
  SLOW,
  async () => {
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(ownSessionTest));
    const listed = await (await fetch(`${mock.origin}/__mock/sessions`)).json();
    const ids = listed.sessions.map((s: { id: string }) => s.id);
    for (let i = 0; i < 8; i++) expect(ids).toContain(`parallel-${i}`);
    const defaults = (await (
      await fetch(`${mock.baseUrl}/pets?limit=100`, { headers: KEY })
    ).json()) as Pet[];
    expect(defaults).toHaveLength(40);
  },
);

it('drops the connection of a request that takes a network fault', async () => {
  const session = { 'x-mock-session': 'network' };
  await fetch(`${mock.origin}/__mock/faults`, {
    method: 'POST',
    headers: { ...session, ...JSON_TYPE },
    body: JSON.stringify({ operation: 'listPets', network: 'reset' }),
  });
  await expect(
    fetch(`${mock.baseUrl}/pets`, { headers: { ...KEY, ...session } }),
  ).rejects.toThrow();
  expect((await fetch(`${mock.baseUrl}/pets`, { headers: { ...KEY, ...session } })).status).toBe(
    200,
  );
});

it('answers 400 invalid_session for a malformed id on the API and the controls', async () => {
  const bad = { 'x-mock-session': 'no spaces allowed' };
  const api = await fetch(`${mock.baseUrl}/pets`, { headers: { ...KEY, ...bad } });
  expect(api.status).toBe(400);
  expect(await api.json()).toMatchObject({ code: 'invalid_session' });
  const control = await fetch(`${mock.origin}/__mock/state`, { headers: bad });
  expect(control.status).toBe(400);
});

it('allows the session header in preflights of the API and of the controls', async () => {
  for (const url of [`${mock.baseUrl}/pets`, `${mock.origin}/__mock/faults`]) {
    const reply = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-mock-session, content-type',
      },
    });
    expect(reply.status, url).toBe(204);
    expect(reply.headers.get('access-control-allow-headers'), url).toMatch(/x-mock-session/i);
  }
});

it(
  'refuses a session beyond --max-sessions with 503, then admits one once idle ones end',
  SLOW,
  async () => {
    const get = (session: string) =>
      fetch(`${bounded.baseUrl}/pets`, { headers: { ...KEY, 'x-mock-session': session } });
    expect((await get('one')).status).toBe(200);
    expect((await get('two')).status).toBe(200);
    const refused = await get('three');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'session_limit', status: 503 });
    // --session-ttl 1: both end after a second unused.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await get('three')).status).toBe(200);
    const live = await (await fetch(`${bounded.origin}/__mock/sessions`)).json();
    expect(live.sessions.map((s: { id: string }) => s.id)).toEqual(['three']);
  },
);
