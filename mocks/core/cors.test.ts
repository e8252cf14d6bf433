import { expect, it } from 'vitest';
import { allowedRequestHeaders, preflightResponse } from './cors.ts';

it('allows the API headers plus every header a preflight asks for, once each', () => {
  expect(allowedRequestHeaders('x-request-id, traceparent,sentry-trace, authorization')).toBe(
    'Authorization, Content-Type, Prefer, X-Mock-Session, x-request-id, traceparent, sentry-trace',
  );
  expect(allowedRequestHeaders(null)).toBe('Authorization, Content-Type, Prefer, X-Mock-Session');
});

it('does not reflect a requested list that is not a list of header names', () => {
  for (const asked of ['x-a, ', 'x a', 'x-a;b', ',']) {
    expect(allowedRequestHeaders(asked), asked).toBe(
      'Authorization, Content-Type, Prefer, X-Mock-Session',
    );
  }
});

it('answers a preflight 204 with the origin, methods, headers, cache time and Vary', () => {
  const response = preflightResponse(
    new Request('http://127.0.0.1:4010/v1/pets', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'traceparent',
      },
    }),
  );
  expect(response.status).toBe(204);
  expect(Object.fromEntries(response.headers)).toEqual({
    'access-control-allow-origin': 'http://localhost:5173',
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-headers':
      'Authorization, Content-Type, Prefer, X-Mock-Session, traceparent',
    'access-control-expose-headers':
      'Link, WWW-Authenticate, Allow, Retry-After, Location, Deprecation, Sunset',
    'access-control-max-age': '600',
    vary: 'Origin, Access-Control-Request-Headers',
  });
});
