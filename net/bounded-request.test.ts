import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ReadFailure, readBounded } from './bounded-request.ts';

let server: Server;
let base: string;
const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/bomb') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
      return;
    }
    if (req.url === '/big-header') {
      res.writeHead(200, { 'x-big': 'a'.repeat(100 * 1024) });
      res.end('[]');
      return;
    }
    if (req.url === '/drip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      const timer = setInterval(() => res.write(' '), 1000);
      res.on('close', () => clearInterval(timer));
      return;
    }
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const read = (path: string, maxBodyBytes = 1024 * 1024) =>
  readBounded(
    new URL(path, base),
    { method: 'GET', headers: {} },
    {
      timeoutMs: 5_000,
      bounds: { maxBodyBytes, paceWindowMs: 1_000 },
    },
  );

it('reads a small answer whole', async () => {
  expect((await read('/')).body.toString()).toBe('[]');
});

it('stops decoding a gzip bomb at the size bound and says so', async () => {
  const failure = (await read('/bomb').catch((e: unknown) => e)) as ReadFailure;
  expect(failure.kind).toBe('bound');
  expect(failure.bound?.kind).toBe('body-size');
  expect(failure.message).toMatch(/body over 1 MiB once its Content-Encoding gzip was undone/);
});

it('names headers over the bound', async () => {
  const failure = (await read('/big-header').catch((e: unknown) => e)) as ReadFailure;
  expect(failure.bound?.kind).toBe('header-size');
  expect(failure.message).toBe('answered with headers over 64 KiB');
});

it('names an answer that drips under the pace', async () => {
  const failure = (await read('/drip').catch((e: unknown) => e)) as ReadFailure;
  expect(failure.bound?.kind).toBe('slow');
  expect(failure.message).toMatch(/answered at under 10 bytes a second/);
});
