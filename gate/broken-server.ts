/**
 * A deliberately broken Pet Store server for the gate's own test: its pets lack the
 * required `categoryId` (a schema violation) and `createPet` answers 200 instead of 201
 * (a wrong, undocumented status). Everything else follows the interface. With
 * `readsWithoutKey`, it also serves listPets and getPet without a key (an auth bypass).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The key the broken server accepts. */
export const BROKEN_SERVER_KEY = 'broken-key';

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const error = (res: ServerResponse, status: number, code: string, message: string) =>
  send(res, status, { code, message, status });

/** Starts the broken server on 127.0.0.1 (random port); returns its base URL and close. */
export async function startBrokenServer(options: { readsWithoutKey?: boolean } = {}) {
  const pets = new Map<number, { id: number; name: string; status: string }>();
  let nextId = 1;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      try {
        route();
      } catch (thrown) {
        // A fault of this test server must show as a 500, not crash the test run.
        error(res, 500, 'internal_error', (thrown as Error).message);
      }
    });
    const route = () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const keyless = options.readsWithoutKey === true && req.method === 'GET';
      if (!keyless && req.headers.authorization !== `Bearer ${BROKEN_SERVER_KEY}`) {
        return error(res, 401, 'unauthorized', 'missing or invalid API key');
      }
      if (url.pathname === '/v1/pets' && req.method === 'GET') {
        return send(res, 200, [...pets.values()].slice(0, 20));
      }
      if (url.pathname === '/v1/pets' && req.method === 'POST') {
        let input: unknown;
        try {
          input = JSON.parse(body);
        } catch {
          return error(res, 400, 'malformed_json', 'body is not JSON');
        }
        const fields = (typeof input === 'object' && input !== null ? input : {}) as {
          name?: unknown;
          status?: unknown;
        };
        if (typeof fields.name !== 'string') {
          return error(res, 400, 'validation_failed', 'name is required');
        }
        const pet = {
          id: nextId++,
          name: fields.name,
          status: String(fields.status ?? 'available'),
        };
        pets.set(pet.id, pet);
        return send(res, 200, pet);
      }
      const match = /^\/v1\/pets\/(\d+)$/.exec(url.pathname);
      const pet = match ? pets.get(Number(match[1])) : undefined;
      if (pet !== undefined && req.method === 'GET') return send(res, 200, pet);
      return error(res, 404, 'not_found', `nothing at ${url.pathname}`);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
