/**
 * One request to the server under test, read through the bounded reader (net/): whole or
 * failed, with the failure told apart as the relay needs it: the connection refused (nothing
 * listens), no answer in time, the connection lost before the answer was whole, an answer
 * past a bound of the reader, or a certificate this machine does not trust. The body handed
 * on is decoded (its Content-Encoding undone and dropped), so a tool never inflates a bomb.
 */
import http from 'node:http';
import https from 'node:https';
import { type ReadBounds, ReadFailure, readBounded, sendAgainIfStale } from '../net/index.ts';

/** A whole answer: status, lower-cased headers (repeats joined) and the decoded body. */
export type UpstreamAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * How a request failed: `refused` (nothing listens there), `timeout`, `lost`, `bound` (an
 * answer too large, with too many headers or too slow) or `tls` (an untrusted certificate).
 */
export type FailureKind = 'refused' | 'timeout' | 'lost' | 'bound' | 'tls';

/** A request that got no whole answer, and whether it went out on a kept-alive connection. */
export class UpstreamFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly reused = false,
    /** Whether a status line had come before it failed (the server answered, badly). */
    readonly answered = false,
  ) {
    super(message);
  }
}

/** How the relay reads the server: the reader's bounds and CA certificates trusted beside the system's. */
export type UpstreamReading = { bounds?: Partial<ReadBounds>; ca?: string | Buffer };

/** A keep-alive agent for a URL's protocol. */
export const agentFor = (url: URL, ca?: string | Buffer): http.Agent =>
  url.protocol === 'https:'
    ? new https.Agent({ keepAlive: true, ...(ca === undefined ? {} : { ca }) })
    : new http.Agent({ keepAlive: true });

/**
 * Sends one request and resolves with its whole answer within `timeoutMs`, or rejects. A
 * request that fails on a kept-alive connection the server had closed is sent again on a new
 * one (net/'s one policy for it).
 */
export async function sendUpstream(
  url: URL,
  request: { method: string; headers: Record<string, string>; body?: Buffer },
  agent: http.Agent,
  timeoutMs: number,
  reading: UpstreamReading = {},
): Promise<UpstreamAnswer> {
  try {
    const answer = await sendAgainIfStale(
      url,
      (through) => readBounded(url, request, { agent: through, timeoutMs, ...reading }),
      agent,
    );
    const { 'content-encoding': _, ...headers } = answer.headers;
    return { ...answer, headers };
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    const kind = error.kind === 'decode' ? 'lost' : error.kind;
    const message =
      error.kind === 'timeout' ? `no whole answer within ${timeoutMs / 1000} s` : error.message;
    throw new UpstreamFailure(kind, message, error.reused, error.answered !== undefined);
  }
}
