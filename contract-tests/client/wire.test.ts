import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { networkTransport, TransportFault } from './wire.ts';

// Raw TCP servers that answer (or fail to) byte by byte, as a broken HTTP server would.
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that hands each request's socket, bytes and number on its connection to `answer`. */
async function rawServer(answer: (socket: Socket, request: string, n: number) => void) {
  const server = createServer((socket) => {
    let n = 0;
    socket.on('data', (chunk) => answer(socket, chunk.toString('latin1'), n++));
    socket.on('error', () => {});
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}/v1/pets`;
}

const ok = (body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

const get = { method: 'GET', headers: {} };
const faultOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

it('sends a request again on a new connection when the server closed the idle one', async () => {
  // Answers the first request of each connection; its idle timer fires just as the second
  // arrives, so that one is closed unanswered (the client could not have known).
  const url = await rawServer((socket, _request, n) => {
    if (n === 0) socket.write(ok('[]'));
    else socket.destroy();
  });
  const resent: string[] = [];
  const send = networkTransport((_url, method) => resent.push(method));
  expect((await send(url, get)).status).toBe(200);
  expect((await send(url, { method: 'POST', headers: {}, body: '{}' })).status).toBe(200);
  expect(resent).toEqual(['POST']);
});

it('reports a connection closed without an answer as a transport fault', async () => {
  const url = await rawServer((socket) => socket.destroy());
  const fault = await faultOf(networkTransport(() => {})(url, get));
  expect(fault).toBeInstanceOf(TransportFault);
  expect((fault as TransportFault).title).toBe('Connection closed without an answer');
});

it('reports an answer shorter than its Content-Length as cut short', async () => {
  const url = await rawServer((socket) => {
    socket.end(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n[1,',
    );
  });
  const fault = (await faultOf(networkTransport(() => {})(url, get))) as TransportFault;
  expect(fault.title).toBe('Answer cut short');
  expect(fault.detail).toContain('Content-Length announced');
  expect(fault.partial?.status).toBe(200);
});

it('reports a chunked answer that ends before its last chunk as cut short', async () => {
  const url = await rawServer((socket) => {
    socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n[1,\r\n');
  });
  const fault = (await faultOf(networkTransport(() => {})(url, get))) as TransportFault;
  expect(fault.title).toBe('Answer cut short');
  expect(fault.detail).toContain('chunked');
});

it('reports bytes beyond the Content-Length of an answer', async () => {
  const url = await rawServer((socket) =>
    socket.write(ok('[]').replace('\r\n\r\n[]', '\r\n\r\n[]]]')),
  );
  const fault = (await faultOf(networkTransport(() => {})(url, get))) as TransportFault;
  expect(fault).toBeInstanceOf(TransportFault);
  expect(fault.title).toBe('Answer not valid HTTP');
});

it('reports a body that is not what its Content-Encoding says', async () => {
  const url = await rawServer((socket) => socket.write(ok('[]', 'Content-Encoding: gzip\r\n')));
  const fault = (await faultOf(networkTransport(() => {})(url, get))) as TransportFault;
  expect(fault.title).toBe('Body does not decode as its Content-Encoding says');
});

it('decodes a gzip body', async () => {
  const body = gzipSync('[{"id":1}]');
  const url = await rawServer((socket) => {
    socket.write(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
  });
  const answer = await networkTransport(() => {})(url, get);
  expect(new TextDecoder().decode(answer.body)).toBe('[{"id":1}]');
});

it('does not send again when a fresh connection is closed without an answer', async () => {
  let connections = 0;
  const url = await rawServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  const resent: string[] = [];
  await faultOf(networkTransport((_u, m) => resent.push(m))(url, get));
  expect(resent).toEqual([]);
  expect(connections).toBe(1);
});

/** The bytes of one whole request as the server received them (head and body). */
async function received(request: Parameters<ReturnType<typeof networkTransport>>[1]) {
  let bytes = Buffer.alloc(0);
  const url = await rawServer((socket, chunk) => {
    bytes = Buffer.concat([bytes, Buffer.from(chunk, 'latin1')]);
    const text = bytes.toString('latin1');
    const done = /transfer-encoding: chunked/i.test(text)
      ? text.endsWith('0\r\n\r\n')
      : text.includes('\r\n\r\n') &&
        bytes.length - text.indexOf('\r\n\r\n') - 4 >=
          Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
    if (done) socket.end(ok('[]'));
  });
  await networkTransport(() => {})(url, request);
  return bytes;
}

it('writes a body as chunks when the request says Transfer-Encoding: chunked', async () => {
  const bytes = await received({
    method: 'POST',
    headers: { 'Transfer-Encoding': 'chunked', 'content-type': 'application/json' },
    body: '{"name":"rex","categoryId":1}',
  });
  const text = bytes.toString('latin1');
  expect(text).not.toMatch(/content-length/i);
  const [, body] = text.split('\r\n\r\n', 2);
  // Three chunks of the 29 bytes (10, 10 and 9), then the last chunk.
  expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe(
    'a\r\n{"name":"r\r\na\r\nex","categ\r\n9\r\noryId":1}\r\n0\r\n\r\n',
  );
  expect(body).toBeDefined();
});

it('sends bytes as they are, and leaves out a default header the request goes without', async () => {
  const bytes = await received({
    method: 'POST',
    headers: { ACCEPT: 'application/json' },
    body: new Uint8Array([0x7b, 0xff, 0x7d]),
    without: ['user-agent'],
  });
  const head = bytes.toString('latin1').split('\r\n\r\n')[0] ?? '';
  // The request's ACCEPT replaces the default accept: one Accept line, not two.
  expect(head.match(/^accept:/gim)).toHaveLength(1);
  expect(head).not.toMatch(/^user-agent:/im);
  expect(head).toMatch(/^content-length: 3$/im);
  expect([...bytes.subarray(bytes.length - 3)]).toEqual([0x7b, 0xff, 0x7d]);
});
