// openapi-fetch in vitest, answered in-process by msw's setupServer with the Pet Store
// handlers. `paths` comes from openapi-typescript (the command above), in src/petstore.d.ts.
import { setupServer } from 'msw/node';
import createClient from 'openapi-fetch';
import { handlers } from 'petstore-mock/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { paths } from './petstore';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// openapi-fetch keeps the fetch it finds when the client is made, here before listen():
// without this line its requests bypass msw and fail with ECONNREFUSED, and
// onUnhandledRequest never hears of them. Looked up at each request, fetch is msw's.
const client = createClient<paths>({
  baseUrl: 'http://localhost/v1',
  headers: { Authorization: 'Bearer petstore-dev-key' },
  fetch: (request) => globalThis.fetch(request),
});

test('creates an animal and lists it, typed by the spec', async () => {
  const created = await client.POST('/pets', { body: { name: 'Rex', categoryId: 1 } });
  expect(created.response.status).toBe(201);
  const { data } = await client.GET('/pets', { params: { query: { limit: 100 } } });
  expect(data?.some((pet) => pet.name === 'Rex')).toBe(true);
});

test('reads an Error of any code the backend chooses', async () => {
  const { error, response } = await client.GET('/pets/{petId}', {
    params: { path: { petId: 9999 } },
  });
  expect(response.status).toBe(404);
  const code: string | undefined = error?.code;
  expect(code).toBe('not_found');
});
