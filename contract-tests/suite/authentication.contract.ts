/**
 * "Every operation requires authentication": each operation, with each way of not
 * holding a valid key, answers 401 with an Error, even when the request is otherwise
 * invalid or names an unknown pet.
 */
import { describe, it } from 'vitest';
import { isErrorObject, statusIn } from '../checks.ts';
import { ABSENT_IDS, newPet } from '../fixtures.ts';
import { client, options, verify } from '../harness.ts';
import type { OperationId, Request } from '../http.ts';

/** Authorization headers that do not carry a valid key, by description. */
const badCredentials: [string, Record<string, string>][] = [
  ['no Authorization header', {}],
  [
    'another scheme (Basic)',
    { authorization: `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}` },
  ],
  ['the key without a scheme', { authorization: options.apiKey }],
  ['a Token scheme', { authorization: `Token ${options.apiKey}` }],
  ['a wrong key', { authorization: `Bearer ${options.apiKey}x` }],
  ['another wrong key', { authorization: 'Bearer contract-suite-wrong-key' }],
  ['an empty bearer token', { authorization: 'Bearer' }],
];

type Probe = {
  what: string;
  operation: Exclude<OperationId, 'other'>;
  method: string;
  path: string;
  body?: string;
};

const probes: Probe[] = [
  { what: 'a plain list', operation: 'listPets', method: 'GET', path: '/pets' },
  {
    what: 'a filtered list with a limit',
    operation: 'listPets',
    method: 'GET',
    path: '/pets?limit=5&status=sold',
  },
  { what: 'an out-of-range limit', operation: 'listPets', method: 'GET', path: '/pets?limit=0' },
  { what: 'an unknown pet id', operation: 'getPet', method: 'GET', path: `/pets/${ABSENT_IDS[0]}` },
  { what: 'a low pet id', operation: 'getPet', method: 'GET', path: '/pets/1' },
  { what: 'a malformed pet id', operation: 'getPet', method: 'GET', path: '/pets/abc' },
  {
    what: 'a valid body',
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: JSON.stringify(newPet('unauth')),
  },
  {
    what: 'a body missing fields',
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: '{}',
  },
  {
    what: 'a malformed body',
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: '{"name":',
  },
];

const must401 = statusIn([401], 'auth401', 'without a valid key');

for (const operation of ['listPets', 'createPet', 'getPet'] as const) {
  const writes = operation === 'createPet';
  describe(operation, () => {
    for (const probe of probes.filter((p) => p.operation === operation)) {
      it.skipIf(writes && options.readOnly).each(badCredentials)(
        `answers 401 with an Error for ${probe.what} with %s`,
        async (_name, headers) => {
          const request: Request = {
            operation,
            method: probe.method,
            path: probe.path,
            headers:
              probe.body === undefined
                ? headers
                : { ...headers, 'content-type': 'application/json' },
            rawBody: probe.body,
          };
          verify(await client.send(request), must401, isErrorObject);
        },
      );
    }
  });
}
