/**
 * Pins the msw behaviour ApiHandler relies on when it replaces msw's `parse` step: the msw
 * version, and that its parse matches exactly what msw's own parse of the same custom
 * predicate matches. An msw upgrade that changes either fails here, not in production.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { getResponse, HttpHandler } from 'msw';
import { expect, it } from 'vitest';
import { DEFAULT_API_KEY } from './defaults.ts';
import { ApiHandler, createHandlers, createRouter } from './handlers.ts';
import { createStore } from './store.ts';

const mswVersion = (createRequire(import.meta.url)('msw/package.json') as { version: string })
  .version;

it('runs on the msw minor version whose parse step it replaces', () => {
  expect(mswVersion).toMatch(/^2\.15\./);
});

it('matches every URL exactly as msw parses the same predicate itself', async () => {
  const routeOf = createRouter(undefined);
  const ours = new ApiHandler(routeOf, () => new Response());
  const msws = new HttpHandler(
    /.+/,
    ({ request }) => {
      const route = routeOf(request.url);
      return route === undefined
        ? { matches: false, params: {} }
        : { matches: true, params: { route } };
    },
    () => new Response(),
  );
  const path = fc.oneof(
    fc.constantFrom(
      '/v1/pets',
      '/v1/pets/',
      '/v1/pets/7',
      '/V1/PETS',
      '/v1/store/orders',
      '/v2/pets',
      '/',
    ),
    fc.webPath(),
  );
  await fc.assert(
    fc.asyncProperty(path, fc.constantFrom('', '?limit=2', '#x'), async (p, rest) => {
      const request = new Request(`http://localhost${p}${rest}`, {
        headers: { cookie: 'session=abc; theme=dark' },
      });
      const [mine, theirs] = await Promise.all([ours.parse({ request }), msws.parse({ request })]);
      expect(mine.match).toEqual(theirs.match);
      expect(mine.cookies).toEqual({});
    }),
    { seed: 20261123, numRuns: 200 },
  );
});

it('answers a request that carries cookies like any other', async () => {
  const store = createStore({ seedCount: 3 });
  await store.ready;
  const response = await getResponse(
    createHandlers({ store }),
    new Request('http://localhost/v1/pets/2', {
      headers: { authorization: `Bearer ${DEFAULT_API_KEY}`, cookie: 'a=1' },
    }),
  );
  expect(response?.status).toBe(200);
});
