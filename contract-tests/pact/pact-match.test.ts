import { expect, it } from 'vitest';
import { readPact } from './pact-file.ts';
import { matchBody, matchHeaders } from './pact-match.ts';
import { requestOf } from './pact-request.ts';

const type = (more = {}) => ({ matchers: [{ match: 'type', ...more }] });

it('matches a list by type, each item against the first example, within min and max', () => {
  const rules = {
    $: type({ min: 2, max: 3 }),
    '$[*].status': { matchers: [{ match: 'regex', regex: '^sold$' }] },
  };
  const example = [{ id: 1, name: 'Rex', status: 'sold' }];
  expect(
    matchBody(
      example,
      [
        { id: 9, name: 'A', status: 'sold' },
        { id: 2n ** 60n, name: 'B', status: 'sold', extra: 1 },
      ],
      rules,
    ),
  ).toEqual([]);
  expect(matchBody(example, [{ id: 9, name: 'A', status: 'sold' }], rules)).toEqual([
    {
      where: '$',
      expected: 'a list of at least 2',
      received: expect.stringContaining('a list of 1'),
    },
  ]);
  expect(
    matchBody(
      example,
      [
        { id: 9, name: 'A', status: 'sold' },
        { id: '10', name: 'B', status: 'pending' },
      ],
      rules,
    ).map((m) => m.where),
  ).toEqual(['$[1].id', '$[1].status']);
});

it('holds values without a rule to the example, and lets objects carry more keys', () => {
  const example = { id: 3, name: 'Rex', status: 'available' };
  expect(
    matchBody(
      example,
      { id: 7, name: 'Rex', status: 'available', extra: true },
      { '$.id': { matchers: [{ match: 'integer' }] } },
    ),
  ).toEqual([]);
  expect(matchBody(example, { id: 7, name: 'Rex' }, { '$.id': type() })).toEqual([
    { where: '$.status', expected: 'a value like "available"', received: 'nothing' },
  ]);
  expect(matchBody([], [{ id: 1 }], {})).toEqual([
    { where: '$', expected: 'a list of 0 ([])', received: '[{"id":1}]' },
  ]);
});

it('prefers the most specific rule and combines OR rules', () => {
  const rules = {
    '$.*': type(),
    '$.code': {
      combine: 'OR' as const,
      matchers: [
        { match: 'regex', regex: '^a$' },
        { match: 'regex', regex: '^b$' },
      ],
    },
  };
  expect(matchBody({ code: 'a', n: 1 }, { code: 'b', n: 5 }, rules)).toEqual([]);
  expect(matchBody({ code: 'a', n: 1 }, { code: 'c', n: 'x' }, rules).map((m) => m.where)).toEqual([
    '$.code',
    '$.n',
  ]);
});

it('matches headers by rule, by value list, and Content-Type as a media type', () => {
  const expected = {
    'Content-Type': 'application/json',
    Link: '<x>; rel="next"',
    'X-Seen': 'a, b',
  };
  const rules = { link: { matchers: [{ match: 'regex', regex: 'rel="?next"?' }] } };
  expect(
    matchHeaders(
      expected,
      { 'content-type': 'application/json; charset=utf-8', link: '<y>; rel=next', 'x-seen': 'a,b' },
      rules,
    ),
  ).toEqual([]);
  expect(
    matchHeaders(expected, { 'content-type': 'text/plain', 'x-seen': 'b, a' }, rules).map(
      (m) => m.where,
    ),
  ).toEqual(['header Content-Type', 'header Link', 'header X-Seen']);
});

it('reads a v2 pact as msw adapters write it: a query string, flat rules, a single state', () => {
  const pact = readPact({
    consumer: { name: 'web' },
    provider: { name: 'petstore' },
    interactions: [
      {
        description: 'a list',
        providerState: 'animals exist',
        request: {
          method: 'get',
          path: '/v1/pets',
          query: 'limit=2&status=sold',
          headers: { authorization: 'Bearer secret' },
        },
        response: {
          status: 200,
          body: [{ id: 1 }],
          matchingRules: {
            '$.body': { min: 1, match: 'type' },
            '$.headers.Link': { regex: 'next' },
          },
        },
      },
    ],
    metadata: { pactSpecification: { version: '2.0.0' } },
  });
  const [only] = pact.cases;
  expect(only?.states).toEqual([{ name: 'animals exist' }]);
  expect(only?.rules).toEqual({
    body: { $: { matchers: [{ min: 1, match: 'type' }] } },
    header: { Link: { matchers: [{ regex: 'next', match: 'regex' }] } },
  });
  expect(requestOf(only as never, {}, 'run-key')).toEqual({
    operation: 'listPets',
    method: 'GET',
    path: '/pets?limit=2&status=sold',
    headers: { authorization: 'Bearer run-key' },
  });
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: Pact's expression, not a template.
const STATE_ID = '${id}';

it('puts the values of provider states where a v4 pact generates them, keeping their type', () => {
  const pact = readPact({
    consumer: { name: 'web' },
    provider: { name: 'petstore' },
    interactions: [
      {
        type: 'Synchronous/HTTP',
        description: 'one',
        providerStates: [{ name: 'an animal exists', params: { name: 'Rex', categoryId: 1 } }],
        request: {
          method: 'POST',
          path: '/v1/pets/3',
          generators: {
            path: { type: 'ProviderState', expression: `/v1/pets/${STATE_ID}` },
            body: { '$.ref': { type: 'ProviderState', expression: STATE_ID } },
          },
          body: { content: { ref: 3 }, contentType: 'application/json', encoded: false },
          headers: { 'Content-Type': ['application/json'] },
        },
        response: { status: 200 },
      },
      { type: 'Asynchronous/Messages', description: 'a message' },
    ],
    metadata: { pactSpecification: { version: '4.0' } },
  });
  expect(pact.notHttp).toEqual(['a message']);
  expect(requestOf(pact.cases[0] as never, { id: 2n ** 62n }, 'k')).toMatchObject({
    operation: 'other',
    path: `/pets/${2n ** 62n}`,
    body: { ref: 2n ** 62n },
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
  });
});

it('says what is wrong with a file that is no pact', () => {
  expect(() => readPact('{')).toThrow(/not JSON/);
  expect(() => readPact({ consumer: {} })).toThrow('no "interactions" list');
  expect(() => readPact({ interactions: [{ description: 'x', request: {} }] })).toThrow(
    'interaction "x" has no request method and path',
  );
});
