/**
 * The mock behind a dev server's proxy: Vite's `server.proxy` forwards `/v1` and keeps the
 * browser's `Host`, so the links the mock sends (the next page, getPet's successor) must
 * point at the dev server the client used, not at the mock's own address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { startMockServer } from '../../mocks/testing/local-mock.ts';

const KEY = { authorization: 'Bearer petstore-dev-key' };

let mock: Awaited<ReturnType<typeof startMockServer>>;
let vite: ViteDevServer;
let viteOrigin: string;
let root: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  root = await mkdtemp(join(tmpdir(), 'petstore-vite-'));
  const port = await freePort();
  vite = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      proxy: { '/v1': { target: mock.origin } },
    },
  });
  await vite.listen();
  viteOrigin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await vite?.close();
  await mock?.close();
  await rm(root, { recursive: true, force: true });
});

const nextLink = (response: Response): string =>
  /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? '';

it('links the next page through the dev server the client called, so following it stays there', async () => {
  const first = await fetch(`${viteOrigin}/v1/pets?limit=2`, { headers: KEY });
  expect(first.status).toBe(200);
  const next = nextLink(first);
  expect(next.startsWith(`${viteOrigin}/v1/pets?limit=2&cursor=`), next).toBe(true);
  const second = await fetch(next, { headers: KEY });
  expect(second.status).toBe(200);
  expect(((await second.json()) as { id: number }[]).map((pet) => pet.id)).toEqual([3, 4]);
});

it("points getPet's successor-version link at the dev server", async () => {
  const fetched = await fetch(`${viteOrigin}/v1/pets/1`, { headers: KEY });
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get('link')).toBe(`<${viteOrigin}/v1/pets>; rel="successor-version"`);
});

it('still links its own address to a client that calls the mock directly', async () => {
  const first = await fetch(`${mock.baseUrl}/pets?limit=2`, { headers: KEY });
  expect(nextLink(first).startsWith(`${mock.baseUrl}/pets?limit=2&cursor=`)).toBe(true);
});
