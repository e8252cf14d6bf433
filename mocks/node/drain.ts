/**
 * A graceful stop for the standalone server: requests being answered finish, so a change a
 * client is about to be told of is on disk and no data-file write is cut halfway; requests
 * that arrive while it stops are refused.
 */

/** Counts the requests in flight and tells when none is left once stopping. */
export type Drain = {
  /** Whether the server is stopping (new requests are then refused). */
  readonly stopping: boolean;
  /** Counts `answer` as in flight until it settles. */
  track(answer: Promise<unknown>): void;
  /** Marks the server as stopping; resolves once nothing is in flight, or after `graceMs`. */
  stop(graceMs: number): Promise<void>;
};

/** Creates the drain of one server. */
export function createDrain(): Drain {
  let inFlight = 0;
  let stopping = false;
  let idle: (() => void) | undefined;
  return {
    get stopping() {
      return stopping;
    },
    track(answer) {
      inFlight += 1;
      void answer.finally(() => {
        inFlight -= 1;
        if (inFlight === 0) idle?.();
      });
    },
    stop(graceMs) {
      stopping = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
