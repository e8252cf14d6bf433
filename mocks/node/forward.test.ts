import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createForward } from './forward.ts';

const BOUNDS = { timeoutMs: 5_000, maxBytes: 1 << 20 };
let backend: Server | undefined;
afterEach(() => new Promise((resolve) => (backend ? backend.close(resolve) : resolve(undefined))));

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

const get = (origin: string) => ({ method: 'GET', url: `${origin}/v1/pets`, headers: [] });

it('sends a request again on a new connection when the reused one closes before any answer', async () => {
  const { origin, seen } = await startBackend((nth) => nth === 1);
  const forward = createForward(`${origin}/v1`);
  try {
    expect((await forward(get(origin), BOUNDS)).status).toBe(200);
    const body = new TextEncoder().encode('{"name":"Rex","categoryId":1}');
    const post = { method: 'POST', url: `${origin}/v1/pets`, headers: [], body };
    expect((await forward(post, BOUNDS)).status).toBe(200);
    // The second request went out on the first connection, which closed at it, then whole on a new one.
    expect(seen.map((s) => `${s.connection}.${s.nth}`)).toEqual(['1.1', '1.2', '2.1']);
    expect(seen[2]?.head).toMatch(/^POST \/v1\/pets /);
    expect(seen[2]?.body).toBe('{"name":"Rex","categoryId":1}');
  } finally {
    forward.close();
  }
});

it('answers 502 without sending again when a new connection closes before any answer', async () => {
  const { origin, seen } = await startBackend(() => false);
  const forward = createForward(`${origin}/v1`);
  try {
    await expect(forward(get(origin), BOUNDS)).rejects.toMatchObject({
      status: 502,
      code: 'backend_unreachable',
    });
    expect(seen).toHaveLength(1);
  } finally {
    forward.close();
  }
});
