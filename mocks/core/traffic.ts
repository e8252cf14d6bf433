/**
 * Mock controls over traffic: latency, an opt-in rate limit, and `Prefer: code=NNN`
 * (Prism's convention) to force a documented status.
 */

import { responses } from '../../spec/document.ts';
import type { OperationId } from '../../spec/types.ts';
import { REALM } from './auth.ts';
import { CODE_OF_STATUS, MockError } from './errors.ts';

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

const PREFER_CODE = /(?:^|[\s,;])code=([0-9]{3})(?![0-9])/;
const ALWAYS_FORCEABLE = new Set([429, 500, 503]);
const documented = new Map<OperationId, ReadonlySet<number>>();

/** The statuses an operation documents in the spec, for `Prefer: code=NNN`. */
export function documentedStatuses(operation: OperationId): ReadonlySet<number> {
  let statuses = documented.get(operation);
  if (!statuses) {
    statuses = new Set(responses(operation).map((r) => r.status));
    documented.set(operation, statuses);
  }
  return statuses;
}

/**
 * Throws the error `Prefer: code=NNN` asks for, when the operation documents that status
 * (or it is 429, 500 or 503); a success status or an undocumented one changes nothing.
 */
export function applyPrefer(prefer: string | null, operation: OperationId, allow: string): void {
  if (prefer === null) return;
  const status = Number(PREFER_CODE.exec(prefer)?.[1]);
  const code = CODE_OF_STATUS[status];
  if (code === undefined) return;
  if (!documentedStatuses(operation).has(status) && !ALWAYS_FORCEABLE.has(status)) return;
  const headers: Record<string, string> =
    status === 401
      ? { 'www-authenticate': REALM }
      : status === 405
        ? { allow }
        : status === 429 || status === 503
          ? { 'retry-after': '1' }
          : {};
  throw new MockError(
    status,
    code,
    `${code} forced by the request's Prefer: code=${status}`,
    headers,
  );
}
