/**
 * The pipeline's backend step in proxy mode: in place of the store's operation, the request
 * goes to the backend and its answer comes back as given; the exchange is judged by the
 * suite's rules (judge.ts), the backend's animals are kept when recording, and an operation
 * the backend does not serve yet is answered by the mock (`--proxy-fallback`). Each step of
 * a request's way is one function below, in the order a request meets them.
 */
import type { Exchange } from '../../../spec/checks/exchange.ts';
import { MockError } from '../errors.ts';
import type { Session } from '../sessions.ts';
import type { BodyTransport } from '../transport.ts';
import {
  type BackendAnswer,
  type BackendOptions,
  backendUrl,
  DEFAULT_PROXY_MAX_BYTES,
  DEFAULT_PROXY_TIMEOUT_MS,
  type Forward,
  incomingHeaders,
  needsBodyToJudgeServed,
  notServedYet,
  outgoingHeaders,
} from './backend.ts';
import { createProxyJudge, type JudgedAnswer, type ProxyJudge } from './judge.ts';
import { maskedChunks, maskKey } from './mask.ts';
import { noteAnswer, noteRefusal, type ProxyNote } from './notes.ts';
import { recordedPets } from './record.ts';
import { createRelay, readAll, relayedResponse } from './relay.ts';

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

/** The adapter's transport, and what the recorder adds to it. */
type ProxyTransport = BodyTransport & {
  textOf?: (response: Response) => string | undefined;
  relaysBeside?: (request: Request) => boolean;
};

/** What every step of the proxy shares. */
type Proxy = {
  options: BackendOptions;
  forward: Forward;
  bounds: { timeoutMs: number; maxBytes: number };
  judge: ProxyJudge;
  transport: ProxyTransport;
};

/** One request on its way through the proxy. */
type Call = {
  request: Request;
  /** Where it goes: the backend's base plus the path after `/v1`, and the query. */
  url: string;
  operation: Exchange['request']['operation'];
  session: Session;
  cors: Record<string, string>;
  local: () => Promise<Response>;
  /** The app's body as sent, and as text (both absent without one). */
  bytes?: Uint8Array;
  body?: string;
};

/** Whether the forwarder's error means no answer came (the fallback may take it). */
const noAnswer = (error: unknown): error is MockError =>
  error instanceof MockError && (error.status === 504 || /no answer/.test(error.message));

/** The app's departures in an exchange the mock answered (the backend's are not in it). */
const clientSide = (proxy: Proxy, call: Call, answer: JudgedAnswer) =>
  proxy
    .judge(call.session, call.request, call.operation, call.body, answer)
    .filter((departure) => departure.side === 'client');

/** The mock answers instead (`--proxy-fallback`), saying why; the app's request is judged all the same. */
async function fallBack(proxy: Proxy, why: string, call: Call): Promise<Response> {
  let response: Response;
  try {
    response = await call.local();
  } catch (error) {
    // The mock's own refusal (404, 405, 400) is still the mock's answer, said as such.
    if (!(error instanceof MockError)) throw error;
    const refusal = { code: error.code, message: error.message, status: error.status };
    const departures = clientSide(proxy, call, {
      status: error.status,
      headers: [['content-type', 'application/json']],
      text: JSON.stringify(refusal),
    });
    noteRefusal(error, { answeredBy: 'mock', fallback: why, departures });
    throw error;
  }
  const text = proxy.transport.textOf?.(response) ?? '';
  const departures = clientSide(proxy, call, {
    status: response.status,
    headers: response.headers,
    text,
  });
  return noteAnswer(response, { answeredBy: 'mock', fallback: why, departures });
}

/** Sends the request to the backend: its answer, or why the mock takes over on fallback. */
async function reach(proxy: Proxy, call: Call): Promise<BackendAnswer | { fallback: string }> {
  const { options } = proxy;
  const { request } = call;
  try {
    return await proxy.forward(
      {
        url: call.url,
        method: request.method,
        headers: outgoingHeaders(request.headers, options.key),
        ...(call.bytes === undefined ? {} : { body: call.bytes }),
      },
      proxy.bounds,
    );
  } catch (error) {
    if (options.fallback && noAnswer(error)) return { fallback: error.message };
    throw error;
  }
}

/** What follows the end of the body: the backend's animals kept, the exchange judged. */
async function settle(proxy: Proxy, call: Call, answer: BackendAnswer, text: string) {
  if (proxy.options.record && answer.status < 300) {
    const kept = recordedPets(call.operation, text);
    if (kept.length > 0) await call.session.store.keep(kept).catch(() => undefined);
  }
  return proxy.judge(call.session, call.request, call.operation, call.body, {
    status: answer.status,
    headers: answer.headers,
    text,
  });
}

