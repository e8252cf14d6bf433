/**
 * --concurrency: how many requests the suite has in flight at once. A server far away answers
 * each request late, not slowly, so independent requests overlap; the bound keeps a run from
 * opening more connections than a staging server or its gateway welcomes.
 */

/** Runs tasks with at most `max` of them at once, the rest waiting in the order they came. */
export function inFlightLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
