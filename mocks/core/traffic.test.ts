import { expect, it } from 'vitest';
import type { OperationId } from '../../spec/types.ts';
import { call, useInProcessMock } from '../testing/in-process.ts';
import { createHandlers } from './handlers.ts';
import { createStore } from './store.ts';
import { documentedStatuses } from './traffic.ts';

const { server, store } = useInProcessMock({ seedCount: 40 });

const requests: Record<OperationId, [string, string, string?]> = {
  listPets: ['GET', '/v1/pets'],
  createPet: ['POST', '/v1/pets', '{"name":"Rex","categoryId":1}'],
  getPet: ['GET', '/v1/pets/1'],
};

it('answers Prefer: code=NNN with each error status the operation documents', async () => {
  for (const [operation, [method, path, body]] of Object.entries(requests)) {
    const statuses = [...documentedStatuses(operation as OperationId)].filter((s) => s >= 400);
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

it('ignores Prefer with a status the operation does not document', async () => {
  const reply = await call('GET', '/v1/pets', { headers: { prefer: 'code=404' } });
  expect(reply.status).toBe(200);
  expect((await call('GET', '/v1/pets/1', { headers: { prefer: 'code=418' } })).status).toBe(200);
});

it('does not store a pet when Prefer forces an error on createPet', async () => {
  const [method, path, body] = requests.createPet as [string, string, string];
  await call(method, path, {
    body,
    headers: { 'content-type': 'application/json', prefer: 'code=500' },
  });
  expect(store.size).toBe(40);
});

it('answers 500 internal_error without details when a fault occurs, and keeps serving', async () => {
  const get = store.get;
  store.get = () => {
    throw new Error('disk on fire at /secret/path');
  };
  try {
    const reply = await call('GET', '/v1/pets/1');
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      code: 'internal_error',
      message: 'an unexpected error occurred; the mock keeps serving',
      status: 500,
    });
    expect(reply.text).not.toContain('secret');
  } finally {
    store.get = get;
  }
  expect((await call('GET', '/v1/pets/1')).status).toBe(200);
});

it('never answers 429 when no rate limit is set', async () => {
  const replies = await Promise.all(
    Array.from({ length: 60 }, () => call('GET', '/v1/pets?limit=1')),
  );
  expect(replies.every((reply) => reply.status === 200)).toBe(true);
});

it('answers 503 service_unavailable when the store is full', async () => {
  const full = createStore({ seedCount: 3, maxPets: 3 });
  server.use(...createHandlers({ store: full }));
  try {
    const reply = await call('POST', '/v1/pets', {
      headers: { 'content-type': 'application/json' },
      body: '{"name":"One too many","categoryId":1}',
    });
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ code: 'service_unavailable' });
    expect((reply.body as { message: string }).message).toContain('--max-pets');
  } finally {
    server.resetHandlers();
  }
});

it('answers 429 rate_limited with Retry-After beyond the rate limit', async () => {
  server.use(...createHandlers({ store, rateLimit: 3 }));
  try {
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => call('GET', '/v1/pets?limit=1')),
    );
    const limited = replies.filter((reply) => reply.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    expect(limited[0]?.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(limited[0]?.body).toMatchObject({ code: 'rate_limited', status: 429 });
  } finally {
    server.resetHandlers();
  }
});

it('adds the configured latency to each response', async () => {
  server.use(...createHandlers({ store, delay: [120, 150] }));
  try {
    const started = performance.now();
    expect((await call('GET', '/v1/pets?limit=1')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  } finally {
    server.resetHandlers();
  }
});
