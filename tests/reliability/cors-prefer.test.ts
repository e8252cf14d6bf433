import { expect, it } from 'vitest';
import { namedExamples } from '../../mocks/core/prefer.ts';
import { AUTH, send, storeSnapshot } from './http-client.ts';
import { useMockServer } from './in-process.ts';

const mock = useMockServer();

const TRACING = 'x-request-id, traceparent, sentry-trace';

it('lets a preflight on /v1 ask for any headers, from any origin, cached as before', async () => {
  const reply = await send(mock.origin(), {
    method: 'OPTIONS',
    path: '/v1/pets',
    headers: {
      origin: 'http://frontend.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': `authorization, content-type, ${TRACING}`,
    },
  });
  expect(reply.status).toBe(204);
  expect(reply.headers['access-control-allow-origin']).toBe('http://frontend.example');
  expect(reply.headers['access-control-allow-headers']).toBe(
    `Authorization, Content-Type, Prefer, X-Mock-Session, ${TRACING}`,
  );
  expect(reply.headers['access-control-allow-methods']).toBe('GET, POST');
  expect(reply.headers['access-control-max-age']).toBe('600');
  expect(reply.headers.vary).toBe('Origin, Access-Control-Request-Headers');
});

it('echoes any Origin on /v1 and exposes the documented headers', async () => {
  const reply = await send(mock.origin(), {
    path: '/v1/pets?limit=1',
    headers: { ...AUTH, origin: 'http://frontend.example', 'x-request-id': 'r-1' },
  });
  expect(reply.status).toBe(200);
  expect(reply.headers['access-control-allow-origin']).toBe('http://frontend.example');
  expect(reply.headers['access-control-expose-headers']).toBe(
    'Link, WWW-Authenticate, Allow, Retry-After, Location, Deprecation, Sunset',
  );
});

it('answers Prefer: code=418 with 400 invalid_request naming the codes getPet can answer', async () => {
  const reply = await send(mock.origin(), {
    path: '/v1/pets/1',
    headers: { ...AUTH, prefer: 'code=418' },
  });
  expect(reply.status).toBe(400);
  expect(JSON.parse(reply.body)).toEqual({
    code: 'invalid_request',
    message:
      'Prefer: code=418 is not a status getPet can answer; use one of 200, 400, 401, 404, 405, 429, 500, 503',
    status: 400,
  });
  expect(reply.headers.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
});

it('answers Prefer: example=created with the spec example and its Location, storing nothing', async () => {
  const before = await storeSnapshot(mock.origin());
  const reply = await send(mock.origin(), {
    method: 'POST',
    path: '/v1/pets',
    headers: { ...AUTH, prefer: 'example=created' },
  });
  const created = namedExamples('createPet').find((example) => example.name === 'created')
    ?.value as { id: number };
  expect(reply.status).toBe(201);
  expect(JSON.parse(reply.body)).toEqual(created);
  expect(reply.headers.location).toBe(`/v1/pets/${created.id}`);
  expect(await storeSnapshot(mock.origin())).toBe(before);
});

it('answers an unknown Prefer example with 400 invalid_request naming the examples', async () => {
  const reply = await send(mock.origin(), {
    path: '/v1/pets',
    headers: { ...AUTH, prefer: 'example=secondPage' },
  });
  expect(reply.status).toBe(400);
  const names = namedExamples('listPets').map((example) => example.name);
  expect(JSON.parse(reply.body)).toMatchObject({
    code: 'invalid_request',
    message: `Prefer: example=secondPage is not an example of listPets; use one of ${names.join(', ')}`,
  });
});
