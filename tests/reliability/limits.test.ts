import { expect, it } from 'vitest';
import { AUTH, expectAlive, rawRequest, send, sendRaw, storeSnapshot } from './http-client.ts';
import { useMockServer } from './in-process.ts';
import { dripRequest, streamBody } from './slow-socket.ts';

// Each stalled client below gives up after 10 s: closed by the server means closed by this.
const TIMEOUT_MS = 1_000;
const mock = useMockServer({ requestTimeout: TIMEOUT_MS });
const small = useMockServer({ seedCount: 2, maxPets: 5 });

const KiB = 1024;
const MiB = 1024 * KiB;
const head = (framing: string) =>
  `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH.authorization}\r\n` +
  `Content-Type: application/json\r\n${framing}\r\n\r\n`;

it('answers 413 to an announced 100 MiB body, stops reading it and closes the connection', async () => {
  const before = await storeSnapshot(mock.origin());
  const result = await streamBody(
    mock.origin(),
    head(`Content-Length: ${100 * MiB}`),
    Buffer.alloc(16 * KiB, 0x20),
  );
  expect(result.status).toBe(413);
  expect(result.closedByServer).toBe(true);
  // Loopback socket buffers take a few MiB before the server even looks; it must not take 32.
  expect(result.written).toBeLessThan(16 * MiB);
  expect(await storeSnapshot(mock.origin())).toBe(before);
});

it('answers 413 to a chunked body that grows past 64 KiB and closes the connection', async () => {
  const chunk = Buffer.from(`4000\r\n${' '.repeat(16 * KiB)}\r\n`, 'latin1');
  const result = await streamBody(mock.origin(), head('Transfer-Encoding: chunked'), chunk);
  expect(result.status).toBe(413);
  expect(result.closedByServer).toBe(true);
  expect(result.written).toBeLessThan(16 * MiB);
});

it('reads a body just under 64 KiB and judges its content (400, not 413)', async () => {
  const body = `{"name":"${'x'.repeat(64 * KiB - 40)}","categoryId":1}`;
  const reply = await send(mock.origin(), {
    method: 'POST',
    path: '/v1/pets',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body,
  });
  expect(Buffer.byteLength(body)).toBeLessThanOrEqual(64 * KiB);
  expect(reply.status).toBe(400);
  expect(reply.body).toContain('name');
});

it('answers 431 or closes on a 100 KiB header, and keeps serving', async () => {
  for (const headers of [
    { ...AUTH, 'X-Big': 'a'.repeat(100 * KiB) },
    Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`X-H${i}`, 'v'])),
  ]) {
    const reply = await sendRaw(mock.origin(), rawRequest('GET', '/v1/pets', headers));
    if (reply.status !== undefined) expect(reply.status).toBe(431);
    expect(reply.closedByServer).toBe(true);
  }
  await expectAlive(mock.origin());
});

it('closes a connection that never sends a byte within the configured timeout', async () => {
  const result = await dripRequest(mock.origin(), [''], 50, 10_000);
  expect(result.closedByServer).toBe(true);
});

it('closes a socket that sends half a request and stalls within the configured timeout', async () => {
  const result = await dripRequest(
    mock.origin(),
    ['GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n'],
    50,
    10_000,
  );
  expect(result.closedByServer).toBe(true);
});

it('closes a socket that drips its headers a byte at a time within the configured timeout', async () => {
  const text = `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'z'.repeat(200)}\r\n\r\n`;
  const result = await dripRequest(mock.origin(), [...text], 20, 10_000);
  expect(result.closedByServer).toBe(true);
  // Closed while the headers were still coming: the server did not wait for the request.
  expect(result.written).toBeLessThan(text.length);
});

it('closes a socket that stalls in the middle of its body within the configured timeout', async () => {
  const result = await dripRequest(
    mock.origin(),
    [`${head('Content-Length: 100')}{"name":`],
    50,
    10_000,
  );
  expect(result.closedByServer).toBe(true);
});

it('serves other clients promptly while 50 stalled sockets are open', async () => {
  const stalled = Array.from({ length: 50 }, () =>
    dripRequest(
      mock.origin(),
      ['POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{'],
      50,
      10_000,
    ),
  );
  let closedBefore = 0;
  for (const drip of stalled) void drip.then(() => closedBefore++);
  await expectAlive(mock.origin());
  // Answered while all 50 were still held open, not once their timeout freed the server.
  expect(closedBefore).toBe(0);
  for (const result of await Promise.all(stalled)) expect(result.closedByServer).toBe(true);
});

it('refuses a create beyond --max-pets with a clear error and stores nothing', async () => {
  const create = () =>
    send(small.origin(), {
      method: 'POST',
      path: '/v1/pets',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{"name":"Rex","categoryId":1}',
    });
  for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
  const before = await storeSnapshot(small.origin());
  const refused = await create();
  expect(refused.status).toBe(503);
  expect(JSON.parse(refused.body)).toMatchObject({ code: 'service_unavailable', status: 503 });
  expect(refused.body).toMatch(/max-pets/);
  expect(await storeSnapshot(small.origin())).toBe(before);
  const tooMany = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: 'A', categoryId: 1 }));
  const replaced = await send(small.origin(), {
    method: 'PUT',
    path: '/__mock/data',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pets: tooMany }),
  });
  expect(replaced.status).toBe(400);
  expect(await storeSnapshot(small.origin())).toBe(before);
});
