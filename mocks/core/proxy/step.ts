/**
 * The pipeline's backend step in proxy mode: in place of the store's operation, the request
 * goes to the backend and its answer comes back as given; the exchange is judged by the
 * suite's rules (judge.ts), the backend's animals are kept when recording, and an operation
 * the backend does not serve yet is answered by the mock (`--proxy-fallback`). Each step of
 * a request's way is one function below, in the order a request meets them.
 */
import type { RuleId } from '../../../spec/checks/check.ts';
import { transportDeparture } from '../../../spec/checks/departures.ts';
import type { Exchange } from '../../../spec/checks/exchange.ts';
import { MockError } from '../errors.ts';
import type { Session } from '../sessions.ts';
import type { BodyTransport } from '../transport.ts';
import {
  type BackendAnswer,
  type BackendOptions,
  backendUrl,
  checkBaseUrl,
  DEFAULT_PROXY_MAX_BYTES,
  DEFAULT_PROXY_TIMEOUT_MS,
  type Forward,
  incomingHeaders,
  needsBodyToJudgeServed,
  notServedYet,
  outgoingHeaders,
  UnreadableAnswer,
} from './backend.ts';
import { createProxyJudge, type JudgedAnswer, type ProxyJudge } from './judge.ts';
import { maskedChunks, maskKey } from './mask.ts';
import { noteAnswer, noteRefusal, type ProxyNote } from './notes.ts';
import { recordedPets } from './record.ts';
import { createRelay, readAll, relayedResponse } from './relay.ts';

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
const NULL_BODY = new Set([101, 204, 205, 304]);
const UTF8 = new TextDecoder();
// The backend's body as the judge reads it: a byte order mark kept (RFC 8259 forbids one).
const AS_SENT = new TextDecoder('utf-8', { ignoreBOM: true });
/** A body's text as the app's JSON reader takes it, for the journal: without a byte order mark. */
const asRead = (text: string) => (text.startsWith('\uFEFF') ? text.slice(1) : text);

/** A request the pipeline hands the backend step, past its session, faults and routing. */
export type BackendCall = {
  request: Request;
  operation: Exchange['request']['operation'];
  session: Session;
  /** The mock's CORS headers, which replace the backend's. */
  cors: Record<string, string>;
  /** The mock's own answer, for the fallback. */
  local: () => Promise<Response>;
  /** Whether the app sent a key the mock accepts, which the backend's key then replaces. */
  lendKey: boolean;
};

/** The backend step: forwards a request of its session, or answers it with `local` on fallback. */
export type BackendStep = {
  /** Whether the mock lends the backend its key (--proxy-key) in place of a key it accepts. */
  lendsKey: boolean;
  answer(call: BackendCall): Promise<Response>;
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
type Call = BackendCall & {
  /** Where it goes: the backend's base plus the path after `/v1`, and the query. */
  url: string;
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

/** The `transport` departure of an answer that cannot be read (and the app's own, judged as ever). */
function unreadable(proxy: Proxy, call: Call, error: UnreadableAnswer): UnreadableAnswer {
  const departures = [
    ...clientSide(proxy, call, {
      status: error.status,
      headers: [['content-type', 'application/json']],
      text: '',
    }),
    transportDeparture(`Body ${error.title}`, error.detail),
  ];
  // Nothing was sent: the app gets the 502, and the log and journal the backend's departure.
  noteRefusal(error, {
    answeredBy: 'backend',
    departures,
    ...(call.lendKey ? { keyLent: true } : {}),
  });
  return error;
}

/**
 * The body with its first chunk read (or its end), so that an answer that fails before its
 * first byte (a body not in its Content-Encoding, a connection lost) fails while nothing has
 * been sent to the app, which then gets a whole 502 instead of a reply cut at its start.
 */
async function peeked(body: AsyncIterable<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const chunks = body[Symbol.asyncIterator]();
  const first = await chunks.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => chunks };
  })();
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
        headers: outgoingHeaders(request.headers, call.lendKey ? options.key : undefined),
        ...(call.bytes === undefined ? {} : { body: call.bytes }),
      },
      proxy.bounds,
    );
  } catch (error) {
    if (options.fallback && noAnswer(error)) return { fallback: error.message };
    throw error;
  }
}

/**
 * What follows the end of the body: the backend's animals kept, the exchange judged (its
 * departures, and the rules it was judged by, for the note).
 */
async function settle(
  proxy: Proxy,
  call: Call,
  answer: BackendAnswer,
  text: string,
): Promise<Pick<ProxyNote, 'departures' | 'judged'>> {
  if (proxy.options.record && answer.status < 300) {
    const kept = recordedPets(call.operation, text);
    if (kept.length > 0) await call.session.store.keep(kept).catch(() => undefined);
  }
  let judged: RuleId[] = [];
  const departures = proxy.judge(
    call.session,
    call.request,
    call.operation,
    call.body,
    { status: answer.status, headers: answer.headers, text },
    (rules) => {
      judged = [...rules];
    },
  );
  return { departures, judged };
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
    if (error instanceof UnreadableAnswer) throw unreadable(proxy, call, error);
    if (options.fallback && noAnswer(error)) return fallBack(proxy, error.message, call);
    throw error;
  }
  const text = AS_SENT.decode(bytes);
  const why = options.fallback ? notServedYet(answer.status, text) : undefined;
  if (why !== undefined) return fallBack(proxy, why, call);
  const judgement = await settle(proxy, call, answer, text);
  const payload = NULL_BODY.has(answer.status) ? null : bytes;
  return noteAnswer(new Response(payload as BodyInit | null, init), {
    answeredBy: 'backend',
    ...judgement,
    ...(call.lendKey ? { keyLent: true } : {}),
    text: asRead(text),
  });
}

/**
 * An answer streamed on to the app as it arrives, once its first chunk came; judged (or said
 * cut) once it has ended.
 */
async function answerStreamed(
  proxy: Proxy,
  call: Call,
  answer: BackendAnswer,
  init: ResponseInit & { status: number; headers: Headers },
): Promise<Response> {
  const { options } = proxy;
  let body: AsyncIterable<Uint8Array>;
  try {
    body = await peeked(answer.body);
  } catch (error) {
    if (error instanceof UnreadableAnswer) throw unreadable(proxy, call, error);
    if (options.fallback && noAnswer(error)) return fallBack(proxy, error.message, call);
    throw error;
  }
  const note: ProxyNote = {
    answeredBy: 'backend',
    departures: [],
    ...(call.lendKey ? { keyLent: true } : {}),
  };
  const relay = createRelay({
    chunks: maskedChunks(body, options.key),
    // The declared length holds while the bytes pass unchanged (no key to mask).
    ...(answer.length === undefined || options.key !== undefined ? {} : { length: answer.length }),
    cancel: () => answer.cancel(),
    async ended(text, cut, error) {
      note.text = asRead(text);
      // A cut body is not the backend's answer: it is not judged, the cut is said instead,
      // and a body that stopped decoding mid-way is the backend's departure all the same.
      if (cut === undefined) Object.assign(note, await settle(proxy, call, answer, text));
      else {
        note.cut = cut;
        if (error instanceof UnreadableAnswer)
          note.departures = [transportDeparture(`Body ${error.title}`, error.detail)];
      }
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
  checkBaseUrl(options.url);
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
    lendsKey: options.key !== undefined,
    async answer(sent) {
      // A target that would leave the base is refused before anything else.
      const url = backendUrl(options.url, sent.request.url);
      const call = await callOf(transport, { ...sent, url });
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
