/**
 * What every `/v1` request goes through before its operation: CORS, latency,
 * authentication first, rate limit, method routing (405), the session's queued faults,
 * `Prefer` (a forced status or a named example), the one catch that turns failures into
 * `Error` responses, and the session's journal, which records the answer before it leaves.
 */
import { parseJson } from '../../spec/json.ts';
import type { OperationId } from '../../spec/types.ts';
import { authenticate, holdsKey, type KeyMatcher } from './auth.ts';
import { corsHeaders, preflightResponse } from './cors.ts';
import { errorResponse, faultOf, jsonResponse, MockError } from './errors.ts';
import { type AnswerShape, applyFault, shapeAnswer } from './fault-effects.ts';
import type { Fault } from './faults.ts';
import { applyPrefer } from './prefer.ts';
import { carryNote, noteAnswer, proxyNoteOf } from './proxy/notes.ts';
import { relayedBodyOf } from './proxy/relay.ts';
import type { BackendStep } from './proxy/step.ts';
import { rawPetId } from './request-match.ts';
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
  /** Proxy mode: the backend answers in place of the operations (proxy/step.ts). */
  backend?: BackendStep;
  /** Records every answer in its session's journal before it leaves (recorder.ts). */
  record?: (request: Request, response: Response, answered: Answered) => Promise<void>;
};

/** What the pipeline learnt of a request while answering it, for the journal. */
export type Answered = {
  /** performance.now() and Date.now() when it arrived. */
  started: number;
  time: number;
  session: Session | undefined;
  operation: OperationId | undefined;
  /** getPet's petId as sent. */
  petId: string | undefined;
  /** The queued fault that answered it, and the shape it gives the answer's body. */
  fault: Fault | undefined;
  shape: AnswerShape | undefined;
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

/** The request's body parsed as JSON, for a fault that matches on it (undefined when it is not). */
async function jsonBody(request: Request, transport: BodyTransport): Promise<unknown> {
  try {
    return parseJson(UTF8.decode(await transport.readBody(request)));
  } catch {
    return undefined;
  }
}

const UTF8 = new TextDecoder();

/** Serves one request on a route of the pipeline, and records it in its session's journal. */
export function createPipeline(options: PipelineOptions) {
  const answer = async (
    request: Request,
    route: Route | undefined,
    answered: Answered,
  ): Promise<Response> => {
    const origin = request.headers.get('origin');
    let headers = corsHeaders(origin);
    try {
      await waitFor(options.delay);
      const backend = options.backend;
      const authorization = request.headers.get('authorization');
      // In proxy mode the backend judges every key: the mock lends its own only in place of
      // a key the mock accepts, and anything else goes on as the app sent it.
      if (backend === undefined) authenticate(authorization, options.matchesKey);
      const lendKey = backend?.lendsKey === true && holdsKey(authorization, options.matchesKey);
      const session = options.sessions.select(request);
      answered.session = session;
      session.limitRate?.();
      const target = route?.methods[request.method];
      const local = async (): Promise<Response> => {
        // Answering on fallback the mock checks the key first, when it is its own the app sends.
        if (backend?.lendsKey) authenticate(authorization, options.matchesKey);
        if (route === undefined) {
          const { pathname } = new URL(request.url);
          throw new MockError(
            404,
            'not_found',
            `no route ${request.method} ${pathname}: the mock serves GET and POST /v1/pets and GET /v1/pets/{petId}`,
          );
        }
        if (target === undefined) {
          const { pathname } = new URL(request.url);
          throw new MockError(
            405,
            'method_not_allowed',
            `${request.method} is not allowed on ${pathname}; use ${route.allow}`,
            { allow: route.allow },
          );
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
      };
      if (target === undefined || route === undefined) {
        return backend
          ? await backend.answer({
              request,
              operation: 'other',
              session,
              cors: headers,
              local,
              lendKey,
            })
          : await local();
      }
      const [operation] = target;
      answered.operation = operation;
      if (operation === 'getPet') answered.petId = rawPetId(request.url);
      const cors = headers;
      if (route.headers) headers = { ...headers, ...route.headers(request) };
      if (session.faults.size > 0) {
        const facts = {
          query: new URL(request.url).searchParams,
          petId: answered.petId,
          body: session.faults.needsBody(operation)
            ? await jsonBody(request, options.transport)
            : undefined,
        };
        const fault = session.faults.take(operation, facts);
        if (fault !== undefined) {
          answered.fault = fault;
          const outcome = await applyFault(
            fault,
            request,
            operation,
            route.allow,
            options.transport,
          );
          if ('answer' in outcome) return outcome.answer;
          answered.shape = outcome.shape;
          if (outcome.error) throw outcome.error;
        }
      }
      return backend
        ? await backend.answer({ request, operation, session, cors, local, lendKey })
        : await local();
    } catch (error) {
      const fault = faultOf(error);
      if (fault !== undefined) options.onError?.(fault, request);
      // A 401 looks the same on every route, even when forced with Prefer on getPet.
      const unauthorized = error instanceof MockError && error.status === 401;
      const response = errorResponse(
        error,
        unauthorized ? corsHeaders(origin) : headers,
        request,
        options.transport,
        // The session's profile names the codes, even before authentication picked it.
        options.sessions.answeringOf(request).errorCodes,
      );
      carryNote(error, response);
      return response;
    }
  };
  // In proxy mode every answer says who made it: the mock's own (a preflight, a queued fault,
  // a refusal before the backend was asked) as well as the backend's.
  const byMock = (response: Response): Response =>
    options.backend === undefined || proxyNoteOf(response) !== undefined
      ? response
      : noteAnswer(response, { answeredBy: 'mock', departures: [] });
  return async (request: Request, route: Route | undefined): Promise<Response> => {
    if (request.method === 'OPTIONS') return byMock(preflightResponse(request));
    const answered: Answered = {
      started: performance.now(),
      time: Date.now(),
      session: undefined,
      operation: undefined,
      petId: undefined,
      fault: undefined,
      shape: undefined,
    };
    const response = byMock(await answer(request, route, answered));
    if (options.record) {
      // Refused before its session was chosen (a 401): journaled where the request named.
      answered.session ??= options.sessions.selectQuietly(request);
      const record = options.record;
      // A backend's body still arriving is journaled once it has ended (and been judged).
      const relayed = relayedBodyOf(response);
      if (relayed === undefined) await record(request, response, answered);
      else relayed.afterSettled(() => record(request, response, answered));
    }
    return answered.shape === undefined ? response : shapeAnswer(response, answered.shape);
  };
}
