/**
 * Two ways to talk to the mock: node:http for ordinary requests, and raw sockets for bytes
 * fetch (and node:http) would refuse or normalise (invalid UTF-8, huge headers, odd methods).
 */
import { type Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { DEFAULT_API_KEY } from '../../mocks/core/defaults.ts';

/** Headers carrying the key every mock starts with unless told otherwise. */
export const AUTH = { authorization: `Bearer ${DEFAULT_API_KEY}` } as const;

/** A response as the tests see it: status, lower-cased headers, body text. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Options for one request sent through node:http. */
export interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/** Sends one request over a fresh connection (no agent, so nothing is pooled between tests). */
export function send(origin: string, options: SendOptions): Promise<Reply> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${options.method} ${options.path} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** What a raw exchange produced: the bytes the server sent and whether it closed the socket. */
export interface RawExchange {
  text: string;
  status: number | undefined;
  closedByServer: boolean;
}

/**
 * Writes raw bytes to the server and collects everything it sends until it closes the socket
 * or `timeoutMs` passes; send `Connection: close` to make the server end the exchange.
 */
export function sendRaw(origin: string, bytes: string | Buffer, timeoutMs = 5_000) {
  const url = new URL(origin);
  return new Promise<RawExchange>((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let closedByServer = false;
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ text, status: status === undefined ? undefined : Number(status), closedByServer });
    };
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
      socket.end();
    });
    // A reset after the server answered (it stopped reading our body) still counts as closed.
    socket.on('error', () => {
      closedByServer = true;
    });
    socket.on('close', finish);
    socket.write(bytes);
  });
}

/**
 * Builds the bytes of a raw HTTP/1.1 request that asks the server to close afterwards. Header
 * text is written as latin1, so a test can put any byte in a header value.
 */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const named = Object.keys(headers).map((name) => name.toLowerCase());
  if (payload.length > 0 && !named.includes('content-length')) {
    lines.push(`Content-Length: ${payload.length}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/** The mock's control snapshot as text, so before/after comparisons need no schema. */
export async function storeSnapshot(origin: string): Promise<string> {
  const reply = await send(origin, { path: '/__mock/state', headers: { ...AUTH } });
  if (reply.status !== 200) throw new Error(`GET /__mock/state answered ${reply.status}`);
  return reply.body;
}

/** Resolves when the server still answers an authenticated list request with 200. */
export async function expectAlive(origin: string): Promise<void> {
  const reply = await send(origin, { path: '/v1/pets?limit=1', headers: { ...AUTH } });
  if (reply.status !== 200) throw new Error(`server answered ${reply.status} after the abuse`);
}

/** POSTs one pet on a keep-alive `agent`; resolves with the 201 body, rejects on anything else. */
export function createOnAgent(
  origin: string,
  agent: Agent,
  pet: Record<string, unknown>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL('/v1/pets', origin),
      { method: 'POST', agent, headers: { ...AUTH, 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          res.statusCode === 201 ? resolve(body) : reject(new Error(`${res.statusCode} ${body}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(pet));
  });
}
