import { expect, it } from 'vitest';
import { call, useInProcessMock } from '../testing/in-process.ts';
import { createHandlers } from './handlers.ts';
import { createStore } from './store.ts';

const { server, store } = useInProcessMock({ seedCount: 40 });

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
