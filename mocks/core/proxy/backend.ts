/**
 * Proxy mode's view of the backend (DECISIONS "Proxy"): how it is reached (the forwarder an
 * adapter supplies), which URL a request may reach (only under the configured base), the
 * headers that go out and come back, and when an answer counts as "not served yet" for the
 * fallback. The key is kept out of what the mock shows by mask.ts.
 */

import { HOP_BY_HOP_HEADERS } from '../../../spec/checks/hop-by-hop.ts';
import { BASE_PATH } from '../../../spec/constants.ts';
import { MockError } from '../errors.ts';

/** How the mock reaches its backend; the adapter supplies `forward` (node:http, or fetch). */
export type BackendOptions = {
  /** The backend's base URL, ending in its version segment (`https://api.example.com/v1`). */
  url: string;
  /** The backend's key, sent in place of the app's `Authorization` (never shown anywhere). */
  key?: string;
  /** Answer from the mock's own state where the backend does not serve an operation yet. */
  fallback?: boolean;
  /** Keep the animals the backend returns in the session's store. */
  record?: boolean;
  /** Milliseconds the backend has for a whole answer (default 30 s): then 504. */
  timeoutMs?: number;
  /** Largest answer body read from the backend (default 8 MiB): beyond it, 502. */
  maxBytes?: number;
  /** CA certificates (PEM) trusted beside the system's, for a backend over HTTPS (the standalone server). */
  ca?: string;
};

/** A request as it goes to the backend. */
export type BackendRequest = {
  url: string;
  method: string;
  headers: [string, string][];
  body?: Uint8Array;
};

/** The backend's answer once its status and headers came, its body still arriving. */
export type BackendAnswer = {
  status: number;
  headers: [string, string][];
  /** The body's length as the backend declared it, when its bytes pass on unchanged (no coding undone). */
  length?: number;
  /** The body (decoded) as it arrives, within the bounds; iterating it throws the 502 or 504 MockError that cut it. */
  body: AsyncIterable<Uint8Array>;
  /** Stops reading the body and lets the backend's connection go. */
  cancel(): void;
};

/**
 * Sends one request to the backend under the bounds; throws a 502 or 504 MockError when no
 * answer comes, or when its declared Content-Length is over the size bound (nothing relayed).
 */
export type Forward = (
  request: BackendRequest,
  bounds: { timeoutMs: number; maxBytes: number },
) => Promise<BackendAnswer>;

/**
 * The 502 for an answer whose body cannot be read as its headers say (a body not in the
 * Content-Encoding it names): the backend answered, wrongly, so it is a departure of its own
 * (the `transport` rule), where a lost connection or a bound of the proxy is not.
 */
export class UnreadableAnswer extends MockError {
  constructor(
    backend: string,
    /** What is wrong, as the contract suite titles it. */
    readonly title: string,
    /** What was seen. */
    readonly detail: string,
  ) {
    super(
      502,
      'backend_unreachable',
      `the backend ${backend} answered with a body that ${title}: ${detail}`,
    );
  }
}

/** Default of `--proxy-timeout`. */
export const DEFAULT_PROXY_TIMEOUT_MS = 30_000;
/** Largest backend answer the proxy relays. */
export const DEFAULT_PROXY_MAX_BYTES = 8 * 1024 * 1024;

// One connection's fields (RFC 9110, section 7.6.1), plus what the mock itself consumes or sets.
const HOP_BY_HOP = new Set([
  ...HOP_BY_HOP_HEADERS,
  'host',
  'content-length',
  'x-mock-session',
  'x-msw-intention',
  // The mock's own: it decodes every answer to judge it, so it asks for codings it can undo.
  'accept-encoding',
]);
// Encoded dots, slashes, backslashes and percents (double encoding): none has a place in an
// id or a route of the API, and a backend could decode them into a way out of its base.
const ESCAPES = /%(?:2e|2f|5c|25)|\\|\/\/|(?:^|\/)\.\.?(?:\/|$)/i;

