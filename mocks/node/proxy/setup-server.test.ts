import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNodeHandlers } from '../index.ts';

const KEY = 'backend-secret-key-41';
let backend: Server;
let seenAuth: string[] = [];
let listServed = true;
let gzipLabelled = false;
let released: Promise<void> | undefined;
let server: ReturnType<typeof setupServer>;
const auth = { Authorization: 'Bearer petstore-dev-key' };

beforeAll(async () => {
  backend = createServer((req, res) => {
    seenAuth.push(String(req.headers.authorization));
    if (released !== undefined && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"id":501,"name":"First","categoryId":1}');
      void released.then(() => res.end(',{"id":502,"name":"Second","categoryId":1}]'));
      return;
    }
    if (gzipLabelled) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end('[]');
      return;
    }
    if (!listServed && req.method === 'GET') {
      res.writeHead(501).end();
      return;
    }
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(
      req.method === 'POST'
        ? '{"id":500,"name":"From backend","categoryId":1,"status":"available"}'
        : '[{"id":500,"name":"From backend","categoryId":1,"status":"available"}]',
    );
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  server = setupServer(
    ...createNodeHandlers({
      origin: 'http://localhost',
      proxy: { url: `http://127.0.0.1:${port}/v1`, key: KEY, fallback: true, timeoutMs: 2_000 },
    }),
  );
  server.listen({ onUnhandledRequest: 'error' });
});

afterAll(async () => {
  server.close();
  await new Promise((resolve) => backend.close(resolve));
});

it('passes setupServer requests through to the backend, with its key', async () => {
  seenAuth = [];
  const response = await fetch('http://localhost/v1/pets?limit=5', { headers: auth });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual([
    { id: 500, name: 'From backend', categoryId: 1, status: 'available' },
  ]);
  expect(seenAuth).toEqual([`Bearer ${KEY}`]);
});

it('answers from the mock where the backend answers 501, in process too', async () => {
  listServed = false;
  const response = await fetch('http://localhost/v1/pets?limit=3', { headers: auth });
  expect(response.status).toBe(200);
  expect(await response.json()).toHaveLength(3);
  listServed = true;
});

it('streams the backend’s body to the app in process too: a Response over its stream', async () => {
  let release = () => {};
  released = new Promise<void>((resolve) => {
    release = resolve;
  });
  try {
    const response = await fetch('http://localhost/v1/pets?limit=2', { headers: auth });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // With a backend key, a chunk's last bytes (one key's length, less one) wait for the next
    // chunk, in case the key is split across them: the first bytes come all the same.
    let text = decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toMatch(/^\[\{"id":501/);
    expect(text).not.toContain('Second');
    release();
    for (let next = await reader.read(); !next.done; next = await reader.read())
      text += decoder.decode(next.value, { stream: true });
    expect(JSON.parse(text)).toHaveLength(2);
  } finally {
    released = undefined;
  }
});

it('answers 502 backend_unreachable in process too for a body not in its Content-Encoding, nothing sent yet', async () => {
  gzipLabelled = true;
  try {
    const response = await fetch('http://localhost/v1/pets?limit=1', {
      headers: { ...auth, 'x-mock-session': 'gzip' },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'backend_unreachable' });
    const entries = await fetch('http://localhost/__mock/requests', {
      headers: { 'x-mock-session': 'gzip' },
    });
    const [entry] = (await entries.json()) as { departures: { rule: string }[] }[];
    expect(entry?.departures.map((d) => d.rule)).toEqual(['transport']);
  } finally {
    gzipLabelled = false;
  }
});
