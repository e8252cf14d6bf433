/**
 * The run as the suite sees it: its options (provided by runContract), the spec at its
 * level, and the one client every suite file sends through.
 */

import { expect } from 'vitest';
import { loadContractSpec } from '../../spec/checks/spec-model.ts';
import { bridgedFetch } from '../client/bridge.ts';
import {
  type Client,
  createClient,
  type Exchange,
  headerOf,
  type OnShed,
  type Request,
  ThrottledOut,
} from '../client/http.ts';
import { inFlightLimit } from '../client/in-flight.ts';
import { INTERFACE_KEY_FORM, inKeyForm } from '../client/key-forms.ts';
import { watchServer } from '../client/server-watch.ts';
import {
  fetchTransport,
  type NetworkTransport,
  networkTransport,
  TIMEOUT_MS,
} from '../client/wire.ts';
import { authShellFor, shownText } from '../report/curl.ts';
import { appendRecord } from '../run/run-log.ts';
import { createBudget, mayCreate } from './budget.ts';
import { noteCreated } from './created.ts';
import { suiteOptions } from './options.ts';

/** The options of this run, provided by runContract. */
export const options = suiteOptions();
/** The spec at this run's level. */
export const spec = loadContractSpec(options.level);

const budget = createBudget(options.maxCreates, options.themes);

