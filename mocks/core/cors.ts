/**
 * CORS on every response (DECISIONS.md, Browsers): the request's Origin is echoed, and a
 * preflight is answered 204 without authentication.
 */

const EXPOSED = 'Link, Deprecation, Sunset, WWW-Authenticate, Retry-After, Location';

/** The CORS headers of an ordinary response to a request from `origin`. */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (origin === null) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': EXPOSED,
    vary: 'Origin',
  };
}

/** The 204 answer to a CORS preflight (`OPTIONS`). */
export function preflightResponse(origin: string | null): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'Authorization, Content-Type, Prefer',
      'access-control-max-age': '600',
    },
  });
}
