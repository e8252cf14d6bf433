/**
 * Two mock instances behind nginx (docs/scaling.md): parallel sessions each live on exactly
 * one instance and never see each other's data; requests without the header all reach one
 * instance's default session (and why the configuration names them).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ShippedMock, startShippedMock } from '../package/shipped-mock.ts';
import { type Nginx, startNginx } from './nginx.ts';

const KEY = { authorization: 'Bearer petstore-dev-key' };
const JSON_TYPE = { 'content-type': 'application/json' };

let instances: ShippedMock[] = [];
let nginx: Nginx;
let plain: Nginx;

beforeAll(async () => {
  instances = await Promise.all([
    startShippedMock('npm run mock'),
    startShippedMock('npm run mock'),
  ]);
  const ports = instances.map((mock) => Number(new URL(mock.origin).port));
  nginx = await startNginx(ports);
  plain = await startNginx(ports, '$http_x_mock_session');
}, 360_000);

afterAll(async () => {
  await Promise.all([nginx?.process.stop(), plain?.process.stop()]);
  await Promise.all(instances.map((mock) => mock.process.stop()));
});

type Pet = { id: number; name: string };

/** A session's work through nginx: it creates two animals and sees only its own. */
async function sessionThroughNginx(id: string): Promise<void> {
  const headers = { ...KEY, ...JSON_TYPE, 'x-mock-session': id };
  for (const name of [`${id} one`, `${id} two`]) {
    const created = await fetch(`${nginx.origin}/v1/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, categoryId: 1 }),
    });
    expect(created.status).toBe(201);
  }
  const reply = await fetch(`${nginx.origin}/v1/pets?limit=100`, { headers });
  const listed = (await reply.json()) as Pet[];
  expect(listed).toHaveLength(42);
  expect(listed.slice(40).map((p) => p.name)).toEqual([`${id} one`, `${id} two`]);
  const fetched = (await (await fetch(`${nginx.origin}/v1/pets/41`, { headers })).json()) as Pet;
  expect(fetched.name).toBe(`${id} one`);
}

const liveOn = async (mock: ShippedMock): Promise<string[]> => {
  const reply = await fetch(`${mock.origin}/__mock/sessions`);
  return ((await reply.json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id);
};

it('keeps every session on exactly one instance, apart from every other session', async () => {
  const ids = Array.from({ length: 16 }, (_, i) => `team-${i}`);
  await Promise.all(ids.map(sessionThroughNginx));
  const [first, second] = await Promise.all(instances.map(liveOn));
  for (const id of ids) {
    expect([first?.includes(id), second?.includes(id)].filter(Boolean), id).toHaveLength(1);
  }
  // The hash spreads the sessions over both instances.
  expect(first?.length).toBeGreaterThan(0);
  expect(second?.length).toBeGreaterThan(0);
});

const createWithoutHeader = async (origin: string, count: number) => {
  for (let i = 0; i < count; i++) {
    const created = await fetch(`${origin}/v1/pets`, {
      method: 'POST',
      headers: { ...KEY, ...JSON_TYPE },
      body: JSON.stringify({ name: `No header ${i}`, categoryId: 1 }),
    });
    expect(created.status).toBe(201);
  }
};

const defaultCounts = () =>
  Promise.all(
    instances.map(async (mock) => {
      const state = await (await fetch(`${mock.origin}/__mock/state`)).json();
      return (state as { count: number }).count;
    }),
  );

it('sends every request without the header to one instance, to its default session', async () => {
  const before = await defaultCounts();
  await createWithoutHeader(nginx.origin, 4);
  const grown = (await defaultCounts()).map((count, i) => count - (before[i] ?? 0));
  expect(grown.sort()).toEqual([0, 4]);
});

it('spreads requests without the header round-robin when the hash key is the bare header', async () => {
  const before = await defaultCounts();
  await createWithoutHeader(plain.origin, 4);
  // nginx's hash falls back to round-robin for an empty key: each default session gets some.
  const grown = (await defaultCounts()).map((count, i) => count - (before[i] ?? 0));
  expect(grown).toEqual([2, 2]);
});
