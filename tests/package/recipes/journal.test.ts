// What the code under test sent, asserted with vitest and setupServer (docs/testing.md shows
// this file): the handle reads the journal of the default session, which the reset between
// tests empties along with faults and a profile a test set.
import { setupServer } from 'msw/node';
import { handlers, mock } from 'petstore-mock/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

/** The code under test: puts an animal up for adoption, trying once more after a 503. */
async function offer(name: string): Promise<number> {
  const send = () =>
    fetch('http://localhost/v1/pets', {
      method: 'POST',
      headers: { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' },
      body: JSON.stringify({ name, categoryId: 1, status: 'pending' }),
    });
  const first = await send();
  return first.status === 503 ? (await send()).status : first.status;
}

test('sends the name, the category and the pending status, with its key', async () => {
  expect(await offer('Rex')).toBe(201);
  const sent = await mock.waitForRequest({ operation: 'createPet' });
  expect(sent.body).toEqual({ name: 'Rex', categoryId: 1, status: 'pending' });
  expect(sent.headers.authorization).toBe('Bearer [masked]');
});

test('tries once more after a 503 for that name, and no more', async () => {
  mock.faults.add({ operation: 'createPet', match: { body: { name: 'Bella' } }, status: 503 });
  expect(await offer('Bella')).toBe(201);
  expect(mock.requests({ operation: 'createPet' }).map((entry) => entry.status)).toEqual([
    503, 201,
  ]);
});

test('starts from an empty journal after the reset between tests', () => {
  expect(mock.requests()).toEqual([]);
});
