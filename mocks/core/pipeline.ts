/**
 * What every `/v1` request goes through before its operation: CORS, latency,
 * authentication first, rate limit, method routing (405), `Prefer` (a forced status or a
 * named example), and the one catch that turns failures into `Error` responses.
 */
import type { OperationId } from '../../spec/types.ts';
import { authenticate, type KeyMatcher } from './auth.ts';
import { corsHeaders, preflightResponse } from './cors.ts';
import { errorResponse, faultOf, jsonResponse, MockError } from './errors.ts';
import { applyFault } from './fault-effects.ts';
import { applyPrefer } from './prefer.ts';
import type { Session, Sessions } from './sessions.ts';
import { type Delay, waitFor } from './traffic.ts';
import type { BodyTransport } from './transport.ts';

/** How the pipeline is configured. */
export type PipelineOptions = {
  matchesKey: KeyMatcher;
  delay?: Delay;
  sessions: Sessions;
  transport: BodyTransport;
  /** Told about every fault answered 500 (never in the body); the CLI logs it. */
  onError?: (error: unknown, request: Request) => void;
};

/** An operation: answers a request that passed authentication and routing, in its session. */
export type Operation = (
  request: Request,
  headers: Record<string, string>,
  session: Session,
) => Promise<Response>;

/** The operations one path offers, by method, and their extra headers. */
export type Route = {
  allow: string;
  methods: Readonly<Record<string, [OperationId, Operation]>>;
  /** Headers every response past authentication carries (getPet's deprecation). */
  headers?: (request: Request) => Record<string, string>;
};

/** Serves one request on a route of the pipeline. */
export function createPipeline(options: PipelineOptions) {
  return async (request: Request, route: Route | undefined): Promise<Response> => {
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS') return preflightResponse(request);
    let headers = corsHeaders(origin);
    try {
      await waitFor(options.delay);
      authenticate(request.headers.get('authorization'), options.matchesKey);
      const session = options.sessions.select(request);
      session.limitRate?.();
      if (route === undefined) {
        const { pathname } = new URL(request.url);
        throw new MockError(
          404,
          'not_found',
          `no route ${request.method} ${pathname}: the mock serves GET and POST /v1/pets and GET /v1/pets/{petId}`,
        );
      }
      const target = route.methods[request.method];
      if (target === undefined) {
        const { pathname } = new URL(request.url);
        throw new MockError(
          405,
          'method_not_allowed',
          `${request.method} is not allowed on ${pathname}; use ${route.allow}`,
          { allow: route.allow },
        );
      }
      if (route.headers) headers = { ...headers, ...route.headers(request) };
      if (session.faults.size > 0) {
        const fault = session.faults.take(target[0]);
        if (fault !== undefined) {
          const answer = await applyFault(fault, request, target[0], route.allow);
          if (answer !== undefined) return answer;
        }
      }
      const example = applyPrefer(request, target[0], route.allow);
      if (example === undefined) return await target[1](request, headers, session);
      // A 401 looks the same on every route, even as getPet's example.
      const base = example.status === 401 ? corsHeaders(origin) : headers;
      return jsonResponse(
        example.status,
        example.body,
        { ...base, ...example.headers },
        request,
        options.transport,
      );
    } catch (error) {
      const fault = faultOf(error);
      if (fault !== undefined) options.onError?.(fault, request);
      // A 401 looks the same on every route, even when forced with Prefer on getPet.
      const unauthorized = error instanceof MockError && error.status === 401;
      return errorResponse(
        error,
        unauthorized ? corsHeaders(origin) : headers,
        request,
        options.transport,
        // The session's profile names the codes, even before authentication picked it.
        options.sessions.answeringOf(request).errorCodes,
      );
    }
  };
}
