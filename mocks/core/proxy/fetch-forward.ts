/**
 * How the in-process handlers reach the backend in proxy mode (setupServer in Node, and the
 * browser worker where CORS lets the page reach the backend): global `fetch` on a request msw
 * lets through (`bypass`), the body handed on as it streams, counted and cut at the bound
 * (502), the whole answer within the timeout (504). fetch undoes Content-Encoding, so none is
 * passed on, and no length either (fetch does not say whether it decoded the body).
 */
import { bypass } from 'msw';
import { MockError } from '../errors.ts';
import { type Forward, UnreadableAnswer } from './backend.ts';

const overBound = (backend: string, maxBytes: number, declared?: number) =>
  new MockError(
    502,
    'backend_unreachable',
    declared === undefined
      ? `the backend ${backend} answered more than ${maxBytes} bytes, the proxy's bound`
      : `the backend ${backend} declared ${declared} bytes (Content-Length), more than ${maxBytes}, the proxy's bound`,
  );

/**
 * Whether fetch failed because its connection was closed before this request's answer after
 * carrying others (Node's fetch, undici, says so in the error's cause), or was reset (where
 * undici does not say whether it carried others).
 */
export function closedReused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; socket?: { bytesRead?: number } } })?.cause;
  if (cause?.code === 'UND_ERR_SOCKET') return (cause.socket?.bytesRead ?? 0) > 0;
  return cause?.code === 'ECONNRESET' || cause?.code === 'EPIPE';
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
    let encoding: string | undefined;
    const failed = (error: unknown): MockError => {
      clearTimeout(timer);
      if (error instanceof MockError) return error;
      if (controller.signal.aborted)
        return new MockError(
          504,
          'backend_timeout',
          `the backend ${name} took longer than ${bounds.timeoutMs} ms to answer`,
        );
      const cause =
        error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : '';
      // fetch undoes Content-Encoding as the body arrives: a zlib or brotli error is a body
      // that is not in the coding its header names.
      const code = String((error as { cause?: { code?: unknown } })?.cause?.code ?? '');
      if (/^Z_|BROTLI/.test(code))
        return new UnreadableAnswer(
          name,
          'does not decode as its Content-Encoding says',
          `Content-Encoding ${encoding ?? '(none)'}, but the body is not in it (${cause})`,
        );
      return new MockError(
        502,
        'backend_unreachable',
        `no answer from the backend ${name}: ${cause}`,
      );
    };
    const send = () =>
      fetch(
        bypass(target.url, {
          method: target.method,
          headers: target.headers,
          body: target.body as BodyInit | undefined,
          redirect: 'manual',
          signal: controller.signal,
        }),
      );
    let response: Response;
    try {
      response = await send().catch((error: unknown) => {
        // A kept-alive connection the backend closed as it was reused (its idle timeout, which
        // not every server announces) fails before any answer: sent again, as browsers do
        // (their fetch does it itself; Node's does not), the broken connection now gone.
        if (!controller.signal.aborted && closedReused(error)) return send();
        throw error;
      });
    } catch (error) {
      throw failed(error);
    }
    const cancel = () => {
      clearTimeout(timer);
      controller.abort();
    };
    encoding = response.headers.get('content-encoding') ?? undefined;
    const encoded = encoding !== undefined;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (!encoded && declared > bounds.maxBytes) {
      cancel();
      throw overBound(name, bounds.maxBytes, declared);
    }
    const headers: [string, string][] = [];
    response.headers.forEach((value, header) => {
      if (header !== 'content-encoding') headers.push([header, value]);
    });
    const stream = response.body;
    async function* body(): AsyncIterable<Uint8Array> {
      if (stream === null) return void clearTimeout(timer);
      const reader = stream.getReader();
      let size = 0;
      let finished = false;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > bounds.maxBytes) throw overBound(name, bounds.maxBytes);
          yield value;
        }
        finished = true;
        clearTimeout(timer);
      } catch (error) {
        finished = true;
        const failure = failed(error);
        cancel();
        throw failure;
      } finally {
        // Left before the end (the app went away): the backend's answer is not read further.
        if (!finished) cancel();
      }
    }
    return { status: response.status, headers, body: body(), cancel };
  };
}
