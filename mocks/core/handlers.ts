/**
 * The msw handlers of the Pet Store: listPets, createPet and getPet over the store, as one
 * msw handler for the API that routes by path, then by method (msw parses the request for
 * every handler it tries, so one handler instead of three saves that work; see createRouter).
 * Environment-free: the browser worker, setupServer and the standalone server all use these.
 */
import { HttpHandler, type HttpResponseResolver } from 'msw';
import { BASE_PATH, DEPRECATION, SUNSET } from '../../spec/constants.ts';
import type { Profile } from '../../spec/profile.ts';
import { createPortableKeyMatcher, type KeyMatcher } from './auth.ts';
import { DEFAULT_API_KEY } from './defaults.ts';
import type { RecordedEntry } from './journal.ts';
import { createOperations } from './operations.ts';
import { createPipeline, type PipelineOptions, type Route } from './pipeline.ts';
import type { BackendOptions, Forward } from './proxy/backend.ts';
import { createFetchForward } from './proxy/fetch-forward.ts';
import { createBackendStep } from './proxy/step.ts';
import { createRecorder } from './recorder.ts';
import { createSessions, type Sessions } from './sessions.ts';
import { createStore, type PetStore } from './store.ts';
import type { Delay } from './traffic.ts';
import { type BodyTransport, fetchTransport } from './transport.ts';

/** Options of createHandlers. */
export type HandlerOptions = {
  /** The default session's store (default: a new store with the seed animals). */
  store?: PetStore;
  /** The sessions to serve, shared with the control handlers (default: new ones over `store`). */
  sessions?: Sessions;
  /** Accepted API keys (default: DEFAULT_API_KEY). */
  apiKeys?: readonly string[];
  /** How keys are compared (default: portable constant-time; Node adapters pass node:crypto). */
  keyMatcher?: (keys: readonly string[]) => KeyMatcher;
  delay?: Delay;
  /** Requests per second per session before 429 (off when absent; only without `sessions`). */
  rateLimit?: number;
  /** The backend's declared gap choices to answer by (only without `sessions`; default: none). */
  profile?: Profile;
  /** Requests each session's journal keeps (only without `sessions`; default 1,000; 0: none). */
  journalSize?: number;
  onError?: PipelineOptions['onError'];
  /** Origin the handlers answer for, e.g. http://127.0.0.1:4010 (default: any origin). */
  origin?: string;
  /** How bodies reach the handlers and leave them (default: inside the Fetch objects). */
  transport?: BodyTransport;
  /**
   * Proxy mode: the backend that answers in place of the store (docs/proxy.md), reached with
   * `forward` (default: global fetch, which msw lets through).
   */
  proxy?: BackendOptions & { forward?: Forward };
  /**
   * Told of every answered `/v1` request as its session's journal records it (bodies as
   * text), whatever the journal keeps: a gate run hears all of an app's traffic this way.
   */
  onExchange?: (exchange: RecordedEntry) => void;
};

// getPet's deprecation headers; the successor is the listing on the same base path, written as
// the interface writes it whatever form of the path was served (`/v1/PETS/7`, `/v1/pets/7/`).
const deprecationHeaders = (request: Request): Record<string, string> => {
  const url = new URL(request.url);
  const base = url.pathname.replace(/\/pets\/[^/]*\/?$/i, '');
  const link = `<${url.origin}${base}/pets>; rel="successor-version"`;
  return { deprecation: DEPRECATION, sunset: SUNSET, link };
};

type RouteName = 'pets' | 'pet' | 'other';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Which path of the API a request URL is on, decided the way msw matches the path patterns
 * `${base}/pets`, `${base}/pets/:petId` and `${base}/*` (path-to-regexp 6: case-insensitive,
 * optional trailing slash, query and hash ignored), with the expressions compiled once instead
 * of on every request, and one msw handler instead of three to try.
 */
