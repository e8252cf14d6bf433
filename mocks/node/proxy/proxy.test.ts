import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AnsweredRequest } from '../request-log.ts';
import { type MockServer, startMockServer } from '../server.ts';

const KEY = 'backend-secret-key-41';
const AUTH = { authorization: 'Bearer petstore-dev-key' };
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
let seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse, body: string) => void;
let backend: Server;
let mock: MockServer;
const logged: AnsweredRequest[] = [];

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  backend = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  mock = await startMockServer({
    port: 0,
    quiet: true,
    onRequest: (line) => logged.push(line),
    proxy: {
      url: `http://127.0.0.1:${port}/v1`,
      key: KEY,
      fallback: true,
      record: true,
      // Room for a loaded machine: a POST took 0.65-1.4 s here under a load average of 13, and
      // with 1.5 s a test here once failed under such load (4.4 s for three requests).
      timeoutMs: 2_500,
      maxBytes: 4096,
    },
  });
});

afterAll(async () => {
  await mock.close();
  await new Promise((resolve) => backend.close(resolve));
});

beforeEach(() => {
  seen = [];
  logged.length = 0;
  answer = (_req, res) => json(res, 200, []);
});

it('forwards a request to the backend with its key, its Host, and no session header', async () => {
  answer = (_req, res) => json(res, 200, [{ id: 7, name: 'Rex', categoryId: 1 }], { 'x-b': 'y' });
  const response = await fetch(`${mock.baseUrl}/pets?limit=5`, {
    headers: { ...AUTH, 'x-mock-session': 'fwd', 'x-trace': 't1' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-b')).toBe('y');
  expect(await response.text()).toBe('[{"id":7,"name":"Rex","categoryId":1}]');
  expect(seen).toHaveLength(1);
  expect(seen[0]?.url).toBe('/v1/pets?limit=5');
  expect(seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(seen[0]?.headers.host).toBe(`127.0.0.1:${(backend.address() as AddressInfo).port}`);
  expect(seen[0]?.headers['x-mock-session']).toBeUndefined();
  expect(seen[0]?.headers['x-trace']).toBe('t1');
  const [entry] = mock.session('fwd').requests();
  expect(entry).toMatchObject({ answeredBy: 'backend', status: 200, departures: [] });
});

it('sends a request without a key, or with a key the mock does not accept, on as the app sent it, and judges the answer', async () => {
  const refuse = (res: ServerResponse) =>
    json(res, 401, { code: 'unauthorized', message: 'no key', status: 401 });
  answer = (_req, res) => refuse(res);
  const session = { 'x-mock-session': 'keys' };
  const none = await fetch(`${mock.baseUrl}/pets`, { headers: session });
  const expired = await fetch(`${mock.baseUrl}/pets`, {
    headers: { ...session, authorization: 'Bearer expired-key' },
  });
  // The backend's own answers, and its authentication is what they prove.
  expect([none.status, expired.status]).toEqual([401, 401]);
  expect(await none.json()).toMatchObject({ message: 'no key' });
  expect(seen.map((s) => s.headers.authorization)).toEqual([undefined, 'Bearer expired-key']);
  const [keyless, wrong] = mock.session('keys').requests();
  expect(keyless).toMatchObject({ answeredBy: 'backend', status: 401 });
  // No key at all is the app's departure; a key the backend refuses is its session expired.
  expect(keyless?.departures?.map((d) => [d.rule, d.side])).toEqual([['auth-required', 'client']]);
  expect(wrong?.departures).toEqual([]);
  // A backend that serves a request without a key departs from the interface.
  answer = (_req, res) => json(res, 200, []);
  await fetch(`${mock.baseUrl}/pets`, { headers: session });
  expect(
    mock
      .session('keys')
      .requests()[2]
      ?.departures?.map((d) => [d.rule, d.side]),
  ).toEqual([
    ['auth-required', 'client'],
    ['auth-401', 'server'],
  ]);
});

it('answers a request without a key itself, 401, when the backend is gone and the mock answers on fallback', async () => {
  answer = (req) => req.socket.destroy();
  const response = await fetch(`${mock.baseUrl}/pets`, { headers: { 'x-mock-session': 'gone' } });
  expect(response.status).toBe(401);
  expect(mock.session('gone').requests()[0]).toMatchObject({ answeredBy: 'mock', status: 401 });
  expect(logged.at(-1)).toMatchObject({ answeredBy: 'mock', status: 401 });
});

it('answers from the mock when the backend does not serve an operation yet', async () => {
  // The backend serves creations (recorded), not yet lists: the mock lists what it recorded.
  answer = (_req, res, body) => json(res, 201, { id: 70, ...JSON.parse(body) });
  await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json', 'x-mock-session': 'fb' },
    body: JSON.stringify({ name: 'Served', categoryId: 2 }),
  });
  answer = (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Cannot GET /v1/pets');
  };
  const response = await fetch(`${mock.baseUrl}/pets?limit=2`, {
    headers: { ...AUTH, 'x-mock-session': 'fb' },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual([{ id: 70, name: 'Served', categoryId: 2 }]);
  expect(mock.session('fb').requests()[1]).toMatchObject({
    answeredBy: 'mock',
    fallback: 'the backend answered 404 without an Error body',
  });
  expect(logged.at(-1)).toMatchObject({ answeredBy: 'mock' });
});

it('passes a 404 with an Error body through: the backend serves the operation', async () => {
  answer = (_req, res) => json(res, 404, { code: 'nf', message: 'no pet 9', status: 404 });
  const response = await fetch(`${mock.baseUrl}/pets/9`, { headers: AUTH });
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ message: 'no pet 9' });
});

it('keeps the animals the backend created, and answers with them once it is gone', async () => {
  answer = (_req, res, body) =>
    json(res, 201, { id: 9001, ...JSON.parse(body), status: 'available' });
  const created = await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json', 'x-mock-session': 'rec' },
    body: JSON.stringify({ name: 'Kept', categoryId: 2 }),
  });
  expect(created.status).toBe(201);
  answer = (req) => req.socket.destroy();
  const read = await fetch(`${mock.baseUrl}/pets/9001`, {
    headers: { ...AUTH, 'x-mock-session': 'rec' },
  });
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ id: 9001, name: 'Kept' });
  expect(mock.session('rec').requests()[1]).toMatchObject({ answeredBy: 'mock' });
});

