/**
 * How the suite's requests travel over the network: node:http(s) on kept-alive connections,
 * which tells what fetch hides. A request that fails before any byte of an answer on a
 * connection the server had left idle (and then closed) is sent once more on a new one, as
 * browsers and HTTP clients do; any other failure to answer whole (no answer, an answer cut
 * short, a body that is not what its Content-Encoding says) is a TransportFault: the
 * server's, reported as a finding, never an error of the suite.
 */
import http from 'node:http';
import https from 'node:https';
import {
  ACCEPT_ENCODING,
  BoundExceeded,
  bodyReader,
  boundCause,
  certificateText,
  DEFAULT_BOUNDS,
  DecodeFault,
  isCertificateError,
  type ReadBounds,
  requestOptions,
  watchPace,
} from '../../net/index.ts';
import { ArrayItems } from '../../spec/json-scan.ts';

/**
 * What a transport carries: the request's method, headers and body (text, or bytes that need
 * not be UTF-8), and the default headers it must leave out (`accept`, as Go's and Java's
 * clients send none). A `transfer-encoding: chunked` header sends the body as chunks.
 */
export type WireRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  without?: readonly string[];
  /**
   * The most items a conforming answer's top-level array holds (a list's `limit`): reading
   * stops once it holds one more, and the answer is that array so far, marked `cut`.
   */
  maxItems?: number;
};

/**
 * An answer received whole: status, lower-cased headers (repeats joined) and the decoded
 * body; or, `cut`, its top-level array up to the item past the request's `maxItems` (closed
 * with `]`), reading stopped there with `bytes` of it read.
 */
export type WireAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  cut?: { items: number; bytes: number };
};

/** Sends one request and resolves with its whole answer (bridge.ts and this module implement it). */
export type Transport = (url: string, request: WireRequest) => Promise<WireAnswer>;

/**
 * How an answer failed to arrive: nothing listened (`refused`: the connection itself was
 * refused), nothing came in time (`timeout`), the connection went away or the bytes broke
 * (`lost`), the answer went past a bound of the reader (`bound`: too large, too many headers,
 * too slow), or this machine does not trust the server's certificate (`tls`).
 * server-watch.ts tells from it a server gone from a fault of its own.
 */
export type FaultKind = 'refused' | 'timeout' | 'lost' | 'bound' | 'tls';

/** The server gave no whole answer: what was seen instead, and the status and headers, if any came. */
export class TransportFault extends Error {
  override name = 'TransportFault';
  constructor(
    readonly title: string,
    readonly detail: string,
    readonly partial?: { status: number; headers: Record<string, string> },
    readonly kind: FaultKind = 'lost',
  ) {
    super(`${title}: ${detail}`);
  }
}

/** A request that failed on a reused connection before any answer: safe to send again. */
class StaleConnection extends Error {}

/** How long one request may go unanswered unless the run says otherwise (--request-timeout). */
export const TIMEOUT_MS = 15_000;

// Errors that mean the connection went away (closed, reset, half-written), and parse errors
// that on a reused connection come from bytes left over from before.
const GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED']);
const codeOf = (error: unknown) => (error as { code?: string }).code ?? '';
const isGone = (error: unknown) => GONE.has(codeOf(error)) || codeOf(error).startsWith('HPE_');

const joined = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );

const DEFAULT_HEADERS: Record<string, string> = {
  accept: '*/*',
  'accept-encoding': ACCEPT_ENCODING,
  'user-agent': 'petstore-contract',
};

/**
 * The request's headers as written (their names in the case given), with each default the
 * request names in no case and does not leave out: `Accept` given beside `accept` would go
 * out twice.
 */
function withDefaults(request: WireRequest): Record<string, string> {
  const named = new Set(Object.keys(request.headers).map((h) => h.toLowerCase()));
  const left = new Set(request.without?.map((h) => h.toLowerCase()));
  const defaults = Object.entries(DEFAULT_HEADERS).filter(([h]) => !named.has(h) && !left.has(h));
  return { ...Object.fromEntries(defaults), ...request.headers };
}

/** Whether the request asks for its body to go as chunks (Transfer-Encoding: chunked). */
const isChunked = (headers: Record<string, string>) =>
  Object.entries(headers).some(
    ([h, v]) => h.toLowerCase() === 'transfer-encoding' && /\bchunked\b/i.test(v),
  );

