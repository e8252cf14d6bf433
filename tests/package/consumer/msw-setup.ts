// A vitest setup file: every test file of the project talks to the Pet Store handlers,
// each test starting as the mock started: the seed data, no faults, no profile a test set,
// an empty request journal.
import { setupServer } from 'msw/node';
import { handlers, resetMockStore } from 'petstore-mock/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await resetMockStore();
});
afterAll(() => server.close());
