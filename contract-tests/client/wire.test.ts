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
