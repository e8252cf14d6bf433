import { beforeEach, expect, it } from 'vitest';
import { controlledMock } from '../testing/controlled-mock.ts';
import { DEFAULT_API_KEY } from './defaults.ts';
import { createJournal, type JournalEntry, type RecordedEntry } from './journal.ts';

const ORIGIN = 'http://journal.test';
const { mock } = controlledMock(ORIGIN);
beforeEach(() => mock.reset());

let counter = 0;
const newSession = () => `j-${Date.now().toString(36)}-${counter++}`;
const AUTH = { authorization: `Bearer ${DEFAULT_API_KEY}` };

const send = (path: string, init: RequestInit & { session?: string } = {}) =>
  fetch(`${ORIGIN}${path}`, {
    ...init,
    headers: {
      ...AUTH,
      ...(init.session ? { 'x-mock-session': init.session } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
const requests = async (session?: string, query = '') => {
  const reply = await fetch(`${ORIGIN}/__mock/requests${query}`, {
    headers: session ? { 'x-mock-session': session } : {},
  });
  return { status: reply.status, text: await reply.clone().text(), body: await reply.json() };
};

it('records what the app sent and what it got, in the order it came', async () => {
  const session = newSession();
  await send('/v1/pets?limit=2&status=sold', { session });
  await send('/v1/pets', {
    session,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'r-1' },
    body: JSON.stringify({ name: 'Rex', categoryId: 2 }),
  });
  await send('/v1/pets/3', { session });
  const { body } = await requests(session);
  const [list, create, get] = body as JournalEntry[];
  expect(body).toHaveLength(3);
  expect(list).toMatchObject({
    id: 1,
    session,
    operation: 'listPets',
    method: 'GET',
    path: '/v1/pets',
    query: { limit: '2', status: 'sold' },
    status: 200,
    response: { headers: { 'content-type': 'application/json' } },
  });
  expect(list?.response.body).toHaveLength(2);
  expect(typeof list?.durationMs).toBe('number');
  expect(Date.parse(list?.time ?? '')).toBeGreaterThan(Date.now() - 60_000);
  expect(create).toMatchObject({
    operation: 'createPet',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'r-1' },
    body: { name: 'Rex', categoryId: 2 },
    status: 201,
    response: { headers: { location: '/v1/pets/13' }, body: { id: 13, name: 'Rex' } },
  });
  expect(get).toMatchObject({ operation: 'getPet', pathParams: { petId: '3' }, status: 200 });
  expect(get?.response.headers.sunset).toBeDefined();
});

it('never holds the key: Authorization is masked, the scheme kept', async () => {
  const session = newSession();
  await send('/v1/pets', { session });
  await send('/v1/pets', { session, headers: { authorization: 'Bearer a-real-secret' } });
  await send('/v1/pets', { session, headers: { authorization: 'secret-without-scheme' } });
  const { text, body } = await requests(session);
  expect(text).not.toContain(DEFAULT_API_KEY);
  expect(text).not.toContain('a-real-secret');
  expect(text).not.toContain('secret-without-scheme');
  expect((body as JournalEntry[]).map((entry) => entry.headers.authorization)).toEqual([
    'Bearer [masked]',
    'Bearer [masked]',
    '[masked]',
  ]);
  expect(JSON.stringify(mock.session(session).requests())).not.toContain(DEFAULT_API_KEY);
});

it('keeps the mock’s message for a 4xx, and journals a 401 in the session it named', async () => {
  const session = newSession();
  await send('/v1/pets?limit=0', { session });
  await fetch(`${ORIGIN}/v1/pets`, { headers: { 'x-mock-session': session } });
  await send('/v1/pets', {
    session,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"Broken",',
  });
  const entries = mock.session(session).requests();
  expect(entries.map((entry) => [entry.status, entry.message])).toEqual([
    [400, 'limit must be an integer from 1 to 100, got "0"'],
    [401, expect.stringMatching(/key/i)],
    [400, expect.stringMatching(/^request body is not valid JSON/)],
  ]);
  expect(entries[2]?.body).toBe('{"name":"Broken",');
});

it('filters by operation, status or status class, time and entry id, and refuses a bad filter', async () => {
  const session = newSession();
  const before = new Date().toISOString();
  await send('/v1/pets', { session });
  await send('/v1/pets/999', { session });
  await send('/v1/pets/1', { session });
  const ids = async (query: string) =>
    ((await requests(session, query)).body as JournalEntry[]).map((entry) => entry.id);
  expect(await ids('?operation=getPet')).toEqual([2, 3]);
  expect(await ids('?status=404')).toEqual([2]);
  expect(await ids('?status=2xx')).toEqual([1, 3]);
  expect(await ids('?operation=getPet&status=200')).toEqual([3]);
  expect(await ids('?after=1')).toEqual([2, 3]);
  expect(await ids('?after=1&before=3')).toEqual([2]);
  expect(await ids(`?since=${encodeURIComponent(before)}`)).toEqual([1, 2, 3]);
  expect(await ids(`?since=${Date.now() + 60_000}`)).toEqual([]);
  for (const bad of [
    '?operation=deletePet',
    '?status=ok',
    '?since=yesterday',
    '?after=-1',
    '?before=x',
  ]) {
    const reply = await requests(session, bad);
    expect(reply.status, bad).toBe(400);
    expect(reply.body).toMatchObject({ code: 'validation_failed' });
  }
});

it('keeps each session’s journal apart, clears it with DELETE and on a reset', async () => {
  const [a, b] = [newSession(), newSession()];
  await send('/v1/pets', { session: a });
  await send('/v1/pets/1', { session: b });
  expect(((await requests(a)).body as JournalEntry[]).map((e) => e.operation)).toEqual([
    'listPets',
  ]);
  expect(mock.session(b).requests({ operation: 'getPet' })).toHaveLength(1);
  const cleared = await fetch(`${ORIGIN}/__mock/requests`, {
    method: 'DELETE',
    headers: { 'x-mock-session': a },
  });
  expect(cleared.status).toBe(204);
  expect((await requests(a)).body).toEqual([]);
  await send('/v1/pets', { session: a });
  expect(mock.session(a).requests()[0]?.id).toBe(2);
  await mock.session(b).reset();
  expect(mock.session(b).requests()).toEqual([]);
});

it('names the fault that answered a request', async () => {
  const session = newSession();
  mock.session(session).faults.add({ operation: 'listPets', status: 503 });
  await send('/v1/pets', { session });
  const [entry] = mock.session(session).requests();
  expect(entry).toMatchObject({
    status: 503,
    fault: { id: 1, operation: 'listPets', status: 503 },
  });
});

it('waits for a request already journaled, or for the next one, by what it sent', async () => {
  const session = newSession();
  const handle = mock.session(session);
  await send('/v1/pets?status=sold', { session });
  const earlier = await handle.waitForRequest({ operation: 'listPets', query: { status: 'sold' } });
  expect(earlier.id).toBe(1);
  const later = handle.waitForRequest({ operation: 'createPet', body: { name: 'Later' } });
  await send('/v1/pets', {
    session,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Other', categoryId: 1 }),
  });
  await send('/v1/pets', {
    session,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Later', categoryId: 1 }),
  });
  expect(await later).toMatchObject({ id: 3, status: 201, body: { name: 'Later' } });
  const byFunction = await handle.waitForRequest((entry) => entry.status === 201);
  expect(byFunction.id).toBe(2);
});

it('rejects a wait that times out, naming what it looked for and what arrived', async () => {
  const session = newSession();
  await send('/v1/pets', { session });
  await expect(
    mock.session(session).waitForRequest({ operation: 'getPet' }, { timeout: 50 }),
  ).rejects.toThrow(
    /no request matching \{"operation":"getPet"\} within 50 ms.*GET \/v1\/pets → 200/,
  );
});

it('keeps the last entries of a full journal, with ids that go on counting', () => {
  const journal = createJournal(3);
  const entry = (path: string): RecordedEntry => ({
    time: new Date().toISOString(),
    session: null,
    operation: 'listPets',
    method: 'GET',
    path,
    pathParams: {},
    query: {},
    headers: {},
    bodyIsJson: false,
    status: 200,
    response: { headers: {}, text: '[]', isJson: true },
    durationMs: 1,
  });
  for (let i = 1; i <= 10; i += 1) journal.record(entry(`/v1/${i}`));
  expect(journal.list().map((e) => [e.id, e.path])).toEqual([
    [8, '/v1/8'],
    [9, '/v1/9'],
    [10, '/v1/10'],
  ]);
  expect(journal.size).toBe(3);
  const none = createJournal(0);
  none.record(entry('/v1/pets'));
  expect(none.list()).toEqual([]);
});

it('tells an active tap of every entry with its id, even where the journal keeps none', () => {
  const told: [number, string][] = [];
  const tap = {
    active: false,
    recorded: (id: number, e: RecordedEntry) => told.push([id, e.path]),
  };
  const journal = createJournal(0, tap);
  const entry = { ...recordedEntry(), path: '/v1/pets/1' };
  expect(journal.recording).toBe(false);
  journal.record(entry);
  tap.active = true;
  expect(journal.recording).toBe(true);
  journal.record(entry);
  journal.record({ ...entry, path: '/v1/pets/2' });
  expect(told).toEqual([
    [1, '/v1/pets/1'],
    [2, '/v1/pets/2'],
  ]);
  expect(journal.total).toBe(2);
  expect(journal.list()).toEqual([]);
});

const recordedEntry = (): RecordedEntry => ({
  time: new Date().toISOString(),
  session: null,
  operation: 'listPets',
  method: 'GET',
  path: '/v1/pets',
  pathParams: {},
  query: {},
  headers: {},
  bodyIsJson: false,
  status: 200,
  response: { headers: {}, text: '[]', isJson: true },
  durationMs: 1,
});

it('cuts a response body longer than it keeps, and says so', () => {
  const journal = createJournal(1);
  const text = JSON.stringify('x'.repeat(70_000));
  journal.record({
    time: new Date().toISOString(),
    session: 'big',
    operation: 'listPets',
    method: 'GET',
    path: '/v1/pets',
    pathParams: {},
    query: {},
    headers: {},
    bodyIsJson: false,
    status: 200,
    response: { headers: {}, text, isJson: true },
    durationMs: 1,
  });
  const [kept] = journal.list();
  expect(kept?.response.truncated).toBe(true);
  expect(String(kept?.response.body).length).toBe(65_536);
});
