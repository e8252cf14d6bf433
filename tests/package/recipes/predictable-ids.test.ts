// Predictable ids with vitest (docs/testing.md shows this file): resetMockStore() brings the
// seed animals back but ids keep counting, so each test takes a new session of its own
// instead. Its first animal is then 41 whichever tests ran before it, alone with -t or in the
// whole file, and no id is ever handed out twice within a session.
import { randomUUID } from 'node:crypto';
import { setupServer } from 'msw/node';
import { handlers } from 'petstore-mock/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// New on every run, so a re-run in the same process (watch mode) gets new sessions too.
const RUN = randomUUID().slice(0, 8);

/** Creates an animal in the test's own session and returns its id. */
async function createPet(task: { id: string }, name: string): Promise<number> {
  const response = await fetch('http://localhost/v1/pets', {
    method: 'POST',
    headers: {
      authorization: 'Bearer petstore-dev-key',
      'content-type': 'application/json',
      'x-mock-session': `${RUN}-${task.id}`,
    },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  return ((await response.json()) as { id: number }).id;
}

test.for(['first', 'second'])(
  'gives the %s test 41 and 42, after the seed animals',
  async (_, { task }) => {
    expect(await createPet(task, 'Snapshot me')).toBe(41);
    expect(await createPet(task, 'And me')).toBe(42);
  },
);
