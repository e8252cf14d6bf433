/**
 * Puts each answered `/v1` request into its session's journal (journal.ts): the recorder's
 * transport keeps the request body the handlers read and the text of every response they
 * make, so nothing is read or serialised twice, and the entry is recorded before the answer
 * leaves (a test that awaited its request finds it in the journal).
 */
import { MAX_BODY_BYTES } from '../../spec/constants.ts';
import { JOURNAL_BODY_CHARS, type RecordedEntry } from './journal.ts';
import type { Answered } from './pipeline.ts';
import { type ProxyNote, proxyNoteOf } from './proxy/notes.ts';
import { isJsonMediaType } from './request-body.ts';
import type { BodyTransport } from './transport.ts';

const MASKED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);
const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
// Not what an app reads: the browser's business, or the same on every answer.
const SKIPPED_RESPONSE_HEADER = /^(?:access-control-|vary$)/;
const UTF8 = new TextDecoder();

/** A credential as the journal shows it: its scheme, never the key. */
const mask = (name: string, value: string) => {
  if (name !== 'authorization' && name !== 'proxy-authorization') return '[masked]';
  const scheme = /^\s*([A-Za-z][\w.~+/-]*)\s+\S/.exec(value)?.[1];
  return scheme === undefined ? '[masked]' : `${scheme} [masked]`;
};

function requestHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    kept[name] = MASKED_HEADERS.has(name) ? mask(name, value) : value;
  });
  return kept;
}

function responseHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SKIPPED_RESPONSE_HEADER.test(name)) kept[name] = value;
  });
  return kept;
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  url.searchParams.forEach((value, name) => {
    const held = query[name];
    query[name] = held === undefined ? value : [held, value].flat();
  });
  return query;
}

/** What proxy mode adds to an entry: who answered, why the mock did, and the departures. */
const proxyFields = (note: ProxyNote) => ({
  answeredBy: note.answeredBy,
  ...(note.fallback === undefined ? {} : { fallback: note.fallback }),
  ...(note.keyLent ? { keyLent: true as const } : {}),
  departures: note.departures,
  ...(note.judged === undefined ? {} : { judged: note.judged }),
  ...(note.cut === undefined ? {} : { cut: note.cut }),
});

/** The recorder of one set of handlers: its body transport, and the function that records. */
export type Recorder = {
  transport: BodyTransport & {
    textOf(response: Response): string | undefined;
    relaysBeside(request: Request): boolean;
  };
  record(request: Request, response: Response, answered: Answered): Promise<void>;
};

/** Creates a recorder over the adapter's transport; `onExchange` hears every entry recorded. */
export function createRecorder(
  transport: BodyTransport,
  onExchange?: (entry: RecordedEntry) => void,
): Recorder {
  const bodies = new WeakMap<Request, Uint8Array>();
  const texts = new WeakMap<Response, string>();
  const recording: Recorder['transport'] = {
    textOf: (response) => texts.get(response) ?? proxyNoteOf(response)?.text,
    relaysBeside: (request) => transport.relaysBeside?.(request) === true,
    async readBody(request) {
      const held = bodies.get(request);
      if (held !== undefined) return held;
      const bytes = await transport.readBody(request);
      bodies.set(request, bytes);
      return bytes;
    },
    respond(request, text, init) {
      const response = transport.respond(request, text, init);
      texts.set(response, text);
      return response;
    },
  };

  /** The request body's text, read now when no handler read it (bounded). */
  const bodyText = async (request: Request): Promise<string | undefined> => {
    if (NO_BODY.has(request.method)) return undefined;
    let bytes = bodies.get(request);
    if (bytes === undefined) {
      if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) return undefined;
      bytes = await recording.readBody(request).catch(() => undefined);
    }
    if (bytes === undefined || bytes.byteLength === 0) return undefined;
    return UTF8.decode(bytes.subarray(0, JOURNAL_BODY_CHARS * 4));
  };

  return {
    transport: recording,
    async record(request, response, answered) {
      const { session } = answered;
      if (session === undefined || (!session.journal.recording && onExchange === undefined)) return;
      const url = new URL(request.url);
      const text = recording.textOf(response);
      const note = proxyNoteOf(response);
      const entry: RecordedEntry = {
        time: new Date(answered.time).toISOString(),
        session: session.id ?? null,
        operation: answered.operation ?? null,
        method: request.method,
        path: url.pathname,
        pathParams: answered.petId === undefined ? {} : { petId: answered.petId },
        query: queryOf(url),
        headers: requestHeaders(request.headers),
        bodyText: await bodyText(request),
        bodyIsJson: isJsonMediaType(request.headers.get('content-type')),
        status: response.type === 'error' ? 0 : response.status,
        response: {
          headers: responseHeaders(response.headers),
          text,
          isJson: text !== undefined && isJsonMediaType(response.headers.get('content-type')),
        },
        durationMs: Math.round((performance.now() - answered.started) * 10) / 10,
        ...(answered.fault === undefined ? {} : { fault: answered.fault }),
        ...(note === undefined ? {} : proxyFields(note)),
      };
      if (entry.bodyText === undefined) delete entry.bodyText;
      if (session.journal.recording) session.journal.record(entry);
      onExchange?.(entry);
    },
  };
}
