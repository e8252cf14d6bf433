import { expect, it } from 'vitest';
import { call, useInProcessMock } from '../testing/in-process.ts';

useInProcessMock({ seedCount: 40 });

const JSON_TYPE = { 'content-type': 'application/json' };
let counter = 0;
const newSession = () => `m-${Date.now().toString(36)}-${counter++}`;
const queue = async (session: string, fault: object) => {
  const reply = await call('POST', '/__mock/faults', {
    key: null,
    headers: { ...JSON_TYPE, 'x-mock-session': session },
    body: JSON.stringify(fault),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
};
const status = async (session: string, path: string) =>
  (await call('GET', path, { headers: { 'x-mock-session': session } })).status;
const create = async (session: string, pet: object) =>
  (
    await call('POST', '/v1/pets', {
      headers: { ...JSON_TYPE, 'x-mock-session': session },
      body: JSON.stringify(pet),
    })
  ).status;

it('takes only the requests whose query has the values its match gives', async () => {
  const session = newSession();
  await queue(session, {
    operation: 'listPets',
    match: { query: { status: 'sold' } },
    status: 503,
  });
  expect(await status(session, '/v1/pets')).toBe(200);
  expect(await status(session, '/v1/pets?status=available')).toBe(200);
  expect(await status(session, '/v1/pets?status=sold&limit=5')).toBe(503);
  expect(await status(session, '/v1/pets?status=sold')).toBe(200);
});

it('lets the first N matching requests through with after, as React StrictMode’s first fetch', async () => {
  const session = newSession();
  await queue(session, { operation: 'listPets', after: 1, status: 500 });
  expect(await status(session, '/v1/pets/1')).toBe(200);
  expect(await status(session, '/v1/pets')).toBe(200);
  expect(await status(session, '/v1/pets')).toBe(500);
  expect(await status(session, '/v1/pets')).toBe(200);
});

it('keeps a fault of times "always" until it is cleared', async () => {
  const session = newSession();
  await queue(session, { operation: 'getPet', match: { petId: 7 }, times: 'always', status: 404 });
  for (let i = 0; i < 5; i += 1) expect(await status(session, '/v1/pets/7')).toBe(404);
  expect(await status(session, '/v1/pets/8')).toBe(200);
  const listed = await call('GET', '/__mock/faults', {
    key: null,
    headers: { 'x-mock-session': session },
  });
  expect(listed.body).toEqual([
    { id: 1, operation: 'getPet', times: 'always', match: { petId: 7 }, status: 404 },
  ]);
  await call('DELETE', '/__mock/faults', { key: null, headers: { 'x-mock-session': session } });
  expect(await status(session, '/v1/pets/7')).toBe(200);
});

it('matches a creation by the body fields it gives, and changes no data for it', async () => {
  const session = newSession();
  await queue(session, { operation: 'createPet', match: { body: { name: 'Taken' } }, status: 400 });
  expect(await create(session, { name: 'Free', categoryId: 1 })).toBe(201);
  expect(await create(session, { name: 'Taken', categoryId: 1 })).toBe(400);
  const state = await call('GET', '/__mock/state', {
    key: null,
    headers: { 'x-mock-session': session },
  });
  expect(state.body).toMatchObject({ count: 41 });
});

it('counts after and times per fault, each fault in queue order', async () => {
  const session = newSession();
  await queue(session, { operation: 'listPets', status: 500 });
  await queue(session, { operation: 'listPets', after: 1, times: 2, status: 503 });
  expect(await status(session, '/v1/pets')).toBe(500);
  expect(await status(session, '/v1/pets')).toBe(503);
  expect(await status(session, '/v1/pets')).toBe(503);
  expect(await status(session, '/v1/pets')).toBe(200);
});

it('answers a status late when the fault gives both', async () => {
  const session = newSession();
  await queue(session, { operation: 'listPets', status: 503, delayMs: 150 });
  const started = performance.now();
  expect(await status(session, '/v1/pets')).toBe(503);
  expect(performance.now() - started).toBeGreaterThanOrEqual(140);
});
