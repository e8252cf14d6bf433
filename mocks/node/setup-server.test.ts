import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { handlers, resetMockStore, seedMockStore } from './index.ts';

const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetMockStore());
afterAll(() => server.close());

const auth = { Authorization: 'Bearer petstore-dev-key' };

it('lists the seeded pets', async () => {
  const response = await fetch('http://localhost/v1/pets?limit=5', { headers: auth });
  expect(response.status).toBe(200);
  expect(await response.json()).toHaveLength(5);
});

it('creates a pet that the next request can fetch', async () => {
  const created = await fetch('http://localhost/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mittens', categoryId: 2 }),
  });
  const pet = await created.json();
  const fetched = await fetch(`http://localhost/v1/pets/${pet.id}`, { headers: auth });
  expect(await fetched.json()).toEqual({ ...pet, status: 'available' });
});

it('starts from your own data set', async () => {
  await seedMockStore([{ id: 1, name: 'Only', categoryId: 1, status: 'sold' }]);
  const response = await fetch('http://localhost/v1/pets', { headers: auth });
  expect(await response.json()).toEqual([{ id: 1, name: 'Only', categoryId: 1, status: 'sold' }]);
});

it('rejects an invalid data set as a promise, keeping the data it had', async () => {
  await seedMockStore([{ id: 1, name: 'Only', categoryId: 1, status: 'sold' }]);
  const invalid = [{ id: 2, categoryId: 1 }] as unknown as Parameters<typeof seedMockStore>[0];
  let returned: Promise<void> | undefined;
  expect(() => {
    returned = seedMockStore(invalid);
  }).not.toThrow();
  await expect(returned).rejects.toThrow(/name/);
  const response = await fetch('http://localhost/v1/pets', { headers: auth });
  expect(await response.json()).toEqual([{ id: 1, name: 'Only', categoryId: 1, status: 'sold' }]);
});
