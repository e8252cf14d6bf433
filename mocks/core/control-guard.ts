/**
 * What stands between a web page and the `/__mock/` controls, which need no key: only
 * trusted origins get CORS headers, so no other site can read the data; a change must come
 * from a trusted origin (or from no page at all) and must not be a request a page can send
 * without a preflight (a form, a plain `fetch`), so no site can reset or replace the data.
 * A request no browser sent (no `Origin`, no `Sec-Fetch-Site`) without a body may change it.
 */
import { allowedRequestHeaders } from './cors.ts';
import { MockError } from './errors.ts';
import { isJsonMediaType } from './request-body.ts';
import { type AllowedHosts, originTrust } from './trusted-origins.ts';

/** The header a script may send instead of a JSON Content-Type to show it is not a form. */
export const CONTROL_HEADER = 'X-Requested-With';

const TRUSTED =
  "loopback origins (localhost, 127.0.0.1, [::1], any port), the mock's own pages and --allowed-hosts";

const refusedOrigin = (request: Request) => {
  const { pathname } = new URL(request.url);
  const origin = request.headers.get('origin');
  return new MockError(
    403,
    'origin_not_allowed',
    `${request.method} ${pathname} from Origin ${origin} is refused: the controls trust only ${TRUSTED}`,
  );
};

/** The CORS headers of a control's answer: the Origin is echoed only when it is trusted. */
export function controlCorsHeaders(
  request: Request,
  allowed: AllowedHosts,
): Record<string, string> {
  const origin = request.headers.get('origin');
  return origin !== null && originTrust(request, allowed) === 'trusted'
    ? { 'access-control-allow-origin': origin, vary: 'Origin' }
    : { vary: 'Origin' };
}

const YAML_MEDIA_TYPE = /^(?:application|text)\/(?:x-)?yaml\s*(?:;|$)/i;

/** Whether a Content-Type is YAML (`application/yaml`, `text/yaml`, the `x-` forms). */
export const isYamlMediaType = (type: string | null): boolean =>
  type !== null && YAML_MEDIA_TYPE.test(type);

/**
 * Whether no browser sent a request: browsers mark every request that can change state with
 * `Origin` (every cross-site one, and a same-site POST) or `Sec-Fetch-Site`, and one with
 * neither is what test runners (Playwright's `request.post(url)`, Node's fetch, which sends
 * only `Sec-Fetch-Mode`) and curl send.
 */
const isFromNoBrowser = (request: Request): boolean =>
  !request.headers.has('origin') && !request.headers.has('sec-fetch-site');

/**
 * Throws 403 origin_not_allowed unless the request may change the mock's data; `bodyLength`
 * reads how long its body is (only asked of a request no browser sent, without a type).
 */
export async function checkControlWrite(
  request: Request,
  allowed: AllowedHosts,
  bodyLength: () => Promise<number>,
): Promise<void> {
  if (originTrust(request, allowed) === 'foreign') throw refusedOrigin(request);
  // A page can send DELETE only after a preflight, which untrusted origins never pass.
  if (request.method === 'DELETE') return;
  // Neither a form nor a plain fetch can send these types without a preflight.
  const type = request.headers.get('content-type');
  if (isJsonMediaType(type) || isYamlMediaType(type)) return;
  if (request.headers.has(CONTROL_HEADER)) return;
  if (type === null && isFromNoBrowser(request) && (await bodyLength()) === 0) return;
  const { pathname } = new URL(request.url);
  throw new MockError(
    403,
    'origin_not_allowed',
    `${request.method} ${pathname} needs Content-Type: application/json or an ${CONTROL_HEADER} header, so that no web page can send it as a form (a YAML Content-Type works too; a request with no body and no Origin or Sec-Fetch-Site header, as test runners and curl send, needs neither)`,
  );
}

/** The headers of a 204 preflight answer for a control; throws 403 for an untrusted origin. */
export function controlPreflightHeaders(
  request: Request,
  method: string,
  allowed: AllowedHosts,
): Record<string, string> {
  if (originTrust(request, allowed) === 'foreign') throw refusedOrigin(request);
  return {
    ...controlCorsHeaders(request, allowed),
    'access-control-allow-methods': method,
    'access-control-allow-headers': allowedRequestHeaders(
      request.headers.get('access-control-request-headers'),
      ['Content-Type', CONTROL_HEADER, 'X-Mock-Session'],
    ),
    'access-control-max-age': '600',
    vary: 'Origin, Access-Control-Request-Headers',
  };
}
