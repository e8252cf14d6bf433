/**
 * The bounds every reader of another server's bytes keeps (the suite's client, the gate's
 * relay, the mock's proxy), and the fault that says which one an answer went past.
 */

/** What one answer may cost at most: decoded body size, header size and count, pace. */
export type ReadBounds = {
  /** Bytes of the body after its Content-Encoding is undone (--max-response-size). */
  maxBodyBytes: number;
  /** Bytes of the status line and headers together. */
  maxHeaderBytes: number;
  /** Header fields, repeats counted one by one. */
  maxHeaderCount: number;
  /** Once an answer has begun, fewer bytes a second than this over `paceWindowMs` is too slow. */
  minBytesPerSecond: number;
  paceWindowMs: number;
};

/** The default response size bound: 16 MiB, far above any answer of the interface. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The bounds a reader keeps unless told otherwise. */
export const DEFAULT_BOUNDS: ReadBounds = {
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  maxHeaderBytes: 64 * 1024,
  maxHeaderCount: 256,
  minBytesPerSecond: 10,
  paceWindowMs: 5_000,
};

/** Which bound an answer went past. */
export type BoundKind = 'body-size' | 'header-size' | 'header-count' | 'slow';

/** A size in words: `16 MiB`, `64 KiB`, `1200 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * An answer that went past a bound: reading stopped there. `reason` is the true cause in
 * the words a report gives it (`answered with a body over 16 MiB`), `prefix` the first decoded
 * bytes and `received` how many were decoded before reading stopped.
 */
export class BoundExceeded extends Error {
  override name = 'BoundExceeded';
  constructor(
    readonly kind: BoundKind,
    readonly reason: string,
    readonly received = 0,
    readonly prefix: Uint8Array = new Uint8Array(0),
  ) {
    super(reason);
  }
}

/** The cause for each bound, in the words reports give it. */
export const boundCause = {
  body: (bounds: ReadBounds, encoding?: string) =>
    `answered with a body over ${sizeText(bounds.maxBodyBytes)}${encoding ? ` once its Content-Encoding ${encoding} was undone` : ''} (the bound of --max-response-size)`,
  headerSize: (bounds: ReadBounds) =>
    `answered with headers over ${sizeText(bounds.maxHeaderBytes)}`,
  headerCount: (bounds: ReadBounds, count: number) =>
    `answered with ${count} header fields, over ${bounds.maxHeaderCount}`,
  slow: (bounds: ReadBounds, bytes: number) =>
    `answered at under ${bounds.minBytesPerSecond} bytes a second (${bytes} bytes in ${bounds.paceWindowMs / 1000} s)`,
};
