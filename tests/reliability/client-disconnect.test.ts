/**
 * A client that hangs up in the middle of its request body is nobody's fault but its own:
 * the mock reports no error (no "500 … aborted" in its log), stores nothing and keeps serving.
 */
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { AUTH, expectAlive, storeSnapshot } from './http-client.ts';
import { useMockServer } from './in-process.ts';

const faults: unknown[] = [];
const mock = useMockServer({ onError: (error) => faults.push(error) });

/** Writes `bytes`, lets the server read them, then resets the connection. */
function hangUpAfter(bytes: string): Promise<void> {
  const url = new URL(mock.origin());
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(bytes, () => setTimeout(() => socket.resetAndDestroy(), 50));
    });
    socket.on('error', () => {});
    socket.on('close', () => setTimeout(resolve, 50));
  });
}

const head = (method: string, path: string, framing: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH.authorization}\r\n` +
  `Content-Type: application/json\r\n${framing}\r\n\r\n`;

it.each([
  ['a creation cut short', head('POST', '/v1/pets', 'Content-Length: 100'), '{"name":"'],
  [
    'a chunked creation cut short',
    head('POST', '/v1/pets', 'Transfer-Encoding: chunked'),
    '9\r\n{"name":"',
  ],
  [
    'a malformed chunked creation',
    head('POST', '/v1/pets', 'Transfer-Encoding: chunked'),
    'zz\r\n{"name":"Rex"}\r\n0\r\n\r\n',
  ],
  [
    'a data replacement cut short',
    head('PUT', '/__mock/data', 'Content-Length: 5000'),
    '{"pets":[',
  ],
])('reports no fault and stores nothing for %s', async (_name, start, partial) => {
  const before = await storeSnapshot(mock.origin());
  faults.length = 0;
  await hangUpAfter(start + partial);
  expect(faults).toEqual([]);
  expect(await storeSnapshot(mock.origin())).toBe(before);
  await expectAlive(mock.origin());
});