/** The body in three chunks or fewer, as a client streaming it writes them. */
const chunksOf = (body: Buffer): Buffer[] => {
  const size = Math.max(1, Math.ceil(body.length / 3));
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) parts.push(body.subarray(at, at + size));
  return parts;
};

/** How one attempt reads: its time, the reader's bounds, CA certificates trusted beside the system's. */
type Reading = { timeoutMs: number; bounds: ReadBounds; ca?: string | Buffer };

/** A fault for an answer that went past a bound, or whose certificate this machine refused. */
function readerFault(url: URL, error: unknown, seen?: WireAnswerHead): TransportFault | undefined {
  if (error instanceof BoundExceeded)
    return new TransportFault('Answer past a bound of the reader', error.reason, seen, 'bound');
  if (isCertificateError(error))
    return new TransportFault(
      'Certificate not trusted',
      certificateText(url.origin, error) ?? String(error),
      seen,
      'tls',
    );
  return undefined;
}

type WireAnswerHead = { status: number; headers: Record<string, string> };

/** The request's headers and body as they go out: defaults added, the body framed. */
function framed(request: WireRequest) {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers = withDefaults(request);
  const chunked = isChunked(headers);
  const framing = Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h));
  if (body !== undefined && !framing) headers['content-length'] = String(body.length);
  return { body, headers, chunked };
}

/** One attempt in flight: where it goes, how it reads, what has answered so far, and how it ends. */
type InFlight = {
  url: URL;
  request: WireRequest;
  reading: Reading;
  req: http.ClientRequest;
  answered?: WireAnswerHead;
  /** Ends the attempt with an error (its timer and pace watch stopped, the request destroyed). */
  fail(error: unknown): void;
  /** Ends the attempt with an answer. */
  succeed(answer: WireAnswer): void;
};

/** Gives the attempt up once `timeoutMs` passed without it ending. */
function timeLimit(flight: InFlight): NodeJS.Timeout {
  const { timeoutMs } = flight.reading;
  return setTimeout(() => {
    const { answered } = flight;
    flight.req.destroy(
      new TransportFault(
        answered ? 'Answer not finished in time' : 'No answer in time',
        `nothing more ${answered ? 'of the body ' : ''}within ${timeoutMs / 1000} s`,
        answered,
        'timeout',
      ),
    );
  }, timeoutMs);
}

/**
 * What a request error means: a fault of its own kind (a bound, a certificate, an answer cut
 * short), a stale kept-alive connection (sent again), or no answer at all.
 */
function faultOfError(flight: InFlight, error: unknown): Error {
  if (error instanceof TransportFault) return error;
  const { url, reading, answered } = flight;
  if (codeOf(error) === 'HPE_HEADER_OVERFLOW')
    return readerFault(
      url,
      new BoundExceeded('header-size', boundCause.headerSize(reading.bounds)),
    ) as TransportFault;
  const refused = readerFault(url, error);
  if (refused) return refused;
  if (answered) return cutShort(error, answered);
  if (flight.req.reusedSocket && isGone(error)) return new StaleConnection();
  const nothing = codeOf(error) === 'ECONNREFUSED';
  return new TransportFault(
    nothing ? 'Connection refused' : 'Connection closed without an answer',
    nothing
      ? 'the connection was refused (ECONNREFUSED): nothing listens there'
      : `the connection was closed or reset before any answer (${codeOf(error) || (error as Error).message})`,
    undefined,
    nothing ? 'refused' : 'lost',
  );
}

/** Too many header lines: the fault, or nothing when the answer keeps within the bound. */
function headerCountFault(flight: InFlight, res: http.IncomingMessage): TransportFault | undefined {
  const count = res.rawHeaders.length / 2;
  const { bounds } = flight.reading;
  if (count <= bounds.maxHeaderCount) return undefined;
  const bound = new BoundExceeded('header-count', boundCause.headerCount(bounds, count));
  return readerFault(flight.url, bound, flight.answered);
}

/**
 * Reads the answer's body, decoded within the bounds; a list's array read only up to the item
 * past the request's `maxItems` (the rest cannot make it conform).
 */
