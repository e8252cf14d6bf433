import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../spec/constants.ts';
import { type MockServer, startMockServer } from './server.ts';

let server: MockServer;
let dir: string;
const AUTH = { authorization: 'Bearer petstore-dev-key' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-mock-'));
  server = await startMockServer({ port: 0, quiet: true });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Sends raw bytes with node:http, optionally chunked, and reads the whole answer. */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: Buffer[] } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.origin}${path}`, {
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(parts).toString(),
        }),
      );
    });
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

it('listens on loopback and serves /v1 over HTTP', async () => {
  expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  expect(server.apiKeys).toEqual(['petstore-dev-key']);
  const response = await fetch(`${server.baseUrl}/pets?limit=2`, { headers: AUTH });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(response.headers.get('link')).toMatch(
    new RegExp(`^<${server.baseUrl}/pets\\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$`),
  );
  expect(await response.json()).toHaveLength(2);
});

it('answers a CORS preflight with 204 and an echoed origin over HTTP', async () => {
  const reply = await send('/v1/pets', {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
  });
  expect(reply.status).toBe(204);
  expect(reply.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  expect(reply.headers['access-control-allow-methods']).toBe('GET, POST');
});

it('creates and fetches a pet over HTTP with Location and deprecation headers', async () => {
  const created = await fetch(`${server.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: '{"name":"Over the wire","categoryId":9223372036854775807}',
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location') ?? '';
  expect(await created.text()).toContain('"categoryId":9223372036854775807');
  const fetched = await fetch(`${server.origin}${location}`, { headers: AUTH });
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get('deprecation')).toBe('@1795305600');
  expect(fetched.headers.get('link')).toBe(`<${server.baseUrl}/pets>; rel="successor-version"`);
});

it('answers 413 for a declared body over 64 KiB without reading it', async () => {
  const reply = await send('/v1/pets', {
    method: 'POST',
    headers: {
      ...AUTH,
      'content-type': 'application/json',
      'content-length': String(MAX_BODY_BYTES + 1),
    },
  });
  expect(reply.status).toBe(413);
  expect(JSON.parse(reply.text)).toMatchObject({ code: 'payload_too_large', status: 413 });
});

it('answers 413 for a chunked body over 64 KiB and stops reading it', async () => {
  const chunk = Buffer.alloc(32 * 1024, 'a');
  const reply = await send('/v1/pets', {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    chunks: [chunk, chunk, chunk, chunk],
  });
  expect(reply.status).toBe(413);
  expect(reply.headers.connection).toBe('close');
});

it('answers 401 rather than 413 to an unauthenticated oversized body', async () => {
  const reply = await send('/v1/pets', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES * 4) },
  });
  expect(reply.status).toBe(401);
});

it('answers 404 not_found in the Error shape outside /v1 and /__mock/', async () => {
  const reply = await send('/v2/pets', { headers: AUTH });
  expect(reply.status).toBe(404);
  expect(JSON.parse(reply.text)).toMatchObject({ code: 'not_found', status: 404 });
});

it('keeps every acknowledged create across a restart with --data', async () => {
  const file = join(dir, 'data.json');
  const first = await startMockServer({ port: 0, seedCount: 3, dataFile: file });
  const created = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      fetch(`${first.baseUrl}/pets`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Kept ${i}`, categoryId: 1 }),
      }).then((response) => response.json() as Promise<{ id: number }>),
    ),
  );
  await first.close();
  const second = await startMockServer({ port: 0, seedCount: 3, dataFile: file });
  const listed = await fetch(`${second.baseUrl}/pets?limit=100`, { headers: AUTH });
  const ids = ((await listed.json()) as { id: number }[]).map((pet) => pet.id);
  expect(ids).toEqual([1, 2, 3, ...created.map((pet) => pet.id).sort((a, b) => a - b)]);
  await second.close();
});

it('keeps ids above 2^53 exact in the data file and continues above them', async () => {
  const file = join(dir, 'big.json');
  const first = await startMockServer({ port: 0, dataFile: file });
  await fetch(`${first.origin}/__mock/data`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '[{"id":9007199254740993,"name":"Huge","categoryId":1,"status":"sold"}]',
  });
  await first.close();
  expect(await readFile(file, 'utf8')).toContain('"id":9007199254740993');
  const second = await startMockServer({ port: 0, dataFile: file });
  const created = await fetch(`${second.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: '{"name":"Next","categoryId":1}',
  });
  expect(await created.text()).toContain('"id":9007199254740994');
  await second.close();
});

it('refuses to start on a corrupt or truncated data file, naming it', async () => {
  const file = join(dir, 'broken.json');
  for (const text of ['{"pets":[{"id":1,"name":"Cut', '{"pets":[{"id":"x"}]}', 'garbage']) {
    await writeFile(file, text);
    await expect(startMockServer({ port: 0, dataFile: file })).rejects.toThrow(
      new RegExp(`cannot load the mock's data file ${file}.*corrupt or truncated`),
    );
    expect(await readFile(file, 'utf8')).toBe(text);
  }
});

it('refuses methods a Fetch Request cannot carry with 405 and keeps serving', async () => {
  const reply = await send('/v1/pets', { method: 'TRACE', headers: AUTH });
  expect(reply.status).toBe(405);
  expect(JSON.parse(reply.text)).toMatchObject({ code: 'method_not_allowed', status: 405 });
  expect((await fetch(`${server.baseUrl}/pets`, { headers: AUTH })).status).toBe(200);
});

it('drops a client that stalls in its headers once the request timeout passes', async () => {
  const quick = await startMockServer({ port: 0, requestTimeout: 500 });
  const closed = await new Promise<string>((resolve) => {
    let text = '';
    const socket = connect(Number(new URL(quick.origin).port), '127.0.0.1', () =>
      socket.write('GET /v1/pets HTTP/1.1\r\nHost: x\r\n'),
    );
    socket.on('data', (part) => {
      text += part;
    });
    socket.on('close', () => resolve(text));
  });
  // The client never finishes its headers: only the server's timeout can end this exchange.
  expect(closed).toMatch(/^HTTP\/1\.1 408/);
  await quick.close();
});

it('answers a malformed percent-escape in the path after authentication, never 500', async () => {
  expect((await send('/v1/pets/%E0%A4%A', { headers: AUTH })).status).toBe(400);
  expect((await send('/v1/pets/%E0%A4%A')).status).toBe(401);
  expect((await send('/v1/%ZZ/x', { headers: AUTH })).status).toBe(404);
});
