/**
 * The panel's service broker, run as a child process of vitest (panel-setup.ts): a loopback
 * server that starts each framework service the first time a test file asks for it
 * (`GET /NAME`, panel.ts) and hands the same one to every later file. Starting a service
 * blocks on its toolchain (a Go build, an import check), so this runs apart from vitest's
 * own process, which its workers must reach. It reports its URL over IPC and, asked to
 * stop, stops every service it started, then exits.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICES, type Service, type ServiceName, startService } from './services.ts';

const started = new Map<ServiceName, Promise<Service>>();

const server = createServer((request, response) => {
  const name = decodeURIComponent((request.url ?? '').slice(1)) as ServiceName;
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (!SERVICES.includes(name)) return answer(404, { error: `no panel service ${name}` });
  let service = started.get(name);
  if (!service) {
    service = startService(name);
    started.set(name, service);
  }
  service.then(
    ({ baseUrl, apiKey }) => answer(200, { name, baseUrl, apiKey }),
    (error: Error) => answer(500, { error: error.message }),
  );
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ url: `http://127.0.0.1:${port}` });
});

process.on('message', async (message) => {
  if (message !== 'stop') return;
  server.close();
  // The workers' kept-alive connections would hold the server open.
  server.closeAllConnections();
  const services = await Promise.allSettled(started.values());
  await Promise.all(
    services.map((s) => (s.status === 'fulfilled' ? s.value.process.stop() : undefined)),
  );
  process.exit(0);
});
