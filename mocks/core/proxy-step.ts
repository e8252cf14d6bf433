/**
 * The pipeline's backend step in proxy mode: in place of the store's operation, the request
 * goes to the backend and its answer comes back as given; the exchange is judged by the
 * suite's rules (spec/checks/departures.ts), the backend's animals are kept when recording,
 * and an operation the backend does not serve yet is answered by the mock (`--proxy-fallback`).
 */

import { type Departure, type LiveJudge, liveJudge } from '../../spec/checks/departures.ts';
import type { Exchange } from '../../spec/checks/exchange.ts';
import { BASE_PATH } from '../../spec/constants.ts';
import { parseJson } from '../../spec/json.ts';
import {
  type BackendAnswer,
  type BackendOptions,
  backendUrl,
  DEFAULT_PROXY_MAX_BYTES,
  DEFAULT_PROXY_TIMEOUT_MS,
  type Forward,
  incomingHeaders,
  maskedChunks,
  maskKey,
  needsBodyToJudgeServed,
  notServedYet,
  outgoingHeaders,
} from './backend.ts';
import { MockError } from './errors.ts';
import type { Pet } from './pet-schema.ts';
import { recordedPets } from './proxy-record.ts';
import { createRelay, readAll, relayedResponse } from './proxy-relay.ts';
import type { Session } from './sessions.ts';
import type { BodyTransport } from './transport.ts';

/** What proxy mode adds to an answer, for the log line and the journal. */
export type ProxyNote = {
  answeredBy: 'backend' | 'mock';
  /** Why the mock answered instead (`--proxy-fallback`). */
  fallback?: string;
  departures: Departure[];
  /** The body text as the app got it (the key masked), for the journal. */
  text?: string;
  /** Why the app's answer was cut mid-body (its connection ended): the body went past a bound, or the backend's time ran out. */
  cut?: string;
};

const notes = new WeakMap<Response, ProxyNote>();

/** The proxy note of an answer, when the proxy made or judged it. */
export const proxyNoteOf = (response: Response): ProxyNote | undefined => notes.get(response);

const errorNotes = new WeakMap<object, ProxyNote>();

/** Puts the note of a refusal the mock made on fallback on the response it became. */
export function carryNote(error: unknown, response: Response): void {
  const note = typeof error === 'object' && error !== null ? errorNotes.get(error) : undefined;
  if (note !== undefined) notes.set(response, note);
}

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
const NULL_BODY = new Set([101, 204, 205, 304]);
const UTF8 = new TextDecoder();

/** The backend step: forwards a request of `session`, or answers it with `local` on fallback. */
export type BackendStep = {
  /** Whether the mock checks the app's key itself (it does when it lends the backend's key). */
  checksKey: boolean;
  answer(
    request: Request,
    operation: Exchange['request']['operation'],
    session: Session,
    cors: Record<string, string>,
    local: () => Promise<Response>,
  ): Promise<Response>;
};

const parsed = (text: string): { json: unknown; isJson: boolean } => {
  try {
    return { json: parseJson(text), isJson: text !== '' };
  } catch {
    return { json: undefined, isJson: false };
  }
};

/** Headers as the judge sees them: lower-case names, the app's key and the backend's masked. */
const judged = (entries: Iterable<[string, string]>, key: string | undefined) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    const shown = lower === 'authorization' ? value.replace(/\s+\S.*$/, ' [masked]') : value;
    headers[lower] = maskKey(shown, key);
  }
  return headers;
};

