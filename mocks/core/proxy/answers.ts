/**
 * The backend's answer on its way to the app: read whole before anything is sent (its body
 * decides the fallback, or it has none), or streamed on once its first bytes came; either way
 * judged, its animals kept when recording, and an answer that cannot be read made a whole 502
 * and the backend's departure.
 */
import type { RuleId } from '../../../spec/checks/check.ts';
import { transportDeparture } from '../../../spec/checks/departures.ts';
import {
  type BackendAnswer,
  needsBodyToJudgeServed,
  notServedYet,
  UnreadableAnswer,
} from './backend.ts';
import { type Call, clientSide, fallBack, noAnswer, type ProxyContext } from './call.ts';
import { maskedChunks } from './mask.ts';
import { noteAnswer, noteRefusal, type ProxyNote } from './notes.ts';
import { recordedPets } from './record.ts';
import { createRelay, readAll, relayedResponse } from './relay.ts';

const NULL_BODY = new Set([101, 204, 205, 304]);
// The backend's body as the judge reads it: a byte order mark kept (RFC 8259 forbids one).
const AS_SENT = new TextDecoder('utf-8', { ignoreBOM: true });
/** A body's text as the app's JSON reader takes it, for the journal: without a byte order mark. */
const asRead = (text: string) => (text.startsWith('\uFEFF') ? text.slice(1) : text);

/** The `transport` departure of an answer that cannot be read (and the app's own, judged as ever). */
function unreadable(proxy: ProxyContext, call: Call, error: UnreadableAnswer): UnreadableAnswer {
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

/**
 * What follows the end of the body: the backend's animals kept, the exchange judged (its
 * departures, and the rules it was judged by, for the note).
 */
async function settle(
  proxy: ProxyContext,
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
export const readsWhole = (proxy: ProxyContext, status: number) =>
  (proxy.options.fallback === true && needsBodyToJudgeServed(status)) || NULL_BODY.has(status);

/** An answer read whole before anything is sent; the mock answers instead when it is not served yet. */
export async function answerWhole(
  proxy: ProxyContext,
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
export async function answerStreamed(
  proxy: ProxyContext,
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
