import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { Forward } from '../../core/proxy/backend.ts';
import { createFetchForward } from '../../core/proxy/fetch-forward.ts';
import { createForward } from './forward.ts';

const BOUNDS = { timeoutMs: 5_000, maxBytes: 1 << 20 };
let backend: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  // Node's fetch keeps its connections for 4 s: they are cut here, not waited for.
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => (backend ? backend.close(resolve) : resolve(undefined)));
});

/**
 * A backend speaking HTTP/1.1 by hand, without a Keep-Alive hint: `answers(n)` says whether the
 * nth request of a connection (from 1) is answered or the connection closed at it, as a server
 * does that closes an idle connection just as the client sends on it. Records every request.
 */
async function startBackend(answers: (nth: number) => boolean) {
  const seen: { connection: number; nth: number; head: string; body: string }[] = [];
  let connections = 0;
  backend = createServer((socket: Socket) => {
    const connection = ++connections;
    sockets.add(socket);
    let nth = 0;
    let buffered = '';
    socket.on('error', () => {});
    socket.on('data', (part) => {
      buffered += part;
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const body = buffered.slice(end + 4, end + 4 + length);
      buffered = buffered.slice(end + 4 + length);
      nth += 1;
      seen.push({ connection, nth, head, body });
      if (!answers(nth)) return void socket.destroy();
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]',
      );
    });
  });
  await new Promise<void>((resolve) => backend?.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, seen };
}

/** The status of an answer read to its end (the connection is then free for the next). */
async function statusOf(answer: Promise<{ status: number; body: AsyncIterable<Uint8Array> }>) {
  const { status, body } = await answer;
  for await (const _ of body);
  return status;
}

const get = (origin: string) => ({ method: 'GET', url: `${origin}/v1/pets`, headers: [] });

// The standalone server's forwarder (node:http) and the in-process one (fetch, for setupServer).
const FORWARDERS: [string, (base: string) => Forward & { close?(): void }][] = [
  ['node:http', createForward],
  ['fetch', createFetchForward],
];

it.for(FORWARDERS)(
  '%s: sends a request again when the reused connection closes before any answer',
  async ([, create]) => {
    const { origin, seen } = await startBackend((nth) => nth === 1);
    const forward = create(`${origin}/v1`);
    try {
      expect(await statusOf(forward(get(origin), BOUNDS))).toBe(200);
      // Node's fetch hands the next request to a connection of its own while the last one's
      // end is still being processed: a moment later the first connection is the idle one.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await statusOf(forward(get(origin), BOUNDS))).toBe(200);
      // The second went out on the first connection, which closed at it, then on a new one.
      expect(seen.map((s) => `${s.connection}.${s.nth}`)).toEqual(['1.1', '1.2', '2.1']);
    } finally {
      forward.close?.();
    }
  },
);

// Node's fetch sends a creation on a connection of its own; node:http reuses one for it.
it('node:http: sends a creation again whole when the reused connection closes before any answer', async () => {
  const { origin, seen } = await startBackend((nth) => nth === 1);
  const forward = createForward(`${origin}/v1`);
  try {
    expect(await statusOf(forward(get(origin), BOUNDS))).toBe(200);
    const body = new TextEncoder().encode('{"name":"Rex","categoryId":1}');
    const post = { method: 'POST', url: `${origin}/v1/pets`, headers: [], body };
    expect(await statusOf(forward(post, BOUNDS))).toBe(200);
    expect(seen.map((s) => `${s.connection}.${s.nth}`)).toEqual(['1.1', '1.2', '2.1']);
    expect(seen[2]?.head).toMatch(/^POST \/v1\/pets /);
    expect(seen[2]?.body).toBe('{"name":"Rex","categoryId":1}');
  } finally {
    forward.close();
  }
});

it.for(FORWARDERS)(
  '%s: answers 502 without sending again when a new connection closes before any answer',
  async ([, create]) => {
    const { origin, seen } = await startBackend(() => false);
    const forward = create(`${origin}/v1`);
    try {
      await expect(forward(get(origin), BOUNDS)).rejects.toMatchObject({
        status: 502,
        code: 'backend_unreachable',
      });
      expect(seen).toHaveLength(1);
    } finally {
      forward.close?.();
    }
  },
);
