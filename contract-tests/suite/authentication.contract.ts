/**
 * "Every operation requires the header Authorization: Bearer <API_KEY>" (auth-required,
 * auth-401): the exact key passes everywhere; each way of not holding it (no header,
 * another scheme, an empty token) and every near miss of the key (Schemathesis's
 * ignored_auth, pushed further), and every form a token parser alters into the key (quoted,
 * followed by `, x=1`, as a `token=` parameter), is answered 401 with an Error, on every
 * operation, even when the request is otherwise invalid or names an unknown pet.
 */
import { describe, it } from 'vitest';
import { isErrorObject, statusIn } from '../../spec/checks/checks.ts';
import { stringifyJson } from '../../spec/json.ts';
import { type Credential, missingKeys, nearMisses } from '../catalogue/near-miss.ts';
import { alteredForms } from '../catalogue/token-forms.ts';
import type { OperationId, Request } from '../client/http.ts';
import { ABSENT_IDS, getPet, listPets, newPet } from '../harness/fixtures.ts';
import { client, options, verify } from '../harness/harness.ts';

type Probe = {
  what: string;
  operation: Exclude<OperationId, 'other'>;
  method: string;
  path: string;
  /** The body, written anew for each request (a name of its own: refused.ts looks for it). */
  body?: () => string;
};

const probes: Probe[] = [
  { what: 'a plain list', operation: 'listPets', method: 'GET', path: '/pets' },
  {
    what: 'a filtered list',
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
    body: () => stringifyJson(newPet('unauth')),
  },
  {
    what: 'a body missing fields',
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: () => '{}',
  },
  {
    what: 'a malformed body',
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: () => '{"name":',
  },
];

const must401 = statusIn([401], 'auth-401', 'without a valid key');

const send = (probe: Probe, credential: Credential) => {
  const headers: Record<string, string> = { ...credential.headers };
  if (credential.authorization !== undefined) headers.authorization = credential.authorization;
  if (probe.body !== undefined) headers['content-type'] = 'application/json';
  const request: Request = {
    operation: probe.operation,
    method: probe.method,
    path: credential.query
      ? `${probe.path}${probe.path.includes('?') ? '&' : '?'}${credential.query}`
      : probe.path,
    headers,
    rawBody: probe.body?.(),
    authShell: credential.shell,
    authShown: credential.shown,
  };
  return client.send(request);
};

const byName = (credentials: Credential[]) => credentials.map((c) => [c.what, c] as const);

describe.concurrent('authentication', () => {
  // Every request of the suite carries the exact key and is checked not to get a 401
  // (keyAccepted, auth-required); this test only makes that explicit for each operation.
  it('serves every operation with the exact key', async () => {
    verify(await listPets('limit=1'));
    verify(await getPet(ABSENT_IDS[0]));
  });

  // The interface writes the header Authorization; HTTP reads its name in any case (RFC 9110,
  // 5.1). Sent exactly so, whatever form the preflight found the server taking the key in.
  it.each(['Authorization', 'authorization'])(
    'serves listPets and getPet with the exact key in a header named %s',
    async (name) => {
      const spelled = (operation: 'listPets' | 'getPet', path: string): Request => ({
        operation,
        method: 'GET',
        path,
        headers: { [name]: `Bearer ${options.apiKey}` },
        spelled: true,
      });
      verify(await client.send(spelled('listPets', '/pets?limit=1')));
      verify(await client.send(spelled('getPet', `/pets/${ABSENT_IDS[0]}`)));
    },
  );

  for (const operation of ['listPets', 'createPet', 'getPet'] as const) {
    const writes = operation === 'createPet';
    for (const probe of probes.filter((p) => p.operation === operation)) {
      it.skipIf(writes && options.readOnly).each(byName(missingKeys(options.apiKey)))(
        `${operation} answers 401 with an Error for ${probe.what} with %s`,
        async (_what, credential) => {
          verify(await send(probe, credential), must401, isErrorObject);
        },
      );
    }
    const [probe] = probes.filter((p) => p.operation === operation);
    if (!probe) continue;
    it.skipIf(writes && options.readOnly).each(byName(nearMisses(options.apiKey)))(
      `${operation} answers 401 with an Error for a near miss of the key: %s`,
      async (_what, credential) => {
        verify(await send(probe, credential), must401, isErrorObject);
      },
    );
    it.skipIf(writes && options.readOnly).each(byName(alteredForms(options.apiKey)))(
      `${operation} answers 401 with an Error for a form a token parser alters into the key: %s`,
      async (_what, credential) => {
        verify(await send(probe, credential), must401, isErrorObject);
      },
    );
  }
});
