/**
 * Mock controls over traffic: latency and an opt-in rate limit (`Prefer` is prefer.ts).
 */
import { MockError } from './errors.ts';

/** Latency to add to each response: fixed milliseconds or a [min, max] range. */
export type Delay = number | readonly [number, number];

/** Waits the configured latency (nothing when it is zero). */
export function waitFor(delay: Delay | undefined): Promise<void> | undefined {
  if (delay === undefined) return undefined;
  const ms = typeof delay === 'number' ? delay : delay[0] + Math.random() * (delay[1] - delay[0]);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined;
}

/** A token bucket of `perSecond` requests; the returned function throws 429 when empty. */
export function createRateLimiter(perSecond: number, now = () => performance.now()): () => void {
  let tokens = perSecond;
  let last = now();
  return () => {
    const time = now();
    tokens = Math.min(perSecond, tokens + ((time - last) * perSecond) / 1000);
    last = time;
    if (tokens >= 1) {
      tokens -= 1;
      return;
    }
    const seconds = Math.max(1, Math.ceil((1 - tokens) / perSecond));
    throw new MockError(
      429,
      'rate_limited',
      `rate limit of ${perSecond} requests per second exceeded; retry after ${seconds} s`,
      { 'retry-after': String(seconds) },
    );
  };
}
