// A vitest setup file: the Pet Store handlers in every test file, each test from the seed
// data, and the requests of each test file added to one pact at the end of the file.
import { setupServer } from 'msw/node';
import {
  handlers,
  mergePacts,
  mock,
  type PactFile,
  resetMockStore,
  writePact,
} from 'petstore-mock/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

const server = setupServer(...handlers);
let pact: PactFile | undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  // Read before the reset, which empties the journal.
  const part = mock.pact({ consumer: 'pet-app-unit' });
  pact = pact === undefined ? part : mergePacts(pact, part);
  await resetMockStore();
});
afterAll(async () => {
  server.close();
  if (pact) await writePact('pacts/pet-app-unit-petstore.json', pact);
});