/** The suite file running now, by the name themes use (`createPet` for createPet.contract.ts). */
export const currentTheme = (): string | undefined =>
  expect
    .getState()
    .testPath?.replace(/^.*\//, '')
    .replace(/\.contract\.ts$/, '');

/** The id a creation answer carries, as text (exact for int64), or null without one. */
function idOf(body: unknown): string | null {
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'bigint' || typeof id === 'string'
    ? String(id)
    : null;
}

/**
 * The request with its key in the form the server takes it (the interface's,
 * `Authorization: Bearer <key>`, unless the preflight found another), unless it is spelled
 * on purpose.
 */
function inServersForm(request: Request): Request {
  if (request.spelled) return request;
  const headers = inKeyForm(request.headers, options.apiKey, options.keyForm ?? INTERFACE_KEY_FORM);
  if (headers === request.headers) return request;
  // The scheme respelled: the shell form is made again from what goes out.
  const { authShell: _stale, ...rest } = request;
  return { ...rest, headers };
}

/** The request as it goes out and as reports show it. */
export const asSent = (request: Request): Request => asReported(inServersForm(request));

/** The request with what reports need: the key's shell form, and the key to hide elsewhere. */
export function asReported(request: Request): Request {
  const authorization = headerOf(request.headers, 'authorization');
  const authShell =
    request.authShell ??
    (authorization === undefined ? undefined : authShellFor(authorization, options.apiKey));
  // A key of a few characters would match inside host names and paths: those stay as sent.
  const secret = options.apiKey.length >= 6 ? options.apiKey : undefined;
  return { ...request, authShell, secret };
}

// Every attempt, a burst's too: a burst larger than --concurrency goes that many at a time. A
// request sent again after a 429 or 503 queues for a place as a new one would.
const limited = inFlightLimit(options.concurrency);

/**
 * A server that sheds load (503) gets one request, and one connection, fewer from then on,
 * never fewer than one: uvicorn's --limit-concurrency N answers 503 on the Nth open
 * connection, so a run at --concurrency N goes on at N-1 after its first 503. A 503 to an
 * attempt that went out before the last lowering is the excess of the higher bound, not a
 * sign the lower one is too high: it lowers nothing. A 429 (a rate, not a capacity) is only
 * waited out.
 */
function sendLess(network: NetworkTransport | undefined): OnShed {
  let loweredAt = -Infinity;
  return (status, sentAt) => {
    if (status !== 503 || sentAt <= loweredAt) return;
    const before = limited.max();
    const now = limited.lower();
    if (now === before) return;
    loweredAt = performance.now();
    network?.fewerConnections(now);
    appendRecord(options.logDir, 'shed', { status, from: before, to: now });
  };
}

/**
 * Sends a request, refusing anything but GET with --read-only and any creation beyond
 * --max-creates, notes the key's shell form, and logs every animal a request stored.
 */
function guarded(inner: Client): Client {
  return {
    baseUrl: inner.baseUrl,
    send,
  };
  async function send(request: Request) {
    if (options.deadline !== undefined && Date.now() >= options.deadline)
      throttledOut(new RunTimeUp(`its time ran out before ${request.method} ${request.path}`));
    if (options.readOnly && request.method !== 'GET')
      throw new Error(`read-only run: refusing to send ${request.method} ${request.path}`);
    budget.take(request, currentTheme());
    const sentAt = performance.now();
    const exchange = await inner.send(asSent(request)).catch(throttledOut);
    budget.settle(request, exchange.response);
    if (exchange.response.status >= 500) for (const handle of serverErrorHandlers) handle(exchange);
    noteCreated(exchange, sentAt, performance.now());
    const { status, json } = exchange.response;
    if (mayCreate(request) && status >= 200 && status < 300) {
      const name = (json as { name?: unknown } | undefined)?.name;
      appendRecord(options.logDir, 'created', {
        id: idOf(json),
        name: typeof name === 'string' ? name : null,
        httpStatus: status,
        theme: currentTheme() ?? null,
      });
    }
    return exchange;
  }
}

const serverErrorHandlers: ((exchange: Exchange) => void)[] = [];

/**
 * Calls `handler` with every exchange answered 5xx, as it arrives, whoever sent it: a request
 * the suite sends only to learn something (a name limit, a probe) is judged no less.
 */
export const onServerError = (handler: (exchange: Exchange) => void): void => {
  serverErrorHandlers.push(handler);
};

/** The run's time (--timeout) ran out: no request goes out after it. No verdict. */
export class RunTimeUp extends Error {
  override name = 'RunTimeUp';
}

let gaveUp = false;
/**
 * Tells runContract, once, that the server kept throttling, stopped answering or the run's
 * time ran out (no verdict), and rethrows.
 */
function throttledOut(error: unknown): never {
  if (error instanceof ThrottledOut && !gaveUp) {
    gaveUp = true;
    appendRecord(options.logDir, 'throttledOut', { message: error.message });
  }
  if (error instanceof RunTimeUp && !gaveUp) {
    gaveUp = true;
    appendRecord(options.logDir, 'timeUp', { message: error.message });
  }
  throw error;
}

const network =
  options.bridge === undefined
    ? networkTransport((url, method) => appendRecord(options.logDir, 'resent', { method, url }), {
        timeoutMs: options.requestTimeoutMs,
        maxSockets: options.concurrency,
        ...(options.maxResponseBytes ? { bounds: { maxBodyBytes: options.maxResponseBytes } } : {}),
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      })
    : undefined;

/** The network, watched for a server that goes away (client/server-watch.ts). */
function watchedNetwork(network: NetworkTransport) {
  const onResend = (url: string, method: string) =>
    appendRecord(options.logDir, 'resent', { method, url });
  return watchServer(network, {
    baseUrl: options.baseUrl,
    requestTimeoutMs: options.requestTimeoutMs ?? TIMEOUT_MS,
    // A creation lost once may have stored an animal: under a budget it is not sent again.
    mayResend: (request) => options.maxCreates === undefined || request.method !== 'POST',
    onGone: ({ at, request, why, unreadable }) =>
      appendRecord(options.logDir, 'serverGone', { at, request, why, unreadable }),
    onResent: onResend,
    shown: (pathAndQuery) => shownText(pathAndQuery, options.apiKey || undefined),
  });
}

/** The client every suite file uses: over the network, or over the bridge to an app in process. */
export const client = guarded(
  createClient(
    options.baseUrl,
    ({ request, response, throttled }) => {
      appendRecord(options.logDir, 'exchanges', {
        operation: request.operation,
        method: request.method,
        status: response.status,
        ...(throttled ? { throttled } : {}),
      });
    },
    network ? watchedNetwork(network) : fetchTransport(bridgedFetch(options.bridge ?? '')),
    sendLess(network),
    limited,
  ),
);
