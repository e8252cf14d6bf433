/**
 * The requests the sample apps send (tests/package/sample-app/src/main.js, tests/pact/app/app.js)
 * and a few a careless app sends, played against a service with fetch and recorded as the
 * exchanges the mock's proxy hands its live judge (spec/checks/departures.ts).
 */

import { closedReused } from '../../mocks/core/proxy/fetch-forward.ts';
import type { Exchange, OperationId, Request } from '../../spec/checks/exchange.ts';
import { parseJson } from '../../spec/json.ts';

/** One request of the app: what it asks, and whether it carries the key. */
type Step = {
  operation: OperationId;
  method: 'GET' | 'POST';
  path: string | ((ids: string[]) => string);
  body?: string | ((ids: string[]) => string);
  keyless?: boolean;
};

/** Sends one request and records the exchange (headers lower-cased, JSON parsed losslessly). */
async function send(baseUrl: string, request: Request): Promise<Exchange> {
  const url = `${baseUrl}${request.path}`;
  const init = { method: request.method, headers: request.headers, body: request.rawBody };
  // A kept-alive connection the service closed as it was reused fails before any answer:
  // sent again, as the app's browser would (Node's fetch does not), read as the proxy reads it.
  const answer = await fetch(url, init).catch((error: unknown) => {
    if (closedReused(error)) return fetch(url, init);
    throw error;
  });
  const text = await answer.text();
  let json: unknown;
  let isJson = false;
  try {
    json = parseJson(text);
    isJson = true;
  } catch {}
  const headers = Object.fromEntries(answer.headers);
  return { request, response: { status: answer.status, headers, text, json, isJson }, url };
}

const lastId = (ids: string[]) => ids.at(-1) ?? '1';

/** The sample apps' requests, in the order a user's visit sends them. */
export const APP_STEPS: Step[] = [
  { operation: 'listPets', method: 'GET', path: '/pets?status=available&limit=100' },
  { operation: 'listPets', method: 'GET', path: '/pets?status=sold&limit=100' },
  {
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: '{"name":"Mittens","categoryId":2}',
  },
  { operation: 'listPets', method: 'GET', path: '/pets?status=available&limit=100' },
  { operation: 'getPet', method: 'GET', path: (ids) => `/pets/${lastId(ids)}` },
  {
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: '{"name":"Rex","categoryId":1,"status":"sold"}',
  },
  { operation: 'getPet', method: 'GET', path: (ids) => `/pets/${lastId(ids)}` },
  { operation: 'listPets', method: 'GET', path: '/pets?status=sold&limit=100' },
  { operation: 'listPets', method: 'GET', path: '/pets?limit=5' },
  { operation: 'listPets', method: 'GET', path: '/pets' },
  { operation: 'getPet', method: 'GET', path: '/pets/987654321' },
];

/** What a careless app sends: each is a departure of the client, marked as such. */
export const CARELESS_STEPS: Step[] = [
  { operation: 'listPets', method: 'GET', path: '/pets?limit=500' },
  { operation: 'listPets', method: 'GET', path: '/pets?status=lost' },
  { operation: 'createPet', method: 'POST', path: '/pets', body: '{"name":"Nocat"}' },
  {
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: '{"name":"Lost","categoryId":1,"status":"lost"}',
  },
  // The id of an animal the backend already handed out.
  {
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    body: (ids) => `{"id":${ids[0] ?? 1},"name":"Copycat","categoryId":1,"status":"pending"}`,
  },
  { operation: 'listPets', method: 'GET', path: '/pets?status=available', keyless: true },
];

/** The client departures the careless requests are (the rule ids a server would apply). */
export const CARELESS_RULES = [
  'limit-max',
  'pet-status',
  'new-pet-fields',
  'id-assigned',
  'auth-required',
];

/** Plays `steps` against a service, handing each exchange to `judge` as the proxy would. */
export async function play<T>(
  baseUrl: string,
  apiKey: string,
  steps: readonly Step[],
  judge: (exchange: Exchange) => T[],
): Promise<T[]> {
  const ids: string[] = [];
  const found: T[] = [];
  for (const step of steps) {
    const headers: Record<string, string> = step.keyless
      ? {}
      : { authorization: `Bearer ${apiKey}` };
    const body = typeof step.body === 'function' ? step.body(ids) : step.body;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const path = typeof step.path === 'function' ? step.path(ids) : step.path;
    const request: Request = {
      operation: step.operation,
      method: step.method,
      path,
      headers,
      rawBody: body,
    };
    const exchange = await send(baseUrl, request);
    const id = (exchange.response.json as { id?: unknown } | undefined)?.id;
    if (step.operation === 'createPet' && exchange.response.status === 201 && id !== undefined)
      ids.push(String(id));
    found.push(...judge(exchange));
  }
  return found;
}
