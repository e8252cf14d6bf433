/**
 * How the standalone server reaches the backend in proxy mode: node:http(s) with kept-alive
 * connections, through the shared bounded reader (net/: decoded size, headers, pace, time),
 * whose failures become the proxy's 502 `backend_unreachable` and 504 `backend_timeout`.
 * Only the URL backend.ts built, on the backend's origin, is ever requested.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { ReadFailure, readBounded, sizeText } from '../../net/index.ts';
import type { Forward } from '../core/backend.ts';
import { MockError } from '../core/errors.ts';

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

/** A forwarder to the backend at `base` (its origin names it in error messages). */
export function createForward(base: string): Forward & { close(): void } {
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
    try {
      const answer = await readBounded(
        url,
        { method: target.method, headers, ...(target.body ? { body: target.body } : {}) },
        { agent, timeoutMs: bounds.timeoutMs, bounds: { maxBodyBytes: bounds.maxBytes } },
      );
      // The reader undoes Content-Encoding: the app gets the decoded bytes, said as such.
      const pairs = Object.entries(answer.headers).filter(
        ([header]) => header !== 'content-encoding',
      );
      return {
        status: answer.status,
        headers: pairs,
        bytes: answer.body,
        text: answer.body.toString(),
      };
    } catch (error) {
      throw failure(error, name, bounds);
    }
  };
  return Object.assign(forward, { close: () => agent.destroy() });
}
