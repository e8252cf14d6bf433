/**
 * Request bodies the node:http adapter has already read, handed to the operations beside the
 * `Request` instead of inside it: a body inside a `Request` becomes a web stream that msw's
 * clone tees and the operation reads back, which cost more CPU than the rest of a create.
 */

const bodies = new WeakMap<Request, Uint8Array>();

/** Makes `bytes` the body that `readBodyBytes(request)` returns for `request`. */
export function attachBody(request: Request, bytes: Uint8Array): void {
  bodies.set(request, bytes);
}

/** Returns the request's body: the bytes attached by the adapter, else the `Request`'s own. */
export async function readBodyBytes(request: Request): Promise<Uint8Array> {
  return bodies.get(request) ?? new Uint8Array(await request.arrayBuffer());
}