it('starts a recording session from the backend’s animals alone: none of the mock’s seed beside them', async () => {
  const session = { 'x-mock-session': 'rec-only' };
  const state = await fetch(`${mock.origin}/__mock/state`, { headers: session });
  expect(await state.json()).toMatchObject({ count: 0 });
  answer = (_req, res) =>
    json(res, 200, [
      { id: 1, name: 'Backend one', categoryId: 1, status: 'available' },
      { id: 2, name: 'Backend two', categoryId: 1, status: 'sold' },
    ]);
  await fetch(`${mock.baseUrl}/pets`, { headers: { ...AUTH, ...session } });
  answer = (req) => req.socket.destroy();
  const listed = await fetch(`${mock.baseUrl}/pets?limit=100`, {
    headers: { ...AUTH, ...session },
  });
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { name: string }[]).map((pet) => pet.name)).toEqual([
    'Backend one',
    'Backend two',
  ]);
});

it('answers from the mock, with --proxy-fallback, when the backend is slower than the timeout', async () => {
  answer = (_req, res) => setTimeout(() => json(res, 200, []), 5_000);
  // Animal 1 is none the backend returned in this session: the mock's answer is its 404.
  const response = await fetch(`${mock.baseUrl}/pets/1`, {
    headers: { ...AUTH, 'x-mock-session': 'slow' },
  });
  expect(response.status).toBe(404);
  expect(mock.session('slow').requests()[0]?.fallback).toMatch(/took longer than 2500 ms/);
});

it('answers 502 backend_unreachable for an answer declared over the size bound', async () => {
  answer = (_req, res) => json(res, 200, 'x'.repeat(10_000), { 'content-length': 10_002 });
  const response = await fetch(`${mock.baseUrl}/pets`, { headers: AUTH });
  expect(response.status).toBe(502);
  expect(await response.json()).toMatchObject({ code: 'backend_unreachable', status: 502 });
});

