// A consumer's test, run by the consumer's vitest with msw-setup.ts as its setup file.
import { mock } from 'petstore-mock/node';
import { expect, it } from 'vitest';

const auth = { Authorization: 'Bearer petstore-dev-key' };

it('creates a pet the next request can read', async () => {
  const created = await fetch('http://localhost/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mittens', categoryId: 2 }),
  });
  expect(created.status).toBe(201);
  const { id } = await created.json();
  const fetched = await fetch(`http://localhost/v1/pets/${id}`, { headers: auth });
  expect(await fetched.json()).toMatchObject({ id, name: 'Mittens' });
});

it('starts each test from the seed data', async () => {
  const response = await fetch('http://localhost/v1/pets?limit=100', { headers: auth });
  expect((await response.json()).some((pet: { name: string }) => pet.name === 'Mittens')).toBe(
    false,
  );
});

it('lists newest first under the profile this test gives the mock', async () => {
  mock.profile.set({ order: 'newest-first' });
  const response = await fetch('http://localhost/v1/pets?limit=2', { headers: auth });
  expect((await response.json()).map((pet: { id: number }) => pet.id)).toEqual([40, 39]);
});

it('answers the next test by its own decisions again: the reset dropped the profile', async () => {
  const response = await fetch('http://localhost/v1/pets?limit=2', { headers: auth });
  expect((await response.json()).map((pet: { id: number }) => pet.id)).toEqual([1, 2]);
});
