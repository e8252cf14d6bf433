/**
 * The standalone server: the msw handlers over one store behind node:http (adapter.ts turns
 * each request into a Fetch one), with server-level protections (timeouts, a graceful stop).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASE_PATH } from '../../spec/constants.ts';
import type { Profile } from '../../spec/profile.ts';
import { type ControlHandle, createControlHandle } from '../core/control-handle.ts';
import { createControlHandlers } from '../core/controls.ts';
import { DEFAULT_API_KEY, DEFAULT_MAX_PETS, DEFAULT_PORT } from '../core/defaults.ts';
import { errorResponse, MockError } from '../core/errors.ts';
import { createApi } from '../core/handlers.ts';
import type { RecordedEntry } from '../core/journal.ts';
import type { Pet } from '../core/pet-schema.ts';
import type { BackendOptions } from '../core/proxy/backend.ts';
import { createSessions } from '../core/sessions.ts';
import { createStore } from '../core/store.ts';
import type { Delay } from '../core/traffic.ts';
import type { AllowedHosts } from '../core/trusted-origins.ts';
import { createAdapter } from './adapter.ts';
import { besideTransport } from './bodies-beside.ts';
import { createEventsRoute } from './console/events.ts';
import { proxyFacts } from './console/facts.ts';
import { createFeed } from './console/feed.ts';
import { createDrain } from './drain.ts';
import { checkAllowedHosts, createHostCheck } from './host-check.ts';
import { write } from './io.ts';
import { createNodeKeyMatcher } from './key-matcher.ts';
import { createLanding, type Landing } from './landing/landing.ts';
import { attachPersistence, loadDataFile } from './persistence.ts';
import { createForward } from './proxy/forward.ts';
import type { AnsweredRequest } from './request-log.ts';

/** Options of startMockServer. */
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
  /** Animals to start with instead of the seed animals (every new session starts from them too). */
  pets?: readonly Pet[];
  delay?: Delay;
  /** Requests per second per session before 429 (off when absent). */
  rateLimit?: number;
  /** The backend's declared gap choices, every session's until it sets its own (default: none). */
  profile?: Profile;
  /** Live sessions beyond the default one (default 1,000); one more is refused with 503. */
  maxSessions?: number;
  /** Milliseconds a session may stay unused before it ends (default 30 minutes). */
  sessionTtlMs?: number;
  /** Told how many idle sessions just ended. */
  onIdleSessionsEnded?: (count: number) => void;
  /** Requests each session's journal keeps (default 1,000; 0 keeps none). */
  journalSize?: number;
  /**
   * JSON file the default session's data set is persisted to and reloaded from; its animals
   * (the seed, the first time) are what new sessions start from and a reset brings back.
   */
  dataFile?: string;
  maxPets?: number;
  /** Milliseconds a client has for a whole request (default 30 s; headers: at most 10 s). */
  requestTimeout?: number;
  /**
   * Proxy mode: every `/v1` request goes to the backend at `proxy.url` and its answer comes
   * back as given, judged by the interface's rules (docs/proxy.md).
   */
  proxy?: BackendOptions;
  /** Part of the agreed interface; the server never prints anyway (only scripts/ do). */
  quiet?: boolean;
  /** Told about every unexpected fault answered 500 (the CLI logs them). */
  onError?: (error: unknown, request: Request) => void;
  /**
   * Told of every answered API request and control change, after its answer was written
   * (the command's request log prints one line each; not the pages or GET /__mock/ reads).
   */
  onRequest?: (answered: AnsweredRequest) => void;
  /**
   * Told of every answered `/v1` request as its session's journal records it (bodies as
   * text, proxy mode's judgement included), whatever the journal keeps.
   */
  onExchange?: (exchange: RecordedEntry) => void;
};

/** A running standalone mock, with the control handle of its sessions. */
export type MockServer = ControlHandle & {
  origin: string;
  baseUrl: string;
  apiKeys: string[];
  /** Stops listening, lets the requests being answered finish (5 s at most), then closes. */
  close(): Promise<void>;
};

// How long close() lets the requests being answered finish before it cuts their connections.
const STOP_GRACE_MS = 5_000;
const STOPPING = 'the mock is stopping and did not handle this request; start it again';

/** Starts the standalone mock; resolves once it listens. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = checkAllowedHosts(options.allowedHosts ?? []);
  const checkHost = createHostCheck(host, allowedHosts);
  const requestTimeout = options.requestTimeout ?? 30_000;
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [DEFAULT_API_KEY];
  // The data file's animals, when there is one, are what every session starts from and
  // what a reset brings back; only the default session is persisted.
  const loaded = options.dataFile
    ? await loadDataFile(options.dataFile, options.maxPets ?? DEFAULT_MAX_PETS)
    : undefined;
  const store = createStore({
    // Recording starts from the backend's animals alone, unless a seed count is asked for.
    seedCount: options.seedCount ?? (options.proxy?.record ? 0 : undefined),
    pets: loaded ?? options.pets,
    maxPets: options.maxPets,
  });
  if (options.dataFile) await attachPersistence(store, options.dataFile, loaded !== undefined);
  // The console's live feed: every session's journal tells it of each request it records.
  const feed = createFeed();
  const sessions = createSessions({
    tap: feed,
    store,
    rateLimit: options.rateLimit,
    profile: options.profile,
    maxSessions: options.maxSessions,
    sessionTtlMs: options.sessionTtlMs,
    onIdleEnded: options.onIdleSessionsEnded,
    journalSize: options.journalSize,
  });
  const forward =
    options.proxy === undefined ? undefined : createForward(options.proxy.url, options.proxy.ca);
  const api = createApi({
    ...options,
    proxy: forward && options.proxy && { ...options.proxy, forward },
    sessions,
    apiKeys,
    keyMatcher: createNodeKeyMatcher,
    transport: besideTransport,
  });
  const handlers = [
    ...api.handlers,
    ...createControlHandlers(sessions, {
      transport: besideTransport,
      allowedHosts,
      onError: options.onError,
    }),
  ];
  let origin = '';
  let landing: Landing | undefined;
  const drain = createDrain();
  const onRequest = createAdapter({
    handlers,
    checkHost,
    landing: () => landing,
    streams: createEventsRoute(feed, allowedHosts, () => origin),
    origin: () => origin,
    onError: options.onError,
    onAnswered: options.onRequest,
    // A control change (a fault queued, a reset) tells the console pages to read again.
    onControl: ({ session, method, target, status }) =>
      feed.control({ session, method, target, status }),
    proxied: forward !== undefined,
    // Proxied API requests skip msw: the same routing and pipeline, called directly.
    ...(forward === undefined ? {} : { direct: api.serve }),
  });
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
  landing = createLanding({
    baseUrl: `${origin}${BASE_PATH}`,
    apiKeys,
    profile: sessions.profile,
    ...(options.proxy === undefined ? {} : { proxy: proxyFacts(options.proxy) }),
  });
  return {
    ...createControlHandle(sessions),
    origin,
    baseUrl: `${origin}${BASE_PATH}`,
    apiKeys,
    async close() {
      sessions.close();
      // The console pages' streams never end by themselves; their browsers reconnect.
      feed.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await drain.stop(STOP_GRACE_MS);
      server.closeAllConnections();
      forward?.close();
      await closed;
    },
  };
}
