import { expect, it } from 'vitest';
import { replayCurl } from './assets/curl.js';
import { answeredBy, departureWords, describeFault, targetOf } from './assets/words.js';

it('says a departure without repeating what its title already says', () => {
  const words = departureWords({
    rule: 'limit-max',
    title: 'The app sent limit="500"',
    received: 'limit="500": must be <= 100',
    expected: 'limit an integer from 1 to 100',
  });
  expect(words).toEqual({
    headline: 'The app sent limit="500"',
    seen: 'must be <= 100',
    expected: 'limit an integer from 1 to 100',
  });
  const server = departureWords({
    rule: 'json',
    title: 'GET /pets answered a body that is not JSON',
    received: 'Content-Type: text/plain',
    expected: 'application/json',
  });
  expect(server.seen).toBe('Content-Type: text/plain');
});

it('gives a request its query back, and says who answered it', () => {
  expect(targetOf({ path: '/v1/pets', query: { limit: '500', status: ['sold', 'x'] } })).toBe(
    '/v1/pets?limit=500&status=sold&status=x',
  );
  expect(targetOf({ path: '/v1/pets/3', query: {} })).toBe('/v1/pets/3');
  expect(answeredBy({ path: '/', answeredBy: 'mock', fallback: 'no answer' })).toBe(
    'mock (fallback: no answer)',
  );
  expect(answeredBy({ path: '/' })).toBe('mock');
});

it('describes a queued fault: effect, requests, what is left', () => {
  expect(
    describeFault({
      id: 3,
      operation: 'listPets',
      times: 2,
      match: { query: { status: 'sold' } },
      status: 503,
    }),
  ).toBe('#3 status 503 on listPets ?status=sold: 2 more times');
  expect(describeFault({ id: 1, operation: '*', times: 'always', network: 'reset' })).toBe(
    '#1 connection dropped on any operation: always',
  );
});

it('replays a journaled request with the shown key in place of the masked one, and nothing a browser added', () => {
  const entry = {
    method: 'POST',
    path: '/v1/pets',
    query: {},
    headers: {
      authorization: 'Bearer [masked]',
      'content-type': 'application/json',
      'x-mock-session': 'e2e-1',
      cookie: '[masked]',
      'sec-fetch-mode': 'cors',
      'user-agent': 'Chrome',
      origin: 'http://localhost:5173',
    },
    body: { name: "O'Malley", categoryId: 2 },
  };
  expect(replayCurl(entry, 'http://127.0.0.1:4010', 'petstore-dev-key')).toBe(
    "curl -X POST -H 'Authorization: Bearer petstore-dev-key' -H 'content-type: application/json' -H 'x-mock-session: e2e-1' --data-raw '{\"name\":\"O'\\''Malley\",\"categoryId\":2}' 'http://127.0.0.1:4010/v1/pets'",
  );
  // In proxy mode without a lent key, the app's key went to the backend: a variable stands in.
  expect(replayCurl({ ...entry, method: 'GET', body: undefined }, 'http://h')).toContain(
    '-H "Authorization: Bearer $PETSTORE_API_KEY"',
  );
});
