/**
 * The consumer-contract flow in this repository's source: an app's traffic against the mock
 * written as a pact, Pact's own Verifier passing it against a fresh mock (its provider states
 * set up by POST /__mock/pact/states), and runContract({ pact }) holding independent servers
 * to it: one whose gap choices differ only where the app does not look passes, one that lists
 * newest first or stores no default status fails, naming the interaction that relied on it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runContract } from '../../contract-tests/run/run.ts';
import { type MockServer, startMockServer } from '../../mocks/node/index.ts';
import { REFERENCE_KEY, startReferenceServer } from '../contract-power/reference-server.ts';
import type { Variant } from '../contract-power/variants.ts';

process.env.PACT_DO_NOT_TRACK = 'true';
const KEY = 'petstore-dev-key';
let app: MockServer;
let dir: string;

/** What a small app does: list the available animals, add one without status, open it. */
async function appTraffic(mock: MockServer, session: string) {
  const headers = { authorization: `Bearer ${KEY}`, 'x-mock-session': session };
  await fetch(`${mock.baseUrl}/pets?status=available&limit=100`, { headers });
  const created = await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Biscuit', categoryId: 2 }),
  });
  const { id } = (await created.json()) as { id: number };
  await fetch(`${mock.baseUrl}/pets/${id}`, { headers });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-pact-'));
  app = await startMockServer({ port: 0 });
  await appTraffic(app, 'app');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

it.for([3, 4] as const)(
  "passes Pact's Verifier against a fresh mock (specification v%i)",
  { timeout: 120_000 },
  async (specification) => {
    const file = join(dir, `web-${specification}.json`);
    await writeFile(
      file,
      JSON.stringify(app.session('app').pact({ consumer: 'web', specification })),
    );
    const target = await startMockServer({ port: 0 });
    const origin = target.baseUrl.replace(/\/v1$/, '');
    try {
      const output = await new Verifier({
        providerBaseUrl: origin,
        pactUrls: [file],
        providerStatesSetupUrl: `${origin}/__mock/pact/states`,
        customProviderHeaders: { Authorization: `Bearer ${KEY}`, 'X-Mock-Session': 'verify' },
        logLevel: 'error',
      }).verifyProvider();
      const results = (JSON.parse(String(output)) as { interactionResults: { result: string }[] })
        .interactionResults;
      expect(results.map((r) => r.result)).toEqual(['OK', 'OK', 'OK']);
    } finally {
      await target.close();
    }
  },
);

/** runContract with the app's pact against the reference server filling the gaps as `variant`. */
async function againstReference(variant: Variant) {
  const server = await startReferenceServer({ variant });
  try {
    return await runContract({
      server: { baseUrl: server.baseUrl, apiKey: REFERENCE_KEY },
      pact: app.session('app').pact({ consumer: 'web' }),
      depth: 'quick',
    });
  } finally {
    await server.close();
  }
}

it('passes a conforming server whose other gap choices the app does not depend on', {
  timeout: 180_000,
}, async () => {
  const result = await againstReference({
    codeStyle: 'upper',
    clampLimit: true,
    maxNameLength: 50,
    ignoreExtraProperties: true,
    preload: 30,
  });
  expect(result.findings).toEqual([]);
  expect(result.verdict).toBe('passed');
  expect(result.pact?.interactions.map((i) => i.state)).toEqual(['passed', 'passed', 'passed']);
  expect(result.pact?.profile).toEqual({
    order: 'id-asc',
    defaultStatus: 'available',
  });
});

it('fails a server that lists newest first, naming the interaction that relied on the order', {
  timeout: 180_000,
}, async () => {
  const result = await againstReference({ newestFirst: true, preload: 30 });
  expect(result.verdict).toBe('failed');
  expect(result.findings.map((f) => [f.rule, f.interaction])).toEqual([
    ['pact-gap', 'listPets: GET /v1/pets?limit=100&status=available, answered 200'],
  ]);
  expect(result.summary).toContain(
    'Interaction: "listPets: GET /v1/pets?limit=100&status=available, answered 200"',
  );
  expect(result.findings[0]?.example.curl).toContain("/v1/pets?status=available&limit=100'");
});

it('fails a server that stores no default status, naming the creation that relied on it', {
  timeout: 180_000,
}, async () => {
  const result = await againstReference({ defaultStatus: null });
  expect(result.verdict).toBe('failed');
  expect(result.findings.map((f) => [f.rule, f.interaction])).toEqual([
    ['pact-gap', 'createPet: POST /v1/pets with {categoryId, name}, answered 201'],
  ]);
  expect(result.findings[0]?.example.message).toContain('Received: status "omitted"');
  expect(result.findings[0]?.followedBy.map((f) => f.rule)).toEqual(['pact-interaction']);
});

it('skips, saying why, an interaction whose state the interface cannot make, and creations when read-only', {
  timeout: 180_000,
}, async () => {
  await app.session('empty').seed([]);
  const headers = { authorization: `Bearer ${KEY}`, 'x-mock-session': 'empty' };
  await fetch(`${app.baseUrl}/pets?status=sold`, { headers });
  await fetch(`${app.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Solo', categoryId: 1 }),
  });
  const pact = app.session('empty').pact({ consumer: 'web' });
  expect(pact.interactions[0]?.providerStates).toEqual([
    { name: 'no animals exist', params: { status: 'sold' } },
  ]);
  const server = await startReferenceServer({ variant: { preload: 5, preloadStatus: 'sold' } });
  try {
    const result = await runContract({
      server: { baseUrl: server.baseUrl, apiKey: REFERENCE_KEY },
      pact,
      readOnly: true,
      depth: 'quick',
    });
    expect(result.verdict).toBe('passed');
    expect(result.pact?.interactions).toEqual([
      expect.objectContaining({
        state: 'skipped',
        note: expect.stringContaining(
          'cannot be set up through the interface, which deletes nothing: the server holds animals of status sold',
        ),
      }),
      expect.objectContaining({
        state: 'skipped',
        note: 'it needs a creation (--read-only sends GET requests only)',
      }),
    ]);
  } finally {
    await server.close();
  }
});
