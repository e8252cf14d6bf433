import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../mocks/core/defaults.ts';
import { AUTH, rawRequest, send, sendRaw, storeSnapshot } from './http-client.ts';
import { useMockServer } from './in-process.ts';

const mock = useMockServer();

const TRICK_PATHS = [
  '/v1/pets',
  '/V1/PETS',
  '/v1/PETS',
  '/v1/%70ets',
  '/v1/pets/',
  '/v1/pets//',
  '/v1//pets',
  '/v1/pets/1',
  '/v1/pets/1/',
  '/v1/pets/%31',
  '/v1/pets/1?x=1',
  '/v1/./pets',
  '/v1/pets/../pets',
  '/v1/pets;jsessionid=1',
  '/v1/pets%2f1',
  '/v1/pets%00',
];

it('serves no pet data without a key, whatever the case, encoding or trailing slash', async () => {
  for (const path of TRICK_PATHS) {
    for (const method of ['GET', 'HEAD', 'POST']) {
      const reply = await sendRaw(mock.origin(), rawRequest(method, path, {}));
      expect(reply.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(reply.status, `${method} ${path}`).toBeLessThan(500);
      expect(reply.text, `${method} ${path}`).not.toContain('"categoryId"');
      if (path.startsWith('/v1/')) expect(reply.status, `${method} ${path}`).toBe(401);
    }
  }
});

it('ignores method-override headers and query parameters', async () => {
  const before = await storeSnapshot(mock.origin());
  const overrides = ['X-HTTP-Method-Override', 'X-HTTP-Method', 'X-Method-Override'];
  for (const header of overrides) {
    for (const [method, target] of [
      ['OPTIONS', 'GET'],
      ['HEAD', 'GET'],
      ['GET', 'POST'],
    ] as const) {
      const reply = await sendRaw(
        mock.origin(),
        rawRequest(method, '/v1/pets', { [header]: target, Origin: 'http://localhost' }),
      );
      expect(reply.text, `${method} with ${header}: ${target}`).not.toContain('"categoryId"');
      if (method !== 'OPTIONS') expect(reply.status).toBe(401);
    }
  }
  const viaQuery = await sendRaw(
    mock.origin(),
    rawRequest(
      'GET',
      '/v1/pets?_method=POST',
      { ...AUTH, 'Content-Type': 'application/json' },
      '{"name":"Rex","categoryId":1}',
    ),
  );
  expect(viaQuery.status).toBe(200);
  expect(await storeSnapshot(mock.origin())).toBe(before);
});

it('answers a CORS preflight without auth but with no data', async () => {
  const reply = await send(mock.origin(), {
    method: 'OPTIONS',
    path: '/v1/pets/1',
    headers: {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });
  expect(reply.status).toBe(204);
  expect(reply.body).toBe('');
  expect(reply.headers['access-control-allow-origin']).toBe('http://localhost:5173');
});

it('answers HEAD without a key with a 401 and no body', async () => {
  const reply = await send(mock.origin(), { method: 'HEAD', path: '/v1/pets' });
  expect(reply.status).toBe(401);
  expect(reply.body).toBe('');
});

const NEAR_MISS_KEYS = [
  '',
  ' ',
  DEFAULT_API_KEY.slice(0, 1),
  DEFAULT_API_KEY.slice(0, -1),
  `${DEFAULT_API_KEY}x`,
  `${DEFAULT_API_KEY}${DEFAULT_API_KEY}`,
  DEFAULT_API_KEY.toUpperCase(),
  `x${DEFAULT_API_KEY.slice(1)}`,
  'x'.repeat(DEFAULT_API_KEY.length),
  'x'.repeat(4096),
  // Same number of characters, more bytes: trips a length check done on strings, not bytes.
  `${DEFAULT_API_KEY.slice(0, -1)}\u00e9`,
  `${DEFAULT_API_KEY}\u0000`,
];

it('rejects every near-miss key of any length with a 401, never a 5xx', async () => {
  for (const key of NEAR_MISS_KEYS) {
    const header = Buffer.from(`Bearer ${key}`, 'utf8').toString('latin1');
    const reply = await sendRaw(
      mock.origin(),
      rawRequest('GET', '/v1/pets', { Authorization: header }),
    );
    expect([400, 401], JSON.stringify(key)).toContain(reply.status);
    expect(reply.text, JSON.stringify(key)).not.toContain('"categoryId"');
  }
});

it('rejects the key sent anywhere but the Authorization header', async () => {
  const places: Array<{ path: string; headers: Record<string, string> }> = [
    { path: `/v1/pets?api_key=${DEFAULT_API_KEY}`, headers: {} },
    { path: `/v1/pets?access_token=${DEFAULT_API_KEY}`, headers: {} },
    { path: '/v1/pets', headers: { 'x-api-key': DEFAULT_API_KEY } },
    { path: '/v1/pets', headers: { cookie: `token=${DEFAULT_API_KEY}` } },
    { path: '/v1/pets', headers: { authorization: `Basic ${btoa(`${DEFAULT_API_KEY}:`)}` } },
    { path: '/v1/pets', headers: { authorization: DEFAULT_API_KEY } },
  ];
  for (const { path, headers } of places) {
    expect((await send(mock.origin(), { path, headers })).status, path).toBe(401);
  }
});

const strip = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

it('gives the same 401 for an existing pet, an absent pet and an unknown route', async () => {
  for (const authorization of [undefined, 'Bearer wrong-key']) {
    const headers: Record<string, string> = authorization ? { authorization } : {};
    const paths = ['/v1/pets/1', '/v1/pets/999999', '/v1/pets/abc', '/v1/nothing-here'];
    const replies = await Promise.all(paths.map((path) => send(mock.origin(), { path, headers })));
    const [first, ...rest] = replies.map((r) => ({
      status: r.status,
      body: r.body,
      headers: strip(r.headers),
    }));
    expect(first?.status).toBe(401);
    for (const other of rest) expect(other).toEqual(first);
  }
});

it('compares keys with crypto.timingSafeEqual', () => {
  const dir = new URL('../../mocks/', import.meta.url);
  const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => readFileSync(new URL(name, dir), 'utf8'));
  expect(sources.some((text) => /timingSafeEqual\(/.test(text))).toBe(true);
});
