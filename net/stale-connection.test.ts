import http from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { readBounded } from './bounded-request.ts';
import { sendAgainIfStale } from './stale-connection.ts';

let backend: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => (backend ? backend.close(resolve) : resolve(undefined)));
});

/**
 * A backend speaking HTTP/1.1 by hand, without a Keep-Alive hint: `answers(connection, nth)`
 * says whether the nth request of a connection is answered, closed at before any byte
 * (`'close'`), or answered with a status line and then cut (`'cut'`).
 */
async function startBackend(answers: (connection: number, nth: number) => true | 'close' | 'cut') {
  const seen: string[] = [];
  let connections = 0;
  backend = createServer((socket: Socket) => {
    const connection = ++connections;
    sockets.add(socket);
    let nth = 0;
    socket.on('error', () => {});
    socket.on('data', () => {
      nth += 1;
      seen.push(`${connection}.${nth}`);
      const what = answers(connection, nth);
      if (what === 'close') return void socket.destroy();
      if (what === 'cut') {
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n[]');
        return void socket.destroy();
      }
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]',
      );
    });
  });
  await new Promise<void>((resolve) => backend?.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as { port: number };
  return { url: new URL(`http://127.0.0.1:${port}/v1/pets`), seen };
}

const read = (url: URL) => (agent: http.Agent) =>
  readBounded(url, { method: 'GET', headers: {} }, { agent, timeoutMs: 5_000 });

it('sends a request again on a new connection when the reused one closes before any answer', async () => {
  const { url, seen } = await startBackend((_c, nth) => (nth === 1 ? true : 'close'));
  const kept = new http.Agent({ keepAlive: true });
  const again: string[] = [];
  try {
    await sendAgainIfStale(url, read(url), kept);
    const answer = await sendAgainIfStale(url, read(url), kept, (f) => again.push(f.message));
    expect(answer.status).toBe(200);
    expect(seen).toEqual(['1.1', '1.2', '2.1']);
    expect(again).toHaveLength(1);
  } finally {
    kept.destroy();
  }
});

it('never sends again when a new connection closes before any answer', async () => {
  const { url, seen } = await startBackend(() => 'close');
  const kept = new http.Agent({ keepAlive: true });
  try {
    await expect(sendAgainIfStale(url, read(url), kept)).rejects.toMatchObject({ kind: 'lost' });
    expect(seen).toEqual(['1.1']);
  } finally {
    kept.destroy();
  }
});

it('never sends again once an answer began on the reused connection', async () => {
  const { url, seen } = await startBackend((_c, nth) => (nth === 1 ? true : 'cut'));
  const kept = new http.Agent({ keepAlive: true });
  try {
    await sendAgainIfStale(url, read(url), kept);
    await expect(sendAgainIfStale(url, read(url), kept)).rejects.toMatchObject({ kind: 'lost' });
    expect(seen).toEqual(['1.1', '1.2']);
  } finally {
    kept.destroy();
  }
});
