/**
 * Strict level, HTTP decisions: the 401 challenge, the scheme's case, authentication
 * before routing, 404/405/413/415 with their codes and headers, and CORS.
 */
import { describe, it } from 'vitest';
import { check } from '../../spec/checks/check.ts';
import { statusIn } from '../../spec/checks/checks.ts';
import { errorCode, headerIs, headerLists } from '../../spec/checks/strict-checks.ts';
import { RESPONSE_HEADERS } from '../../spec/constants.ts';
import { stringifyJson } from '../../spec/json.ts';
import { bearer, type Exchange, jsonWithKey, type OperationId } from '../client/http.ts';
import { newPet } from '../harness/fixtures.ts';
import { client, options, verify } from '../harness/harness.ts';

const CHALLENGE = 'Bearer realm="petstore"';
const key = options.apiKey;
const get = (operation: OperationId, path: string, headers: Record<string, string> = bearer(key)) =>
  client.send({ operation, method: 'GET', path, headers });

describe.runIf(options.level === 'strict')('strict: authentication and routing', () => {
  it('challenges a request without a key the same way on every route', async () => {
    const bodies = new Set<string>();
    let last: Exchange | undefined;
    for (const [op, path] of [
      ['listPets', '/pets'],
      ['getPet', '/pets/1'],
      ['getPet', '/pets/abc'],
      ['other', '/no-such-route'],
    ] as const) {
      const exchange = await get(op, path, {});
      last = exchange;
      bodies.add(exchange.response.text);
      verify(
        exchange,
        statusIn([401], 'auth-first', 'without a key'),
        errorCode('unauthorized', 'error-codes'),
        headerIs('www-authenticate', CHALLENGE, 'www-authenticate'),
      );
    }
    verify(
      last as Exchange,
      check('auth-first', () =>
        bodies.size === 1
          ? undefined
          : {
              title: '401 differs between routes',
              received: [...bodies].join(' | '),
              expected: 'one 401 body for every route',
            },
      ),
    );
  });

  it.skipIf(options.readOnly)('accepts a JSON creation with a charset parameter', async () => {
    const body = newPet('charset');
    const headers = { ...bearer(key), 'content-type': 'application/json; charset=utf-8' };
    const exchange = await client.send({
      operation: 'createPet',
      method: 'POST',
      path: '/pets',
      headers,
      body,
    });
    verify(
      exchange,
      statusIn([201], 'unsupported-media-type', 'for application/json; charset=utf-8'),
    );
  });

  it('adds error="invalid_token" to the challenge for a wrong key', async () => {
    verify(
      await get('listPets', '/pets', bearer(`${key}-wrong`)),
      statusIn([401], 'auth-401', 'with a wrong key'),
      headerIs('www-authenticate', `${CHALLENGE}, error="invalid_token"`, 'www-authenticate'),
    );
  });

  it('treats an empty token or another scheme as a missing key', async () => {
    for (const authorization of ['Bearer', `Basic ${key}`, key])
      verify(
        await get('listPets', '/pets', { authorization }),
        statusIn([401], 'scheme-case', 'for a missing key'),
        headerIs('www-authenticate', CHALLENGE, 'www-authenticate'),
      );
  });

  it('matches the scheme name case-insensitively', async () => {
    for (const scheme of ['bearer', 'BEARER'])
      verify(
        await get('listPets', '/pets?limit=1', { authorization: `${scheme} ${key}` }),
        statusIn([200], 'scheme-case', 'for a lower- or upper-case scheme'),
      );
  });

  it('answers 404 not_found for unknown routes and the operations not implemented', async () => {
    for (const path of ['/no-such-route', '/store/orders', '/pets/1/owner'])
      verify(
        await get('other', path),
        statusIn([404], 'unknown-route-404', 'for an unknown route'),
        errorCode('not_found', 'unknown-route-404'),
      );
  });

  it.skipIf(options.readOnly)(
    'answers 405 method_not_allowed with Allow for another method on a known path',
    async () => {
      const cases = [
        ['DELETE', '/pets', ['GET', 'POST']],
        ['PUT', '/pets/1', ['GET']],
        ['PATCH', '/pets', ['GET', 'POST']],
      ] as const;
      for (const [method, path, allow] of cases) {
        const exchange = await client.send({
          operation: 'other',
          method,
          path,
          headers: jsonWithKey(key),
          rawBody: '{}',
        });
        verify(
          exchange,
          statusIn([405], 'method-not-allowed', `for ${method} ${path}`),
          errorCode('method_not_allowed', 'method-not-allowed'),
          headerLists('allow', allow, 'allow-header'),
        );
      }
    },
  );

  it.skipIf(options.readOnly)(
    'answers 415 unsupported_media_type for a creation that is not JSON',
    async () => {
      const body = stringifyJson(newPet('form'));
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const exchange = await client.send({
          operation: 'createPet',
          method: 'POST',
          path: '/pets',
          headers: { ...bearer(key), 'content-type': type },
          rawBody: body,
        });
        verify(
          exchange,
          statusIn([415], 'unsupported-media-type', `for Content-Type ${type}`),
          errorCode('unsupported_media_type', 'unsupported-media-type'),
        );
      }
    },
  );

  it.skipIf(options.readOnly)('answers 413 payload_too_large for a body over 64 KiB', async () => {
    const rawBody = stringifyJson({ ...newPet('big'), name: 'x'.repeat(70_000) });
    const exchange = await client.send({
      operation: 'createPet',
      method: 'POST',
      path: '/pets',
      headers: jsonWithKey(key),
      rawBody,
    });
    verify(
      exchange,
      statusIn([413], 'payload-too-large', 'for a body over 64 KiB'),
      errorCode('payload_too_large', 'payload-too-large'),
    );
  });

  it('echoes the Origin and exposes the headers a browser client needs', async () => {
    const origin = 'http://localhost:5173';
    for (const [op, path, headers] of [
      ['listPets', '/pets?limit=1', bearer(key)],
      ['listPets', '/pets', {}],
    ] as const) {
      const exchange = await get(op, path, { ...headers, origin });
      verify(
        exchange,
        headerIs('access-control-allow-origin', origin, 'cors'),
        headerLists('access-control-expose-headers', RESPONSE_HEADERS, 'cors'),
      );
    }
  });

  it.skipIf(options.readOnly)(
    'answers a CORS preflight with 204 without authentication',
    async () => {
      const exchange = await client.send({
        operation: 'other',
        method: 'OPTIONS',
        path: '/pets',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      verify(
        exchange,
        statusIn([204], 'cors', 'for a preflight'),
        headerIs('access-control-allow-origin', 'http://localhost:5173', 'cors'),
        headerLists('access-control-allow-methods', ['GET', 'POST'], 'cors'),
        headerLists(
          'access-control-allow-headers',
          ['Authorization', 'Content-Type', 'Prefer'],
          'cors',
        ),
      );
    },
  );
});
