/**
 * The standalone server's body transport: bodies travel beside the Fetch objects instead of
 * inside them. A body inside a `Request` or `Response` is a web byte stream (teed again when
 * msw clones the request); building and reading those streams cost more CPU than the rest of
 * a request. Requests the adapter did not mark get ordinary Fetch bodies, so the handlers
 * behave the same with it and with `fetchTransport` (bodies-beside.test.ts).
 */
import { type BodyTransport, fetchTransport } from '../core/transport.ts';

const requestBodies = new WeakMap<Request, Uint8Array>();
const carried = new WeakSet<Request>();
const responseTexts = new WeakMap<Response, string>();

/**
 * Marks `request` as served by the adapter: `body` (already read) is what the handlers read,
 * and the text of responses to it is kept for `textBeside` instead of a stream.
 */
export function carryBodiesBeside(request: Request, body?: Uint8Array): void {
  carried.add(request);
  if (body !== undefined) requestBodies.set(request, body);
}

/** The body text carried beside a response made by `besideTransport`, if it was. */
export function textBeside(response: Response): string | undefined {
  return responseTexts.get(response);
}

/** The transport the standalone server hands its handlers. */
export const besideTransport: BodyTransport = {
  readBody(request) {
    const body = requestBodies.get(request);
    return body === undefined ? fetchTransport.readBody(request) : Promise.resolve(body);
  },
  respond(request, text, init) {
    if (request === undefined || !carried.has(request)) {
      return fetchTransport.respond(request, text, init);
    }
    const response = new Response(null, init);
    responseTexts.set(response, text);
    return response;
  },
  relaysBeside: (request) => carried.has(request),
};
