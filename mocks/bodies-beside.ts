/**
 * Bodies the node:http adapter carries beside the Fetch objects instead of inside them. A body
 * inside a `Request` or `Response` is a web byte stream (teed again when msw clones the
 * request); building and reading those streams cost more CPU than the rest of a request.
 * Requests the adapter did not mark (the browser worker, setupServer) get ordinary Fetch
 * objects, so the handlers behave the same everywhere.
 */

const requestBodies = new WeakMap<Request, Uint8Array>();
const carried = new WeakSet<Request>();
const responseTexts = new WeakMap<Response, string>();

/**
 * Marks `request` as served by an adapter that carries bodies beside it: `body` (already read)
 * is what `readBodyBytes` returns, and responses to it keep their text for `textBeside`.
 */
export function carryBodiesBeside(request: Request, body?: Uint8Array): void {
  carried.add(request);
  if (body !== undefined) requestBodies.set(request, body);
}

/** Returns the request's body: the bytes carried beside it, else the `Request`'s own. */
export async function readBodyBytes(request: Request): Promise<Uint8Array> {
  return requestBodies.get(request) ?? new Uint8Array(await request.arrayBuffer());
}

/**
 * A response with `text` as its body, answering `request`: for a marked request the
 * `Response` itself is empty and the text travels beside it (see `textBeside`).
 */
export function textResponse(
  request: Request | undefined,
  text: string,
  init: { status: number; headers: Record<string, string> },
): Response {
  if (request === undefined || !carried.has(request)) return new Response(text, init);
  const response = new Response(null, init);
  responseTexts.set(response, text);
  return response;
}

/** The body text carried beside a response made by `textResponse`, if it was. */
export function textBeside(response: Response): string | undefined {
  return responseTexts.get(response);
}
