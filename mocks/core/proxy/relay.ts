/**
 * A backend's body on its way to the app in proxy mode (DECISIONS "Proxy": streamed, with
 * bounded size and time): each chunk goes on as it arrives while a copy is kept, and what
 * needs the whole body (the judge, the record, the journal) runs once it has ended or was cut.
 */
import { MockError } from '../errors.ts';

/**
 * A body being relayed, handed to the adapter beside the response (the standalone server
 * writes it to its socket) or inside it as a stream (a Fetch adapter).
 */
export type RelayedBody = {
  /** The backend's declared length, when the bytes pass on unchanged. */
  length?: number;
  /** The body as the app gets it; iterating it throws the MockError that cut it. */
  chunks: AsyncIterable<Uint8Array>;
  /**
   * Once the body has ended or was cut: runs `ended` (the judge), then what waits for it
   * (the journal's record). Runs once, whoever calls it.
   */
  settle(): Promise<void>;
  /** Runs `after` once the body is settled. */
  afterSettled(after: () => Promise<void>): void;
};

const relayed = new WeakMap<Response, RelayedBody>();

/** The body a proxied response relays, when it is still arriving. */
export const relayedBodyOf = (response: Response): RelayedBody | undefined => relayed.get(response);

/** `chunks` as one array (a lone non-empty chunk as it is). */
export const concat = (chunks: readonly Uint8Array[]): Uint8Array => {
  const full = chunks.filter((chunk) => chunk.byteLength > 0);
  if (full.length <= 1) return full[0] ?? new Uint8Array(0);
  chunks = full;
  const whole = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
};

/** Every chunk, read before anything is sent. */
export const readAll = async (chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return concat(all);
};

// A byte order mark is kept: the judge must see what the backend sent (RFC 8259 forbids one).
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Relays `chunks`; `ended` gets the text the app got, and when it was cut, why and the error
 * that cut it.
 */
export function createRelay(source: {
  chunks: AsyncIterable<Uint8Array>;
  length?: number;
  /** Stops the backend's answer (the app went away). */
  cancel(): void;
  ended(text: string, cut: string | undefined, error?: unknown): Promise<void>;
}): RelayedBody {
  // The copy is bounded as the body is: the forwarder cuts both at the proxy's size bound.
  const copy: Uint8Array[] = [];
  let cut: string | undefined;
  let cutBy: unknown;
  async function* chunks(): AsyncIterable<Uint8Array> {
    let over = false;
    try {
      for await (const chunk of source.chunks) {
        copy.push(chunk);
        yield chunk;
      }
      over = true;
    } catch (error) {
      over = true;
      cut = error instanceof MockError ? error.message : "the backend's answer failed";
      cutBy = error;
      throw error;
    } finally {
      if (!over) {
        cut = 'the app closed the connection before the answer ended';
        source.cancel();
      }
    }
  }
  const afters: (() => Promise<void>)[] = [];
  let settled: Promise<void> | undefined;
  let done = false;
  return {
    ...(source.length === undefined ? {} : { length: source.length }),
    chunks: chunks(),
    settle() {
      settled ??= (async () => {
        await source.ended(UTF8.decode(concat(copy)), cut, cutBy).catch(() => undefined);
        done = true;
        for (const after of afters.splice(0)) await after().catch(() => undefined);
      })();
      return settled;
    },
    afterSettled(after) {
      if (done) void after();
      else afters.push(after);
    },
  };
}

/** A Fetch body stream over a relayed body, settled before the stream ends. */
function streamOf(body: RelayedBody): ReadableStream<Uint8Array> {
  const chunks = body.chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (!next.done) return controller.enqueue(next.value);
        await body.settle();
        controller.close();
      } catch (error) {
        await body.settle();
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.();
      await body.settle();
    },
  });
}

/** The response relaying `body`: with it beside (the adapter writes it) or inside, as a stream. */
export function relayedResponse(
  body: RelayedBody,
  init: { status: number; headers: Headers },
  beside: boolean,
): Response {
  const response = new Response(beside ? null : streamOf(body), init);
  relayed.set(response, body);
  return response;
}
