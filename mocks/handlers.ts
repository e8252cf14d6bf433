/**
 * The msw handlers of the Pet Store: listPets, createPet and getPet over the store, one
 * handler per path dispatching on method, hot paths first. Environment-free: the browser
 * worker, setupServer and the standalone server all use these.
 */
import { http } from 'msw';
import { createPortableKeyMatcher, DEFAULT_API_KEY, type KeyMatcher } from './auth.ts';
import { createOperations } from './operations.ts';
import { createPipeline, type PipelineOptions, type Route } from './pipeline.ts';
import { DEPRECATION, SUNSET } from './spec-facts.ts';
import type { PetStore } from './store.ts';
import { createRateLimiter, type Delay } from './traffic.ts';

/** Options of createHandlers. */
export type HandlerOptions = {
  store: PetStore;
  /** Accepted API keys (default: petstore-dev-key). */
  apiKeys?: readonly string[];
  /** How keys are compared (default: portable constant-time; Node adapters pass node:crypto). */
  keyMatcher?: (keys: readonly string[]) => KeyMatcher;
  delay?: Delay;
  /** Requests per second before 429 (off when absent). */
  rateLimit?: number;
  onError?: PipelineOptions['onError'];
  /** Origin the handlers answer for, e.g. http://127.0.0.1:4010 (default: any origin). */
  origin?: string;
};

// getPet's deprecation headers; the successor is the listing on the same base path.
const deprecationHeaders = (request: Request): Record<string, string> => {
  const url = request.url;
  const path = url.slice(0, url.lastIndexOf('/', url.indexOf('?') >>> 0));
  return { deprecation: DEPRECATION, sunset: SUNSET, link: `<${path}>; rel="successor-version"` };
};

/** Creates the msw handlers of the Pet Store over `store`. */
export function createHandlers(options: HandlerOptions) {
  const keys = options.apiKeys ?? [DEFAULT_API_KEY];
  const serve = createPipeline({
    matchesKey: (options.keyMatcher ?? createPortableKeyMatcher)(keys),
    delay: options.delay,
    limitRate: options.rateLimit ? createRateLimiter(options.rateLimit) : undefined,
    onError: options.onError,
  });
  const { listPets, createPet, getPet } = createOperations(options.store);
  const pets: Route = {
    allow: 'GET, POST',
    methods: { GET: ['listPets', listPets], POST: ['createPet', createPet] },
  };
  const pet: Route = {
    allow: 'GET',
    methods: { GET: ['getPet', getPet] },
    headers: deprecationHeaders,
  };
  const base = `${options.origin ?? '*'}/v1`;
  return [
    http.all(`${base}/pets`, ({ request }) => serve(request, pets)),
    http.all(`${base}/pets/:petId`, ({ request }) => serve(request, pet)),
    http.all(`${base}/*`, ({ request }) => serve(request, undefined)),
  ];
}
