import { Collection } from '@msw/data';
import { afterEach, expect, it, vi } from 'vitest';
import { call, ORIGIN, useInProcessMock } from '../testing/in-process.ts';
import { seedPets } from './seed.ts';

const { store } = useInProcessMock({ seedCount: 40 });

const JSON_TYPE = { 'content-type': 'application/json' };
const create = (name: string) =>
  call('POST', '/v1/pets', { headers: JSON_TYPE, body: JSON.stringify({ name, categoryId: 3 }) });
const putData = (body: string) =>
  call('PUT', '/__mock/data', { key: null, headers: JSON_TYPE, body });

afterEach(() => {
  vi.restoreAllMocks();
});

it('resets to the seed data with the same ids, and never hands out an id twice', async () => {
  const before = await call('GET', '/__mock/state', { key: null });
  expect((await create('Extra')).body).toMatchObject({ id: 41 });
  await putData('[]');
  const reset = await call('POST', '/__mock/reset', { key: null, headers: JSON_TYPE });
  expect(reset.body).toMatchObject({ count: 40, nextId: 42 });
  const after = (await call('GET', '/__mock/state', { key: null })).body as { pets: unknown };
  expect(after.pets).toEqual((before.body as { pets: unknown }).pets);
  expect((await call('GET', '/v1/pets/41')).status).toBe(404);
  expect((await create('After reset')).body).toMatchObject({ id: 42 });
});

it('reports the state: count, next id and every animal', async () => {
  const reply = await call('GET', '/__mock/state', { key: null });
  expect(reply.body).toMatchObject({ count: 40, nextId: 41, seedCount: 40, pets: seedPets(40) });
});

it('replaces the data set and continues ids above every id held before', async () => {
  const reply = await putData('{"pets":[{"id":7,"name":"Solo","categoryId":1,"status":"sold"}]}');
  expect(reply.body).toMatchObject({ count: 1, nextId: 41 });
  expect((await call('GET', '/v1/pets')).body).toEqual([
    { id: 7, name: 'Solo', categoryId: 1, status: 'sold' },
  ]);
  expect((await create('Next')).body).toMatchObject({ id: 41 });
  const above = await putData('[{"id":90,"name":"Far","categoryId":1,"status":"sold"}]');
  expect(above.body).toMatchObject({ count: 1, nextId: 91 });
});

it('serves and fetches ids above 2^53 exactly, and assigns the next id above them', async () => {
  const big = '9007199254740993';
  await putData(
    `[{"id":${big},"name":"Huge","categoryId":9223372036854775807,"status":"available"}]`,
  );
  const fetched = await call('GET', `/v1/pets/${big}`);
  expect(fetched.status).toBe(200);
  expect(fetched.text).toBe(
    `{"id":${big},"name":"Huge","categoryId":9223372036854775807,"status":"available"}`,
  );
  expect((await call('GET', '/v1/pets')).text).toContain(`"id":${big}`);
  expect((await create('After huge')).text).toContain('"id":9007199254740994');
  expect((await call('GET', '/v1/pets/9007199254740994')).status).toBe(200);
});

it('rejects a data set with an invalid or duplicate pet, keeping the old data', async () => {
  for (const body of [
    '[{"name":"No id","categoryId":1}]',
    '[{"id":1,"name":"A","categoryId":1},{"id":1,"name":"B","categoryId":1}]',
    '{"animals":[]}',
    '[{"id":1,"name":"A","categoryId":1,',
    '[{"id":1,"name":"A","categoryId":1,"__proto__":{"polluted":"yes"}}]',
    '[{"id":1,"name":"A","categoryId":1,"owner":"someone"}]',
  ]) {
    const reply = await putData(body);
    expect(reply.status, body).toBe(400);
    expect(['validation_failed', 'malformed_json'], body).toContain(
      (reply.body as { code: string }).code,
    );
  }
  expect((await call('GET', '/__mock/state', { key: null })).body).toMatchObject({ count: 40 });
});

it('answers 405 with Allow for the wrong method on a control', async () => {
  const reply = await call('GET', '/__mock/reset', { key: null });
  expect(reply.status).toBe(405);
  expect(reply.headers.get('allow')).toBe('POST');
});

it('never scans the collection on the request path', async () => {
  const findFirst = vi.spyOn(Collection.prototype, 'findFirst');
  const findMany = vi.spyOn(Collection.prototype, 'findMany');
  await call('GET', '/v1/pets?status=sold&limit=5');
  await call('GET', '/v1/pets/12');
  await call('GET', '/v1/pets/404404');
  await create('Scanless');
  expect(findFirst).not.toHaveBeenCalled();
  expect(findMany).not.toHaveBeenCalled();
});

