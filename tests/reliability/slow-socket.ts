/**
 * Raw-socket clients that misbehave over time: one that streams an endless body, one that
 * stalls or drips a request. Each reports what the server did and when.
 */
import { connect, type Socket } from 'node:net';

const MiB = 1024 * 1024;

/** How an abusive exchange ended. */
export interface Abuse {
  status: number | undefined;
  /** Body bytes handed to the socket before the server closed the connection. */
  written: number;
  closedByServer: boolean;
  /** Milliseconds from the first byte sent to the server closing (or the give-up time). */
  elapsedMs: number;
}

function open(origin: string): Socket {
  const url = new URL(origin);
  return connect(Number(url.port), url.hostname);
}

/**
 * Sends `head`, then body chunks until the server closes the connection or `maxBytes` are
 * written, even after an answer, so a server that keeps reading (draining) is caught; gives
 * up `graceMs` after the last write.
 */
export function streamBody(
  origin: string,
  head: string,
  chunk: Buffer,
  maxBytes = 32 * MiB,
  graceMs = 4_000,
) {
  return new Promise<Abuse>((resolve) => {
    const socket = open(origin);
    const started = performance.now();
    let text = '';
    let written = 0;
    let closedByServer = false;
    let done = false;
    let timer = setTimeout(() => finish(), graceMs);
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        written,
        closedByServer,
        elapsedMs: performance.now() - started,
      });
    };
    const pump = () => {
      if (done || written >= maxBytes) return;
      written += chunk.length;
      clearTimeout(timer);
      timer = setTimeout(() => finish(), graceMs);
      if (socket.write(chunk)) setImmediate(pump);
      else socket.once('drain', pump);
    };
    socket.on('data', (data: Buffer) => {
      text += data.toString('latin1');
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', finish);
    socket.write(head, pump);
  });
}

/**
 * Sends `parts` one every `everyMs` (a single part is sent and then the socket stalls) and
 * waits up to `giveUpMs` for the server to close the connection.
 */
export function dripRequest(origin: string, parts: string[], everyMs: number, giveUpMs: number) {
  return new Promise<Abuse>((resolve) => {
    const socket = open(origin);
    const started = performance.now();
    let text = '';
    let closedByServer = false;
    let next = 0;
    const drip = setInterval(() => {
      const part = parts[next++];
      if (part !== undefined && !socket.destroyed) socket.write(part);
    }, everyMs);
    const finish = () => {
      clearInterval(drip);
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        written: next,
        closedByServer,
        elapsedMs: performance.now() - started,
      });
    };
    const timer = setTimeout(finish, giveUpMs);
    socket.on('data', (data: Buffer) => {
      text += data.toString('latin1');
    });
    const closed = () => {
      closedByServer = true;
      finish();
    };
    socket.on('end', closed);
    socket.on('error', closed);
    socket.write(parts[next++] ?? '');
  });
}
