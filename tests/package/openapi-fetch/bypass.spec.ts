// Why docs/typed-client.md's openapi-fetch recipe passes its own fetch: a client made before
// server.listen() without it keeps the fetch from before, and its requests never reach msw.
import { setupServer } from 'msw/node';
import createClient from 'openapi-fetch';
import { handlers } from 'petstore-mock/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { paths } from './petstore';

const server = setupServer(...handlers);
const client = createClient<paths>({ baseUrl: 'http://localhost:9/v1' });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('bypasses msw without the fetch option: the request leaves the process', async () => {
  await expect(client.GET('/pets')).rejects.toThrow(/fetch failed/);
});
