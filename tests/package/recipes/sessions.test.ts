// Vitest with msw's setupServer and sessions (docs/testing.md shows this file): concurrent
// tests in one file each use a session of their own, with faults queued in code.
import { setupServer } from 'msw/node';
import { handlers, mock } from 'petstore-mock/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** Fetches the API as the test's own session. */
const api = (session: string, path: string, init: RequestInit = {}) =>
  fetch(`http://localhost/v1${path}`, {
    ...init,
    headers: {
      authorization: 'Bearer petstore-dev-key',
      'content-type': 'application/json',
      'x-mock-session': session,
    },
  });

test.concurrent('adds an animal that only its own session sees', async () => {
  const created = await api('adds', '/pets', {
    method: 'POST',
    body: JSON.stringify({ name: 'Kept apart', categoryId: 1 }),
  });
  expect(created.status).toBe(201);
  expect(await (await api('adds', '/pets?limit=100')).json()).toHaveLength(41);
  expect(await (await api('reads', '/pets?limit=100')).json()).toHaveLength(40);
});

test.concurrent('shows an error state from a fault queued in code', async () => {
  mock.session('errors').faults.add({ operation: 'listPets', status: 503 });
  expect((await api('errors', '/pets')).status).toBe(503);
  expect((await api('errors', '/pets')).status).toBe(200);
});
