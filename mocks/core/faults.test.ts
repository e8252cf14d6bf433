import { expect, it } from 'vitest';
import { call, ORIGIN, useInProcessMock } from '../testing/in-process.ts';
import { parseFault } from './faults.ts';

useInProcessMock({ seedCount: 40 });

const JSON_TYPE = { 'content-type': 'application/json' };
let counter = 0;
const newSession = () => `f-${Date.now().toString(36)}-${counter++}`;
const queue = (session: string, fault: object) =>
  call('POST', '/__mock/faults', {
    key: null,
    headers: { ...JSON_TYPE, 'x-mock-session': session },
    body: JSON.stringify(fault),
  });
const get = (session: string, path = '/v1/pets') =>
  call('GET', path, { headers: { 'x-mock-session': session } });
const create = (session: string) =>
  call('POST', '/v1/pets', {
    headers: { ...JSON_TYPE, 'x-mock-session': session },
    body: JSON.stringify({ name: 'Faulted', categoryId: 1 }),
  });

it('answers the next N matching requests with the fault status and an Error, then as usual', async () => {
  const session = newSession();
  const queued = await queue(session, { operation: 'listPets', status: 503, times: 2 });
  expect(queued.status).toBe(201);
  expect(queued.body).toMatchObject({ id: 1, operation: 'listPets', status: 503, times: 2 });
  const first = await get(session);
  expect(first.status).toBe(503);
  expect(first.body).toMatchObject({ code: 'service_unavailable', status: 503 });
  expect(first.headers.get('retry-after')).not.toBeNull();
  expect((await get(session)).status).toBe(503);
  expect((await get(session)).status).toBe(200);
});

it('names a status without a code of its own injected_fault', async () => {
  const session = newSession();
  await queue(session, { operation: 'getPet', status: 418 });
  // Not a status the spec documents (call() would hold it to the spec): fetched plainly.
  const reply = await fetch(`${ORIGIN}/v1/pets/1`, {
    headers: { authorization: 'Bearer petstore-dev-key', 'x-mock-session': session },
  });
  expect(reply.status).toBe(418);
  expect(await reply.json()).toMatchObject({ code: 'injected_fault', status: 418 });
});

it('changes no data on a faulted creation', async () => {
  const session = newSession();
  await queue(session, { operation: 'createPet', status: 500 });
  expect((await create(session)).status).toBe(500);
  expect((await get(session, '/v1/pets?limit=100')).body).toHaveLength(40);
  expect((await create(session)).body).toMatchObject({ id: 41 });
});

it('drops the connection for a network fault: the fetch fails with no response', async () => {
  const session = newSession();
  await queue(session, { operation: 'getPet', network: 'reset' });
  await expect(get(session, '/v1/pets/1')).rejects.toThrow(/fetch/i);
  expect((await get(session, '/v1/pets/1')).status).toBe(200);
});

it('answers normally but late for a delay fault', async () => {
  const session = newSession();
  await queue(session, { delayMs: 150 });
  const started = performance.now();
  expect((await get(session)).status).toBe(200);
  expect(performance.now() - started).toBeGreaterThanOrEqual(140);
});

it('matches faults by operation, or every operation for *, in queue order', async () => {
  const session = newSession();
  await queue(session, { operation: 'getPet', status: 404 });
  await queue(session, { operation: '*', status: 500 });
  await queue(session, { operation: 'listPets', status: 429 });
  expect((await get(session)).status).toBe(500);
  expect((await get(session)).status).toBe(429);
  expect((await get(session, '/v1/pets/1')).status).toBe(404);
  expect((await get(session, '/v1/pets/1')).status).toBe(200);
});

it('lists pending faults, clears them with DELETE, and drops them on reset', async () => {
  const session = newSession();
  const headers = { 'x-mock-session': session };
  await queue(session, { status: 500, times: 3 });
  await queue(session, { network: 'reset' });
  const listed = await call('GET', '/__mock/faults', { key: null, headers });
  expect(listed.body).toEqual([
    { id: 1, operation: '*', times: 3, status: 500 },
    { id: 2, operation: '*', times: 1, network: 'reset' },
  ]);
  expect((await call('DELETE', '/__mock/faults', { key: null, headers })).status).toBe(204);
  expect((await call('GET', '/__mock/faults', { key: null, headers })).body).toEqual([]);
  await queue(session, { status: 500 });
  await call('POST', '/__mock/reset', { key: null, headers: { ...headers, ...JSON_TYPE } });
  expect((await get(session)).status).toBe(200);
});

it('answers 400 naming the field for an invalid fault, and queues nothing', async () => {
  const session = newSession();
  const cases: [object, RegExp][] = [
    [{ status: 200 }, /status/],
    [{ status: 500, network: 'reset' }, /network "reset" .* no status/],
    [{}, /at least one of status, delayMs, answer or network/],
    [{ answer: 'garbled' }, /answer must be one of cut-short, not-json, trickle/],
    [{ status: 500, times: 'forever' }, /times .* or "always"/],
    [{ status: 500, after: -1 }, /after/],
    [{ status: 500, match: { headers: {} } }, /match property "headers"/],
    [{ status: 500, match: { query: { status: ['sold'] } } }, /match.query.status/],
    [{ operation: 'deletePet', status: 500 }, /operation/],
    [{ status: 500, times: 0 }, /times/],
    [{ delayMs: 60_001 }, /delayMs/],
    [{ network: 'timeout' }, /network/],
    [{ status: 500, stauts: 1 }, /stauts/],
  ];
  for (const [fault, field] of cases) {
    const reply = await queue(session, fault);
    expect(reply.status, JSON.stringify(fault)).toBe(400);
    expect((reply.body as { message: string }).message).toMatch(field);
  }
  const listed = await call('GET', '/__mock/faults', {
    key: null,
    headers: { 'x-mock-session': session },
  });
  expect(listed.body).toEqual([]);
});

it('checks a fault the same way in code as over HTTP', () => {
  expect(parseFault({ status: 500 })).toEqual({ operation: '*', times: 1, status: 500 });
  expect(() => parseFault({ status: '500' })).toThrow(/status/);
  expect(() => parseFault([])).toThrow(/JSON object/);
});
