import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Profile } from '../../spec/profile.ts';
import { createControlHandle } from './control-handle.ts';
import { createControlHandlers } from './controls.ts';
import { DEFAULT_API_KEY } from './defaults.ts';
import { createHandlers } from './handlers.ts';
import type { Pet } from './pet-schema.ts';
import { createSessions } from './sessions.ts';
import { createStore } from './store.ts';

// Two mocks in one process: one without a profile (sessions set theirs), one given a profile.
const PLAIN = 'http://plain.test';
const PROFILED = 'http://profiled.test';
const SERVER_PROFILE: Profile = { order: 'id-desc', defaultStatus: 'sold' };

const plainSessions = createSessions({ store: createStore({ seedCount: 12 }) });
const plain = createControlHandle(plainSessions);
const profiledStore = createStore({ seedCount: 12 });
const server = setupServer(
  ...createHandlers({ sessions: plainSessions, origin: PLAIN }),
  ...createControlHandlers(plainSessions, { origin: PLAIN }),
  ...createHandlers({ store: profiledStore, origin: PROFILED, profile: SERVER_PROFILE }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await plain.reset();
  plain.profile.clear();
  await profiledStore.restart();
});

type Send = { session?: string; key?: string | null; body?: unknown; origin?: string };
async function send(method: string, path: string, options: Send = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.key !== null) headers.authorization = `Bearer ${options.key ?? DEFAULT_API_KEY}`;
  if (options.session) headers['x-mock-session'] = options.session;
  const response = await fetch(`${options.origin ?? PLAIN}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    link: response.headers.get('link'),
    body: text && JSON.parse(text),
  };
}
const ids = (body: unknown) => (body as Pet[]).map((pet) => pet.id);
const declare = (session: string, profile: Profile) => plain.session(session).profile.set(profile);

/** Every animal of a walk that follows Link rel="next". */
async function walk(session: string, limit: number) {
  const seen: Pet[] = [];
  let path: string | undefined = `/v1/pets?limit=${limit}`;
  while (path !== undefined) {
    const page = await send('GET', path, { session });
    seen.push(...(page.body as Pet[]));
    const next = /^<([^>]+)>; rel="next"$/.exec(page.link ?? '')?.[1];
    path = next === undefined ? undefined : next.slice(PLAIN.length);
  }
  return seen;
}

it('lists newest first over Link pages when the profile declares id-desc or newest-first', async () => {
  for (const order of ['id-desc', 'newest-first'] as const) {
    declare(order, { order, pagination: 'link' });
    expect(ids(await walk(order, 5)), order).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  }
});

it('lists by name over Link pages, each animal once, when the profile declares name-asc', async () => {
  declare('names', { order: 'name-asc' });
  await send('POST', '/v1/pets', { session: 'names', body: { name: 'Aardvark', categoryId: 1 } });
  const names = (await walk('names', 4)).map((pet) => pet.name);
  expect(names).toHaveLength(13);
  expect(names[0]).toBe('Aardvark');
  expect(names).toEqual([...names].sort());
});

it('answers one page without Link when the profile declares pagination none', async () => {
  declare('one', { pagination: 'none' });
  const page = await send('GET', '/v1/pets?limit=5', { session: 'one' });
  expect([ids(page.body), page.link]).toEqual([[1, 2, 3, 4, 5], null]);
  // A cursor is one more unknown parameter to such a server, ignored.
  const cursor = await send('GET', '/v1/pets?limit=2&cursor=%%', { session: 'one' });
  expect(ids(cursor.body)).toEqual([1, 2]);
});

it('stores the declared default status, or none when it is omitted', async () => {
  for (const defaultStatus of ['pending', 'sold', 'available', 'omitted'] as const) {
    declare(defaultStatus, { defaultStatus });
    const body = { name: 'Rex', categoryId: 1 };
    const created = await send('POST', '/v1/pets', { session: defaultStatus, body });
    expect(created.status).toBe(201);
    expect((created.body as Pet).status, defaultStatus).toBe(
      defaultStatus === 'omitted' ? undefined : defaultStatus,
    );
  }
});

it('clamps an out-of-range limit, or refuses it with the declared status', async () => {
  declare('clamp', { outOfRangeLimit: 'clamp' });
  expect(ids((await send('GET', '/v1/pets?limit=0', { session: 'clamp' })).body)).toEqual([1]);
  expect((await send('GET', '/v1/pets?limit=101', { session: 'clamp' })).body).toHaveLength(12);
  // Not an integer at all is still a 400: clamping is for numbers out of range.
  expect((await send('GET', '/v1/pets?limit=abc', { session: 'clamp' })).status).toBe(400);
  declare('422', { outOfRangeLimit: 422 });
  const refused = await send('GET', '/v1/pets?limit=-1', { session: '422' });
  expect([refused.status, refused.body.status]).toEqual([422, 422]);
});

it('answers 400, 401 and 404 with the declared codes and keeps the other codes', async () => {
  const errorCodes = { '400': 'BAD_REQUEST', '401': 'NO_KEY', '404': 'NOT_FOUND' };
  declare('codes', { errorCodes });
  const session = 'codes';
  expect((await send('GET', '/v1/pets?limit=0', { session })).body.code).toBe('BAD_REQUEST');
  expect((await send('GET', '/v1/pets', { session, key: null })).body.code).toBe('NO_KEY');
  expect((await send('GET', '/v1/pets/999', { session })).body.code).toBe('NOT_FOUND');
  expect((await send('PUT', '/v1/pets', { session })).body.code).toBe('method_not_allowed');
});

it('accepts names up to the declared length, above the spec’s 255 too, and refuses longer', async () => {
  declare('long', { maxNameLength: 300 });
  const at = await send('POST', '/v1/pets', {
    session: 'long',
    body: { name: 'n'.repeat(300), categoryId: 1 },
  });
  expect(at.status).toBe(201);
  declare('short', { maxNameLength: 10 });
  const over = await send('POST', '/v1/pets', {
    session: 'short',
    body: { name: '🐈'.repeat(11), categoryId: 1 },
  });
  expect([over.status, over.body.message]).toEqual([
    400,
    'name must be at most 10 characters, got 11',
  ]);
  // Characters are code points: ten cats are ten characters, not twenty UTF-16 units.
  const ten = await send('POST', '/v1/pets', {
    session: 'short',
    body: { name: '🐈'.repeat(10), categoryId: 1 },
  });
  expect(ten.status).toBe(201);
});

it('ignores unknown creation fields when declared, storing only the spec’s fields', async () => {
  declare('ignore', { unknownFields: 'ignore' });
  const body = { name: 'Rex', categoryId: 1, nickname: 'R', id: 5 };
  const created = await send('POST', '/v1/pets', { session: 'ignore', body });
  expect(created.status).toBe(201);
  expect(Object.keys(created.body).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
  expect(created.body.id).toBe(13);
  const refused = await send('POST', '/v1/pets', { session: 'refuse-by-default', body });
  expect(refused.status).toBe(400);
});

/** A creation with its body under `type` (none when null), as a client that mislabels it sends it. */
const labelled = (session: string, type: string | null, body: string) =>
  fetch(`${PLAIN}/v1/pets`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${DEFAULT_API_KEY}`,
      'x-mock-session': session,
      ...(type === null ? {} : { 'content-type': type }),
    },
    body: type === null ? new TextEncoder().encode(body) : body,
  });

