/**
 * The faults that break an answer's body, as a frontend meets them, over real HTTP (the
 * standalone server writes them on the socket) and in-process (setupServer: a Fetch body).
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import { createNodeHandlers } from './index.ts';
import { type MockServer, startMockServer } from './server.ts';

const IN_PROCESS = 'http://shapes.test';
const server = setupServer(...createNodeHandlers({ origin: IN_PROCESS }));
let standalone: MockServer;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  standalone = await startMockServer({ port: 0 });
});
afterAll(async () => {
  server.close();
  await standalone.close();
});

const FORMS = [
  ['standalone', () => standalone.origin],
  ['setupServer', () => IN_PROCESS],
] as const;
let counter = 0;

async function faulted(origin: string, fault: object, path = '/v1/pets') {
  const session = `shape-${counter++}`;
  const headers = { 'content-type': 'application/json', 'x-mock-session': session };
  const queued = await fetch(`${origin}/__mock/faults`, {
    method: 'POST',
    headers,
    body: JSON.stringify(fault),
  });
  expect(queued.status).toBe(201);
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    headers: { authorization: `Bearer ${DEFAULT_API_KEY}`, 'x-mock-session': session },
  });
  return { response, started, session };
}

it.each(FORMS)(
  '%s: cuts a body short, so reading it fails after the headers came',
  async (_, origin) => {
    const { response } = await faulted(origin(), { operation: 'listPets', answer: 'cut-short' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    await expect(response.json()).rejects.toThrow();
  },
);

it.each(FORMS)(
  '%s: answers a page that is not JSON, with the status given or the operation’s',
  async (_, origin) => {
    const { response } = await faulted(origin(), { operation: 'listPets', answer: 'not-json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    await expect(response.json()).rejects.toThrow(SyntaxError);
    const bad = await faulted(origin(), { answer: 'not-json', status: 502 });
    expect(bad.response.status).toBe(502);
    expect(await bad.response.text()).toContain('<h1>502</h1>');
  },
);

it.each(FORMS)('%s: trickles a body over the fault’s time, whole in the end', async (_, origin) => {
  const { response, started } = await faulted(
    origin(),
    {
      operation: 'getPet',
      answer: 'trickle',
      delayMs: 400,
    },
    '/v1/pets/1',
  );
  expect(response.status).toBe(200);
  const pieces: Uint8Array[] = [];
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (chunk === undefined || chunk.done) break;
    pieces.push(chunk.value);
  }
  expect(pieces.length).toBeGreaterThan(2);
  expect(JSON.parse(Buffer.concat(pieces).toString('utf8'))).toMatchObject({ id: 1 });
  expect(performance.now() - started).toBeGreaterThanOrEqual(350);
});

it.each(FORMS)(
  '%s: journals a shaped answer with the body the mock meant, and the fault',
  async (_, origin) => {
    const { response, session } = await faulted(
      origin(),
      { operation: 'getPet', answer: 'cut-short', status: 503 },
      '/v1/pets/1',
    );
    expect(response.status).toBe(503);
    await response.text().catch(() => undefined);
    const journal = await fetch(`${origin()}/__mock/requests`, {
      headers: { 'x-mock-session': session },
    });
    const [entry] = (await journal.json()) as {
      status: number;
      fault: object;
      response: { body: object };
    }[];
    expect(entry).toMatchObject({
      status: 503,
      fault: { answer: 'cut-short', status: 503 },
      response: { body: { code: 'service_unavailable' } },
    });
  },
);
