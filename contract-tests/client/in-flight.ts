/**
 * --concurrency: how many requests the suite has in flight at once. A server far away answers
 * each request late, not slowly, so independent requests overlap; the bound keeps a run from
 * opening more connections than a staging server or its gateway welcomes. A server that
 * sheds load (429, 503) at the bound gets one request fewer from then on (never below one).
 */

/** A bound on tasks at once: run one under it, or lower it by one. */
export type InFlightLimit = {
  /** Runs `task` when there is room; `first` puts it before every task still waiting. */
  <T>(task: () => Promise<T>, first?: boolean): Promise<T>;
  /** Lowers the bound by one (never below 1); the bound from now on. */
  lower(): number;
  /** The bound now. */
  max(): number;
  /** How many tasks run now (more than the bound just after it was lowered). */
  running(): number;
};

/** Runs tasks with at most `max` of them at once, the rest waiting in the order they came. */
export function inFlightLimit(max: number): InFlightLimit {
  let bound = max;
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    if (running < bound) waiting.shift()?.();
  };
  async function limited<T>(task: () => Promise<T>, first = false): Promise<T> {
    if (running >= bound)
      await new Promise<void>((resolve) =>
        first ? waiting.unshift(resolve) : waiting.push(resolve),
      );
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  }
  return Object.assign(limited, {
    lower: () => {
      bound = Math.max(1, bound - 1);
      return bound;
    },
    max: () => bound,
    running: () => running,
  });
}