it('reads a JSON, text or form body under another label when declared, and refuses it with 415 by default', async () => {
  declare('reader', { otherMediaTypes: 'read' });
  const json = JSON.stringify({ name: 'Plain', categoryId: 2 });
  for (const [type, body] of [
    ['text/plain;charset=UTF-8', json],
    [null, json],
    ['application/x-www-form-urlencoded', 'name=Form+cat&categoryId=3&status=sold'],
  ] as const) {
    const read = await labelled('reader', type, body);
    expect(read.status, String(type)).toBe(201);
    const pet = (await read.json()) as Pet;
    const sent = type?.startsWith('application/x-www')
      ? { name: 'Form cat', categoryId: 3, status: 'sold' }
      : { name: 'Plain', categoryId: 2 };
    expect(pet, String(type)).toMatchObject(sent);
    const refused = await labelled('refuser', type, body);
    expect(refused.status, String(type)).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'unsupported_media_type', status: 415 });
  }
  // Read, a form is still validated as a creation: categoryId must be an integer.
  const invalid = await labelled(
    'reader',
    'application/x-www-form-urlencoded',
    'name=x&categoryId=two',
  );
  expect(invalid.status).toBe(400);
});

it('keeps this project’s decisions for every field a profile leaves out', async () => {
  declare('empty', {});
  for (const path of ['/v1/pets?limit=3', '/v1/pets?limit=0', '/v1/pets/999']) {
    const own = await send('GET', path, { session: 'own' });
    expect(await send('GET', path, { session: 'empty' }), path).toEqual(own);
  }
  const created = await send('POST', '/v1/pets', {
    session: 'empty',
    body: { name: 'x'.repeat(256), categoryId: 1 },
  });
  expect(created.status).toBe(400);
});

