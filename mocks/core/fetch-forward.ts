/**
 * How the in-process handlers reach the backend in proxy mode (setupServer in Node, and the
 * browser worker where CORS lets the page reach the backend): global `fetch` on a request msw
 * lets through (`bypass`), the body counted as it streams and cut at the bound (502), the
 * whole answer within the timeout (504). fetch undoes Content-Encoding, so none is passed on.
 */
import { bypass } from 'msw';
import type { Forward } from './backend.ts';
import { MockError } from './errors.ts';

const UTF8 = new TextDecoder();

/** Reads a body up to `maxBytes`, or throws the 502 that says it was larger. */
async function readUpTo(response: Response, maxBytes: number, backend: string) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body !== null) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new MockError(
          502,
          'backend_unreachable',
          `the backend ${backend} answered more than ${maxBytes} bytes, the proxy's bound`,
        );
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A forwarder over global fetch to the backend at `base`. */
export function createFetchForward(base: string): Forward {
  const root = new URL(base);
  const name = root.origin;
  return async (target, bounds) => {
    if (new URL(target.url).origin !== root.origin)
      throw new MockError(502, 'backend_unreachable', `a request left the backend ${name}`);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), bounds.timeoutMs);
    try {
      const response = await fetch(
        bypass(target.url, {
          method: target.method,
          headers: target.headers,
          body: target.body as BodyInit | undefined,
          redirect: 'manual',
          signal: controller.signal,
        }),
      );
      const bytes = await readUpTo(response, bounds.maxBytes, name);
      const headers: [string, string][] = [];
      response.headers.forEach((value, header) => {
        if (header !== 'content-encoding') headers.push([header, value]);
      });
      return { status: response.status, headers, bytes, text: UTF8.decode(bytes) };
    } catch (error) {
      if (error instanceof MockError) throw error;
      if (controller.signal.aborted)
        throw new MockError(
          504,
          'backend_timeout',
          `the backend ${name} took longer than ${bounds.timeoutMs} ms to answer`,
        );
      const cause =
        error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : '';
      throw new MockError(
        502,
        'backend_unreachable',
        `no answer from the backend ${name}: ${cause}`,
      );
    } finally {
      clearTimeout(timer);
    }
  };
}
