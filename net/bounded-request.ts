/**
 * One request to another server, its answer read through the bounds: header size and count,
 * the body decoded as it arrives and counted, the pace rule, and the whole request's time.
 * Two forms: `openBounded` hands the decoded body over chunk by chunk (a proxy streams it on),
 * `readBounded` reads it whole. Redirects are never followed: a 3xx is an answer like any.
 */
import http from 'node:http';
import https from 'node:https';
import { PassThrough } from 'node:stream';
import { bodyReader, DecodeFault } from './body-reader.ts';
import { BoundExceeded, boundCause, DEFAULT_BOUNDS, type ReadBounds } from './bounds.ts';
import { watchPace } from './pace.ts';
import { certificateText, errorCode, isCertificateError } from './tls.ts';

/** How a request failed: nothing listens, no answer in time, the connection lost, or TLS refused. */
export type FailureKind = 'refused' | 'timeout' | 'lost' | 'tls';

/** A request that got no whole answer; `bound` is set when it went past a bound. */
export class ReadFailure extends Error {
  override name = 'ReadFailure';
  constructor(
    readonly kind: FailureKind | 'bound' | 'decode',
    message: string,
    /** Whether it went out on a kept-alive connection used before. */
    readonly reused = false,
    /** The status and headers, when they had come. */
    readonly answered?: { status: number; headers: Record<string, string> },
    readonly bound?: BoundExceeded,
  ) {
    super(message);
  }
}

/** What one request sends. */
export type OutgoingRequest = {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
};

/** How one request is read: its connection pool, bounds, time and trusted CA certificates. */
export type ReaderOptions = {
  agent?: http.Agent;
  bounds?: Partial<ReadBounds>;
  /** The whole answer within this many ms, or a `timeout` failure. */
  timeoutMs: number;
  /** CA certificates (PEM) trusted beside the system's (--ca). */
  ca?: string | Buffer;
};

/** An answer whose status and headers came, its decoded body still arriving in `body`. */
export type OpenAnswer = {
  status: number;
  headers: Record<string, string>;
  /** The decoded body, bounded; iterating it throws the ReadFailure that stopped it. */
  body: AsyncIterable<Buffer>;
  /** Stops reading and closes the connection. */
  cancel(): void;
};

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Lower-cased headers, repeats joined with `, `. */
export const joinedHeaders = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );

/** The options node:http(s) needs to keep the header bound and trust `ca`. */
export const requestOptions = (bounds: ReadBounds, ca?: string | Buffer) => ({
  maxHeaderSize: bounds.maxHeaderBytes,
  ...(ca === undefined ? {} : { ca }),
});

/** The failure for an error of the request before or while its answer came. */
export function failureOf(
  url: URL,
  error: unknown,
  bounds: ReadBounds,
  reused = false,
  answered?: { status: number; headers: Record<string, string> },
): ReadFailure {
  if (error instanceof ReadFailure) return error;
  const code = errorCode(error);
  if (code === 'HPE_HEADER_OVERFLOW') {
    const bound = new BoundExceeded('header-size', boundCause.headerSize(bounds));
    return new ReadFailure('bound', bound.reason, reused, undefined, bound);
  }
  if (isCertificateError(error))
    return new ReadFailure('tls', certificateText(url.origin, error) ?? code, reused);
  return new ReadFailure(
    REFUSED.has(code) ? 'refused' : 'lost',
    code || (error as Error).message,
    reused,
    answered,
  );
}

/** Sends one request; resolves once status and headers came, the body to be read from the answer. */
export function openBounded(
  url: URL,
  request: OutgoingRequest,
  options: ReaderOptions,
): Promise<OpenAnswer> {
  const bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(url, {
      method: request.method,
      headers: request.headers,
      ...(options.agent ? { agent: options.agent } : {}),
      ...requestOptions(bounds, options.ca),
    });
    const out = new PassThrough();
    // A failure reaches whoever reads the body; one who stopped reading needs not hear of it.
    out.on('error', () => {});
    let answered: OpenAnswer | undefined;
    let stopPace = () => {};
    const fail = (failure: ReadFailure) => {
      clearTimeout(timer);
      stopPace();
      req.destroy();
      if (answered) out.destroy(failure);
      else reject(failure);
    };
    const timer = setTimeout(
      () =>
        fail(
          new ReadFailure(
            'timeout',
            `no whole answer within ${options.timeoutMs / 1000} s`,
            req.reusedSocket,
            answered,
          ),
        ),
      options.timeoutMs,
    );
    req.on('socket', (socket) => {
      stopPace = watchPace(socket, bounds, (bytes) => {
        const bound = new BoundExceeded('slow', boundCause.slow(bounds, bytes));
        fail(new ReadFailure('bound', bound.reason, req.reusedSocket, answered, bound));
      });
    });
    req.on('error', (error) => fail(failureOf(url, error, bounds, req.reusedSocket, answered)));
    req.on('response', (res) => {
      const seen = { status: res.statusCode ?? 0, headers: joinedHeaders(res.headers) };
      const count = res.rawHeaders.length / 2;
      if (count > bounds.maxHeaderCount) {
        const bound = new BoundExceeded('header-count', boundCause.headerCount(bounds, count));
        return fail(new ReadFailure('bound', bound.reason, req.reusedSocket, seen, bound));
      }
      const reader = bodyReader(seen.headers['content-encoding'], bounds, (chunk) =>
        out.write(chunk),
      );
      answered = { ...seen, body: out, cancel: () => fail(new ReadFailure('lost', 'cancelled')) };
      res.on('data', (chunk: Buffer) => reader.write(chunk));
      res.on('error', (error) => fail(failureOf(url, error, bounds, req.reusedSocket, seen)));
      res.on('end', () => {
        if (!res.complete)
          return fail(new ReadFailure('lost', 'the answer was cut short', req.reusedSocket, seen));
        reader.end();
      });
      reader.done.then(
        () => {
          clearTimeout(timer);
          stopPace();
          out.end();
        },
        (error: unknown) => {
          if (error instanceof BoundExceeded)
            return fail(new ReadFailure('bound', error.reason, req.reusedSocket, seen, error));
          const text = error instanceof DecodeFault ? error.message : String(error);
          fail(new ReadFailure('decode', text, req.reusedSocket, seen));
        },
      );
      resolve(answered);
    });
    req.end(request.body);
  });
}

/** Sends one request and reads its whole answer, bounded; rejects with a ReadFailure. */
export async function readBounded(url: URL, request: OutgoingRequest, options: ReaderOptions) {
  const answer = await openBounded(url, request, options);
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return { status: answer.status, headers: answer.headers, body: Buffer.concat(chunks) };
}
