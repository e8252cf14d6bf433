// @pactflow/pact-msw-adapter over the package's handlers: it records msw's traffic as it was
// (no provider states, no matching rules), for PactFlow's bi-directional contract testing.
import { setupPactMswAdapter } from '@pactflow/pact-msw-adapter';
import { setupServer } from 'msw/node';
import { handlers } from 'petstore-mock/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';

const server = setupServer(...handlers);
const adapter = setupPactMswAdapter({
  server,
  options: {
    consumer: 'pet-app-msw',
    providers: { petstore: ['/v1/'] },
    pactOutDir: './pacts',
    excludeHeaders: ['authorization'],
  },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => adapter.newTest());
afterEach(() => adapter.verifyTest());
afterAll(async () => {
  await adapter.writeToFile();
  adapter.clear();
  server.close();
});

it('lists two animals', async () => {
  const response = await fetch('http://localhost/v1/pets?limit=2', {
    headers: { Authorization: 'Bearer petstore-dev-key' },
  });
  expect(await response.json()).toHaveLength(2);
});
