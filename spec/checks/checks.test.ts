import { expect, it } from 'vitest';
import { parseJson } from '../json.ts';
import {
  bodyMatchesSchema,
  errorBodyIsError,
  errorCodeListed,
  errorStatusMatches,
  jsonContentType,
  notServerError,
  statusDocumented,
} from './checks.ts';
import { headersMatchSchema } from './common-checks.ts';
import type { Exchange, OperationId } from './exchange.ts';
import {
  createdEchoes,
  equalsPet,
  itemsHaveStatus,
  knownItemsUnchanged,
  pageAtLeast,
  pageAtMost,
} from './pet-checks.ts';
import { loadContractSpec } from './spec-model.ts';
import { statusInOrRefused } from './status-checks.ts';
import { ascendingIds, errorCode, headerIs } from './strict-checks.ts';

const loose = loadContractSpec('interface');
const strict = loadContractSpec('strict');

/** An exchange whose response has this status, JSON text and headers. */
const exchange = (
  operation: OperationId,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): Exchange => {
  let json: unknown;
  let isJson = true;
  try {
    json = parseJson(text);
  } catch {
    isJson = false;
  }
  return {
    url: 'http://127.0.0.1/v1/pets',
    request: {
      operation,
      method: 'GET',
      path: '/pets',
      headers: { authorization: 'Bearer secret-key' },
      authShell: `Bearer \${PETSTORE_API_KEY}`,
    },
    response: {
      status,
      text,
      json,
      isJson,
      headers: { 'content-type': 'application/json', ...headers },
    },
  };
};
const error = (status: number) => `{"code":"x","message":"m","status":${status}}`;

it('flags a 5xx citing the operation\u2019s responses rule, and passes a 4xx', () => {
  expect(notServerError('list-responses')(exchange('listPets', 500, error(500)))).toMatchObject({
    rule: 'list-responses',
    title: 'Server error',
  });
  expect(notServerError('list-responses')(exchange('listPets', 404, error(404)))).toBeUndefined();
});

it('accepts, in a gap, the allowed statuses or any refusal but 401', () => {
  const judge = statusInOrRefused([200, 400], 'list-responses', 'for limit=0');
  for (const status of [200, 400, 404, 422, 429])
    expect(
      judge(exchange('listPets', status, status < 400 ? '[]' : error(status))),
      String(status),
    ).toBeUndefined();
  for (const status of [201, 302, 401])
    expect(judge(exchange('listPets', status, error(status))), String(status)).toMatchObject({
      rule: 'list-responses',
      title: `Expected 200 or 400 or another refusal (4xx), got ${status}`,
    });
});

it('refuses a byte order mark before a JSON body (RFC 8259)', () => {
  const marked = exchange('listPets', 200, '[]');
  const withBom = { ...marked, response: { ...marked.response, text: '\uFEFF[]' } };
  expect(jsonContentType(withBom)).toMatchObject({
    rule: 'json',
    title: 'Body starts with a byte order mark',
  });
  expect(jsonContentType(marked)).toBeUndefined();
});

it('accepts 400 on listPets at strict level only', () => {
  expect(
    statusDocumented(loose, 'listPets')(exchange('listPets', 400, error(400)))?.message,
  ).toContain('one of 200, 401');
  expect(
    statusDocumented(strict, 'listPets')(exchange('listPets', 400, error(400))),
  ).toBeUndefined();
  expect(statusDocumented(loose, 'createPet')(exchange('createPet', 200, '{}'))).toMatchObject({
    rule: 'create-responses',
    title: 'Undocumented status code',
  });
});

it('requires a JSON media type and a body that parses', () => {
  expect(
    jsonContentType(exchange('listPets', 200, '[]', { 'content-type': 'text/plain' }))?.message,
  ).toContain('text/plain');
  expect(jsonContentType(exchange('listPets', 200, '[', {}))?.title).toBe('Body is not valid JSON');
  expect(
    jsonContentType(
      exchange('listPets', 400, error(400), { 'content-type': 'application/problem+json' }),
    ),
  ).toBeUndefined();
});