function readBody(flight: InFlight, res: http.IncomingMessage, seen: WireAnswerHead): void {
  const { request, reading } = flight;
  const chunks: Buffer[] = [];
  const items = request.maxItems === undefined ? undefined : new ArrayItems();
  let raw = 0;
  const reader = bodyReader(seen.headers['content-encoding'], reading.bounds, (chunk) => {
    chunks.push(chunk);
    items?.feed(chunk);
    const end = items?.ends[request.maxItems ?? 0];
    if (end === undefined) return;
    reader.stop();
    const kept = Buffer.concat([Buffer.concat(chunks).subarray(0, end), Buffer.from(']')]);
    flight.succeed({
      ...seen,
      body: new Uint8Array(kept),
      cut: { items: (request.maxItems ?? 0) + 1, bytes: reader.received },
    });
  });
  res.on('data', (chunk: Buffer) => {
    raw += chunk.length;
    reader.write(chunk);
  });
  res.on('error', (error) => flight.fail(cutShort(error, seen, raw)));
  reader.done.then(
    () => flight.succeed({ ...seen, body: new Uint8Array(Buffer.concat(chunks)) }),
    (error: unknown) => {
      if (error instanceof DecodeFault)
        return flight.fail(new TransportFault(error.title, error.detail, seen));
      flight.fail(readerFault(flight.url, error, seen) ?? error);
    },
  );
  res.on('end', () => {
    // Bytes beyond the Content-Length in the same packet surface as a parse error of the
    // request just before 'end' reaches here: let it arrive first.
    setImmediate(() => {
      if (!res.complete) return flight.fail(cutShort(undefined, seen, raw));
      reader.end();
    });
  });
}

/** Sends the body: whole, or in chunks when the request says Transfer-Encoding: chunked. */
function writeBody(req: http.ClientRequest, body: Buffer | undefined, chunked: boolean): void {
  if (chunked && body !== undefined) {
    // Node frames each write as a chunk when the request says Transfer-Encoding: chunked.
    for (const part of chunksOf(body)) req.write(part);
    req.end();
  } else req.end(body);
}

/** One attempt on `agent`'s connections, given up after `timeoutMs`, read within the bounds. */
function attempt(
  url: URL,
  request: WireRequest,
  agent: http.Agent,
  reading: Reading,
): Promise<WireAnswer> {
  const { body, headers, chunked } = framed(request);
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(url, {
      method: request.method,
      headers,
      agent,
      ...requestOptions(reading.bounds, reading.ca),
    });
    let stopPace = () => {};
    const end = () => {
      clearTimeout(timer);
      stopPace();
    };
    const flight: InFlight = {
      url,
      request,
      reading,
      req,
      fail(error) {
        end();
        req.destroy();
        reject(error);
      },
      succeed(answer) {
        end();
        // A list cut short leaves the rest unread: the connection is not reused.
        if (answer.cut) req.destroy();
        resolve(answer);
      },
    };
    const timer = timeLimit(flight);
    req.on('socket', (socket) => {
      stopPace = watchPace(socket, reading.bounds, (bytes) =>
        flight.fail(
          readerFault(
            url,
            new BoundExceeded('slow', boundCause.slow(reading.bounds, bytes)),
            flight.answered,
          ),
        ),
      );
    });
    req.on('error', (error) => flight.fail(faultOfError(flight, error)));
    req.on('response', (res) => {
      const seen = { status: res.statusCode ?? 0, headers: joined(res.headers) };
      flight.answered = seen;
      const tooMany = headerCountFault(flight, res);
      if (tooMany) return flight.fail(tooMany);
      readBody(flight, res, seen);
    });
    writeBody(req, body, chunked);
  });
}

/** A fault for an answer whose body did not arrive whole. */
function cutShort(
  error: unknown,
  seen: { status: number; headers: Record<string, string> },
  received?: number,
): TransportFault {
  if (error instanceof TransportFault) return error;
  const length = seen.headers['content-length'];
  const code = codeOf(error);
  if (code.startsWith('HPE_'))
    return new TransportFault(
      'Answer not valid HTTP',
      `the bytes after the headers${length ? ` (Content-Length ${length})` : ''} broke the HTTP framing: ${(error as Error).message}`,
      seen,
    );
  const got = received === undefined ? '' : ` after ${received} bytes`;
  const of = length ? ` of the ${length} its Content-Length announced` : ' of a chunked body';
  return new TransportFault(
    'Answer cut short',
    `the connection closed${got}${of}${code ? ` (${code})` : ''}`,
    seen,
  );
}

