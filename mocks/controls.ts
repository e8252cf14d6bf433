/**
 * Mock controls outside the public interface, under `/__mock/`: reset to the seed data,
 * read the state, replace the data set. No authentication; CORS like every response.
 */
import { http } from 'msw';
import { parseJson } from '../spec/json.ts';
import { readBodyBytes } from './bodies-beside.ts';
import { corsHeaders, preflightResponse } from './cors.ts';
import { errorResponse, jsonResponse, MockError } from './errors.ts';
import type { PetStore } from './store.ts';

// As Request.text() decodes: UTF-8, invalid bytes replaced, a leading BOM dropped.
const UTF8 = new TextDecoder();

type Control = (request: Request) => Promise<unknown>;

const summary = (store: PetStore) => ({
  count: store.size,
  nextId: store.nextId,
  seedCount: store.seedCount,
  maxPets: store.maxPets,
});

async function readData(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = parseJson(UTF8.decode(await readBodyBytes(request)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MockError(400, 'malformed_json', `request body is not valid JSON: ${reason}`);
  }
  // Either the array of pets or an object like GET /__mock/state's ({ "pets": [...] }).
  return Array.isArray(body) ? body : (body as { pets?: unknown } | null)?.pets;
}

/** Creates the `/__mock/` control handlers over `store`. */
export function createControlHandlers(store: PetStore, origin = '*') {
  const control =
    (method: string, run: Control) =>
    async ({ request }: { request: Request }) => {
      const requestOrigin = request.headers.get('origin');
      if (request.method === 'OPTIONS') return preflightResponse(requestOrigin);
      const headers = corsHeaders(requestOrigin);
      try {
        if (request.method !== method) {
          throw new MockError(
            405,
            'method_not_allowed',
            `use ${method} on ${new URL(request.url).pathname}`,
            { allow: method },
          );
        }
        await store.ready;
        return jsonResponse(200, await run(request), headers, request);
      } catch (error) {
        return errorResponse(error, headers, request);
      }
    };
  return [
    http.all(
      `${origin}/__mock/reset`,
      control('POST', async () => {
        await store.reset();
        return summary(store);
      }),
    ),
    http.all(
      `${origin}/__mock/state`,
      control('GET', async () => ({ ...summary(store), pets: store.snapshot() })),
    ),
    http.all(
      `${origin}/__mock/data`,
      control('PUT', async (request) => {
        await store.replace(await readData(request));
        return summary(store);
      }),
    ),
  ];
}