/** Throws the 404 for a request target that could leave the backend's base (raw or decoded). */
export function refuseEscapes(target: string): void {
  const path = target.split('?')[0] ?? '';
  if (!path.startsWith(`${BASE_PATH}/`) && path !== BASE_PATH) return;
  if (ESCAPES.test(path.slice(BASE_PATH.length))) {
    throw new MockError(
      404,
      'not_found',
      `no route ${path}: in proxy mode a path may not hold "..", "//", a backslash or an encoded dot, slash or percent`,
    );
  }
}

/**
 * Why `base` cannot be the backend's base URL, naming the URL to give instead, or undefined:
 * the interface's paths are relative to a base ending in its version segment, so a base
 * without it would send `/pets` where the backend serves `/v1/pets`, and every answer (a 404)
 * would be blamed on the backend.
 */
export function baseUrlProblem(base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return `the backend's base URL must be an absolute http(s) URL such as http://127.0.0.1:8080${BASE_PATH}, got "${base}"`;
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(BASE_PATH)) return undefined;
  const fixed = `${url.origin}${path}${BASE_PATH}`;
  return `the backend's base URL ${base} lacks the version segment ${BASE_PATH}: every path of the interface is relative to a base URL ending in ${BASE_PATH} (${fixed}/pets, not ${url.origin}${path}/pets); give ${fixed}`;
}

/** Throws when `base` cannot be the backend's base URL (baseUrlProblem says why). */
export function checkBaseUrl(base: string): void {
  const problem = baseUrlProblem(base);
  if (problem !== undefined) throw new Error(problem);
}

/** The backend URL for a mock request URL: the base plus the path after `/v1`, and the query. */
export function backendUrl(base: string, requestUrl: string): string {
  const url = new URL(requestUrl);
  refuseEscapes(url.pathname);
  const root = new URL(base);
  const target = new URL(
    root.href.replace(/\/$/, '') + url.pathname.slice(BASE_PATH.length) + url.search,
  );
  const within = root.pathname.replace(/\/$/, '');
  if (
    target.origin !== root.origin ||
    !(target.pathname === within || target.pathname.startsWith(`${within}/`))
  ) {
    throw new MockError(404, 'not_found', `no route ${url.pathname}: it leaves the backend's base`);
  }
  return target.href;
}

/** The headers that go to the backend: as sent, less hop-by-hop ones, the key replaced. */
export function outgoingHeaders(headers: Headers, key: string | undefined): [string, string][] {
  const named = new Set(
    (headers.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase()),
  );
  const out: [string, string][] = [];
  headers.forEach((value, name) => {
    if (HOP_BY_HOP.has(name) || named.has(name)) return;
    if (key !== undefined && name === 'authorization') return;
    out.push([name, value]);
  });
  if (key !== undefined) out.push(['authorization', `Bearer ${key}`]);
  return out;
}

/** The backend's headers as the app gets them: hop-by-hop and CORS ones dropped (the mock's own go on). */
export function incomingHeaders(headers: [string, string][]): [string, string][] {
  return headers.filter(
    ([name]) => !HOP_BY_HOP.has(name) && !name.startsWith('access-control-') && name !== 'vary',
  );
}

const isErrorBody = (text: string): boolean => {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return typeof body.code === 'string' && typeof body.message === 'string';
  } catch {
    return false;
  }
};

/** Whether "not served yet" depends on the body: a 404 or 405 is one only without an Error body. */
export const needsBodyToJudgeServed = (status: number): boolean => status === 404 || status === 405;

/**
 * Why an answer means "not served yet" (DECISIONS: 501, 502–504, a 404/405 without an Error),
 * or undefined; `text` is the body, read only where needsBodyToJudgeServed says so.
 */
export function notServedYet(status: number, text = ''): string | undefined {
  if (status === 501 || (status >= 502 && status <= 504)) return `the backend answered ${status}`;
  if (needsBodyToJudgeServed(status) && !isErrorBody(text))
    return `the backend answered ${status} without an Error body`;
  return undefined;
}