it('validates bodies against the documented schema, citing the rule of the element broken', () => {
  const get = bodyMatchesSchema(loose, 'getPet');
  const list = bodyMatchesSchema(loose, 'listPets');
  expect(
    get(exchange('getPet', 200, '{"id":9007199254740993,"name":"Rex","categoryId":1}')),
  ).toBeUndefined();
  expect(get(exchange('getPet', 200, '{"id":1,"name":"Rex"}'))).toMatchObject({
    rule: 'pet-shape',
    message: expect.stringContaining('categoryId is required'),
  });
  expect(list(exchange('listPets', 200, '{"items":[]}'))).toMatchObject({
    rule: 'list-responses',
    message: expect.stringContaining('must be a array'),
  });
  const lost = '[{"id":1,"name":"Rex","categoryId":1,"status":"lost"}]';
  expect(list(exchange('listPets', 200, lost))?.rule).toBe('pet-status');
  expect(list(exchange('listPets', 200, '[{"id":"1","name":"Rex","categoryId":1}]'))?.rule).toBe(
    'id-int64',
  );
  const many = JSON.stringify(
    Array.from({ length: 101 }, (_, i) => ({ id: i + 1, name: 'a', categoryId: 1 })),
  );
  expect(list(exchange('listPets', 200, many))?.rule).toBe('page-size-max');
  expect(list.rules).toEqual(
    expect.arrayContaining([
      'list-responses',
      'page-size-max',
      'pet-shape',
      'pet-status',
      'id-int64',
    ]),
  );
  expect(
    bodyMatchesSchema(
      strict,
      'getPet',
    )(exchange('getPet', 200, '{"id":0,"name":"R","categoryId":1}'))?.rule,
  ).toBe('ids-increasing');
});

it("gives one failure per rule a body breaks, each listing that rule's problems only", () => {
  const pets = Array.from({ length: 101 }, (_, i) => ({ id: i + 1, name: 'a', categoryId: 1 }));
  const body = JSON.stringify([
    { ...pets[0], categoryId: 'one' },
    { ...pets[1], status: 'lost' },
    ...pets.slice(2),
  ]);
  const failures = bodyMatchesSchema(loose, 'listPets').all?.(exchange('listPets', 200, body));
  const byRule = new Map(failures?.map((f) => [f.rule, f.message.split(' in ')[0]]));
  expect([...byRule.keys()].sort()).toEqual(['page-size-max', 'pet-shape', 'pet-status']);
  expect(byRule.get('page-size-max')).toBe('Received: body must have at most 100 items');
  expect(byRule.get('pet-status')).not.toContain('100 items');
  expect(byRule.get('pet-shape')).not.toContain('status');
});

it('requires an Error object with a status equal to the HTTP status on every error', () => {
  expect(
    errorBodyIsError(loose)(exchange('getPet', 404, '{"code":"x","message":"m"}'))?.message,
  ).toContain('status is required');
  expect(errorBodyIsError(loose)(exchange('getPet', 404, error(404)))).toBeUndefined();
  expect(errorStatusMatches(exchange('getPet', 404, error(400)))?.message).toBe(
    'Received: status 400 in the body\nExpected: status 404',
  );
  expect(errorCode('not_found', 'error-codes')(exchange('getPet', 404, error(404)))?.title).toBe(
    'Error code is not not_found',
  );
  // The schema keeps `code` a plain string at both levels; strict lists this project's codes.
  expect(errorBodyIsError(strict)(exchange('getPet', 404, error(404)))).toBeUndefined();
  expect(errorCodeListed(strict)(exchange('getPet', 404, error(404)))).toMatchObject({
    rule: 'error-codes',
    title: 'Error code "x" is not one of the listed codes',
  });
  const listed = '{"code":"not_found","message":"m","status":404}';
  expect(errorCodeListed(strict)(exchange('getPet', 404, listed))).toBeUndefined();
  expect(errorCodeListed(loose)(exchange('getPet', 404, error(404)))).toBeUndefined();
});