/** Whether the answer is read whole before anything is sent: its body decides the fallback, or it has none. */
const readsWhole = (proxy: Proxy, status: number) =>
  (proxy.options.fallback === true && needsBodyToJudgeServed(status)) || NULL_BODY.has(status);

/** An answer read whole before anything is sent; the mock answers instead when it is not served yet. */
async function answerWhole(
  proxy: Proxy,
  call: Call,
  answer: BackendAnswer,
  init: ResponseInit,
): Promise<Response> {
  const { options } = proxy;
  let bytes: Uint8Array;
  try {
    bytes = await readAll(maskedChunks(answer.body, options.key));
  } catch (error) {
    if (options.fallback && noAnswer(error)) return fallBack(proxy, error.message, call);
    throw error;
  }
  const text = UTF8.decode(bytes);
  const why = options.fallback ? notServedYet(answer.status, text) : undefined;
  if (why !== undefined) return fallBack(proxy, why, call);
  const departures = await settle(proxy, call, answer, text);
  const payload = NULL_BODY.has(answer.status) ? null : bytes;
  return noteAnswer(new Response(payload as BodyInit | null, init), {
    answeredBy: 'backend',
    departures,
    text,
  });
}

/** An answer streamed on to the app as it arrives, judged (or said cut) once it has ended. */
function answerStreamed(
  proxy: Proxy,
  call: Call,
  answer: BackendAnswer,
  init: ResponseInit & { status: number; headers: Headers },
): Response {
  const { options } = proxy;
  const note: ProxyNote = { answeredBy: 'backend', departures: [] };
  const relay = createRelay({
    chunks: maskedChunks(answer.body, options.key),
    // The declared length holds while the bytes pass unchanged (no key to mask).
    ...(answer.length === undefined || options.key !== undefined ? {} : { length: answer.length }),
    cancel: () => answer.cancel(),
    async ended(text, cut) {
      note.text = text;
      // A cut body is not the backend's answer: it is not judged, the cut is said instead.
      if (cut !== undefined) note.cut = cut;
      else note.departures = await settle(proxy, call, answer, text);
    },
  });
  const beside = proxy.transport.relaysBeside?.(call.request) === true;
  return noteAnswer(relayedResponse(relay, init, beside), note);
}

/** The backend's status and headers as the app gets them: the mock's CORS, the key masked. */
function answerInit(proxy: Proxy, call: Call, answer: BackendAnswer) {
  const headers = new Headers(call.cors);
  for (const [name, value] of incomingHeaders(answer.headers))
    headers.append(name, maskKey(value, proxy.options.key));
  return { status: answer.status, headers };
}

/** The app's body, as bytes and text, for the backend and the judge. */
async function callOf(
  transport: ProxyTransport,
  call: Omit<Call, 'bytes' | 'body'>,
): Promise<Call> {
  if (NO_BODY.has(call.request.method)) return call;
  const bytes = await transport.readBody(call.request);
  return bytes.byteLength === 0 ? { ...call, bytes } : { ...call, bytes, body: UTF8.decode(bytes) };
}

/** Creates the backend step over `forward` (the adapter's way to reach the backend). */
export function createBackendStep(
  options: BackendOptions,
  forward: Forward,
  transport: ProxyTransport,
): BackendStep {
  const proxy: Proxy = {
    options,
    forward,
    transport,
    judge: createProxyJudge(options.key),
    bounds: {
      timeoutMs: options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? DEFAULT_PROXY_MAX_BYTES,
    },
  };
  return {
    checksKey: options.key !== undefined,
    async answer(request, operation, session, cors, local) {
      // A target that would leave the base is refused before anything else.
      const url = backendUrl(options.url, request.url);
      const call = await callOf(transport, { request, url, operation, session, cors, local });
      const reached = await reach(proxy, call);
      if ('fallback' in reached) return fallBack(proxy, reached.fallback, call);
      // A status that says "not served yet" on its own (501, 502-504): its body is not read.
      const early = options.fallback && !needsBodyToJudgeServed(reached.status);
      const why = early ? notServedYet(reached.status) : undefined;
      if (why !== undefined) {
        reached.cancel();
        return fallBack(proxy, why, call);
      }
      const init = answerInit(proxy, call, reached);
      return readsWhole(proxy, reached.status)
        ? answerWhole(proxy, call, reached, init)
        : answerStreamed(proxy, call, reached, init);
    },
  };
}
