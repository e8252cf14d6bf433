/** What the relay records of each exchange, how it is bounded, and how it says the server went away. */

/** When and where the server stopped answering, or answered only with load shedding. */
export type ServerGone = {
  /** ISO time of the request that showed it. */
  at: string;
  /** The request, e.g. `GET /v1/pets/12`. */
  request: string;
  why: string;
  /** Whether it still answered, but only 429 or 503, until the waits ran out. */
  shedding?: boolean;
  /**
   * Whether it answered past a bound of the reader (too large, too many headers, too slow) or
   * under a certificate this machine does not trust: `why` says which, as it happened.
   */
  unreadable?: boolean;
};

/** One request a tool sent through the relay, and what the server answered. */
export type RelayExchange = {
  seq: number;
  method: string;
  /** Path and query as sent, e.g. `/v1/pets?limit=5`. */
  path: string;
  requestHeaders: Record<string, string>;
  requestBody: Buffer;
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer;
  /** A transport fault that came again on a fresh connection while the server answered otherwise. */
  fault?: string;
  /** 429 and 503 answers waited out before this one. */
  waited: number;
  /** Sent again on a fresh connection after a one-off loss (the second try answered). */
  resent?: string;
  durationMs: number;
};

/** How the relay treats the server. */
export type RelayOptions = {
  /** Requests in flight to the server at once, at most. */
  concurrency: number;
  /** How long one request may take before it counts as unanswered. */
  requestTimeoutMs: number;
  /** How long 429/503 answers to one request are waited out before the server counts as gone. */
  maxWaitMs?: number;
  /** The most bytes of one answer's body read, decoded (--max-response-size; default 16 MiB). */
  maxResponseBytes?: number;
  /** CA certificates (PEM) trusted beside the system's (--ca). */
  ca?: string;
};