it('checks documented headers only at strict level', () => {
  const wrong = exchange('listPets', 401, error(401), { 'www-authenticate': 'Basic' });
  expect(headersMatchSchema(loose, 'listPets')).toBeUndefined();
  expect(headersMatchSchema(strict, 'listPets')?.(wrong)).toMatchObject({
    rule: 'www-authenticate',
    title: 'Header www-authenticate does not match the spec',
  });
  expect(
    headerIs('www-authenticate', 'Bearer realm="petstore"', 'www-authenticate')(wrong)?.message,
  ).toContain('Basic');
});

it('compares created and fetched pets exactly, beyond 2^53', () => {
  const sent = { name: 'Rex', categoryId: 2n ** 60n + 1n };
  const created = exchange(
    'createPet',
    201,
    `{"id":1,"name":"Rex","categoryId":${2n ** 60n + 1n}}`,
  );
  expect(createdEchoes(sent)(created)).toBeUndefined();
  expect(createdEchoes({ ...sent, categoryId: 2n ** 60n })(created)).toMatchObject({
    rule: 'created-echoes',
    title: 'Created pet changed categoryId',
  });
  expect(createdEchoes({ name: ' Rex' })(created)?.title).toBe('Created pet changed name');
  const pet = { id: 9007199254740993n, name: 'Rex', categoryId: 1 };
  expect(
    equalsPet(pet)(exchange('getPet', 200, '{"id":9007199254740992,"name":"Rex","categoryId":1}')),
  ).toMatchObject({ rule: 'id-int64', title: 'Pet id lost precision' });
  expect(
    equalsPet(pet)(exchange('getPet', 200, '{"id":9007199254740993,"name":"Max","categoryId":1}')),
  ).toMatchObject({ rule: 'get-found', title: 'Pet differs from the stored one' });
  expect(
    equalsPet(pet)(exchange('getPet', 200, '{"id":9007199254740993,"name":"Rex","categoryId":1}')),
  ).toBeUndefined();
  // A wrong categoryId stored ("5") and read back the same is the stored pet: no get-found.
  const stringy = { id: 42, name: 'Rex', categoryId: '5' } as unknown as typeof pet;
  expect(
    equalsPet(stringy)(exchange('getPet', 200, '{"id":42,"name":"Rex","categoryId":"5"}')),
  ).toBeUndefined();
  expect(
    createdEchoes({ categoryId: '5' })(
      exchange('createPet', 201, '{"id":4,"name":"R","categoryId":5}'),
    )?.title,
  ).toBe('Created pet changed categoryId');
});

it('bounds a page by limit and by the pets known to exist, and checks the filter', () => {
  const page = exchange(
    'listPets',
    200,
    '[{"id":1,"name":"a","categoryId":1,"status":"sold"},{"id":2,"name":"b","categoryId":1,"status":"pending"}]',
  );
  expect(pageAtMost(1, 'limit-max')(page)).toMatchObject({
    rule: 'limit-max',
    title: 'Page larger than allowed',
  });
  expect(pageAtLeast(3, 'status-filter')(page)?.title).toBe(
    'Page smaller than the pets known to exist',
  );
  expect(pageAtMost(2, 'limit-max')(page)).toBeUndefined();
  expect(pageAtLeast(2, 'list-responses')(page)).toBeUndefined();
  expect(itemsHaveStatus('sold')(page)?.message).toContain('"status":"pending"');
  expect(
    knownItemsUnchanged(new Map([['2', { id: 2, name: 'B', categoryId: 1, status: 'pending' }]]))(
      page,
    )?.title,
  ).toBe('Listed pet differs from the stored one');
  expect(ascendingIds(exchange('listPets', 200, '[{"id":2},{"id":1}]'))?.message).toContain(
    'id 1 after 2',
  );
});
