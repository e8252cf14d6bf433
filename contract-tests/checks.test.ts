import { expect, it } from 'vitest';
import { parseJson } from '../spec/json.ts';
import {
  bodyMatchesSchema,
  errorBodyIsError,
  errorStatusMatches,
  headersMatchSchema,
  jsonContentType,
  notServerError,
  statusDocumented,
} from './checks.ts';
import type { Exchange, OperationId } from './http.ts';
import {
  createdEchoes,
  equalsPet,
  itemsHaveStatus,
  knownItemsUnchanged,
  pageSize,
} from './pet-checks.ts';
import { renderFailure } from './report.ts';
import { loadContractSpec } from './spec-model.ts';
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

it('flags a 5xx and passes a 4xx', () => {
  expect(notServerError(exchange('listPets', 500, error(500)))?.title).toBe('Server error');
  expect(notServerError(exchange('listPets', 404, error(404)))).toBeUndefined();
});

it('accepts 400 on listPets at strict level only', () => {
  expect(statusDocumented(loose)(exchange('listPets', 400, error(400)))?.message).toContain(
    'one of 200, 401',
  );
  expect(statusDocumented(strict)(exchange('listPets', 400, error(400)))).toBeUndefined();
  expect(statusDocumented(loose)(exchange('createPet', 200, '{}'))?.title).toBe(
    'Undocumented status code',
  );
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

it('validates bodies against the documented schema, ids exactly', () => {
  const check = bodyMatchesSchema(loose);
  expect(
    check(exchange('getPet', 200, '{"id":9007199254740993,"name":"Rex","categoryId":1}')),
  ).toBeUndefined();
  expect(check(exchange('getPet', 200, '{"id":1,"name":"Rex"}'))?.message).toContain(
    'categoryId is required',
  );
  expect(check(exchange('listPets', 200, '{"items":[]}'))?.message).toContain('must be a array');
});

it('requires an Error object with a status equal to the HTTP status on every error', () => {
  expect(
    errorBodyIsError(loose)(exchange('getPet', 404, '{"code":"x","message":"m"}'))?.message,
  ).toContain('status is required');
  expect(errorBodyIsError(loose)(exchange('getPet', 404, error(404)))).toBeUndefined();
  expect(errorStatusMatches(exchange('getPet', 404, error(400)))?.message).toBe(
    'Received: status 400 in the body\nExpected: status 404',
  );
  expect(errorCode('not_found', 'errorCodes')(exchange('getPet', 404, error(404)))?.title).toBe(
    'Error code is not not_found',
  );
});

it('checks documented headers only at strict level', () => {
  const wrong = exchange('listPets', 401, error(401), { 'www-authenticate': 'Basic' });
  expect(headersMatchSchema(loose)(wrong)).toBeUndefined();
  expect(headersMatchSchema(strict)(wrong)?.title).toBe(
    'Header www-authenticate does not match the spec',
  );
  expect(
    headerIs('www-authenticate', 'Bearer realm="petstore"', 'wwwAuthenticate')(wrong)?.message,
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
  expect(createdEchoes({ ...sent, categoryId: 2n ** 60n })(created)?.title).toBe(
    'Created pet changed categoryId',
  );
  expect(createdEchoes({ name: ' Rex' })(created)?.title).toBe('Created pet changed name');
  const pet = { id: 9007199254740993n, name: 'Rex', categoryId: 1 };
  expect(
    equalsPet(pet)(exchange('getPet', 200, '{"id":9007199254740992,"name":"Rex","categoryId":1}'))
      ?.title,
  ).toBe('Pet differs from the stored one');
  expect(
    equalsPet(pet)(exchange('getPet', 200, '{"id":9007199254740993,"name":"Rex","categoryId":1}')),
  ).toBeUndefined();
});

it('bounds a page by limit and by the pets known to exist, and checks the filter', () => {
  const page = exchange(
    'listPets',
    200,
    '[{"id":1,"name":"a","categoryId":1,"status":"sold"},{"id":2,"name":"b","categoryId":1,"status":"pending"}]',
  );
  expect(pageSize(0, 1)(page)?.title).toBe('Page larger than limit');
  expect(pageSize(3, 5)(page)?.title).toBe('Page smaller than the pets known to exist');
  expect(pageSize(2, 2)(page)).toBeUndefined();
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

it('reports the request with the key redacted, the response and the quoted statement', () => {
  const broken = exchange('listPets', 500, error(500));
  const failure = notServerError(broken);
  if (!failure) throw new Error('expected a failure');
  const report = renderFailure(failure, broken);
  expect(report).toContain('authorization: Bearer [REDACTED]');
  expect(report).not.toContain('secret-key');
  expect(report).toContain('Response:\n500');
  expect(report).toMatch(/Breaks \(pet-store-interface\.md, "Errors"\): "The set of `code` values/);
});
