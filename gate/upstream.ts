/**
 * One request to the server under test over node:http(s), whole or failed, with the failure
 * told apart as the relay needs it: the connection refused (nothing listens), no answer in
 * time, or the connection lost before the answer was whole.
 */
import http from 'node:http';
import https from 'node:https';

/** A whole answer: status, lower-cased headers (repeats joined) and the raw body. */
export type UpstreamAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** How a request failed: `refused` (nothing listens there), `timeout` or `lost`. */
export type FailureKind = 'refused' | 'timeout' | 'lost';

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

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** A keep-alive agent for a URL's protocol. */
export const agentFor = (url: URL): http.Agent =>
  url.protocol === 'https:'
    ? new https.Agent({ keepAlive: true })
    : new http.Agent({ keepAlive: true });

const joined = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );

/** Sends one request and resolves with its whole answer within `timeoutMs`, or rejects. */
export function sendUpstream(
  url: URL,
  request: { method: string; headers: Record<string, string>; body?: Buffer },
  agent: http.Agent,
  timeoutMs: number,
): Promise<UpstreamAnswer> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(url, { method: request.method, headers: request.headers, agent });
    let settled = false;
    let answered = false;
    const fail = (kind: FailureKind, message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new UpstreamFailure(kind, message, req.reusedSocket, answered));
    };
    const timer = setTimeout(
      () => fail('timeout', `no whole answer within ${timeoutMs / 1000} s`),
      timeoutMs,
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      fail(REFUSED.has(code) ? 'refused' : 'lost', `${code || error.message}`);
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) =>
        fail('lost', `the answer was cut short (${error.code ?? error.message})`),
      );
      res.on('end', () => {
        if (!res.complete) return fail('lost', 'the answer was cut short');
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: joined(res.headers),
          body: Buffer.concat(chunks),
        });
      });
    });
    req.end(request.body);
  });
}
