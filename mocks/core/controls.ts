/**
 * Mock controls outside the public interface, under `/__mock/`: reset to the seed data,
 * read the state, replace the data set. No authentication, so they answer other origins
 * only as control-guard.ts allows.
 */
import { http } from 'msw';
import { parseJson } from '../../spec/json.ts';
import { checkControlWrite, controlCorsHeaders, controlPreflightHeaders } from './control-guard.ts';
import { errorResponse, faultOf, jsonResponse, MockError } from './errors.ts';
import type { PetStore } from './store.ts';
import { type BodyTransport, fetchTransport } from './transport.ts';
import type { AllowedHosts } from './trusted-origins.ts';

// As Request.text() decodes: UTF-8, invalid bytes replaced, a leading BOM dropped.
const UTF8 = new TextDecoder();

type Control = (request: Request) => Promise<unknown>;

const summary = (store: PetStore) => ({
  count: store.size,
  nextId: store.nextId,
  seedCount: store.seedCount,
  maxPets: store.maxPets,
});

async function readData(request: Request, transport: BodyTransport): Promise<unknown> {
  let body: unknown;
  try {
    body = parseJson(UTF8.decode(await transport.readBody(request)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MockError(400, 'malformed_json', `request body is not valid JSON: ${reason}`);
  }
  // Either the array of pets or an object like GET /__mock/state's ({ "pets": [...] }).
  return Array.isArray(body) ? body : (body as { pets?: unknown } | null)?.pets;
}

/** Options of the control handlers: their origin, the hosts they trust, the body transport. */
export type ControlOptions = {
  origin?: string;
  /** Pages on these hosts may read and change the data, beside loopback and the mock's own. */
  allowedHosts?: AllowedHosts;
  transport?: BodyTransport;
  /** Told about every fault answered 500 (never in the body); the CLI logs it. */
  onError?: (error: unknown, request: Request) => void;
};

/** Creates the `/__mock/` control handlers over `store`. */
export function createControlHandlers(store: PetStore, options: ControlOptions = {}) {
  const origin = options.origin ?? '*';
  const transport = options.transport ?? fetchTransport;
  const allowed = options.allowedHosts ?? [];
  const control =
    (method: string, run: Control) =>
    async ({ request }: { request: Request }) => {
      const headers = controlCorsHeaders(request, allowed);
      try {
        if (request.method === 'OPTIONS') {
          const preflight = controlPreflightHeaders(request, method, allowed);
          return new Response(null, { status: 204, headers: preflight });
        }
        if (request.method !== method) {
          throw new MockError(
            405,
            'method_not_allowed',
            `use ${method} on ${new URL(request.url).pathname}`,
            { allow: method },
          );
        }
        if (method !== 'GET') checkControlWrite(request, allowed);
        await store.ready;
        return jsonResponse(200, await run(request), headers, request, transport);
      } catch (error) {
        const fault = faultOf(error);
        if (fault !== undefined) options.onError?.(fault, request);
        return errorResponse(error, headers, request, transport);
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
        await store.replace(await readData(request, transport));
        return summary(store);
      }),
    ),
  ];
}
