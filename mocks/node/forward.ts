/**
 * How the standalone server reaches the backend in proxy mode: node:http(s) with kept-alive
 * connections, the request's body sent as read, the answer read under the bounds of
 * backend-read.ts. Only the URL backend.ts built is ever requested.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Forward } from '../core/backend.ts';
import { decodedText, readBounded, tooSlow, unreachable } from './backend-read.ts';

/** A forwarder to the backend at `base` (its origin names it in error messages). */
export function createForward(base: string): Forward & { close(): void } {
  const root = new URL(base);
  const secure = root.protocol === 'https:';
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: 256 })
    : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  const send = secure ? httpsRequest : httpRequest;
  const name = root.origin;
  const forward = (
    target: Parameters<Forward>[0],
    bounds: Parameters<Forward>[1],
  ): ReturnType<Forward> =>
    new Promise((resolve, reject) => {
      const url = new URL(target.url);
      if (url.origin !== root.origin) {
        reject(unreachable(name, 'the request left the backend'));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [header, value] of target.headers)
        headers[header] = headers[header] === undefined ? value : `${headers[header]}, ${value}`;
      if (target.body !== undefined) headers['content-length'] = String(target.body.byteLength);
      const req = send(url, { method: target.method, headers, agent, setHost: true });
      const timer = setTimeout(() => {
        req.destroy();
        reject(tooSlow(name, bounds.timeoutMs));
      }, bounds.timeoutMs);
      req.once('error', (error) => {
        clearTimeout(timer);
        reject(unreachable(name, error.message));
      });
      req.once('response', (res) => {
        readBounded(res, bounds.maxBytes, name).then(
          (bytes) => {
            clearTimeout(timer);
            const pairs: [string, string][] = [];
            for (let i = 0; i < res.rawHeaders.length; i += 2)
              pairs.push([
                (res.rawHeaders[i] as string).toLowerCase(),
                res.rawHeaders[i + 1] as string,
              ]);
            const encoding = res.headers['content-encoding'];
            resolve({
              status: res.statusCode ?? 502,
              headers: pairs,
              bytes,
              text: decodedText(bytes, encoding, bounds.maxBytes),
            });
          },
          (error) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      });
      req.end(target.body);
    });
  return Object.assign(forward, { close: () => agent.destroy() });
}
