/**
 * Vitest global setup of the panel: one small loopback server in vitest's own process that
 * starts each framework service the first time a test file asks for it (panel.ts) and hands
 * the same one to every later file, so a run starts each service once, not once per file.
 * Every service it started is stopped when the run ends.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { SERVICES, type Service, type ServiceName, startService } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where panel.ts asks for a shared service of the panel: `GET {url}/NAME`. */
    panelServices: string;
  }
}

/** Starts the service broker before the files run; the returned function stops it all. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('panelServices', `http://127.0.0.1:${port}`);
  return async () => {
    server.close();
    const services = await Promise.allSettled(started.values());
    await Promise.all(
      services.map((s) => (s.status === 'fulfilled' ? s.value.process.stop() : undefined)),
    );
  };
}
