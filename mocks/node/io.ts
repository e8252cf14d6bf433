/**
 * Translation between node:http messages and the Fetch objects msw handles: a capped
 * body read, request targets msw could not decode, header pairs, and the response write.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AnswerShape, answerShapeOf, TRICKLE_PIECES } from '../core/fault-effects.ts';
import { type RelayedBody, relayedBodyOf } from '../core/proxy/relay.ts';
import { textBeside } from './bodies-beside.ts';

/** The client closed the connection before its request body ended: nobody to answer. */
export class ClientClosed extends Error {
  constructor(cause: unknown) {
    super('the client closed the connection before the request body ended', { cause });
  }
}

/**
 * Reads a body up to `cap + 1` bytes and stops there, so the handler can answer 413;
 * `complete` is false when the rest was left unread (the connection must then close).
 */
export function readBody(
  req: IncomingMessage,
  cap: number,
): Promise<{ bytes: Buffer; complete: boolean }> {
  if (Number(req.headers['content-length']) > cap) {
    return Promise.resolve({ bytes: Buffer.alloc(0), complete: false });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) {
        req.off('data', onData);
        req.pause();
        resolve({ bytes: Buffer.concat(chunks, size).subarray(0, cap + 1), complete: false });
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve({ bytes: Buffer.concat(chunks, size), complete: true }));
    // A reset mid-body (node reports `aborted`) or a body the parser cannot read.
    req.once('error', (error) => reject(new ClientClosed(error)));
  });
}

const PERCENT = /%/g;

/**
 * msw decodes path parameters and throws on malformed escapes (`%E0%A4%A`): such a path is
 * passed on with its `%` taken literally, so the handlers answer it (400 or 404) after auth.
 */
export function literalIfMalformed(path: string): string {
  if (!path.includes('%')) return path;
  const end = path.indexOf('?') >>> 0;
  try {
    decodeURIComponent(path.slice(0, end));
    return path;
  } catch {
    return path.slice(0, end).replace(PERCENT, '%25') + path.slice(end);
  }
}

/** Pairs node's flat rawHeaders list into Fetch header entries, keeping repeats. */
export function toHeaders(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
  return pairs;
}

/** Writes a Fetch Response back with one writeHead/end, from the text carried beside it when there is one. */
export async function write(
  res: ServerResponse,
  response: Response,
  closeAfter: boolean,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (closeAfter) headers.connection = 'close';
  const relayed = relayedBodyOf(response);
  if (relayed !== undefined) return writeRelayed(res, response.status, headers, relayed, response);
  const text = textBeside(response);
  // Text is written as it is (node encodes it into the socket write); other bodies are read.
  const body =
    text !== undefined
      ? text
      : response.body === null
        ? undefined
        : Buffer.from(await response.arrayBuffer());
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const shape = answerShapeOf(response);
  res.writeHead(response.status, headers);
  if (shape === undefined || body === undefined) return void res.end(body);
  await writeShaped(res, Buffer.from(body), shape);
}

/** Resolves once `res` may take more, or is closed. */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/**
 * Writes a backend's body as it arrives (proxy mode), and settles it before the app holds
 * the whole answer. A body cut mid-way (past the bound, out of time) ends the connection
 * without the rest, so the app never takes the part it got for the whole.
 */
async function writeRelayed(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  relayed: RelayedBody,
  response: Response,
): Promise<void> {
  const shape = answerShapeOf(response);
  if (shape !== undefined) {
    // A fault shapes the whole body (half of it, or in pieces): it is read first.
    const parts: Uint8Array[] = [];
    try {
      for await (const chunk of relayed.chunks) parts.push(chunk);
    } catch {
      await relayed.settle();
      return void res.destroy();
    }
    await relayed.settle();
    const bytes = Buffer.concat(parts);
    headers['content-length'] = String(bytes.length);
    res.writeHead(status, headers);
    return writeShaped(res, bytes, shape);
  }
  const length = relayed.length;
  if (length !== undefined) headers['content-length'] = String(length);
  res.writeHead(status, headers);
  let sent = 0;
  try {
    for await (const chunk of relayed.chunks) {
      if (res.destroyed) break;
      sent += chunk.byteLength;
      // The app takes a declared-length answer as whole on its last byte, and may then ask for
      // what it created or read its journal: the exchange is settled (kept, judged, journaled)
      // just before that byte leaves. A chunked answer is whole only on res.end(), below.
      if (length !== undefined && sent >= length) await relayed.settle();
      if (!res.write(chunk) && !res.destroyed) await drained(res);
    }
    await relayed.settle();
    res.end();
  } catch {
    res.destroy();
    await relayed.settle();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes a body as a fault shapes it (fault-effects.ts): half of it, then the connection
 * ends (the client reads a body shorter than its Content-Length), or in ten pieces spread
 * over the fault's time.
 */
async function writeShaped(res: ServerResponse, bytes: Buffer, shape: AnswerShape): Promise<void> {
  if (shape.kind === 'cut-short') {
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.destroy());
    return;
  }
  const size = Math.max(1, Math.ceil(bytes.length / TRICKLE_PIECES));
  for (let offset = 0; offset < bytes.length; offset += size) {
    await sleep(shape.overMs / TRICKLE_PIECES);
    if (res.destroyed) return;
    res.write(bytes.subarray(offset, offset + size));
  }
  res.end();
}

/**
 * Drops the connection of a request that takes a network fault, with no usable response. A
 * browser sends a request again on another connection when a reused one closes before any
 * answer, so a bare close would never reach the page; a header block with two different
 * Content-Length values (RFC 9112, section 6.3) is one every client must refuse, not retry,
 * and report as a network error.
 */
export function dropConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (socket === null) return;
  socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\ncontent-length: 1\r\n\r\n');
  socket.once('finish', () => socket.destroy());
}
