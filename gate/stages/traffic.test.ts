import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testTempDir } from '../../lib/temp-dirs.ts';
import { startMockServer, startTrafficProxy } from '../../mocks/testing/local-mock.ts';
import { testContext } from '../test-context.ts';
import { runTrafficStage, type TrafficOptions } from './traffic.ts';

const BACKEND_KEY = 'backend-key-5c1e';
let backend: Awaited<ReturnType<typeof startMockServer>>;
let lenient: Server;
let lenientUrl: string;
let app: string;

/**
 * An app's tests in miniature: each argument a step against $PETSTORE_BASE_URL with
 * $PETSTORE_API_KEY, in a session of its own, as a Playwright suite's page would send them.
 */
const APP = `
const base = process.env.PETSTORE_BASE_URL;
const auth = { authorization: 'Bearer ' + process.env.PETSTORE_API_KEY, 'x-mock-session': 'app-' + process.pid };
const steps = {
  async list() { await (await fetch(base + '/pets?limit=5&status=available', { headers: auth })).text(); },
  async create() {
    const created = await fetch(base + '/pets', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Traffic', categoryId: 2 }) });
    const pet = await created.json();
    await (await fetch(base + '/pets/' + pet.id, { headers: auth })).text();
  },
  async careless() { await (await fetch(base + '/pets?limit=500', { headers: auth })).text(); },
  async fail() { console.log('1 failed: expected 3 animals, got 2'); process.exit(3); },
};
for (const step of process.argv.slice(2)) await steps[step]();
`;

beforeAll(async () => {
  backend = await startMockServer({ port: 0, quiet: true, apiKeys: [BACKEND_KEY] });
  // A backend that ignores limit: every list is 25 animals long.
  lenient = createServer((req, res) => {
    const authorized = req.headers.authorization === `Bearer ${BACKEND_KEY}`;
    res.writeHead(authorized ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      authorized
        ? JSON.stringify(
            Array.from({ length: 25 }, (_, i) => ({
              id: i + 1,
              name: `Pet ${i + 1}`,
              categoryId: 1,
              status: 'available',
            })),
          )
        : '{"code":"unauthorized","message":"no key","status":401}',
    );
  });
  await new Promise<void>((resolve) => lenient.listen(0, '127.0.0.1', resolve));
  lenientUrl = `http://127.0.0.1:${(lenient.address() as AddressInfo).port}/v1`;
  app = join(testTempDir('traffic-app-'), 'app.mjs');
  writeFileSync(app, APP);
});

afterAll(async () => {
  await backend.close();
  await new Promise((resolve) => lenient.close(resolve));
});

const run = (baseUrl: string, steps: string, options: Partial<TrafficOptions> = {}) =>
  runTrafficStage(testContext({ baseUrl, apiKey: BACKEND_KEY }), {
    command: `node ${app} ${steps}`,
    startProxy: startTrafficProxy,
    ...options,
  });

it('passes a backend that keeps the interface, with the coverage of the traffic and the animals it left', async () => {
  const result = await run(backend.baseUrl, 'list create');
  expect(result.status, result.summary).toBe('passed');
  expect(result.findings).toEqual([]);
  expect(result.appFindings).toEqual([]);
  expect(result.coverage).toMatchObject({ met: 3, documented: 8, percent: 38, exchanges: 3 });
  expect(result.coverage?.operations.find((o) => o.operation === 'createPet')).toMatchObject({
    requests: 1,
    met: [201],
  });
  expect(result.coverage?.operations[0]?.rules).toContain('limit-max');
  expect(result.created).toBe(1);
  expect(result.createdIds).toHaveLength(1);
  expect(result.details[0]).toMatch(/the e2e command "node .*" exited 0 after/);
});

it('fails on the backend’s departure with its rule, the request, the answer and a curl against the backend', async () => {
  const result = await run(lenientUrl, 'list');
  expect(result.status).toBe('failed');
  const [finding] = result.findings;
  expect(finding).toMatchObject({ stage: 'traffic', rule: 'limit-max' });
  expect(finding?.request[0]).toBe(`GET ${lenientUrl}/pets?limit=5&status=available`);
  expect(finding?.response[0]).toBe('200');
  expect(finding?.curl).toContain(`${lenientUrl}/pets?limit=5&status=available`);
  expect(finding?.curl).toContain('authorization: Bearer $' + '{PETSTORE_API_KEY}');
  expect(finding?.curl).not.toContain(BACKEND_KEY);
  expect(result.cases?.some((c) => c.failure !== undefined && c.name.startsWith('limit-max'))).toBe(
    true,
  );
});

it('reports the app’s departure apart, and fails on it only with --e2e-client strict', async () => {
  const apart = await run(backend.baseUrl, 'list careless');
  expect(apart.status).toBe('passed');
  expect(apart.findings).toEqual([]);
  expect(apart.appFindings?.map((f) => f.rule)).toEqual(['limit-max']);
  expect(apart.appFindings?.[0]?.title).toBe('The app sent limit="500"');
  const strict = await run(backend.baseUrl, 'list careless', { client: 'strict' });
  expect(strict.status).toBe('failed');
  expect(strict.appFindingsFail).toBe(true);
});

it('says a failing e2e command with its exit code and last lines, and judges the traffic it sent', async () => {
  const result = await run(backend.baseUrl, 'list fail');
  expect(result.status).toBe('passed');
  expect(result.untested?.[0]).toMatch(/failed \(exit 3\)/);
  expect(result.details).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/the e2e command .* failed \(exit 3\) after/),
      '  | 1 failed: expected 3 animals, got 2',
    ]),
  );
  expect(result.coverage?.exchanges).toBe(1);
});

it('gives no verdict when the e2e command sent nothing through the proxy', async () => {
  const result = await run(backend.baseUrl, 'fail');
  expect(result.status).toBe('no-verdict');
  expect(result.noVerdict).toMatch(/failed \(exit 3\).*sent no request through the proxy/);
});

it('fails too little traffic under --e2e-min-coverage, naming what it met', async () => {
  const result = await run(backend.baseUrl, 'list', { minCoverage: 50 });
  expect(result.status).toBe('failed');
  expect(result.findings[0]?.title).toMatch(
    /Too little traffic: .* met 1 of 8 documented responses \(13 %\), under --e2e-min-coverage 50 %/,
  );
});

it('gives no verdict, saying when and where, when the backend stops answering during the tests', async () => {
  let served = 0;
  const sockets = new Set<import('node:net').Socket>();
  const dying = createServer((_req, res) => {
    served += 1;
    if (served > 1) {
      dying.close();
      for (const socket of sockets) socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  dying.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(dying.address() as AddressInfo).port}/v1`;
  const result = await run(url, 'list list');
  expect(result.status).toBe('no-verdict');
  expect(result.serverGone?.request).toBe('GET /v1/pets');
  expect(result.noVerdict).toMatch(
    /^the server gave no answer to 1 request\(s\) of the app's tests, .* it stopped at /,
  );
  expect(result.findings).toEqual([]);
});

it('gives no verdict, not a failure of coverage, when the e2e command sent nothing under --e2e-min-coverage', async () => {
  const result = await run(backend.baseUrl, 'fail', { minCoverage: 50 });
  expect(result.status).toBe('no-verdict');
  expect(result.findings).toEqual([]);
});
