import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { freePort, lowPort } from './ports.ts';

it('finds a port a server can then listen on', async () => {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  expect(server.address()).toMatchObject({ port });
  await new Promise((resolve) => server.close(resolve));
});

it("chooses below the kernel's ephemeral range, where servers on port 0 never land", async () => {
  for (let n = 0; n < 1000; n++) {
    const port = lowPort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
  }
  expect(await freePort()).toBeLessThan(32_768);
});

it('passes over a port a server listens on', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const taken = (server.address() as { port: number }).port;
  try {
    let asked = 0;
    const port = await freePort('127.0.0.1', () => (asked++ === 0 ? taken : lowPort()));
    expect(port).not.toBe(taken);
    expect(asked).toBeGreaterThanOrEqual(2);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

it('hands a port out once, even to callers asking at the same time', async () => {
  const first = await freePort();
  const picks = [first, first + 1 === 32_768 ? first - 1 : first + 1];
  const second = await freePort('127.0.0.1', () => picks.shift() ?? 20_000);
  expect(second).not.toBe(first);
  const many = await Promise.all(Array.from({ length: 50 }, () => freePort()));
  expect(new Set(many).size).toBe(50);
});
