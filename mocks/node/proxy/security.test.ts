import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../server.ts';

const KEY = 'backend-secret-key-41';
let seen: string[] = [];
let slow = false;
let backend: Server;
let mock: MockServer;

beforeAll(async () => {
  backend = createServer((req, res) => {
    seen.push(req.url ?? '');
    const end = () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    };
    if (slow) setTimeout(end, 1_000);
    else end();
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  mock = await startMockServer({
    port: 0,
    quiet: true,
    proxy: { url: `http://127.0.0.1:${port}/v1`, key: KEY, timeoutMs: 300 },
  });
});

afterAll(async () => {
  await mock.close();
  await new Promise((resolve) => backend.close(resolve));
});

beforeEach(() => {
  seen = [];
  slow = false;
});

/** Sends a request target exactly as written, and gives the status line's code. */
function raw(target: string): Promise<number> {
  const { port } = new URL(mock.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer petstore-dev-key\r\nConnection: close\r\n\r\n`,
      ),
    );
    let text = '';
    socket.on('data', (part) => {
      text += part.toString();
    });
    socket.on('end', () => resolve(Number(text.split(' ')[1])));
    socket.on('error', reject);
  });
}

it.each([
  '/v1/../admin',
  '/v1/pets/../../admin',
  '/v1/pets/%2e%2e/%2e%2e/admin',
  '/v1/pets/%2E%2E%2F%2E%2E%2Fadmin',
  '/v1/pets/%252e%252e/admin',
  '/v1/pets/..%5cadmin',
  '/v1/pets\\..\\admin',
  '//evil.example/v1/pets',
  '/v1//evil.example/pets',
  'http://evil.example/v1/pets',
  'http://127.0.0.1:1/v1/pets',
])('never lets %s leave the backend base', async (target) => {
  const status = await raw(target);
  expect([400, 404]).toContain(status);
  expect(seen).toEqual([]);
});

it('forwards an ordinary path under the base', async () => {
  expect(await raw('/v1/pets?limit=2')).toBe(200);
  expect(seen).toEqual(['/v1/pets?limit=2']);
});

it('answers 504 backend_timeout when the backend is slower than --proxy-timeout', async () => {
  slow = true;
  const response = await fetch(`${mock.baseUrl}/pets`, {
    headers: { authorization: 'Bearer petstore-dev-key' },
  });
  expect(response.status).toBe(504);
  expect(await response.json()).toMatchObject({ code: 'backend_timeout', status: 504 });
});

it('answers 502 backend_unreachable naming the backend when nothing listens', async () => {
  const closed = await startMockServer({
    port: 0,
    quiet: true,
    proxy: { url: 'http://127.0.0.1:9/v1', key: KEY },
  });
  try {
    const response = await fetch(`${closed.baseUrl}/pets`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    });
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'backend_unreachable', status: 502 });
    expect(body.message).toContain('http://127.0.0.1:9');
    expect(JSON.stringify(body)).not.toContain(KEY);
  } finally {
    await closed.close();
  }
});

it('refuses to start in front of a backend URL without its version segment, naming the URL to give', async () => {
  await expect(
    startMockServer({ port: 0, quiet: true, proxy: { url: 'http://127.0.0.1:9' } }),
  ).rejects.toThrow(/lacks the version segment \/v1.*give http:\/\/127\.0\.0\.1:9\/v1$/);
});
