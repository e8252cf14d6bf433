/**
 * A small, independent, in-memory server of the Pet Store interface (node:http), with
 * one switch per fault (faults.ts), per conforming variant (variants.ts) and per framework
 * leniency (leniencies.ts), to prove the contract suite's power.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fault } from './faults.ts';
import { LENIENCIES, type Leniency } from './leniencies.ts';
import { ANSWER_LENIENCIES, TRANSPORT_LENIENCIES } from './leniency-answers.ts';
import { shapeAnswers } from './reference-answers.ts';
import { authorized, REFERENCE_KEY } from './reference-auth.ts';
import { formRoute, keyMissed, linkPagesFor } from './reference-forms.ts';
import { createHandlers, parsed } from './reference-handlers.ts';
import { createResponder, cutShort } from './reference-http.ts';
import { readPetIdAs } from './reference-id-readers.ts';
import { notFoundCache } from './reference-lax.ts';
import {
  blockedByFirewall,
  readAuthorization,
  readBody,
  readQuery,
  routedPath,
} from './reference-lenient.ts';
import { answeredAfterAuth, answeredBeforeAuth } from './reference-outside.ts';
import { isRejection, validateNewPet } from './reference-rules.ts';
import { createStore } from './reference-store.ts';
import type { Variant } from './variants.ts';

export { REFERENCE_KEY } from './reference-auth.ts';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A body's text, or null for bytes that are not UTF-8 (read with U+FFFD for them by the leniency). */
function utf8(bytes: Buffer, leniency: Leniency | undefined): string | null {
  if (leniency === 'non-utf8-read-as-replacement') return bytes.toString('utf8');
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** The leniencies that change how answers are written (reference-answers.ts). */
const SHAPING = new Set<string>([
  ...Object.keys(ANSWER_LENIENCIES),
  ...Object.keys(TRANSPORT_LENIENCIES),
]);

/**
 * Starts the reference server on 127.0.0.1 (random port), broken by a fault, filling gaps as
 * a variant does, or lenient in one way; returns its base URL and close.
 */
export async function startReferenceServer(
  options: { fault?: Fault; variant?: Variant; leniency?: Leniency } = {},
) {
  const { leniency } = options;
  if (leniency !== undefined && !(leniency in LENIENCIES))
    throw new Error(`no leniency ${leniency}`);
  const has = (f: Fault) => options.fault === f;
  // A fault of later pages needs pages: the server writes Link rel="next" for it.
  const variant = linkPagesFor(has)
    ? { ...options.variant, linkPages: true }
    : (options.variant ?? {});
  const store = createStore(variant, has);

  const out = createResponder(variant, has, leniency);
  const { error } = out;
  const { listPets, createPet, getPet } = createHandlers({ variant, has, store, out });

  // Excess traffic (a gap of the interface): more than throttleBurst requests within 100 ms,
  // or more than ratePerSecond in one second (asked to come back a second later).
  let window = { start: 0, count: 0 };
  const excess = () => {
    const [span, most] =
      variant.ratePerSecond === undefined
        ? [100, variant.throttleBurst]
        : [1000, variant.ratePerSecond];
    if (most === undefined) return false;
    const now = Date.now();
    if (now - window.start > span) window = { start: now, count: 0 };
    return ++window.count > most;
  };

  // getPet's removal date restated in a Sunset header (RFC 8594), when the server sends one.
  const sunset = has('sunset-another-date')
    ? 'Wed, 04 Dec 2030 23:00:00 GMT'
    : has('sunset-not-an-http-date')
      ? '2030-12-05'
      : variant.sunset;

  // The Authorization header as a lookup by exact name sees it (Node lower-cases names).
  const spellings = has('header-case-sensitive-auth')
    ? /^(Authorization|authorization)$/
    : has('auth-header-only-capitalised')
      ? /^Authorization$/
      : has('auth-header-only-lower-case')
        ? /^authorization$/
        : undefined;
  const authorizationOf = (req: IncomingMessage) => {
    if (!spellings) return req.headers.authorization ?? '';
    const at = req.rawHeaders.findIndex((h, i) => i % 2 === 0 && spellings.test(h));
    return at < 0 ? '' : (req.rawHeaders[at + 1] ?? '');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, text: string | null) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (excess()) {
      res.setHeader('retry-after', variant.ratePerSecond === undefined ? '0' : '1');
      return error(res, 429, 'too many requests');
    }
    // Django's APPEND_SLASH: /v1/pets answers 301 to /v1/pets/, which is served.
    if (has('trailing-slash-redirect')) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { location: `${url.pathname}/${url.search}`, 'content-length': '0' });
        return void res.end();
      }
      url.pathname = url.pathname.replace(/\/$/, '');
    }
    // Served at the root: /pets is what /v1/pets is elsewhere, and /v1/... is nothing.
    if (has('served-at-root'))
      url.pathname = url.pathname.startsWith('/v1/') ? '/none' : `/v1${url.pathname}`;
    const form = formRoute(routedPath(url.pathname, leniency), has);
    const { path } = form;
    const method =
      leniency === 'head-served-for-get' && req.method === 'HEAD' ? 'GET' : (req.method ?? '');
    const routed = { method, path, pathname: url.pathname, search: url.search };
    const idMatch = /^\/v1\/pets\/([^/]+)$/.exec(path);
    const route =
      path === '/v1/pets'
        ? method === 'POST'
          ? 'createPet'
          : 'listPets'
        : idMatch
          ? 'getPet'
          : 'other';
    const blocked = blockedByFirewall(text, leniency);
    if (blocked) return error(res, 403, blocked);
    if (answeredBeforeAuth(leniency, req, res, routed, error)) return;
    const header = readAuthorization(authorizationOf(req), leniency);
    if (has('connection-dropped-on-empty-bearer') && /^Bearer\s*$/i.test(header))
      return void req.socket.destroy();
    if (
      has('unknown-id-404-before-auth') &&
      idMatch &&
      !store.has(BigInt(/^\d+$/.test(idMatch[1] ?? '') ? (idMatch[1] as string) : '0'))
    )
      return error(res, 404, 'no such pet');
    if (has('invalid-body-400-before-auth') && route === 'createPet' && !authorized(header, has)) {
      const checked = validateNewPet(parsed(text ?? ''), variant, has);
      if (isRejection(checked)) return error(res, 400, checked.message);
    }
    const named = /^\d+$/.test(idMatch?.[1] ?? '')
      ? store.get(BigInt(idMatch?.[1] ?? '0'))
      : undefined;
    const skipAuth =
      (route === 'getPet' && has('auth-skipped-on-getPet')) ||
      (has('key-in-other-header-accepted') && req.headers['x-api-key'] === REFERENCE_KEY) ||
      form.unchecked ||
      keyMissed(has, route, url, named);
    if (!skipAuth && !authorized(header, has)) {
      // Stored first, the key checked after: the creation is refused, and kept.
      if (route === 'createPet' && has('unauthorized-create-stored')) {
        const checked = validateNewPet(parsed(text ?? ''), variant, has);
        if (!isRejection(checked)) await store.create(checked, undefined);
      }
      return error(res, 401, 'missing or invalid API key');
    }
    if (has('accept-missing-refused') && req.headers.accept === undefined)
      return error(res, 406, 'send Accept: application/json');
    if (answeredAfterAuth(leniency, req, res, routed, error)) return;
    if (route === 'getPet' && sunset) res.setHeader('sunset', sunset);
    readQuery(url, leniency);
    if (route === 'listPets' && method === 'GET') return listPets(res, url);
    if (route === 'createPet' && has('key-refused-on-create'))
      return error(res, 401, 'this key may not create pets');
    if (
      route === 'createPet' &&
      has('chunked-body-refused') &&
      req.headers['content-length'] === undefined
    )
      return error(res, 411, 'Content-Length required');
    if (route === 'createPet') {
      const body = readBody(text, req.headers['content-type'], leniency);
      return createPet(res, body.text, body.type);
    }
    if (route === 'getPet' && has('getPet-gone-early'))
      return error(res, 410, 'getPet was removed');
    if (route === 'getPet' && method === 'GET') {
      const raw = decodeURIComponent(idMatch?.[1] ?? '');
      const read = readPetIdAs(leniency, raw);
      if (read === null) return error(res, 400, `petId must be an integer, got "${raw}"`);
      return getPet(res, read ?? raw);
    }
    return error(res, 404, `no route ${req.method} ${url.pathname}`);
  };

  // A cache in front that keeps 404s (answering before the server sees the request).
  const cachedNotFound = has('not-found-cached') ? notFoundCache() : () => false;
  // A cold start: the first request waits, the others do not.
  let coldStart = leniency === 'slow-first-answer' ? 3_000 : 0;
  const server = createServer((req, res) => {
    if (cachedNotFound(req, res)) return void req.resume();
    if (leniency !== undefined && SHAPING.has(leniency)) shapeAnswers(req, res, leniency);
    if (has('getPet-body-cut-short') && /^\/v1\/pets\/./.test(req.url ?? '')) cutShort(res);
    if (
      has('list-labelled-gzip') &&
      req.method === 'GET' &&
      /^\/v1\/pets(\?|$)/.test(req.url ?? '')
    )
      res.setHeader('content-encoding', 'gzip');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () =>
        handle(req, res, utf8(Buffer.concat(chunks), leniency)).catch(() =>
          error(res, 500, 'internal error'),
        );
      if (coldStart === 0) return void answer();
      setTimeout(answer, coldStart);
      coldStart = 0;
    });
  });
  if (variant.idleTimeoutMs !== undefined) server.keepAliveTimeout = variant.idleTimeoutMs;
  if (leniency === 'keep-alive-ends-after-100') server.maxRequestsPerSocket = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${has('served-at-root') ? '' : '/v1'}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
