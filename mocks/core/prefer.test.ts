import { expect, it } from 'vitest';
import { operations } from '../../spec/document.ts';
import type { OperationId } from '../../spec/types.ts';
import { call, useInProcessMock } from '../testing/in-process.ts';
import { forceableStatuses, namedExamples, parsePrefer } from './prefer.ts';

const { store } = useInProcessMock({ seedCount: 40 });

const JSON_TYPE = { 'content-type': 'application/json' };
const requests: Record<OperationId, [string, string, string?]> = {
  listPets: ['GET', '/v1/pets'],
  createPet: ['POST', '/v1/pets', '{"name":"Rex","categoryId":1}'],
  getPet: ['GET', '/v1/pets/1'],
};
const send = (operation: OperationId, prefer: string) => {
  const [method, path, body] = requests[operation];
  return call(method, path, { body, headers: { ...JSON_TYPE, prefer } });
};
const messageOf = (body: unknown) => (body as { message: string }).message;

it('answers Prefer: code=NNN with each error status the operation documents', async () => {
  for (const [operation, [method, path, body]] of Object.entries(requests)) {
    const statuses = forceableStatuses(operation as OperationId).filter((s) => s >= 400);
    for (const status of statuses) {
      const reply = await call(method, path, {
        body,
        headers: { 'content-type': 'application/json', prefer: `code=${status}` },
      });
      expect(reply.status, `${operation} ${status}`).toBe(status);
      expect(reply.body, `${operation} ${status}`).toMatchObject({ status });
      if (status === 429 || status === 503) expect(reply.headers.get('retry-after')).toBe('1');
    }
  }
});

it('forces 429, 500 and 503 with the matching codes', async () => {
  const codes = { 429: 'rate_limited', 500: 'internal_error', 503: 'service_unavailable' };
  for (const [status, code] of Object.entries(codes)) {
    const reply = await call('GET', '/v1/pets', { headers: { prefer: `code=${status}` } });
    expect(reply.body).toMatchObject({ code, status: Number(status) });
  }
});

it('answers 400 invalid_request naming the allowed codes for a status the operation does not document', async () => {
  const list = await call('GET', '/v1/pets', { headers: { prefer: 'code=404' } });
  expect(list.status).toBe(400);
  expect(list.body).toMatchObject({ code: 'invalid_request', status: 400 });
  expect(messageOf(list.body)).toBe(
    'Prefer: code=404 is not a status listPets can answer; use one of 200, 400, 401, 405, 429, 500, 503',
  );
  const get = await call('GET', '/v1/pets/1', { headers: { prefer: 'code=418' } });
  expect(get.status).toBe(400);
  expect(messageOf(get.body)).toContain('use one of 200, 400, 401, 404, 405, 429, 500, 503');
  for (const code of ['abc', '', '4040', '2e2']) {
    const reply = await call('GET', '/v1/pets', { headers: { prefer: `code=${code}` } });
    expect(reply.status, code).toBe(400);
    expect(reply.body, code).toMatchObject({ code: 'invalid_request' });
  }
});

it('does not store a pet when Prefer forces an error on createPet', async () => {
  const [method, path, body] = requests.createPet as [string, string, string];
  await call(method, path, {
    body,
    headers: { 'content-type': 'application/json', prefer: 'code=500' },
  });
  expect(store.size).toBe(40);
});

it('answers a documented success code as usual, and ignores dynamic=true', async () => {
  const listed = await send('listPets', 'code=200, dynamic=true');
  expect(listed.status).toBe(200);
  expect(listed.body).toHaveLength(20);
  const created = await send('createPet', 'code=201');
  expect(created.status).toBe(201);
  expect(store.size).toBe(41);
});

it('answers every named example of the spec with its status, body and headers', async () => {
  let answered = 0;
  for (const { operationId } of operations()) {
    for (const example of namedExamples(operationId)) {
      const label = `${operationId} example=${example.name}`;
      // call() holds each answer to the documented response, required headers included.
      const reply = await send(operationId, `example=${example.name}`);
      expect(reply.status, label).toBe(example.status);
      expect(reply.text, label).toBe(JSON.stringify(example.value));
      answered += 1;
    }
  }
  expect(answered).toBeGreaterThanOrEqual(10);
});

it("answers createPet's created example with its Location, storing nothing", async () => {
  const reply = await send('createPet', 'example=created');
  expect(reply.status).toBe(201);
  expect(reply.headers.get('location')).toBe(`/v1/pets/${(reply.body as { id: number }).id}`);
  expect(store.size).toBe(40);
});

it('answers a 401 example without the deprecation headers, like every 401', async () => {
  const reply = await send('getPet', 'example=missingKey');
  expect(reply.status).toBe(401);
  expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
  expect(reply.headers.get('deprecation')).toBeNull();
  const found = await send('getPet', 'example=found');
  expect(found.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
});

it('answers 400 invalid_request naming the examples for an unknown example name', async () => {
  const reply = await send('createPet', 'example=nope');
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject({ code: 'invalid_request', status: 400 });
  const names = namedExamples('createPet').map((example) => example.name);
  expect(messageOf(reply.body)).toBe(
    `Prefer: example=nope is not an example of createPet; use one of ${names.join(', ')}`,
  );
  const wrongStatus = await send('createPet', 'code=201, example=missingName');
  expect(wrongStatus.status).toBe(400);
  expect(messageOf(wrongStatus.body)).toBe(
    'Prefer: example=missingName is not an example of the 201 response of createPet; use one of created',
  );
  const both = await send('createPet', 'code=400; example=missingName');
  expect(both.status).toBe(400);
  expect(both.body).toMatchObject({ code: 'validation_failed', message: 'name is required' });
});

it('reads Prefer as RFC 7240 lists it: quoted values, parameters, first value kept', () => {
  const parsed = parsePrefer('Code="503" ;example=a, example=b,dynamic=true, respond-async');
  expect(Object.fromEntries(parsed)).toEqual({
    code: '503',
    example: 'a',
    dynamic: 'true',
    'respond-async': '',
  });
  expect(parsePrefer(null).size).toBe(0);
});