/** Creates the backend step over `forward` (the adapter's way to reach the backend). */
export function createBackendStep(
  options: BackendOptions,
  forward: Forward,
  transport: BodyTransport & {
    textOf?: (response: Response) => string | undefined;
    relaysBeside?: (request: Request) => boolean;
  },
): BackendStep {
  const judges = new WeakMap<Session, LiveJudge>();
  const judgeOf = (session: Session): LiveJudge => {
    let judge = judges.get(session);
    if (judge === undefined) {
      const profile = session.answering.declared;
      judge = liveJudge({
        level: 'interface',
        ...(Object.keys(profile).length > 0 ? { profile } : {}),
      });
      judges.set(session, judge);
    }
    return judge;
  };
  const bounds = {
    timeoutMs: options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_PROXY_MAX_BYTES,
  };
  const judge = (
    session: Session,
    request: Request,
    operation: Exchange['request']['operation'],
    body: string | undefined,
    response: { status: number; headers: Iterable<[string, string]>; text: string },
  ): Departure[] => {
    const url = new URL(request.url);
    const exchange: Exchange = {
      url: url.href,
      request: {
        operation,
        method: request.method,
        path: url.pathname.slice(BASE_PATH.length) + url.search,
        headers: judged(request.headers, options.key),
        ...(body === undefined ? {} : { rawBody: body }),
      },
      response: {
        status: response.status,
        headers: judged(response.headers, options.key),
        text: response.text,
        ...parsed(response.text),
      },
    };
    try {
      return judgeOf(session)
        .judge(exchange)
        .map((departure) => ({
          ...departure,
          received: maskKey(departure.received, options.key),
          expected: maskKey(departure.expected, options.key),
        }));
    } catch {
      return []; // A judge's own failure never changes what the app gets.
    }
  };
  const fallBack = async (
    why: string,
    session: Session,
    request: Request,
    operation: Exchange['request']['operation'],
    body: string | undefined,
    local: () => Promise<Response>,
  ): Promise<Response> => {
    let response: Response;
    try {
      response = await local();
    } catch (error) {
      // The mock's own refusal (404, 405, 400) is still the mock's answer, said as such.
      if (!(error instanceof MockError)) throw error;
      // The app's request is judged all the same (a limit of 500 is the app's departure).
      const refusal = { code: error.code, message: error.message, status: error.status };
      const departures = judge(session, request, operation, body, {
        status: error.status,
        headers: [['content-type', 'application/json']],
        text: JSON.stringify(refusal),
      }).filter((departure) => departure.side === 'client');
      errorNotes.set(error, { answeredBy: 'mock', fallback: why, departures });
      throw error;
    }
    const text = transport.textOf?.(response) ?? '';
    const departures = judge(session, request, operation, body, {
      status: response.status,
      headers: response.headers,
      text,
    }).filter((departure) => departure.side === 'client');
    notes.set(response, { answeredBy: 'mock', fallback: why, departures });
    return response;
  };
  return {
    checksKey: options.key !== undefined,
    async answer(request, operation, session, cors, local) {
      const url = backendUrl(options.url, request.url);
      const bytes = NO_BODY.has(request.method) ? undefined : await transport.readBody(request);
      const body = bytes === undefined || bytes.byteLength === 0 ? undefined : UTF8.decode(bytes);
      let answer: BackendAnswer;
      try {
        answer = await forward(
          {
            url,
            method: request.method,
            headers: outgoingHeaders(request.headers, options.key),
            ...(bytes === undefined ? {} : { body: bytes }),
          },
          bounds,
        );
      } catch (error) {
        const noAnswer =
          error instanceof MockError && (error.status === 504 || /no answer/.test(error.message));
        if (options.fallback && noAnswer) {
          return fallBack(error.message, session, request, operation, body, local);
        }
        throw error;
      }
      const early =
        options.fallback && !needsBodyToJudgeServed(answer.status)
          ? notServedYet(answer.status)
          : undefined;
      if (early !== undefined) {
        answer.cancel();
        return fallBack(early, session, request, operation, body, local);
      }
      const headers = new Headers(cors);
      for (const [name, value] of incomingHeaders(answer.headers))
        headers.append(name, maskKey(value, options.key));
      const init = { status: answer.status, headers };
      // What follows the end of the body: the backend's animals kept, the exchange judged.
      const judgeEnded = async (text: string): Promise<Departure[]> => {
        if (options.record && answer.status < 300) {
          const kept: Pet[] = recordedPets(operation, text);
          if (kept.length > 0) await session.store.keep(kept).catch(() => undefined);
        }
        return judge(session, request, operation, body, {
          status: answer.status,
          headers: answer.headers,
          text,
        });
      };
      const whole = options.fallback && needsBodyToJudgeServed(answer.status);
      if (whole || NULL_BODY.has(answer.status)) {
        // Read before anything is sent: the body decides whether the mock answers instead.
        let bytes: Uint8Array;
        try {
          bytes = await readAll(maskedChunks(answer.body, options.key));
        } catch (error) {
          if (options.fallback && error instanceof MockError && /no answer/.test(error.message))
            return fallBack(error.message, session, request, operation, body, local);
          throw error;
        }
        const text = UTF8.decode(bytes);
        const why = whole ? notServedYet(answer.status, text) : undefined;
        if (why !== undefined) return fallBack(why, session, request, operation, body, local);
        const departures = await judgeEnded(text);
        const payload = NULL_BODY.has(answer.status) ? null : bytes;
        const response = new Response(payload as BodyInit | null, init);
        notes.set(response, { answeredBy: 'backend', departures, text });
        return response;
      }
      const note: ProxyNote = { answeredBy: 'backend', departures: [] };
      const relay = createRelay({
        chunks: maskedChunks(answer.body, options.key),
        ...(answer.length === undefined || options.key !== undefined
          ? {}
          : { length: answer.length }),
        cancel: () => answer.cancel(),
        async ended(text, cut) {
          note.text = text;
          // A cut body is not the backend's answer: it is not judged, the cut is said instead.
          if (cut !== undefined) note.cut = cut;
          else note.departures = await judgeEnded(text);
        },
      });
      const beside = transport.relaysBeside?.(request) === true;
      const response = relayedResponse(relay, init, beside);
      notes.set(response, note);
      return response;
    },
  };
}
