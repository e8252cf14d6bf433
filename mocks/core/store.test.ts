import { Collection } from '@msw/data';
import { afterEach, expect, it, vi } from 'vitest';
import { DEFAULT_SEED_COUNT } from './defaults.ts';
import { decodeCursor, encodeCursor, firstIndexAfter } from './ids.ts';
import type { Pet } from './pet-schema.ts';
import { seedPets } from './seed.ts';
import { createStore } from './store.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

it('seeds the same animals on every run, over every status and several categories', () => {
  expect(seedPets(DEFAULT_SEED_COUNT)).toEqual(seedPets(DEFAULT_SEED_COUNT));
  const pets = seedPets(DEFAULT_SEED_COUNT);
  expect(pets.length).toBeGreaterThanOrEqual(30);
  expect(new Set(pets.map((pet) => pet.status))).toEqual(new Set(['available', 'pending', 'sold']));
  expect(new Set(pets.map((pet) => pet.categoryId)).size).toBeGreaterThanOrEqual(3);
  expect(pets.map((pet) => pet.id)).toEqual(pets.map((_, i) => i + 1));
});

it('starts empty with a seed count of 0', async () => {
  const store = createStore({ seedCount: 0 });
  await store.ready;
  expect(store.size).toBe(0);
  expect(store.nextId).toBe(1);
});

it('round-trips cursors for ids on both sides of 2^53 and refuses foreign ones', () => {
  for (const id of [1, 99, 2 ** 53 - 1, 2n ** 53n + 1n, 2n ** 63n - 1n]) {
    expect(decodeCursor(encodeCursor(id))).toBe(id);
  }
  for (const cursor of ['', 'abc', encodeCursor(5).concat('A'), btoa('07'), btoa('1.5')]) {
    expect(decodeCursor(cursor)).toBeUndefined();
  }
});

it('finds the first id after a cursor by binary search over mixed number and bigint ids', () => {
  const ids = [1, 5, 9, 2n ** 60n, 2n ** 61n];
  expect(firstIndexAfter(ids, 0)).toBe(0);
  expect(firstIndexAfter(ids, 5)).toBe(2);
  expect(firstIndexAfter(ids, 6)).toBe(2);
  expect(firstIndexAfter(ids, 2n ** 60n)).toBe(4);
  expect(firstIndexAfter(ids, 2n ** 62n)).toBe(5);
});

it('serves lookups and filtered pages of 100,000 pets without scanning', async () => {
  const statuses = ['available', 'pending', 'sold'] as const;
  const pets: Pet[] = Array.from({ length: 100_000 }, (_, i) => ({
    id: i + 1,
    name: `Pet ${i + 1}`,
    categoryId: 1 + (i % 7),
    status: statuses[i % 3],
  }));
  const store = createStore({ seedCount: 0 });
  await store.replace(pets);
  await store.settled();
  // The index answers; the collection's queries (each a scan of every record) are never
  // asked. What a lookup costs at this size is measured by `npm run bench` (--sizes).
  const findFirst = vi.spyOn(Collection.prototype, 'findFirst');
  const findMany = vi.spyOn(Collection.prototype, 'findMany');
  for (let i = 0; i < 1000; i++) {
    expect(store.get(99_000 + i)?.id).toBe(99_000 + i);
    const page = store.page('sold', 90_000 + i * 3, 100);
    expect(page?.pets[0]?.id).toBeGreaterThan(90_000 + i * 3);
  }
  expect(findFirst).not.toHaveBeenCalled();
  expect(findMany).not.toHaveBeenCalled();
});

it('answers reads before the @msw/data collection is filled, and creates wait for it', async () => {
  const store = createStore({ seedCount: 2000 });
  await store.ready;
  expect(store.get(1500)).toMatchObject({ id: 1500 });
  expect(() => store.collection).toThrow(/still being filled/);
  const created = await store.create({ name: 'After the fill', categoryId: 1 });
  expect(created.id).toBe(2001);
  expect(store.collection.count()).toBe(2001);
  expect(store.get(1500)).toEqual(store.collection.findFirst((q) => q.where({ id: 1500 })));
});
