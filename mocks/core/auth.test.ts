import { expect, it } from 'vitest';
import { call, useInProcessMock } from '../testing/in-process.ts';

useInProcessMock({ apiKeys: ['petstore-dev-key', 'second-key'] });

it('answers 401 unauthorized with a Bearer challenge when no key is sent', async () => {
  const reply = await call('GET', '/v1/pets', { key: null });
  expect(reply.status).toBe(401);
  expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
  expect(reply.body).toMatchObject({ code: 'unauthorized', status: 401 });
});

it('adds error="invalid_token" to the challenge when a wrong key is sent', async () => {
  const reply = await call('GET', '/v1/pets', { key: 'wrong-key' });
  expect(reply.status).toBe(401);
  expect(reply.headers.get('www-authenticate')).toBe(
    'Bearer realm="petstore", error="invalid_token"',
  );
});

it('treats Basic, a bare key and an empty bearer token as a missing key', async () => {
  for (const authorization of ['Basic cGV0c3RvcmU6eA==', 'petstore-dev-key', 'Bearer ', 'Bearer']) {
    const reply = await call('GET', '/v1/pets', { key: null, headers: { authorization } });
    expect(reply.status, authorization).toBe(401);
    expect(reply.headers.get('www-authenticate'), authorization).toBe('Bearer realm="petstore"');
  }
});

it('matches the Bearer scheme name case-insensitively', async () => {
  for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
    const reply = await call('GET', '/v1/pets', {
      key: null,
      headers: { authorization: `${scheme} petstore-dev-key` },
    });
    expect(reply.status, scheme).toBe(200);
  }
});

it('accepts every configured key', async () => {
  expect((await call('GET', '/v1/pets', { key: 'second-key' })).status).toBe(200);
});

it('checks authentication before validation, lookup and routing', async () => {
  const requests: [string, string, string?][] = [
    ['GET', '/v1/pets?limit=abc'],
    ['GET', '/v1/pets/abc'],
    ['GET', '/v1/pets/999999'],
    ['GET', '/v1/pets/1'],
    ['GET', '/v1/store/orders'],
    ['DELETE', '/v1/pets'],
    ['POST', '/v1/pets', '{not json'],
  ];
  const replies = await Promise.all(
    requests.map(([method, path, body]) =>
      call(method, path, { key: 'wrong', body, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const first = replies[0] as (typeof replies)[0];
  for (const reply of replies) {
    expect(reply.status).toBe(401);
    expect(reply.text).toBe(first.text);
    expect([...reply.headers]).toEqual([...first.headers]);
  }
});

it('checks authentication before a forced Prefer status', async () => {
  const reply = await call('GET', '/v1/pets', { key: null, headers: { prefer: 'code=503' } });
  expect(reply.status).toBe(401);
});

it('answers 404 not_found for an unknown route under /v1 once authenticated', async () => {
  for (const path of ['/v1/store/orders', '/v1/pets/1/photos', '/v1/categories']) {
    const reply = await call('GET', path);
    expect(reply.status, path).toBe(404);
    expect(reply.body, path).toMatchObject({ code: 'not_found', status: 404 });
  }
});

it('answers 405 method_not_allowed with Allow for another method on a known path', async () => {
  const pets = await call('DELETE', '/v1/pets');
  expect(pets.status).toBe(405);
  expect(pets.headers.get('allow')).toBe('GET, POST');
  expect(pets.body).toMatchObject({ code: 'method_not_allowed', status: 405 });
  const pet = await call('PUT', '/v1/pets/1', { body: '{}' });
  expect(pet.status).toBe(405);
  expect(pet.headers.get('allow')).toBe('GET');
});

it('echoes the Origin and exposes the headers a browser client reads, on errors too', async () => {
  for (const key of ['petstore-dev-key', null]) {
    const reply = await call('GET', '/v1/pets', {
      key,
      headers: { origin: 'http://localhost:5173' },
    });
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const exposed = reply.headers.get('access-control-expose-headers') ?? '';
    for (const name of [
      'Link',
      'Deprecation',
      'Sunset',
      'WWW-Authenticate',
      'Retry-After',
      'Location',
    ]) {
      expect(exposed).toContain(name);
    }
  }
});

it('answers a CORS preflight with 204 without authentication', async () => {
  const reply = await call('OPTIONS', '/v1/pets/1', {
    key: null,
    headers: {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, prefer',
    },
  });
  expect(reply.status).toBe(204);
  expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  expect(reply.headers.get('access-control-allow-methods')).toBe('GET, POST');
  expect(reply.headers.get('access-control-allow-headers')).toBe(
    'Authorization, Content-Type, Prefer, X-Mock-Session',
  );
});
