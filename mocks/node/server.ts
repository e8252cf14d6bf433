/**
 * The standalone server: a thin node:http adapter that hands each request to the msw
 * handlers through `getResponse`, with server-level protections (timeouts, body caps).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { BASE_PATH, MAX_BODY_BYTES } from '../../spec/constants.ts';
import { createControlHandlers } from '../core/controls.ts';
import { DEFAULT_API_KEY, DEFAULT_PORT } from '../core/defaults.ts';
import { errorResponse, faultOf, MockError } from '../core/errors.ts';
import { createHandlers } from '../core/handlers.ts';
import { createStore } from '../core/store.ts';
import type { Delay } from '../core/traffic.ts';
import type { AllowedHosts } from '../core/trusted-origins.ts';
import { besideTransport, carryBodiesBeside } from './bodies-beside.ts';
import { createDrain } from './drain.ts';
import { checkAllowedHosts, createHostCheck } from './host-check.ts';
import { literalIfMalformed, readBody, toHeaders, write } from './io.ts';
import { createNodeKeyMatcher } from './key-matcher.ts';
import { createLanding, type Landing } from './landing/landing.ts';
import { attachPersistence } from './persistence.ts';

/** Options of startMockServer (the agreed interface between helpers). */
export type MockServerOptions = {
  host?: string;
  /**
   * Host names answered beside loopback names, IP addresses and `host` (`.example.com` for
   * a domain and its subdomains), and whose pages the controls trust; `'all'` lifts the Host check.
   */
  allowedHosts?: AllowedHosts;
  /** 0 picks a free port. */
  port?: number;
  apiKeys?: string[];
  seedCount?: number;
  delay?: Delay;
  rateLimit?: number;
  /** JSON file the data set is persisted to and reloaded from. */
  dataFile?: string;
  maxPets?: number;
  /** Milliseconds a client has for a whole request (default 30 s; headers: at most 10 s). */
  requestTimeout?: number;
  /** Part of the agreed interface; the server never prints anyway (only scripts/ do). */
  quiet?: boolean;
  /** Told about every unexpected fault answered 500 (the CLI logs them). */
  onError?: (error: unknown, request: Request) => void;
};

/** A running standalone mock. */
export type MockServer = {
  origin: string;
  baseUrl: string;
  apiKeys: string[];
  /** Stops listening, lets the requests being answered finish (5 s at most), then closes. */
  close(): Promise<void>;
};

// Control requests replace whole data sets, so they may be far larger than an animal.
const MAX_CONTROL_BODY_BYTES = 64 * 1024 * 1024;
const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
// Methods a Fetch Request cannot carry: refused here, the same way on every path.
const UNREPRESENTABLE = new Set(['CONNECT', 'TRACE', 'TRACK']);
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);
// How long close() lets the requests being answered finish before it cuts their connections.
const STOP_GRACE_MS = 5_000;
const STOPPING = 'the mock is stopping and did not handle this request; start it again';
const HOST_HEADER = /^[A-Za-z0-9.-]+(?::[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::[0-9]{1,5})?$/;

/** The request a fault is reported for (its target as sent when that is not a valid URL). */
function describe(method: string, base: string, path: string): Request {
  try {
    return new Request(base + literalIfMalformed(path), {
      method: UNREPRESENTABLE.has(method) ? 'GET' : method,
    });
  } catch {
    return new Request(base, { method: 'GET' });
  }
}

/** Starts the standalone mock; resolves once it listens. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = checkAllowedHosts(options.allowedHosts ?? []);
  const checkHost = createHostCheck(host, allowedHosts);
  const requestTimeout = options.requestTimeout ?? 30_000;
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [DEFAULT_API_KEY];
  const store = createStore({ seedCount: options.seedCount, maxPets: options.maxPets });
  await store.ready;
  if (options.dataFile) await attachPersistence(store, options.dataFile);
  const handlers = [
    ...createHandlers({
      ...options,
      store,
      apiKeys,
      keyMatcher: createNodeKeyMatcher,
      transport: besideTransport,
    }),
    ...createControlHandlers(store, {
      transport: besideTransport,
      allowedHosts,
      onError: options.onError,
    }),
  ];
  let origin = '';
  let landing: Landing | undefined;
  const drain = createDrain();
  const wildcard = WILDCARD_HOSTS.has(host);
  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const cap = path.startsWith('/__mock/') ? MAX_CONTROL_BODY_BYTES : MAX_BODY_BYTES;
    // Bound to every interface, links follow the address the client used (when it is sane).
    const hostHeader = req.headers.host;
    const base =
      wildcard && hostHeader && HOST_HEADER.test(hostHeader) ? `http://${hostHeader}` : origin;
    try {
      // First on every path, the pages included (host-check.ts: DNS rebinding).
      checkHost(req.rawHeaders);
      // The landing page and API reference (landing/): never consulted for the API or /__mock/.
      const page =
        path.startsWith(BASE_PATH) || path.startsWith('/__mock/') ? undefined : landing?.(req, res);
      if (page) return await page;
      if (!path.startsWith('/'))
        throw new MockError(
          404,
          'not_found',
          `request targets must be paths such as ${BASE_PATH}/pets`,
        );
      if (UNREPRESENTABLE.has(method)) {
        throw new MockError(
          405,
          'method_not_allowed',
          `${method} is not supported; use GET or POST`,
          {
            allow: 'GET, POST',
          },
        );
      }
      const read = NO_BODY.has(method) ? undefined : await readBody(req, cap);
      const body = read?.bytes;
      // Bodies travel beside the Request and the Response, not as streams (bodies-beside.ts).
      const request = new Request(base + literalIfMalformed(path), {
        method,
        headers: toHeaders(req.rawHeaders),
      });
      carryBodiesBeside(request, body);
      const response =
        (await getResponse(handlers, request)) ??
        errorResponse(
          new MockError(
            404,
            'not_found',
            `no route ${method} ${path.split('?')[0]}: the API is under ${BASE_PATH}`,
          ),
          {},
        );
      await write(res, response, read?.complete === false);
    } catch (error) {
      const fault = faultOf(error);
      if (fault !== undefined) options.onError?.(fault, describe(method, base, path));
      if (!res.headersSent) await write(res, errorResponse(error, {}), true);
      else res.destroy();
    }
  };
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(10_000, requestTimeout),
      keepAliveTimeout: 5_000,
      maxHeaderSize: 16_384,
      // Enforce the timeouts soon after expiry (node's default check is every 30 s).
      connectionsCheckingInterval: Math.min(2_000, Math.max(100, requestTimeout / 4)),
    },
    (req, res) => {
      if (!drain.stopping) return drain.track(onRequest(req, res));
      const stopping = new MockError(503, 'service_unavailable', STOPPING);
      void write(res, errorResponse(stopping, {}), true);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  landing = createLanding({ baseUrl: `${origin}${BASE_PATH}`, apiKeys });
  return {
    origin,
    baseUrl: `${origin}${BASE_PATH}`,
    apiKeys,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await drain.stop(STOP_GRACE_MS);
      server.closeAllConnections();
      await closed;
    },
  };
}
