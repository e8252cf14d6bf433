/**
 * How bodies travel between an adapter and the handlers. By default they are inside the
 * Fetch objects (the browser worker, setupServer). An adapter may carry them beside the
 * objects instead (the standalone server does: mocks/node/bodies-beside.ts) and hands the
 * handlers its own transport, so the handlers never know which adapter serves them.
 */

/** Reads request bodies and makes text responses for the handlers. */
export type BodyTransport = {
  /** The request's body bytes. */
  readBody(request: Request): Promise<Uint8Array>;
  /** A response with `text` as its body, answering `request`. */
  respond(
    request: Request | undefined,
    text: string,
    init: { status: number; headers: Record<string, string> },
  ): Response;
  /**
   * Whether the adapter writes a proxied body it finds beside the response (relayedBodyOf in
   * proxy/relay.ts) itself; otherwise the body streams inside the Fetch response.
   */
  relaysBeside?(request: Request): boolean;
};

/** Bodies inside the Fetch objects, as every Fetch-based adapter gives them. */
export const fetchTransport: BodyTransport = {
  async readBody(request) {
    return new Uint8Array(await request.arrayBuffer());
  },
  respond(_request, text, init) {
    return new Response(text, init);
  },
};
