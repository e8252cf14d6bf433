/**
 * The relay between a tool (Prism's proxy, Dredd) and the server under test. Every request
 * passes through it, so the gate sees what the server really answered (the raw body, ids
 * above 2^53 exact), bounds the requests in flight (--concurrency), waits out 429 and 503
 * with back-off instead of letting a tool judge them, and tells a server that went away
 * (refused, hung, shedding load without end) from a fault that reproduces: then it records
 * when and at which request, refuses everything after, and the stage gives no verdict.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inFlightLimit } from '../contract-tests/client/in-flight.ts';
import { HOP_BY_HOP_HEADERS } from '../spec/checks/hop-by-hop.ts';
import { sendExchange } from './relay-send.ts';
import type { RelayExchange, RelayOptions, ServerGone } from './relay-types.ts';
import { agentFor } from './upstream.ts';

export type { RelayExchange, RelayOptions, ServerGone } from './relay-types.ts';

/** When and where the server went away, in words: `the server stopped answering at … (GET …)`. */
export const goneText = (gone: ServerGone): string =>
  gone.unreadable
    ? `the server ${gone.why} at ${gone.at} (${gone.request})`
    : `the server ${gone.shedding ? 'still shed load' : 'stopped answering'} at ${gone.at} (${gone.request})`;

/** The whole reason: when and where, and why (said once for an answer that could not be read). */
export const goneReason = (gone: ServerGone): string =>
  gone.unreadable ? goneText(gone) : `${goneText(gone)}: ${gone.why}`;

/** What the relay waited out or sent again, in one line each, for a stage's notes. */
export function relayNotes(exchanges: readonly RelayExchange[]): string[] {
  const waited = exchanges.filter((e) => e.waited > 0);
  const resent = exchanges.filter((e) => e.resent !== undefined);
  return [
    ...(waited.length > 0
      ? [
          `${waited.length} request(s) answered 429 or 503 first, waited out with back-off and sent again (never judged): ${waited
            .map((e) => `${e.method} ${e.path}`)
            .slice(0, 5)
            .join(', ')}`,
        ]
      : []),
    ...(resent.length > 0
      ? [
          `${resent.length} request(s) lost once and answered on a fresh connection (only a loss that comes again is a finding)`,
        ]
      : []),
  ];
}

/** A running relay. */
export type Relay = {
  /** The base URL a tool is given: the relay's origin and the server's base path. */
  baseUrl: string;
  exchanges: RelayExchange[];
  /** Set once the server went away; every request after it is refused at once. */
  gone(): ServerGone | undefined;
  /** Told once, when the server goes away. */
  onGone(listener: (gone: ServerGone) => void): void;
  /** The most requests that were in flight to the server at once. */
  peakInFlight(): number;
  close(): Promise<void>;
};

// Headers of one hop only (RFC 9110, section 7.6.1), and those the relay sets itself.
const HOP = new Set([...HOP_BY_HOP_HEADERS, 'host', 'content-length', 'accept-encoding']);

const kept = (headers: Record<string, string | string[] | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined || HOP.has(name.toLowerCase())
        ? []
        : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Starts a relay to the server at `targetBaseUrl` on a free loopback port. */
export async function startRelay(targetBaseUrl: string, options: RelayOptions): Promise<Relay> {
  const target = new URL(targetBaseUrl);
  const basePath = target.pathname.replace(/\/+$/, '');
  const exchanges: RelayExchange[] = [];
  const limit = inFlightLimit(options.concurrency);
  const state = {
    agent: agentFor(target, options.ca),
    inFlight: 0,
    peak: 0,
    timeouts: 0,
    closed: false,
  };
  let gone: ServerGone | undefined;
  const listeners: ((gone: ServerGone) => void)[] = [];
  const markGone = (value: ServerGone) => {
    if (gone) return;
    gone = value;
    for (const listener of listeners) listener(value);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const requestBody = await readBody(req);
    const exchange: RelayExchange = {
      seq: exchanges.length + 1,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      requestHeaders: kept(req.headers),
      requestBody,
      waited: 0,
      durationMs: 0,
    };
    exchanges.push(exchange);
    if (gone) {
      req.socket.destroy();
      return;
    }
    const started = Date.now();
    await limit(async () => {
      state.inFlight += 1;
      state.peak = Math.max(state.peak, state.inFlight);
      try {
        await sendExchange(exchange, {
          target,
          basePath,
          options,
          state,
          isGone: () => gone,
          markGone,
        });
      } finally {
        state.inFlight -= 1;
      }
    });
    exchange.durationMs = Date.now() - started;
    if (exchange.status === undefined) {
      req.socket.destroy();
      return;
    }
    const headers = kept(exchange.headers ?? {});
    res.writeHead(exchange.status, {
      ...headers,
      'content-length': String(exchange.body?.length ?? 0),
    });
    res.end(exchange.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    exchanges,
    gone: () => gone,
    onGone: (listener) => {
      listeners.push(listener);
    },
    peakInFlight: () => state.peak,
    close: async () => {
      state.closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      state.agent.destroy();
    },
  };
}
