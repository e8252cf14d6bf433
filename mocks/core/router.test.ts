import fc from 'fast-check';
import { getResponse, matchRequestUrl } from 'msw';
import { expect, it } from 'vitest';
import { DEFAULT_API_KEY } from './defaults.ts';
import { createHandlers, createRouter } from './handlers.ts';
import { createStore } from './store.ts';

// createRouter replaces msw's per-request matching of these three path patterns, so it must
// route every URL exactly as msw would.
const PATTERNS = [
  ['pets', '/v1/pets'],
  ['pet', '/v1/pets/:petId'],
  ['other', '/v1/*'],
] as const;

function mswRoute(url: string, origin: string | undefined): string | undefined {
  for (const [name, path] of PATTERNS) {
    try {
      if (matchRequestUrl(new URL(url), `${origin ?? '*'}${path}`).matches) return name;
    } catch {
      // msw cannot decode the parameter; that pattern then does not serve the request.
    }
  }
  return undefined;
}

const segment = fc.constantFrom(
  'v1',
  'V1',
  'pets',
  'Pets',
  'PETS',
  '12',
  'x',
  '',
  '%41',
  'a.b',
  'v1pets',
  'pets1',
);
const url = fc
  .record({
    host: fc.constantFrom('http://127.0.0.1:4010', 'http://localhost:4010', 'http://127.0.0.1:9'),
    segments: fc.array(segment, { maxLength: 5 }),
    tail: fc.constantFrom('', '/', '?limit=2', '?a=/v1/pets', '#x', '/?q'),
  })
  .map(({ host, segments, tail }) => new URL(`${host}/${segments.join('/')}${tail}`).href);

it('routes every URL the way msw matches the three path patterns, on any origin', () => {
  const route = createRouter(undefined);
  fc.assert(
    fc.property(url, (href) => {
      expect(route(href), href).toBe(mswRoute(href, undefined));
    }),
    { numRuns: 2000 },
  );
});

it('routes every URL the way msw matches the three path patterns on a configured origin', () => {
  const origin = 'http://127.0.0.1:4010';
  const route = createRouter(origin);
  fc.assert(
    fc.property(url, (href) => {
      expect(route(href), href).toBe(mswRoute(href, origin));
    }),
    { numRuns: 2000 },
  );
});

it('answers through the one handler whatever cookies a request carries, and passes others by', async () => {
  const store = createStore({ seedCount: 2 });
  await store.ready;
  const handlers = createHandlers({ store, origin: 'http://localhost' });
  const headers = { authorization: `Bearer ${DEFAULT_API_KEY}`, cookie: 'session=abc; theme=dark' };
  const found = await getResponse(handlers, new Request('http://localhost/v1/pets/1', { headers }));
  expect(found?.status).toBe(200);
  expect(await found?.json()).toMatchObject({ id: 1 });
  const elsewhere = new Request('http://localhost/v2/pets/1', { headers });
  expect(await getResponse(handlers, elsewhere)).toBeUndefined();
  expect(await getResponse(handlers, new Request('http://other/v1/pets/1', { headers }))).toBe(
    undefined,
  );
});
