/**
 * The contract suite against apps in this process, with no port: the examples of
 * docs/contract.md pass, and the bridge carries faults back as failures.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import type { AppFetch } from '../../contract-tests/run/run.ts';
import { runContract } from '../../contract-tests/run/run.ts';
import { checkFastifyApp } from '../../docs/contract/fastify.ts';
import { checkHonoApp } from '../../docs/contract/hono.ts';
import { createHonoApp } from '../../docs/contract/hono-app.ts';

const root = new URL('../../', import.meta.url);
const apiKey = 'test-key';

it('passes the Hono example, each request one call of app.fetch', async () => {
  const result = await checkHonoApp();
  expect(result.verdict, result.summary || result.report).toBe('passed');
  expect(result.run).toMatchObject({ baseUrl: 'http://petstore.test/v1', inProcess: true });
  expect(result.coverage).toMatch(/^ {2}getPet +200: [1-9]\d*.*\| 404: [1-9]/m);
}, 120_000);

it('passes the Fastify example, each request one call of inject()', async () => {
  const result = await checkFastifyApp();
  expect(result.verdict, result.summary || result.report).toBe('passed');
  expect(result.counts.passed).toBeGreaterThan(100);
}, 120_000);

it('fails an app whose getPet answers 200 for an absent pet, naming get-404', async () => {
  const app = createHonoApp({ apiKey });
  const broken: AppFetch = async (request) => {
    const response = await app.fetch(request);
    if (response.status !== 404) return response;
    return Response.json({ id: 1, name: 'Rex', categoryId: 1, status: 'available' });
  };
  const result = await runContract({ fetch: broken, apiKey, depth: 'quick' });
  expect(result.verdict).toBe('failed');
  expect(result.summary).toMatch(/^\d+\. get-404 \(interface rule\)/m);
}, 120_000);

it('fails, naming the request and the error, when the app throws during the suite', async () => {
  const app = createHonoApp({ apiKey });
  const throwing: AppFetch = (request) => {
    if (new URL(request.url).searchParams.get('status') === 'sold') throw new Error('db is down');
    return app.fetch(request);
  };
  const result = await runContract({ fetch: throwing, apiKey, depth: 'quick' });
  expect(result.verdict).toBe('failed');
  // The simplest request that shows it: a plain list filtered by sold.
  expect(result.summary).toMatch(
    /could not reach the in-process app: GET http:\/\/petstore\.test\/v1\/pets\?(limit=\d+&)?status=sold: the app's fetch threw Error: db is down/,
  );
}, 120_000);

it('could not test an app whose fetch throws at once, and says so without running the suite', async () => {
  const result = await runContract({
    fetch: () => {
      throw new TypeError('app.fetch is not a function');
    },
    apiKey,
    baseUrl: 'http://api.test/v1/',
  });
  expect(result).toMatchObject({ verdict: 'could-not-test', counts: { tests: 0 } });
  expect(result.reason).toContain(
    "cannot reach the in-process app at http://api.test/v1: GET http://api.test/v1/pets?limit=1: the app's fetch threw TypeError: app.fetch is not a function",
  );
});

it('could not test an app without a key, nor one given with a server too', async () => {
  const { fetch } = createHonoApp({ apiKey });
  const keyless = await runContract({ fetch });
  expect(keyless.reason).toContain('an app in this process needs apiKey too');
  const both = await runContract({
    fetch,
    apiKey,
    server: { baseUrl: 'http://a.test/v1', apiKey },
  });
  expect(both.reason).toContain('give one server to test: fetch');
});

it('quotes the examples of docs/contract/ verbatim in docs/contract.md', async () => {
  const page = await readFile(new URL('docs/contract.md', root), 'utf8');
  const quoted = [...page.matchAll(/<!-- (docs\/contract\/[\w.-]+) -->\n```ts\n([\s\S]*?)```/g)];
  expect(quoted.map(([, path]) => path)).toEqual([
    'docs/contract/fastify.ts',
    'docs/contract/hono.ts',
  ]);
  for (const [, path, code] of quoted)
    expect(code, path).toBe(await readFile(new URL(path as string, root), 'utf8'));
});

it('leaves at most maxCreates animals in the app, lists each in result.created, and skips the rest', async () => {
  const app = createHonoApp({ apiKey });
  let stored = 0;
  const counting: AppFetch = async (request) => {
    const response = await app.fetch(request);
    if (request.method === 'POST' && response.status === 201) stored += 1;
    return response;
  };
  const result = await runContract({ fetch: counting, apiKey, depth: 'quick', maxCreates: 12 });
  expect(result.verdict, result.summary || result.report).toBe('passed');
  expect(result.created.length).toBeLessThanOrEqual(12);
  expect(stored).toBe(result.created.length);
  expect(result.created.every((c) => c.id !== null && /^\d+$/.test(c.id))).toBe(true);
  expect(result.skipped.filter((s) => s.note?.includes('--max-creates 12')).length).toBeGreaterThan(
    10,
  );
}, 120_000);
