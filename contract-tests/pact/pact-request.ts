/**
 * The request of an interaction as the suite sends it: the values its provider states gave
 * put in where the pact's `ProviderState` generators say (an id the server assigned), the
 * path made relative to the base URL (which ends in `/v1`), and the run's own key.
 */
import { BASE_PATH } from '../../spec/constants.ts';
import type { PactGenerator } from '../../spec/pact.ts';
import { bearer, type OperationId, type Request } from '../client/http.ts';
import type { PactCase } from './pact-file.ts';

/** The values provider states gave, by name (`id`). */
export type StateValues = Record<string, unknown>;

/** The value of a generator's expression: `${id}` alone keeps the value's type. */
export function generated(
  generator: PactGenerator,
  values: StateValues,
  example: unknown,
): unknown {
  if (generator.type !== 'ProviderState' || typeof generator.expression !== 'string')
    return example;
  const whole = /^\$\{([^}]+)\}$/.exec(generator.expression);
  if (whole) return whole[1] !== undefined && whole[1] in values ? values[whole[1]] : example;
  return generator.expression.replace(/\$\{([^}]+)\}/g, (all, name: string) =>
    name in values ? String(values[name]) : all,
  );
}

/** A copy of `body` whose value at a simple JSONPath (`$.a.b`, `$[0].id`) is updated. */
export function updateAt(
  body: unknown,
  path: string,
  update: (value: unknown) => unknown,
): unknown {
  const steps = [...path.matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)].map(
    ([, key, index]) => key ?? Number(index),
  );
  if (steps.length === 0) return update(body);
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> | undefined = copy;
  for (const step of steps.slice(0, -1))
    at = (at?.[step] ?? undefined) as Record<string | number, unknown> | undefined;
  const last = steps.at(-1);
  if (at && typeof at === 'object' && last !== undefined && last in at) at[last] = update(at[last]);
  return copy;
}

/** The operation of a request by its method and path (this project's pacts also name it). */
export function operationOf(method: string, path: string): OperationId {
  const rest = path.split('?')[0]?.replace(/\/+$/, '') ?? '';
  if (rest === '/pets')
    return method === 'POST' ? 'createPet' : method === 'GET' ? 'listPets' : 'other';
  if (/^\/pets\/[^/]+$/.test(rest) && method === 'GET') return 'getPet';
  return 'other';
}

/** The path relative to the base URL: the pact's, without the version segment it starts with. */
const relative = (path: string) =>
  path === BASE_PATH || path.startsWith(`${BASE_PATH}/`) ? path.slice(BASE_PATH.length) : path;

// Not the app's to send to another server: its key, its session, what the transport sets.
const DROPPED = new Set(['authorization', 'x-mock-session', 'host', 'content-length', 'cookie']);

/** The request of `pact` with the state values put in, ready for the suite's client. */
export function requestOf(pact: PactCase, values: StateValues, apiKey: string): Request {
  const { request, generators } = pact;
  const path = relative(String(generated(generators.path ?? { type: '' }, values, request.path)));
  const query = request.query.map(([name, value]) => {
    const generator = generators.query[name];
    return [name, generator ? String(generated(generator, values, value)) : value];
  });
  const search = query.length === 0 ? '' : `?${new URLSearchParams(query).toString()}`;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!DROPPED.has(name.toLowerCase())) {
      const generator = generators.header[name];
      headers[name.toLowerCase()] = generator ? String(generated(generator, values, value)) : value;
    }
  let body = request.body;
  for (const [at, generator] of Object.entries(generators.body))
    body = updateAt(body, at, (example) => generated(generator, values, example));
  const json = body !== undefined && typeof body !== 'string';
  return {
    operation: operationOf(request.method, path),
    method: request.method,
    path: `${path}${search}`,
    headers: {
      ...headers,
      ...bearer(apiKey),
      ...(json && headers['content-type'] === undefined
        ? { 'content-type': 'application/json' }
        : {}),
    },
    ...(body === undefined ? {} : json ? { body } : { rawBody: String(body) }),
  };
}

/** The expected response body with the state values put in where its generators say. */
export function expectedBody(pact: PactCase, values: StateValues): unknown {
  let body = pact.response.body;
  for (const [at, generator] of Object.entries(pact.generators.responseBody))
    body = updateAt(body, at, (example) => generated(generator, values, example));
  return body;
}
