import { expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../spec/constants.ts';
import { stringifyJson } from '../../spec/json.ts';
import { call, useInProcessMock } from '../testing/in-process.ts';
import type { Pet } from './pet-schema.ts';

const inProcess = useInProcessMock({ seedCount: 40 });

const JSON_TYPE = { 'content-type': 'application/json' };
const create = (body: unknown, headers: Record<string, string> = JSON_TYPE) =>
  call('POST', '/v1/pets', {
    headers,
    body: typeof body === 'string' ? body : stringifyJson(body),
  });

it('creates a pet with 201, the next id and a Location header', async () => {
  const reply = await create({ name: 'Mittens', categoryId: 2, status: 'pending' });
  expect(reply.status).toBe(201);
  expect(reply.body).toEqual({ id: 41, name: 'Mittens', categoryId: 2, status: 'pending' });
  expect(reply.headers.get('location')).toBe('/v1/pets/41');
  expect((await call('GET', '/v1/pets/41')).body).toEqual(reply.body);
});

it('defaults status to available', async () => {
  const reply = await create({ name: 'Rex', categoryId: 1 });
  expect((reply.body as Pet).status).toBe('available');
});

it('stores the name exactly as sent', async () => {
  for (const name of ['  Rex  ', 'rEX', 'Żółw 🐢', 'a'.repeat(255)]) {
    const reply = await create({ name, categoryId: 1 });
    expect((reply.body as Pet).name, name).toBe(name);
  }
});

it('rejects id and any other property, naming it', async () => {
  for (const [property, body] of [
    ['id', { id: 7, name: 'Rex', categoryId: 1 }],
    ['stauts', { name: 'Rex', categoryId: 1, stauts: 'sold' }],
  ] as const) {
    const reply = await create(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      code: 'validation_failed',
      message: `property "${property}" is not allowed`,
      status: 400,
    });
  }
});

it('rejects a body without name or categoryId, naming the field', async () => {
  expect((await create({ categoryId: 1 })).body).toMatchObject({ message: 'name is required' });
  expect((await create({ name: 'Rex' })).body).toMatchObject({ message: 'categoryId is required' });
});

it('rejects a categoryId that is a string, a fraction or out of range', async () => {
  for (const categoryId of ['"5"', '1.5', '0', '-3', '9223372036854775808', '1e400', 'null']) {
    const reply = await create(`{"name":"Rex","categoryId":${categoryId}}`);
    expect(reply.status, categoryId).toBe(400);
    expect(reply.body, categoryId).toMatchObject({ code: 'validation_failed' });
    expect((reply.body as { message: string }).message, categoryId).toContain('categoryId');
  }
});

it('keeps the largest int64 categoryId exact', async () => {
  const reply = await create('{"name":"Big","categoryId":9223372036854775807}');
  expect(reply.status).toBe(201);
  expect(reply.text).toContain('"categoryId":9223372036854775807');
  const fetched = await call('GET', `/v1/pets/${(reply.body as Pet).id}`);
  expect(fetched.text).toContain('"categoryId":9223372036854775807');
});

it('rejects a blank or over-long name and an unknown status', async () => {
  for (const body of [
    { name: '', categoryId: 1 },
    { name: ' \t ', categoryId: 1 },
    { name: 'a'.repeat(256), categoryId: 1 },
    { name: 5, categoryId: 1 },
    { name: 'Rex', categoryId: 1, status: 'adopted' },
  ]) {
    const reply = await create(body);
    expect(reply.status, JSON.stringify(body).slice(0, 40)).toBe(400);
  }
});

it('rejects a body that is not a JSON object', async () => {
  for (const body of ['[]', '"Rex"', '42', 'null']) {
    expect((await create(body)).body, body).toMatchObject({ code: 'validation_failed' });
  }
});

it('answers 400 malformed_json for a body that is not JSON', async () => {
  for (const body of ['{"name": "Rex",', '', 'name=Rex']) {
    const reply = await create(body);
    expect(reply.status, body).toBe(400);
    expect(reply.body, body).toMatchObject({ code: 'malformed_json' });
  }
});

it('answers 415 for a Content-Type that is not JSON', async () => {
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
    const reply = await create({ name: 'Rex', categoryId: 1 }, { 'content-type': type });
    expect(reply.status, type).toBe(415);
    expect(reply.body, type).toMatchObject({ code: 'unsupported_media_type' });
  }
});

it('accepts JSON with a charset parameter', async () => {
  const reply = await create(
    { name: 'Rex', categoryId: 1 },
    {
      'content-type': 'application/json; charset=utf-8',
    },
  );
  expect(reply.status).toBe(201);
});

it('answers 413 for a body over 64 KiB', async () => {
  const name = 'a'.repeat(MAX_BODY_BYTES);
  const reply = await create({ name, categoryId: 1 });
  expect(reply.status).toBe(413);
  expect(reply.body).toMatchObject({ code: 'payload_too_large' });
});

it('gives concurrent creates unique, increasing ids and loses none', async () => {
  const replies = await Promise.all(
    Array.from({ length: 50 }, (_, i) => create({ name: `Pet ${i}`, categoryId: 1 })),
  );
  const created = replies.map((reply) => (reply.body as Pet).id);
  expect(new Set(created).size).toBe(50);
  expect([...created].sort((a, b) => Number(a) - Number(b))).toEqual(
    Array.from({ length: 50 }, (_, i) => 41 + i),
  );
  const listed = await call('GET', '/v1/pets?limit=100');
  expect((listed.body as Pet[]).length).toBe(90);
});

it('answers 503 ids_exhausted, not a full store, once the largest id is taken', async () => {
  const { store } = inProcess;
  await store.replace([{ id: 2n ** 63n - 1n, name: 'Last', categoryId: 1, status: 'sold' }]);
  const reply = await create({ name: 'One more', categoryId: 1 });
  expect(reply.status).toBe(503);
  const body = reply.body as { code: string; message: string };
  expect(body.code).toBe('ids_exhausted');
  expect(body.message).toMatch(/9223372036854775807/);
  expect(body.message).toMatch(/never reused/);
  expect(body.message).not.toMatch(/full/);
  expect(store.size).toBe(1);
});