export function createRouter(origin: string | undefined): (url: string) => RouteName | undefined {
  const start = `^${origin === undefined ? '(.*)' : escapeRegExp(origin)}${escapeRegExp(BASE_PATH)}`;
  const routes: [RouteName, RegExp][] = [
    ['pets', new RegExp(`${start}\\/pets[\\/#\\?]?$`, 'i')],
    ['pet', new RegExp(`${start}\\/pets(?:\\/([^\\/#\\?]+?))[\\/#\\?]?$`, 'i')],
    ['other', new RegExp(`${start}(?:\\/(.*))[\\/#\\?]?$`, 'i')],
  ];
  return (url) => {
    const end = url.search(/[?#]/);
    const clean = end === -1 ? url : url.slice(0, end);
    return routes.find(([, pattern]) => pattern.test(clean))?.[0];
  };
}

/** Creates the msw handlers of the Pet Store over `options.store`. */
export function createHandlers(options: HandlerOptions) {
  return createApi(options).handlers;
}

/**
 * The Pet Store's API two ways: as msw handlers, and as `serve`, the same routing and pipeline
 * called without msw (undefined where the handlers would not match), which the standalone
 * server uses in proxy mode, where msw's handler matching and request cloning cost more than
 * the forwarding itself (docs/performance.md).
 */
export function createApi(options: HandlerOptions) {
  const keys = options.apiKeys ?? [DEFAULT_API_KEY];
  const transport = options.transport ?? fetchTransport;
  const sessions =
    options.sessions ??
    createSessions({
      // Recording starts from the backend's animals alone (docs/proxy.md).
      store: options.store ?? createStore(options.proxy?.record ? { seedCount: 0 } : {}),
      rateLimit: options.rateLimit,
      profile: options.profile,
      journalSize: options.journalSize,
    });
  // Every body read and response made goes through the recorder, for the journal.
  const recorder = createRecorder(transport, options.onExchange);
  const backend =
    options.proxy === undefined
      ? undefined
      : createBackendStep(
          options.proxy,
          options.proxy.forward ?? createFetchForward(options.proxy.url),
          recorder.transport,
        );
  const serve = createPipeline({
    backend,
    matchesKey: (options.keyMatcher ?? createPortableKeyMatcher)(keys),
    delay: options.delay,
    sessions,
    onError: options.onError,
    transport: recorder.transport,
    record: recorder.record,
  });
  const { listPets, createPet, getPet } = createOperations(recorder.transport);
  const routes: Record<RouteName, Route | undefined> = {
    pets: {
      allow: 'GET, POST',
      methods: { GET: ['listPets', listPets], POST: ['createPet', createPet] },
    },
    pet: { allow: 'GET', methods: { GET: ['getPet', getPet] }, headers: deprecationHeaders },
    other: undefined,
  };
  const routeOf = createRouter(options.origin);
  return {
    handlers: [
      new ApiHandler(routeOf, ({ request, params }) => serve(request, routes[params.route])),
    ],
    serve: (request: Request): Promise<Response> | undefined => {
      const route = routeOf(request.url);
      return route === undefined ? undefined : serve(request, routes[route]);
    },
  };
}

type RouteMatch = { matches: boolean; params: { route?: RouteName } };

/**
 * The msw handler of the API: an HttpHandler for every method whose requests are matched by
 * the router, through msw's public custom-predicate form. It overrides one msw step, `parse`:
 * msw's own also reads the Cookie header and msw's cookie store (tough-cookie) on every
 * request, about 6 % of a request's CPU in the standalone server (docs/performance.md); the
 * Pet Store reads no cookies, so this parse matches the URL alone and hands the resolver none.
 * handlers.test.ts pins msw's behaviour this relies on (version, and the same match as msw's).
 */
export class ApiHandler extends HttpHandler {
  readonly #match: (url: string) => RouteMatch;

  constructor(
    routeOf: (url: string) => RouteName | undefined,
    resolver: HttpResponseResolver<{ route: RouteName }>,
  ) {
    const match = (url: string): RouteMatch => {
      const route = routeOf(url);
      return route === undefined
        ? { matches: false, params: {} }
        : { matches: true, params: { route } };
    };
    super(/.+/, ({ request }) => match(request.url), resolver as HttpResponseResolver);
    this.#match = match;
  }

  override async parse(args: { request: Request }) {
    return { match: this.#match(args.request.url), cookies: {} };
  }
}