it('gives one session its profile over HTTP while the others keep theirs, until DELETE', async () => {
  const put = await send('PUT', '/__mock/profile', { session: 'a', body: { order: 'id-desc' } });
  expect(put).toMatchObject({
    status: 200,
    body: { source: 'session', profile: { order: 'id-desc' } },
  });
  declare('b', { order: 'name-asc', pagination: 'none' });
  expect(ids((await send('GET', '/v1/pets?limit=2', { session: 'a' })).body)).toEqual([12, 11]);
  expect(ids((await send('GET', '/v1/pets?limit=2')).body)).toEqual([1, 2]);
  expect((await send('GET', '/__mock/profile', { session: 'b' })).body).toEqual({
    source: 'session',
    profile: { order: 'name-asc', pagination: 'none' },
  });
  const back = await send('DELETE', '/__mock/profile', { session: 'a' });
  expect(back.body).toEqual({ source: 'server', profile: {} });
  expect(ids((await send('GET', '/v1/pets?limit=2', { session: 'a' })).body)).toEqual([1, 2]);
});

it('refuses an invalid profile with 400 naming the field, and changes nothing', async () => {
  const bad = await send('PUT', '/__mock/profile', { session: 'bad', body: { order: 'random' } });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/^profile: order must be one of/);
  expect(() => declare('bad', { pagnation: 'none' } as Profile)).toThrow(/unknown field pagnation/);
  expect(plain.session('bad').profile.get()).toEqual({ source: 'server', profile: {} });
});

it('answers by the profile given to the handlers, in every session until one sets its own', async () => {
  const list = await send('GET', '/v1/pets?limit=2', { origin: PROFILED, session: 's' });
  expect(ids(list.body)).toEqual([12, 11]);
  const body = { name: 'Rex', categoryId: 1 };
  const created = await send('POST', '/v1/pets', { origin: PROFILED, body });
  expect((created.body as Pet).status).toBe('sold');
});

it('drops a session’s profile on a reset, as on the end of the session', async () => {
  declare('kept', { order: 'id-desc' });
  expect(ids((await send('GET', '/v1/pets?limit=1', { session: 'kept' })).body)).toEqual([12]);
  expect((await send('POST', '/__mock/reset', { session: 'kept' })).status).toBe(200);
  expect(ids((await send('GET', '/v1/pets?limit=1', { session: 'kept' })).body)).toEqual([1]);
  declare('kept', { order: 'id-desc' });
  expect((await send('DELETE', '/__mock/sessions/kept')).status).toBe(204);
  expect(ids((await send('GET', '/v1/pets?limit=1', { session: 'kept' })).body)).toEqual([1]);
});

it('takes a session’s profile as YAML, the profile file as it is written', async () => {
  const put = (body: string, type = 'application/yaml') =>
    fetch(`${PLAIN}/__mock/profile`, {
      method: 'PUT',
      headers: { 'content-type': type, 'x-mock-session': 'yaml' },
      body,
    });
  const file = '# from --print-profile\norder: id-desc\nerrorCodes:\n  "404": pet_not_found\n';
  const reply = await put(file);
  expect(reply.status).toBe(200);
  expect(await reply.json()).toEqual({
    source: 'session',
    profile: { order: 'id-desc', errorCodes: { '404': 'pet_not_found' } },
  });
  expect(ids((await send('GET', '/v1/pets?limit=1', { session: 'yaml' })).body)).toEqual([12]);
  const wrong = await put('order: sideways\n', 'text/yaml');
  expect(wrong.status).toBe(400);
  expect(((await wrong.json()) as { message: string }).message).toMatch(/^profile: order must be/);
  const broken = await put('order: [id-desc\n');
  expect(broken.status).toBe(400);
  expect(((await broken.json()) as { message: string }).message).toMatch(/^profile: not YAML/);
});
