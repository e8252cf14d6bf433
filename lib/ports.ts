/** Free TCP ports, for servers that must be told their port before they start. */
import { createServer } from 'node:net';

/** Asks the OS for a free port on `host` (bind port 0, read the port, release it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
