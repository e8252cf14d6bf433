import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { freePort } from './ports.ts';

it('finds a port a server can then listen on', async () => {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  expect(server.address()).toMatchObject({ port });
  await new Promise((resolve) => server.close(resolve));
});
