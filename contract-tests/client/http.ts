/**
 * The suite's HTTP client: sends each request, waits out 429s and 503s, and records every
 * exchange whole (spec/checks/exchange.ts) so that checks can judge it and reports show it.
 */
import { bodyText, type Exchange, type Request } from '../../spec/checks/exchange.ts';
import { LIMIT } from '../../spec/constants.ts';
import { JsonTooDeep, parseJson } from '../../spec/json.ts';
import type { Transport, WireRequest } from './wire.ts';

export type { Exchange, OperationId, Request, Response } from '../../spec/checks/exchange.ts';
export { bodyText, headerOf } from '../../spec/checks/exchange.ts';

/** Sends requests to one base URL and hands every exchange to `onExchange`. */
export type Client = {
  baseUrl: string;
  send(request: Request): Promise<Exchange>;
};

const KEEP_BOM = new TextDecoder('utf-8', { ignoreBOM: true });

// A throttled request (429), or one a server shedding load refused (503), was not processed:
// it is sent again after the Retry-After the server asks for (1 s without one, longer each
// time, at most 10 s), up to this many times. The interface leaves the statuses for excess
// traffic and server faults open, so neither is a verdict on the request.
/** How many times a request answered 429 or 503 is sent again before the run stops with no verdict. */
export const MAX_RETRIES = 10;
/** The longest wait before sending a throttled request again, whatever Retry-After asks. */
export const MAX_WAIT_SECONDS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait after the `attempt`th 429 in a row: as asked, and longer each time it recurs. */
function waitAfter429(retryAfter: string | undefined, attempt: number): number {
  // Delay-seconds, or an HTTP-date (RFC 9110, section 10.2.3).
  const asked = /^\s*\d+\s*$/.test(retryAfter ?? '')
    ? Number(retryAfter)
    : (Date.parse(retryAfter ?? '') - Date.now()) / 1000;
  const seconds = Number.isFinite(asked) ? Math.max(asked, 0) : 1;
  // A server that asks for no wait (Retry-After: 0) and throttles again is given more time.
  const backoff = 0.05 * 2 ** attempt;
  return Math.min(Math.max(seconds, backoff), MAX_WAIT_SECONDS) * 1000;
}

/**
 * A server that still answered 429 or 503 after MAX_RETRIES waits: it cannot be tested now,
 * which is no verdict on it. Every later request of the client ends with the same error at once.
 */
export class ThrottledOut extends Error {
  override name = 'ThrottledOut';
}

/** The statuses of a server that wants less traffic now: waited out, never judged. */
const SHEDDING = new Set([429, 503]);

/** Hears of a 429 or 503 waited out, and when (performance.now()) the attempt it answered went out. */
export type OnShed = (status: number, sentAt: number) => void;

/**
 * Runs one attempt when there is room for it (a bound on requests in flight), or at once; an
 * attempt sent again goes `first`, before the requests not yet sent.
 */
export type Slot = <T>(attempt: () => Promise<T>, first?: boolean) => Promise<T>;

/**
 * Sends requests, waiting out 429s and 503s. Either says the server wants less traffic, not
 * only this request later: every request of the client holds back until its wait has passed.
 */
function patientSender(send: Transport, onShed: OnShed, slot: Slot) {
  let holdUntil = 0;
  let gaveUp: ThrottledOut | undefined;
  // One attempt in its slot, its wait set (and onShed told) before the slot is given up: no
  // attempt queued for a slot goes out before the wait a 429 or 503 asked for has passed.
  const attemptIn = (url: string, request: WireRequest, attempt: number) =>
    slot(async () => {
      for (let hold = holdUntil - Date.now(); hold > 0; hold = holdUntil - Date.now())
        await sleep(hold);
      if (gaveUp) throw gaveUp;
      const sentAt = performance.now();
      const res = await send(url, request);
      if (!SHEDDING.has(res.status)) return res;
      onShed(res.status, sentAt);
      if (attempt < MAX_RETRIES)
        holdUntil = Math.max(
          holdUntil,
          Date.now() + waitAfter429(res.headers['retry-after'], attempt),
        );
      return res;
    }, attempt > 0);
  return async (url: string, request: WireRequest) => {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      if (gaveUp) throw gaveUp;
      const res = await attemptIn(url, request, attempt);
      if (!SHEDDING.has(res.status)) return { res, throttled: attempt };
      if (attempt === MAX_RETRIES) {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        gaveUp ??= new ThrottledOut(
          `the server answered ${res.status} to ${request.method} ${url} ${attempt + 1} times in a row over ${seconds} s, waiting as its Retry-After asked (${res.headers['retry-after'] ?? 'none'}) and longer each time`,
        );
        throw gaveUp;
      }
    }
  };
}

/**
 * Creates a client for a base URL (ending in `/v1`) that sends with `send`: the network
 * (wire.ts), or a bridge to an app in this process (bridge.ts). `onShed` hears of each 429
 * or 503 waited out, with the time its attempt went out; `slot` runs each attempt (a request
 * sent again after a 429 or 503 takes a new one).
 */
export function createClient(
  baseUrl: string,
  onExchange: (e: Exchange) => void,
  send: Transport,
  onShed: OnShed = () => {},
  slot: Slot = (attempt) => attempt(),
): Client {
  const root = baseUrl.replace(/\/+$/, '');
  const sendPatiently = patientSender(send, onShed, slot);
  return {
    baseUrl: root,
    async send(request) {
      const url = `${root}${request.path}`;
      const { res, throttled } = await sendPatiently(url, {
        method: request.method,
        headers: request.headers,
        body: request.rawBytes ?? bodyText(request),
        ...(request.without ? { without: request.without } : {}),
        maxItems: listBound(request),
      });
      // Decoded keeping a byte order mark, which fetch's text() would hide: JSON sent over a
      // network must not start with one (RFC 8259, section 8.1).
      const text = KEEP_BOM.decode(res.body);
      const { headers } = res;
      let json: unknown;
      let isJson = false;
      try {
        json = parseJson(text);
        isJson = true;
      } catch (error) {
        // Too deep to read as a value: JSON, but never what a schema of the interface wants.
        if (error instanceof JsonTooDeep) [json, isJson] = [error.message, true];
        else json = undefined;
      }
      const cut = res.cut
        ? {
            cut: `the array went on past item ${res.cut.items}: reading stopped after ${res.cut.bytes} bytes, the body shown closed there`,
          }
        : {};
      const exchange = {
        request,
        url,
        response: { status: res.status, headers, text, json, isJson, ...cut },
        ...(throttled > 0 ? { throttled } : {}),
      };
      onExchange(exchange);
      return exchange;
    },
  };
}

/**
 * The most animals a conforming list answers `request` with: its `limit` (1 to 100), the
 * default without one, the maximum with any other value (a server may clamp it). Reading a
 * list stops one item past it: the rest cannot make the answer conform.
 */
function listBound(request: Request): number | undefined {
  if (request.operation !== 'listPets' || request.method !== 'GET') return undefined;
  const limits = new URLSearchParams(request.path.split('?')[1] ?? '').getAll('limit');
  if (limits.length === 0) return LIMIT.default;
  const limit = Number(limits[0]);
  const valid = limits.length === 1 && Number.isInteger(limit);
  return valid && limit >= LIMIT.min && limit <= LIMIT.max ? limit : LIMIT.max;
}

/** The Authorization header with the key, the way the interface says to send it. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Headers of a JSON creation request with the key. */
export const jsonWithKey = (key: string) => ({
  ...bearer(key),
  'content-type': 'application/json',
});
