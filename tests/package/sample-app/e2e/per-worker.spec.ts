// The alternative to sessions: one mock per Playwright worker, started in-process on a free
// port and reset before each test.
import { test as base, expect } from '@playwright/test';
import { type MockServer, startMockServer } from 'petstore-mock/node';

const test = base.extend<object, { mock: MockServer }>({
  mock: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const mock = await startMockServer({ port: 0 });
      await use(mock);
      await mock.close();
    },
    { scope: 'worker' },
  ],
});

test.beforeEach(async ({ mock }) => {
  await mock.reset();
  mock.faults.clear();
});

test('uses a mock of its own worker, seeded and reset in code', async ({ mock, request }) => {
  await mock.seed([{ id: 7, name: 'Only one', categoryId: 1, status: 'sold' }]);
  const reply = await request.get(`${mock.baseUrl}/pets`, {
    headers: { Authorization: `Bearer ${mock.apiKeys[0]}` },
  });
  expect(await reply.json()).toEqual([{ id: 7, name: 'Only one', categoryId: 1, status: 'sold' }]);
});

test('queues a fault in code for the next request', async ({ mock, request }) => {
  mock.faults.add({ operation: 'listPets', status: 500 });
  const headers = { Authorization: `Bearer ${mock.apiKeys[0]}` };
  expect((await request.get(`${mock.baseUrl}/pets`, { headers })).status()).toBe(500);
  expect((await request.get(`${mock.baseUrl}/pets`, { headers })).status()).toBe(200);
});
