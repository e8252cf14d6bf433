/**
 * A fetch function over the bounded reader, for code written against fetch (the preflight,
 * `--print-profile`): the answer read whole within the bounds, redirects never followed, and
 * a failure thrown as the ReadFailure that names its cause.
 */

import { readBounded } from './bounded-request.ts';
import type { ReadBounds } from './bounds.ts';

/** What every request of a bounded fetch keeps to: the bounds, CA certificates, a default time. */
export type FetchReading = {
  bounds?: Partial<ReadBounds>;
  ca?: string | Buffer;
  timeoutMs?: number;
};

/** A fetch whose answers are read through the bounded reader (a timeout in `init.signal` is not read: give `timeoutMs`). */
export function boundedFetch(reading: FetchReading = {}): typeof fetch {
  const send = async (input: string | URL | Request, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? request?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body =
      init.body === undefined || init.body === null
        ? request?.body
          ? new Uint8Array(await request.arrayBuffer())
          : undefined
        : typeof init.body === 'string'
          ? init.body
          : new Uint8Array(await new Response(init.body).arrayBuffer());
    const answer = await readBounded(
      url,
      {
        method: init.method ?? request?.method ?? 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
      },
      {
        timeoutMs: reading.timeoutMs ?? 10_000,
        ...(reading.bounds ? { bounds: reading.bounds } : {}),
        ...(reading.ca === undefined ? {} : { ca: reading.ca }),
      },
    );
    const empty = answer.status === 204 || answer.status === 304 || answer.body.length === 0;
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (!/^(content-encoding|content-length|transfer-encoding)$/.test(name)) out.set(name, value);
    return new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: out,
    });
  };
  return send as typeof fetch;
}
