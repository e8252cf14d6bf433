/**
 * A front for a real test server that passes requests through until told to fail as a
 * production server does: stop listening (killed), stop and come back with its data gone
 * (restarted), accept requests and never answer (hung), shed load with 429 or 503, or refuse
 * requests beyond N in flight with 503 (as uvicorn's --limit-concurrency does). A mode can be
 * switched on after N requests, so a test fails the server in the middle of a run without
 * timing it. It records every request's method and path, and the most in flight at once.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the front answers from now on. */
export type FrontMode =
  | { kind: 'pass' }
  | { kind: 'down' }
  | { kind: 'restart'; downMs: number; onRestart?: () => Promise<void> | void }
  | { kind: 'hang' }
  | { kind: 'shed'; status: 429 | 503; retryAfter?: string };

/** A running front. */
export type FaultFront = {
  origin: string;
  /** Every request seen: method, path, and the time it came. */
  seen: { method: string; path: string; at: number }[];
  peakInFlight(): number;
  /** Switches the mode now, or once `after` requests have been seen in all (several may be queued). */
  set(mode: FrontMode, after?: number): void;
  close(): Promise<void>;
};

/** Starts a front on 127.0.0.1 for the server at `targetOrigin` (e.g. `http://127.0.0.1:4010`). */
export async function startFaultFront(
  targetOrigin: string,
  options: { limitConcurrency?: number } = {},
): Promise<FaultFront> {
  const target = new URL(targetOrigin);
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  const seen: FaultFront['seen'] = [];
  let mode: FrontMode = { kind: 'pass' };
  const schedule: { mode: FrontMode; after: number }[] = [];
  let inFlight = 0;
  let peak = 0;
  let port = 0;

  const sendStatus = (res: http.ServerResponse, status: number, retryAfter?: string) => {
    const body = JSON.stringify({ code: 'unavailable', message: 'try later', status });
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
    });
    res.end(body);
  };
  const goDown = () => {
    if (server.listening) server.close();
    for (const socket of sockets) socket.destroy();
  };
  const apply = (next: FrontMode) => {
    mode = next;
    if (next.kind === 'down') goDown();
    if (next.kind === 'restart') {
      goDown();
      setTimeout(async () => {
        await next.onRestart?.();
        mode = { kind: 'pass' };
        server.listen(port, '127.0.0.1');
      }, next.downMs);
    }
  };

  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', at: Date.now() });
    while (schedule[0] && seen.length >= schedule[0].after) {
      const next = schedule.shift();
      if (next) apply(next.mode);
    }
    if (mode.kind === 'down' || mode.kind === 'restart') return req.socket.destroy();
    if (mode.kind === 'hang') return;
    if (mode.kind === 'shed') return sendStatus(res, mode.status, mode.retryAfter);
    if (options.limitConcurrency !== undefined && inFlight >= options.limitConcurrency)
      return sendStatus(res, 503);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => {
          inFlight -= 1;
        });
      },
    );
    upstream.on('error', () => {
      inFlight -= 1;
      req.socket.destroy();
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    peakInFlight: () => peak,
    set: (next, after) => {
      if (after === undefined || seen.length >= after) apply(next);
      else {
        schedule.push({ mode: next, after });
        schedule.sort((a, b) => a.after - b.after);
      }
    },
    close: async () => {
      goDown();
      agent.destroy();
      await new Promise<void>((resolve) => setTimeout(resolve, 10));
    },
  };
}
