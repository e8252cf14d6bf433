/**
 * How the standalone server reaches the backend in proxy mode: node:http(s) with kept-alive
 * connections, through the shared bounded reader (net/: decoded size, headers, pace, time),
 * whose failures become the proxy's 502 `backend_unreachable` and 504 `backend_timeout`.
 * The body is handed on as it arrives. Only the URL backend.ts built, on the backend's origin,
 * is ever requested.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import {
  ACCEPT_ENCODING,
  type OpenAnswer,
  openBounded,
  ReadFailure,
  sendAgainIfStale,
  sizeText,
} from '../../../net/index.ts';
import { MockError } from '../../core/errors.ts';
import { type Forward, UnreadableAnswer } from '../../core/proxy/backend.ts';

/** The 502 or 504 for a request the backend gave no usable answer to (`no answer`: fallback may take it). */
function failure(error: unknown, backend: string, bounds: Parameters<Forward>[1]): MockError {
  if (!(error instanceof ReadFailure))
    return new MockError(502, 'backend_unreachable', `no answer from the backend ${backend}`);
  if (error.kind === 'timeout')
    return new MockError(
      504,
      'backend_timeout',
      `the backend ${backend} took longer than ${bounds.timeoutMs} ms (--proxy-timeout) to answer`,
    );
  if (error.kind === 'decode') {
    // "Body does not decode as its Content-Encoding says: Content-Encoding gzip, but …"
    const at = error.message.indexOf(': ');
    const [title, detail] =
      at < 0 ? [error.message, ''] : [error.message.slice(0, at), error.message.slice(at + 2)];
    return new UnreadableAnswer(backend, title.replace(/^Body /, ''), detail);
  }
  if (error.bound?.kind === 'body-size')
    return new MockError(
      502,
      'backend_unreachable',
      `the backend ${backend} answered more than ${sizeText(bounds.maxBytes)}, the proxy's bound`,
    );
  return new MockError(
    502,
    'backend_unreachable',
    `no answer from the backend ${backend}: ${error.message}`,
  );
}

const declaredLength = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;

/**
 * A forwarder to the backend at `base` (its origin names it in error messages), trusting
 * `ca` beside the system's certificates.
 */
export function createForward(base: string, ca?: string): Forward & { close(): void } {
  const root = new URL(base);
  const agent =
    root.protocol === 'https:'
      ? new HttpsAgent({ keepAlive: true, maxSockets: 256 })
      : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  const name = root.origin;
  const forward: Forward = async (target, bounds) => {
    const url = new URL(target.url);
    if (url.origin !== root.origin)
      throw new MockError(502, 'backend_unreachable', `a request left the backend ${name}`);
    const headers: Record<string, string> = {};
    for (const [header, value] of target.headers)
      headers[header] = headers[header] === undefined ? value : `${headers[header]}, ${value}`;
    if (target.body !== undefined) headers['content-length'] = String(target.body.byteLength);
    // The codings the reader undoes: it decodes every answer to judge and bound it.
    headers['accept-encoding'] = ACCEPT_ENCODING;
    const open = (through: HttpAgent) =>
      openBounded(
        url,
        { method: target.method, headers, ...(target.body ? { body: target.body } : {}) },
        {
          agent: through,
          timeoutMs: bounds.timeoutMs,
          bounds: { maxBodyBytes: bounds.maxBytes },
          ...(ca === undefined ? {} : { ca }),
        },
      );
    let answer: OpenAnswer;
    try {
      // A kept-alive connection the backend closes as it is reused fails before any answer:
      // sent again on a new connection (net/), instead of the app getting a 502 for it.
      answer = await sendAgainIfStale(url, open, agent);
    } catch (error) {
      throw failure(error, name, bounds);
    }
    // The reader undoes Content-Encoding: the app gets the decoded bytes, said as such.
    const encoded = answer.headers['content-encoding'] !== undefined;
    const declared = encoded ? undefined : declaredLength(answer.headers['content-length']);
    if (declared !== undefined && declared > bounds.maxBytes) {
      answer.cancel();
      throw new MockError(
        502,
        'backend_unreachable',
        `the backend ${name} declared ${declared} bytes (Content-Length), more than ${sizeText(bounds.maxBytes)}, the proxy's bound`,
      );
    }
    const pairs = Object.entries(answer.headers).filter(
      ([header]) => header !== 'content-encoding',
    );
    const opened = answer;
    async function* body(): AsyncIterable<Uint8Array> {
      try {
        yield* opened.body;
      } catch (error) {
        throw failure(error, name, bounds);
      }
    }
    return {
      status: answer.status,
      headers: pairs,
      ...(declared === undefined ? {} : { length: declared }),
      body: body(),
      cancel: () => opened.cancel(),
    };
  };
  return Object.assign(forward, {
    close: () => agent.destroy(),
  });
}
