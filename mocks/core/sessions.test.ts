import { expect, it } from 'vitest';
import { call, createTestHandlers, useInProcessMock } from '../testing/in-process.ts';
import { createSessions } from './sessions.ts';
import { createStore } from './store.ts';

const { server } = useInProcessMock({ seedCount: 40 });

const JSON_TYPE = { 'content-type': 'application/json' };
let counter = 0;
const newSession = () => `s-${Date.now().toString(36)}-${counter++}`;
const as = (session: string) => ({ 'x-mock-session': session });
const create = (session: string, name: string) =>
  call('POST', '/v1/pets', {
    headers: { ...JSON_TYPE, ...as(session) },
    body: JSON.stringify({ name, categoryId: 3 }),
  });
const list = async (session?: string) =>
  (await call('GET', '/v1/pets?limit=100', { headers: session ? as(session) : {} })).body as {
    id: number;
    name: string;
  }[];

it('keeps each session apart from the default session and from every other session', async () => {
  const [a, b] = [newSession(), newSession()];
  expect((await create(a, 'Only in A')).body).toMatchObject({ id: 41 });
  expect((await create(b, 'Only in B')).body).toMatchObject({ id: 41 });
  expect((await list(a)).map((p) => p.name)).toContain('Only in A');
  expect((await list(a)).map((p) => p.name)).not.toContain('Only in B');
  expect((await list(b)).map((p) => p.name)).not.toContain('Only in A');
  expect(await list()).toHaveLength(40);
});

it('starts a new session from the seed data, as a fresh mock starts', async () => {
  expect(await list(newSession())).toEqual(await list());
});

it('answers 400 invalid_session for a malformed session id and changes nothing', async () => {
  for (const bad of ['has space', 'x'.repeat(65), '', 'é', 'a/b']) {
    const reply = await call('POST', '/v1/pets', {
      headers: { ...JSON_TYPE, 'x-mock-session': bad },
      body: JSON.stringify({ name: 'Never', categoryId: 1 }),
    });
    expect(reply.status, JSON.stringify(bad)).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_session', status: 400 });
  }
  expect(await list()).toHaveLength(40);
  const control = await call('POST', '/__mock/reset', {
    key: null,
    headers: { ...JSON_TYPE, 'x-mock-session': 'not valid' },
  });
  expect(control.body).toMatchObject({ code: 'invalid_session' });
});

it('authenticates before it reads the session header', async () => {
  const reply = await call('GET', '/v1/pets', { key: null, headers: as('bad id') });
  expect(reply.status).toBe(401);
});

it('never hands out an id twice within a session, resets included', async () => {
  const session = newSession();
  expect((await create(session, 'First')).body).toMatchObject({ id: 41 });
  await call('POST', '/__mock/reset', { key: null, headers: { ...JSON_TYPE, ...as(session) } });
  expect((await call('GET', '/v1/pets/41', { headers: as(session) })).status).toBe(404);
  expect((await create(session, 'Second')).body).toMatchObject({ id: 42 });
});

it('lists live sessions, ends one with DELETE, and starts it afresh on its next request', async () => {
  const session = newSession();
  await create(session, 'Kept for now');
  const listed = await call('GET', '/__mock/sessions', { key: null });
  expect((listed.body as { sessions: { id: string; count: number }[] }).sessions).toContainEqual(
    expect.objectContaining({ id: session, count: 41 }),
  );
  const ended = await call('DELETE', `/__mock/sessions/${session}`, { key: null });
  expect(ended.status).toBe(204);
  expect(await list(session)).toHaveLength(40);
  const unknown = await call('DELETE', '/__mock/sessions/never-seen', { key: null });
  expect(unknown.status).toBe(404);
});

it('keeps faults and resets of one session out of every other', async () => {
  const [a, b] = [newSession(), newSession()];
  await create(b, 'Survives');
  await call('POST', '/__mock/faults', {
    key: null,
    headers: { ...JSON_TYPE, ...as(a) },
    body: JSON.stringify({ operation: '*', status: 500, times: 5 }),
  });
  await call('POST', '/__mock/reset', { key: null, headers: { ...JSON_TYPE, ...as(a) } });
  expect((await call('GET', '/v1/pets', { headers: as(b) })).status).toBe(200);
  expect((await list(b)).map((p) => p.name)).toContain('Survives');
});

it('refuses a session beyond the bound with 503 session_limit, changing nothing', async () => {
  server.use(
    ...createTestHandlers({ store: createStore(), maxSessions: 2, origin: 'http://bounded.test' }),
  );
  const get = (session: string) =>
    fetch('http://bounded.test/v1/pets', {
      headers: { authorization: 'Bearer petstore-dev-key', 'x-mock-session': session },
    });
  expect((await get('one')).status).toBe(200);
  expect((await get('two')).status).toBe(200);
  const refused = await get('three');
  expect(refused.status).toBe(503);
  expect(await refused.json()).toMatchObject({ code: 'session_limit', status: 503 });
  expect((await get('one')).status).toBe(200);
  const live = await (await fetch('http://bounded.test/__mock/sessions')).json();
  expect(live.sessions.map((s: { id: string }) => s.id).sort()).toEqual(['one', 'two']);
  // Each with its animals and the requests it answered (the console's sessions table).
  const one = live.sessions.find((s: { id: string }) => s.id === 'one');
  expect(one).toMatchObject({ count: 40, requests: 2 });
  expect(live.default).toMatchObject({ count: 40, requests: 0 });
});

it('ends a session unused for longer than its time to live, and only such a one', () => {
  let now = 0;
  const sessions = createSessions({ store: createStore(), sessionTtlMs: 1_000, now: () => now });
  sessions.session('idle');
  now = 600;
  sessions.session('busy');
  now = 1_200;
  sessions.session('busy');
  expect(sessions.list().map((s) => s.id)).toEqual(['busy']);
  sessions.close();
});

it('gives each session its own rate-limit budget', async () => {
  server.use(
    ...createTestHandlers({ store: createStore(), rateLimit: 2, origin: 'http://limited.test' }),
  );
  {
    const get = (session: string) =>
      fetch('http://limited.test/v1/pets', {
        headers: { authorization: 'Bearer petstore-dev-key', 'x-mock-session': session },
      }).then((r) => r.status);
    expect([await get('a'), await get('a'), await get('a')]).toEqual([200, 200, 429]);
    expect(await get('b')).toBe(200);
  }
});
