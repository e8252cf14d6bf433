/** Free TCP ports, for servers that must be told their port before they start. */
import { createServer } from 'node:net';

// The kernel hands out ports for listen(0) and for outgoing connections from its ephemeral
// range (32768-60999 on Linux, 49152-65535 on macOS and Windows). A port read from there and
// released can go to another process's listen(0) before the server told of it binds it: the
// test suite starts hundreds of servers on port 0 while a service takes seconds to start, and a
// fresh-clone run saw Playwright's dev server and a Fastify service find their port taken.
// Ports are chosen below that range instead, where only callers of this function pick, at
// random, each checked free.
const LOWEST = 20_000;
const ABOVE_HIGHEST = 32_768;
const TRIES = 50;

/** Whether a server can listen on `port` of `host` now (listens, then closes). */
const bindable = (port: number, host: string): Promise<number | undefined> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });

/** A port at random below the kernel's ephemeral range. */
export const lowPort = () => LOWEST + Math.floor(Math.random() * (ABOVE_HIGHEST - LOWEST));

// Ports this process handed out: a server told of one may not listen yet, so it is not
// handed out again (callers ask for several at once).
const handedOut = new Set<number>();

/** A port on `host` nothing listens on, below the kernel's ephemeral range (`pick` tries one). */
export async function freePort(host = '127.0.0.1', pick = lowPort): Promise<number> {
  for (let tries = 0; tries < TRIES; tries++) {
    const port = pick();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if ((await bindable(port, host)) === port) return port;
  }
  // Fifty taken in a row: a crowded machine; the kernel's choice then.
  const port = await bindable(0, host);
  if (port === undefined) throw new Error(`no free port on ${host}`);
  return port;
}
