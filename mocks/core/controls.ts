/**
 * Mock controls outside the public interface, under `/__mock/`: reset a session, read the
 * state, replace the data set, queue faults, set a profile, read or clear the request
 * journal and the proxy's departures (departures-view.ts), write it as a pact and set up a pact's provider states, and list or end sessions.
 * Each acts on the session the request selects (`X-Mock-Session`, or the default one). No authentication, so they answer other origins
 * only as control-guard.ts allows.
 */
import { http } from 'msw';
import { parseJson } from '../../spec/json.ts';
import {
  checkControlWrite,
  controlCorsHeaders,
  controlPreflightHeaders,
  isYamlMediaType,
} from './control-guard.ts';
import { errorResponse, faultOf, jsonResponse, MockError } from './errors.ts';
import { parseFault } from './faults.ts';
import { parseJournalFilter, passes } from './journal-filter.ts';
import { pactOfSessions, pactQuery } from './pact/pact-of-sessions.ts';
import { changeState } from './pact/pact-states.ts';
import { listDepartures } from './proxy/departures-view.ts';
import { profileView, readProfileBody, setSessionProfile } from './session-profile.ts';
import { checkSessionId, type Sessions } from './sessions.ts';
import type { PetStore } from './store.ts';
import { type BodyTransport, fetchTransport } from './transport.ts';
import type { AllowedHosts } from './trusted-origins.ts';

// As Request.text() decodes: UTF-8, invalid bytes replaced, a leading BOM dropped.
const UTF8 = new TextDecoder();

/** What a control answers: a JSON body (200 unless `status` says otherwise) or no body (204). */
type Answer = { status?: number; body?: unknown };
type Control = (request: Request, sessions: Sessions) => Promise<Answer>;

/** The counts of a store, as the controls report them. */
export const summary = (store: PetStore) => ({
  count: store.size,
  nextId: store.nextId,
  seedCount: store.seedCount,
  maxPets: store.maxPets,
});

async function readJson(request: Request, transport: BodyTransport): Promise<unknown> {
  try {
    return parseJson(UTF8.decode(await transport.readBody(request)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MockError(400, 'malformed_json', `request body is not valid JSON: ${reason}`);
  }
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

/** Creates the `/__mock/` control handlers over `sessions`. */
export function createControlHandlers(sessions: Sessions, options: ControlOptions = {}) {
  const origin = options.origin ?? '*';
  const transport = options.transport ?? fetchTransport;
  const allowed = options.allowedHosts ?? [];
  const control =
    (methods: Record<string, Control>) =>
    async ({ request }: { request: Request }) => {
      const headers = controlCorsHeaders(request, allowed);
      const allow = Object.keys(methods).join(', ');
      try {
        if (request.method === 'OPTIONS') {
          const preflight = controlPreflightHeaders(request, allow, allowed);
          return new Response(null, { status: 204, headers: preflight });
        }
        const run = methods[request.method];
        if (run === undefined) {
          throw new MockError(
            405,
            'method_not_allowed',
            `use ${allow} on ${new URL(request.url).pathname}`,
            { allow },
          );
        }
        if (request.method !== 'GET') {
          const bodyLength = async () =>
            (await transport.readBody(request).catch(() => new Uint8Array(1))).byteLength;
          await checkControlWrite(request, allowed, bodyLength);
        }
        const answer = await run(request, sessions);
        if (answer.body === undefined)
          return new Response(null, { status: answer.status ?? 204, headers });
        return jsonResponse(answer.status ?? 200, answer.body, headers, request, transport);
      } catch (error) {
        const fault = faultOf(error);
        if (fault !== undefined) options.onError?.(fault, request);
        return errorResponse(error, headers, request, transport);
      }
    };
  const selected = (request: Request) => sessions.select(request);
  return [
    http.all(
      `${origin}/__mock/reset`,
      control({
        POST: async (request) => {
          const session = selected(request);
          await sessions.reset(session);
          return { body: summary(session.store) };
        },
      }),
    ),
    http.all(
      `${origin}/__mock/state`,
      control({
        GET: async (request) => {
          const { store } = selected(request);
          return { body: { ...summary(store), pets: store.snapshot() } };
        },
      }),
    ),
    http.all(
      `${origin}/__mock/data`,
      control({
        PUT: async (request) => {
          const { store } = selected(request);
          const body = await readJson(request, transport);
          // Either the array of pets or an object like GET /__mock/state's ({ "pets": [...] }).
          await store.replace(
            Array.isArray(body) ? body : (body as { pets?: unknown } | null)?.pets,
          );
          return { body: summary(store) };
        },
      }),
    ),
    http.all(
      `${origin}/__mock/faults`,
      control({
        GET: async (request) => ({ body: selected(request).faults.list() }),
        POST: async (request) => {
          const fault = parseFault(await readJson(request, transport));
          return { status: 201, body: selected(request).faults.add(fault) };
        },
        DELETE: async (request) => {
          selected(request).faults.clear();
          return {};
        },
      }),
    ),
    http.all(
      `${origin}/__mock/profile`,
      control({
        GET: async (request) => ({ body: profileView(selected(request)) }),
        PUT: async (request) => {
          const session = selected(request);
          // A profile file as it is (YAML) with a YAML Content-Type, else JSON.
          const yaml = isYamlMediaType(request.headers.get('content-type'));
          const profile = yaml
            ? readProfileBody(UTF8.decode(await transport.readBody(request)))
            : await readJson(request, transport);
          setSessionProfile(sessions, session, profile);
          return { body: profileView(session) };
        },
        DELETE: async (request) => {
          const session = selected(request);
          setSessionProfile(sessions, session, undefined);
          return { body: profileView(session) };
        },
      }),
    ),
    http.all(
      `${origin}/__mock/requests`,
      control({
        GET: async (request) => {
          const filter = parseJournalFilter(new URL(request.url).searchParams);
          const journal = selected(request).journal;
          // Ids first, so a window of a long journal reads only its own entries' bodies.
          return { body: journal.list((entry) => passes(entry, filter), filter) };
        },
        DELETE: async (request) => {
          selected(request).journal.clear();
          return {};
        },
      }),
    ),
    http.all(
      `${origin}/__mock/departures`,
      control({
        GET: async (request) => ({
          body: listDepartures(selected(request), new URL(request.url).searchParams),
        }),
      }),
    ),
    http.all(
      `${origin}/__mock/pact`,
      control({
        GET: async (request) => {
          const query = pactQuery(new URL(request.url).searchParams);
          return { body: pactOfSessions(sessions, selected(request), query) };
        },
      }),
    ),
    http.all(
      `${origin}/__mock/pact/states`,
      control({
        POST: async (request) => ({
          body: await changeState(selected(request), await readJson(request, transport)),
        }),
      }),
    ),
    http.all(
      `${origin}/__mock/sessions`,
      control({
        GET: async () => ({
          body: {
            max: sessions.maxSessions,
            sessions: sessions.list(),
            default: sessions.defaultSummary(),
          },
        }),
      }),
    ),
    http.all(
      `${origin}/__mock/sessions/:id`,
      control({
        DELETE: async (request) => {
          const { pathname } = new URL(request.url);
          let id = pathname.slice(pathname.lastIndexOf('/') + 1);
          try {
            id = decodeURIComponent(id);
          } catch {}
          if (sessions.end(checkSessionId(id))) return {};
          throw new MockError(404, 'not_found', `no live session ${id}`);
        },
      }),
    ),
  ];
}
