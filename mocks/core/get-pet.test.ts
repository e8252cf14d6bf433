import { expect, it } from 'vitest';
import { nodeAt, openapiDocument } from '../../spec/document.ts';
import { call, ORIGIN, useInProcessMock } from '../testing/in-process.ts';

useInProcessMock({ seedCount: 40 });

const deprecatedSince = nodeAt(
  openapiDocument,
  '/paths/~1pets~1{petId}/get/x-deprecated-since',
) as string;

const expectDeprecationHeaders = (headers: Headers) => {
  expect(headers.get('deprecation')).toBe(`@${Date.parse(deprecatedSince) / 1000}`);
  expect(headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  expect(headers.get('link')).toBe(`<${ORIGIN}/v1/pets>; rel="successor-version"`);
};

it('returns the pet with that id', async () => {
  const reply = await call('GET', '/v1/pets/3');
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ id: 3, status: 'sold' });
});

it('announces deprecation, sunset and successor on a found pet', async () => {
  expectDeprecationHeaders((await call('GET', '/v1/pets/1')).headers);
});

it('dates the Deprecation header from the spec (2026-11-22 is @1795305600)', async () => {
  expect(deprecatedSince).toBe('2026-11-22');
  expect((await call('GET', '/v1/pets/1')).headers.get('deprecation')).toBe('@1795305600');
});

it('answers 404 not_found for an id with no pet, with the deprecation headers', async () => {
  const reply = await call('GET', '/v1/pets/999999');
  expect(reply.status).toBe(404);
  expect(reply.body).toEqual({ code: 'not_found', message: 'no pet with id 999999', status: 404 });
  expectDeprecationHeaders(reply.headers);
});

it('rejects a petId that is not a positive int64 with validation_failed', async () => {
  for (const petId of ['abc', '0', '-1', '1.5', '9223372036854775808', '1e3', '%20']) {
    const reply = await call('GET', `/v1/pets/${petId}`);
    expect(reply.status, petId).toBe(400);
    expect(reply.body, petId).toMatchObject({ code: 'validation_failed' });
    expect((reply.body as { message: string }).message, petId).toContain('petId');
    expectDeprecationHeaders(reply.headers);
  }
});

it('answers 404 for the largest int64 id when no pet has it', async () => {
  expect((await call('GET', '/v1/pets/9223372036854775807')).status).toBe(404);
});

it('sends no deprecation headers on 401, like every route', async () => {
  const reply = await call('GET', '/v1/pets/1', { key: null });
  expect(reply.status).toBe(401);
  expect(reply.headers.get('deprecation')).toBeNull();
  expect(reply.headers.get('link')).toBeNull();
});

it('keeps the query string out of the successor link', async () => {
  const reply = await call('GET', '/v1/pets/1?x=/y');
  expect(reply.headers.get('link')).toBe(`<${ORIGIN}/v1/pets>; rel="successor-version"`);
});

it('answers a forced 401 like any other route, without deprecation headers', async () => {
  const reply = await call('GET', '/v1/pets/1', { headers: { prefer: 'code=401' } });
  expect(reply.status).toBe(401);
  expect(reply.headers.get('deprecation')).toBeNull();
  expect(reply.headers.get('sunset')).toBeNull();
});
