/**
 * CORS on every `/v1` response: the request's Origin is echoed, and a preflight is answered
 * 204 without authentication, allowing whatever headers the page asks to send (a frontend's
 * tracing headers such as `traceparent` or `sentry-trace` must pass).
 */
import { RESPONSE_HEADERS } from '../../spec/constants.ts';

// Every header a documented response carries, so a page on another origin can read it.
const EXPOSED = RESPONSE_HEADERS.join(', ');
// X-Mock-Session: a test's session (mocks/core/sessions.ts).
const ALWAYS_ALLOWED = ['Authorization', 'Content-Type', 'Prefer', 'X-Mock-Session'];
// RFC 9110 field names (tokens), as Access-Control-Request-Headers lists them.
const FIELD_NAMES = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/** The CORS headers of an ordinary response to a request from `origin`. */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (origin === null) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': EXPOSED,
    vary: 'Origin',
  };
}

/**
 * The headers a preflight allows: `always` (the ones the API reads), plus every name the
 * preflight asks for (a list that is not a list of field names is not reflected).
 */
export function allowedRequestHeaders(
  requested: string | null,
  always: readonly string[] = ALWAYS_ALLOWED,
): string {
  const asked = requested?.trim() ?? '';
  if (asked === '' || !FIELD_NAMES.test(asked)) return always.join(', ');
  const names = [...always];
  const seen = new Set(names.map((name) => name.toLowerCase()));
  for (const name of asked.split(',').map((part) => part.trim())) {
    if (!seen.has(name.toLowerCase())) names.push(name);
    seen.add(name.toLowerCase());
  }
  return names.join(', ');
}

/** The 204 answer to a CORS preflight (`OPTIONS`) on the API. */
export function preflightResponse(request: Request): Response {
  const origin = request.headers.get('origin');
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': allowedRequestHeaders(
        request.headers.get('access-control-request-headers'),
      ),
      'access-control-max-age': '600',
      // The allowed headers follow the request's, so caches must key on them too.
      vary: 'Origin, Access-Control-Request-Headers',
    },
  });
}