it('never shows the backend key: not in the answer, the journal, or the log', async () => {
  answer = (req, res) =>
    json(res, 200, [{ id: 1, name: String(req.headers.authorization), categoryId: 1 }], {
      'x-echo': String(req.headers.authorization),
    });
  const response = await fetch(`${mock.baseUrl}/pets`, {
    headers: { ...AUTH, 'x-mock-session': 'key' },
  });
  const text = await response.text();
  expect(text).not.toContain(KEY);
  expect(response.headers.get('x-echo')).not.toContain(KEY);
  expect(JSON.stringify(mock.session('key').requests())).not.toContain(KEY);
  expect(JSON.stringify(logged)).not.toContain(KEY);
  const pact = await fetch(`${mock.origin}/__mock/pact?consumer=app`, {
    headers: { 'x-mock-session': 'key' },
  });
  expect(await pact.text()).not.toContain(KEY);
  const departures = await fetch(`${mock.origin}/__mock/departures`, {
    headers: { 'x-mock-session': 'key' },
  });
  expect(await departures.text()).not.toContain(KEY);
});

it('judges each exchange and names the rule broken on the log line and the journal', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('[]');
  };
  await fetch(`${mock.baseUrl}/pets`, { headers: { ...AUTH, 'x-mock-session': 'judge' } });
  const [entry] = mock.session('judge').requests();
  expect(entry?.departures?.map((d) => [d.rule, d.side])).toContainEqual(['json', 'server']);
  expect(logged.at(-1)?.departures).toContainEqual({ rule: 'json', side: 'server' });
});

it('lists a session’s departures at GET /__mock/departures, filtered by side', async () => {
  answer = (_req, res) => json(res, 400, { code: 'bad', message: 'limit', status: 400 });
  await fetch(`${mock.baseUrl}/pets?limit=500`, {
    headers: { ...AUTH, 'x-mock-session': 'dep' },
  });
  const all = await fetch(`${mock.origin}/__mock/departures?side=client`, {
    headers: { 'x-mock-session': 'dep' },
  });
  const rows = (await all.json()) as { rule: string; side: string; request: number }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.side === 'client' && row.request === 1)).toBe(true);
  expect(logged.at(-1)?.departures?.some((d) => d.side === 'client')).toBe(true);
});

it('judges the app’s request when the mock answers on fallback: the client’s departure', async () => {
  answer = (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Not Found</h1>');
  };
  const response = await fetch(`${mock.baseUrl}/pets?limit=500`, {
    headers: { ...AUTH, 'x-mock-session': 'fb-client' },
  });
  expect(response.status).toBe(400);
  const [entry] = mock.session('fb-client').requests();
  expect(entry?.answeredBy).toBe('mock');
  expect(entry?.departures?.length).toBeGreaterThan(0);
  expect(entry?.departures?.every((d) => d.side === 'client')).toBe(true);
});

it('says who answered every request: the mock’s preflight, its refusal of a path and a queued fault too', async () => {
  const session = { 'x-mock-session': 'who' };
  const preflight = await fetch(`${mock.baseUrl}/pets`, {
    method: 'OPTIONS',
    headers: {
      ...session,
      origin: 'http://localhost:5173',
      'access-control-request-method': 'GET',
    },
  });
  expect(preflight.status).toBe(204);
  const outside = await fetch(`${mock.baseUrl}/pets/a%2fb`, { headers: { ...AUTH, ...session } });
  expect(outside.status).toBe(404);
  await fetch(`${mock.origin}/__mock/faults`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({ operation: 'listPets', status: 503 }),
  });
  const faulted = await fetch(`${mock.baseUrl}/pets`, { headers: { ...AUTH, ...session } });
  expect(faulted.status).toBe(503);
  expect(seen).toEqual([]);
  const api = logged.filter((line) => line.target.startsWith('/v1'));
  expect(api.map((line) => [line.method, line.status, line.answeredBy])).toEqual([
    ['OPTIONS', 204, 'mock'],
    ['GET', 404, 'mock'],
    ['GET', 503, 'mock'],
  ]);
  expect(
    mock
      .session('who')
      .requests()
      .map((entry) => entry.answeredBy),
  ).toEqual(['mock']);
});