/** A transport over the network, and a way to send one request on a connection of its own. */
export type NetworkTransport = Transport & {
  /** Sends on a new connection, closed after it (within `timeoutMs`, default the transport's). */
  fresh(url: string, request: WireRequest, timeoutMs?: number): Promise<WireAnswer>;
  /** Keeps at most `count` connections from now on, closing the idle ones. */
  fewerConnections(count: number): void;
};

/**
 * What a network transport keeps to: the time one request may take, connections at once, the
 * reader's bounds (net/bounds.ts; --max-response-size sets the body's), and CA certificates
 * trusted beside the system's (--ca).
 */
export type NetworkLimits = {
  timeoutMs?: number;
  maxSockets?: number;
  bounds?: Partial<ReadBounds>;
  ca?: string | Buffer;
};

const count = (lists: NodeJS.ReadOnlyDict<unknown[]>) =>
  Object.values(lists).reduce((sum, list) => sum + (list?.length ?? 0), 0);

/**
 * A kept-alive agent with at most `maxSockets` connections; one freed while more are open
 * than that (the bound was lowered) is closed, so an idle connection the server counts (as
 * uvicorn's --limit-concurrency does) goes away.
 */
function agentFor(url: URL, maxSockets = Infinity): http.Agent {
  const agent =
    url.protocol === 'https:'
      ? new https.Agent({ keepAlive: true, maxSockets })
      : new http.Agent({ keepAlive: true, maxSockets });
  agent.on('free', (socket: { destroy(): void }) => {
    if (count(agent.sockets) + count(agent.freeSockets) > agent.maxSockets) socket.destroy();
  });
  return agent;
}

/**
 * A transport over the network, keeping at most `maxSockets` connections open (a server that
 * counts open connections, as uvicorn's --limit-concurrency does, sees no more than the
 * run's --concurrency). `onResend` hears of each request sent again on a new connection
 * because the server had closed the idle one it went out on.
 */
export function networkTransport(
  onResend: (url: string, method: string) => void,
  { timeoutMs = TIMEOUT_MS, maxSockets, bounds, ca }: NetworkLimits = {},
): NetworkTransport {
  const reading = (ms: number): Reading => ({
    timeoutMs: ms,
    bounds: { ...DEFAULT_BOUNDS, ...bounds },
    ...(ca === undefined ? {} : { ca }),
  });
  const agents = new Map<string, http.Agent>();
  const fresh = async (raw: string, request: WireRequest, ms = timeoutMs) => {
    const url = new URL(raw);
    // A new connection, on an agent of its own: the kept ones may all be as stale.
    const agent = agentFor(url);
    try {
      return await attempt(url, request, agent, reading(ms));
    } finally {
      agent.destroy();
    }
  };
  const send = async (raw: string, request: WireRequest) => {
    const url = new URL(raw);
    const kept = agents.get(url.protocol) ?? agentFor(url, maxSockets);
    agents.set(url.protocol, kept);
    try {
      return await attempt(url, request, kept, reading(timeoutMs));
    } catch (error) {
      if (!(error instanceof StaleConnection)) throw error;
      onResend(raw, request.method);
      return fresh(raw, request);
    }
  };
  const fewerConnections = (count: number) => {
    for (const agent of agents.values()) {
      agent.maxSockets = count;
      for (const idle of Object.values(agent.freeSockets))
        for (const socket of idle ?? []) socket.destroy();
    }
  };
  return Object.assign(send, { fresh, fewerConnections });
}

/**
 * A transport over a fetch function (an app in this process, through the bridge). Fetch
 * frames the body itself (a Transfer-Encoding header is dropped: no socket carries it) and
 * adds `Accept: *\/*` when none is given, whatever `without` says. An app that throws or
 * does not answer gave no answer: a TransportFault, as a crash over HTTP is.
 */
export function fetchTransport(send: typeof fetch): Transport {
  return async (url, request) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([h]) => h.toLowerCase() !== 'transfer-encoding'),
    );
    const { body } = request;
    let res: Response;
    try {
      res = await send(url, {
        method: request.method,
        headers,
        body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new TransportFault('No answer from the app', (error as Error).message);
    }
    const answered: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      answered[key] = value;
    });
    return {
      status: res.status,
      headers: answered,
      body: new Uint8Array(await res.arrayBuffer()),
    };
  };
}