it('keeps the @msw/data collection and the index in step', async () => {
  const { body } = await create('Mirrored');
  expect(store.collection.count()).toBe(41);
  expect(store.size).toBe(41);
  expect(store.collection.all().at(-1)).toEqual(body);
});

const STATE_CHANGES: [string, string, string?][] = [
  ['POST', '/__mock/reset'],
  ['PUT', '/__mock/data', '[]'],
];

it('refuses a change from a foreign Origin with 403 origin_not_allowed, changing nothing', async () => {
  await create('Kept');
  for (const origin of ['http://evil.example', 'null', 'https://localhost.evil.example']) {
    for (const [method, path, body] of STATE_CHANGES) {
      const reply = await call(method, path, {
        key: null,
        headers: { ...JSON_TYPE, origin },
        body,
      });
      expect(reply.status, `${method} ${path} from ${origin}`).toBe(403);
      expect(reply.body).toMatchObject({ code: 'origin_not_allowed', status: 403 });
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    }
  }
  expect(store.size).toBe(41);
});

it('refuses a change a page could send as a form: no JSON Content-Type, no X-Requested-With', async () => {
  await create('Kept');
  const cases: [Record<string, string>, string, string, string?][] = [
    [{}, 'PUT', '/__mock/data', '[]'],
    ...['text/plain', 'application/x-www-form-urlencoded'].flatMap((type) =>
      STATE_CHANGES.map(([method, path, body]) => [{ 'content-type': type }, method, path, body]),
    ),
    // No body, but marked by a browser: a cross-site fetch or form from an older page.
    [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }, 'POST', '/__mock/reset'],
    [{ origin: 'http://localhost:5173' }, 'POST', '/__mock/reset'],
    [{ 'sec-fetch-site': 'same-site' }, 'POST', '/__mock/reset'],
  ] as [Record<string, string>, string, string, string?][];
  for (const [headers, method, path, body] of cases) {
    const reply = await call(method, path, { key: null, headers, body });
    expect(reply.status, `${method} ${path} with ${JSON.stringify(headers)}`).toBe(403);
    expect((reply.body as { message: string }).message).toContain(
      'needs Content-Type: application/json or an X-Requested-With header',
    );
  }
  expect(store.size).toBe(41);
});

it('accepts a write with no body, no Origin and no Sec-Fetch-Site, as test runners send', async () => {
  await create('Gone after the reset');
  expect(store.size).toBe(41);
  const reset = await call('POST', '/__mock/reset', { key: null });
  expect(reset.status).toBe(200);
  expect(store.size).toBe(40);
  const explicit = await call('POST', '/__mock/reset', {
    key: null,
    headers: { 'content-length': '0' },
  });
  expect(explicit.status).toBe(200);
});

it('accepts a change with X-Requested-With, or from a loopback or its own origin', async () => {
  const custom = await call('POST', '/__mock/reset', {
    key: null,
    headers: { 'x-requested-with': 'test' },
  });
  expect(custom.status).toBe(200);
  for (const origin of [
    'http://localhost:5173',
    'http://127.0.0.1:3000',
    'http://[::1]:8080',
    'http://app.localhost',
    ORIGIN,
  ]) {
    const reply = await call('POST', '/__mock/reset', {
      key: null,
      headers: { ...JSON_TYPE, origin },
    });
    expect(reply.status, origin).toBe(200);
    expect(reply.headers.get('access-control-allow-origin'), origin).toBe(origin);
  }
});

it('lets only trusted origins read the state through CORS', async () => {
  const trusted = await call('GET', '/__mock/state', {
    key: null,
    headers: { origin: 'http://localhost:5173' },
  });
  expect(trusted.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  const foreign = await call('GET', '/__mock/state', {
    key: null,
    headers: { origin: 'http://evil.example' },
  });
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  expect(foreign.headers.get('vary')).toBe('Origin');
});

it('answers a control preflight 204 for a trusted origin and 403 for a foreign one', async () => {
  const preflight = (origin: string) =>
    call('OPTIONS', '/__mock/data', {
      key: null,
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
  const trusted = await preflight('http://localhost:5173');
  expect(trusted.status).toBe(204);
  expect(trusted.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  expect(trusted.headers.get('access-control-allow-methods')).toBe('PUT');
  expect(trusted.headers.get('access-control-allow-headers')).toBe(
    'Content-Type, X-Requested-With, X-Mock-Session',
  );
  const foreign = await preflight('http://evil.example');
  expect(foreign.status).toBe(403);
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
});
