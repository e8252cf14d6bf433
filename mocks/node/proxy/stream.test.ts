import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AnsweredRequest } from '../request-log.ts';
import { type MockServer, startMockServer } from '../server.ts';

const AUTH = { authorization: 'Bearer petstore-dev-key' };
let answer: (req: IncomingMessage, res: ServerResponse) => void;
let backend: Server;
let mock: MockServer;
const logged: AnsweredRequest[] = [];

beforeAll(async () => {
  backend = createServer((req, res) => answer(req, res));
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  mock = await startMockServer({
    port: 0,
    quiet: true,
    onRequest: (line) => logged.push(line),
    proxy: { url: `http://127.0.0.1:${port}/v1`, timeoutMs: 1_500, maxBytes: 4096 },
  });
});

afterAll(async () => {
  await mock.close();
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
});

beforeEach(() => {
  logged.length = 0;
});

const get = (session: string) =>
  fetch(`${mock.baseUrl}/pets`, { headers: { ...AUTH, 'x-mock-session': session } });

it('hands the app the first bytes before the backend has finished its answer', async () => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[{"id":1,"name":"First","categoryId":1}');
    // The rest only once the app has shown it holds the first chunk.
    void released.then(() => res.end(',{"id":2,"name":"Second","categoryId":1}]'));
  };
  const response = await get('stream');
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const first = await reader.read();
  let text = decoder.decode(first.value, { stream: true });
  expect(text).toContain('First');
  expect(text).not.toContain('Second');
  release();
  for (let next = await reader.read(); !next.done; next = await reader.read())
    text += decoder.decode(next.value, { stream: true });
  expect(JSON.parse(text)).toHaveLength(2);
  const [entry] = mock.session('stream').requests();
  expect(entry).toMatchObject({ answeredBy: 'backend', status: 200, departures: [] });
});

it('passes the backend’s bytes on unchanged, with its declared length', async () => {
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 3000 });
    res.write(bytes.subarray(0, 1000));
    setTimeout(() => res.end(bytes.subarray(1000)), 20);
  };
  const response = await get('bytes');
  expect(response.headers.get('content-length')).toBe('3000');
  expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
});

it('answers 502 before sending anything when the declared length is over the bound', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 10_002 });
    res.end(JSON.stringify('x'.repeat(10_000)));
  };
  const response = await get('declared');
  expect(response.status).toBe(502);
  expect(await response.json()).toMatchObject({ code: 'backend_unreachable', status: 502 });
});

it('ends the app’s connection when an undeclared body passes the bound mid-way', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`["${'x'.repeat(3000)}`);
    setTimeout(() => res.end(`${'y'.repeat(3000)}"]`), 20);
  };
  const response = await get('over');
  expect(response.status).toBe(200);
  // The app never takes the part it got for the whole answer.
  await expect(response.text()).rejects.toThrow();
  await expect.poll(() => mock.session('over').requests()[0]?.cut).toMatch(/more than 4 KiB/);
  expect(logged.at(-1)?.cut).toMatch(/more than 4 KiB/);
});

it('ends the app’s connection when the backend stalls mid-body past --proxy-timeout', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[{"id":1,');
  };
  const response = await get('stall');
  expect(response.status).toBe(200);
  await expect(response.text()).rejects.toThrow();
  await expect.poll(() => mock.session('stall').requests()[0]?.cut).toMatch(/took longer than/);
});

const queueFault = async (session: string, fault: object) => {
  const queued = await fetch(`${mock.origin}/__mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify(fault),
  });
  expect(queued.status).toBe(201);
};

it('answers a queued status fault before forwarding: the backend is not asked', async () => {
  let asked = 0;
  answer = (_req, res) => {
    asked += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  };
  await queueFault('fault', { operation: 'listPets', status: 503 });
  const response = await get('fault');
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ status: 503 });
  expect(asked).toBe(0);
});

it('gives a streamed backend answer the shape of a queued body fault (cut short)', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[{"id":1,"name":"A","categoryId":1}');
    setTimeout(() => res.end(',{"id":2,"name":"B","categoryId":1}]'), 20);
  };
  await queueFault('shaped', { operation: 'listPets', answer: 'cut-short' });
  const response = await get('shaped');
  expect(response.status).toBe(200);
  await expect(response.json()).rejects.toThrow();
  expect(mock.session('shaped').requests()[0]).toMatchObject({ answeredBy: 'backend' });
});

it('answers 502 backend_unreachable, nothing sent yet, for a body that does not decode as its Content-Encoding says, and lists the departure', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end('[]');
  };
  const response = await get('gzip-plain');
  expect(response.status).toBe(502);
  expect(await response.json()).toMatchObject({
    code: 'backend_unreachable',
    status: 502,
    message: expect.stringMatching(/does not decode as its Content-Encoding says/),
  });
  const [entry] = mock.session('gzip-plain').requests();
  expect(entry).toMatchObject({ status: 502, answeredBy: 'backend' });
  expect(entry?.departures?.map((d) => [d.rule, d.side])).toEqual([['transport', 'server']]);
  expect(logged.at(-1)).toMatchObject({
    status: 502,
    answeredBy: 'backend',
    departures: [{ rule: 'transport', side: 'server' }],
  });
  expect(logged.at(-1)?.cut).toBeUndefined();
});

it('names json for a JSON body that starts with a byte order mark, and passes it on as sent', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('\uFEFF[{"id":1,"name":"Rex","categoryId":1}]');
  };
  const response = await get('bom');
  expect(response.status).toBe(200);
  expect(new Uint8Array(await response.arrayBuffer()).slice(0, 3)).toEqual(
    new Uint8Array([0xef, 0xbb, 0xbf]),
  );
  const [entry] = mock.session('bom').requests();
  expect(entry?.departures?.map((d) => [d.rule, d.side, d.title])).toEqual([
    ['json', 'server', 'Body starts with a byte order mark'],
  ]);
});
