import { expect, it } from 'vitest';
import { LIMIT } from '../../spec/constants.ts';
import { call, ORIGIN, useInProcessMock } from '../testing/in-process.ts';
import type { Pet } from './pet-schema.ts';

useInProcessMock({ seedCount: 40 });

const nextLink = (headers: Headers) =>
  /^<([^>]+)>; rel="next"$/.exec(headers.get('link') ?? '')?.[1];
const ids = (body: unknown) => (body as Pet[]).map((pet) => pet.id);

it('returns the first page of the default size in ascending id order', async () => {
  const reply = await call('GET', '/v1/pets');
  expect(reply.status).toBe(200);
  expect(ids(reply.body)).toEqual(Array.from({ length: LIMIT.default }, (_, i) => i + 1));
});

it('returns at most limit pets', async () => {
  const reply = await call('GET', '/v1/pets?limit=7');
  expect(ids(reply.body)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

it('rejects a limit that is not an integer from 1 to 100 with validation_failed', async () => {
  for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e1', ' 5', '0x10']) {
    const reply = await call('GET', `/v1/pets?limit=${encodeURIComponent(limit)}`);
    expect(reply.status, limit).toBe(400);
    expect(reply.body, limit).toEqual({
      code: 'validation_failed',
      message: `limit must be an integer from 1 to 100, got ${JSON.stringify(limit)}`,
      status: 400,
    });
  }
});

it('accepts the smallest and largest limit', async () => {
  expect(ids((await call('GET', '/v1/pets?limit=1')).body)).toEqual([1]);
  expect(ids((await call('GET', '/v1/pets?limit=100')).body)).toHaveLength(40);
});

it('rejects a status that is not a PetStatus with validation_failed', async () => {
  const reply = await call('GET', '/v1/pets?status=adopted');
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject({
    code: 'validation_failed',
    message: 'status must be one of available, pending, sold, got "adopted"',
  });
});

it('filters by status in ascending id order', async () => {
  const reply = await call('GET', '/v1/pets?status=pending&limit=100');
  const pets = reply.body as Pet[];
  expect(pets.length).toBeGreaterThan(0);
  expect(pets.every((pet) => pet.status === 'pending')).toBe(true);
  expect(ids(pets)).toEqual([...ids(pets)].sort((a, b) => Number(a) - Number(b)));
});

it('ignores unknown query parameters', async () => {
  const reply = await call('GET', '/v1/pets?limit=3&sort=desc&page=9');
  expect(reply.status).toBe(200);
  expect(ids(reply.body)).toEqual([1, 2, 3]);
});

it('links the next page with an absolute URL repeating limit and status', async () => {
  const reply = await call('GET', '/v1/pets?status=sold&limit=2&foo=bar');
  const next = new URL(nextLink(reply.headers) ?? 'missing:');
  expect(next.origin).toBe(ORIGIN);
  expect(next.pathname).toBe('/v1/pets');
  expect(next.searchParams.get('limit')).toBe('2');
  expect(next.searchParams.get('status')).toBe('sold');
  expect(next.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
});

it('walks every page through Link without gaps or repeats and ends without Link', async () => {
  let path: string | undefined = '/v1/pets?limit=6';
  const seen: unknown[] = [];
  let pages = 0;
  while (path !== undefined) {
    const reply = await call('GET', path);
    seen.push(...ids(reply.body));
    const next = nextLink(reply.headers);
    path = next === undefined ? undefined : next.slice(ORIGIN.length);
    pages += 1;
  }
  expect(pages).toBe(7);
  expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
});

it('sends no Link when the first page holds everything', async () => {
  const reply = await call('GET', '/v1/pets?limit=40');
  expect(reply.headers.get('link')).toBeNull();
});

it('rejects an unusable cursor with validation_failed', async () => {
  const first = await call('GET', '/v1/pets?limit=2');
  const cursor = new URL(nextLink(first.headers) ?? '').searchParams.get('cursor') ?? '';
  for (const bad of ['', 'not a cursor', '!!!', `${cursor}x`, 'LTE', 'MDAx', 'x'.repeat(201)]) {
    const reply = await call('GET', `/v1/pets?cursor=${encodeURIComponent(bad)}`);
    expect(reply.status, bad).toBe(400);
    expect(reply.body, bad).toMatchObject({ code: 'validation_failed' });
    expect((reply.body as { message: string }).message, bad).toContain('cursor');
  }
});

it('continues after the cursor even when pets were created since', async () => {
  const first = await call('GET', '/v1/pets?limit=38');
  await call('POST', '/v1/pets', {
    headers: { 'content-type': 'application/json' },
    body: '{"name":"Late","categoryId":1}',
  });
  const second = await call('GET', (nextLink(first.headers) ?? '').slice(ORIGIN.length));
  expect(ids(second.body)).toEqual([39, 40, 41]);
});

it('answers an empty page for a cursor past the last id', async () => {
  const reply = await call('GET', '/v1/pets?status=available&cursor=OTk5');
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual([]);
});
