/**
 * The contract suite against a conforming server (the project's mock) behind a front that
 * fails it as production servers fail, in the middle of a run: killed, restarted, hung,
 * throttled or overloaded. An outage is no verdict (exit 2), never a finding: the run stops,
 * says when and at which request, and its JUnit report holds what ran, valid for CI. A server
 * that sheds load for a moment, or takes only N requests at once at --concurrency N, passes;
 * --read-only and --max-creates 0 send no POST at all, the start-up included.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runContract } from '../../contract-tests/run/run.ts';
import type { ContractOptions } from '../../contract-tests/run/run-types.ts';
import { junitFaults } from '../../gate/junit-check.ts';
import { type FaultFront, type FrontMode, startFaultFront } from '../../lib/fault-front.ts';
import { startMockServer } from '../../mocks/testing/local-mock.ts';

const SLOW = { timeout: 240_000 };
let mock: Awaited<ReturnType<typeof startMockServer>>;
let front: FaultFront | undefined;
let dir: string;

beforeEach(async () => {
  mock = await startMockServer({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'contract-outages-'));
});
afterEach(async () => {
  await front?.close();
  front = undefined;
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the suite (quick depth) through a front on the mock, failing it as `faults` say. */
async function runWith(
  faults: { mode: FrontMode; after: number }[] = [],
  options: Partial<ContractOptions> & { limitConcurrency?: number } = {},
) {
  const { limitConcurrency, ...rest } = options;
  front = await startFaultFront(mock.origin, { limitConcurrency });
  for (const { mode, after } of faults) front.set(mode, after);
  const junitFile = join(dir, 'contract.xml');
  const result = await runContract({
    server: { baseUrl: `${front.origin}/v1`, apiKey: mock.apiKeys[0] ?? '' },
    depth: 'quick',
    requestTimeoutMs: 2_000,
    junitFile,
    ...rest,
  });
  const xml = await readFile(junitFile, 'utf8').catch(() => '');
  return { result, xml, front };
}

it(
  'stops with no verdict when the server is killed mid-run, saying when and where, its report valid',
  SLOW,
  async () => {
    const { result, xml } = await runWith([{ mode: { kind: 'down' }, after: 150 }]);
    expect(result.verdict, result.reason).toBe('could-not-test');
    expect(result.reason).toMatch(
      /^the server stopped answering at \d{4}-.*, at (GET|POST) \/v1\/pets.*: the connection was refused/,
    );
    expect(result.stopped).toMatchObject({
      kind: 'server-gone',
      request: expect.stringMatching(/\/v1\/pets/),
    });
    expect(result.reason).not.toContain(mock.apiKeys[0] ?? 'petstore-dev-key');
    expect(result.findings).toEqual([]);
    expect(xml).toMatch(/<testcase classname="run" name="the run stopped"/);
    expect(await junitFaults(xml)).toEqual([]);
  },
);

it('stops with no verdict when the server restarts mid-run with its data gone', SLOW, async () => {
  const restart: FrontMode = { kind: 'restart', downMs: 3_000, onRestart: () => mock.reset() };
  const { result, xml } = await runWith([{ mode: restart, after: 150 }]);
  expect(result.verdict, result.reason).toBe('could-not-test');
  expect(result.stopped?.kind).toBe('server-gone');
  expect(result.findings).toEqual([]);
  expect(await junitFaults(xml)).toEqual([]);
});

it('gives up on a server that hangs mid-run, soon, with no verdict', SLOW, async () => {
  const { result, xml } = await runWith([{ mode: { kind: 'hang' }, after: 150 }]);
  expect(result.verdict, result.reason).toBe('could-not-test');
  // Requests in flight when it hung time out together: the first tells, or three in a row do.
  expect(result.reason).toMatch(
    /(no answer within 2 s, and none to GET \/v1\/pets either|3 requests in a row got no answer within 2 s): it hangs/,
  );
  expect(result.reason).not.toContain(mock.apiKeys[0] ?? 'petstore-dev-key');
  expect(await junitFaults(xml)).toEqual([]);
});

it('waits out a moment of 503 and 429 and passes, judging none of them', SLOW, async () => {
  const { result } = await runWith([
    { mode: { kind: 'shed', status: 503 }, after: 100 },
    { mode: { kind: 'pass' }, after: 103 },
    { mode: { kind: 'shed', status: 429, retryAfter: '1' }, after: 200 },
    { mode: { kind: 'pass' }, after: 202 },
  ]);
  expect(result.verdict, result.reason ?? result.summary).toBe('passed');
  expect(result.throttled).toBeGreaterThan(0);
});

it('stops with no verdict when the server sheds load with 503 for good', SLOW, async () => {
  const { result, xml } = await runWith([{ mode: { kind: 'shed', status: 503 }, after: 100 }]);
  expect(result.verdict, result.reason).toBe('could-not-test');
  expect(result.reason).toMatch(/answered 503 to .* 11 times in a row/);
  expect(result.stopped?.kind).toBe('throttled');
  expect(await junitFaults(xml)).toEqual([]);
});

it('stops at its --timeout with no verdict, its report saying so', SLOW, async () => {
  // Every answer 300 ms late: a run of hundreds of requests cannot end within 3 s.
  await mock.close();
  mock = await startMockServer({ port: 0, quiet: true, delay: 300 });
  const { result, xml } = await runWith([], { timeoutMs: 3_000 });
  expect(result.verdict, result.reason).toBe('could-not-test');
  expect(result.stopped?.kind).toBe('time-up');
  expect(result.reason).toMatch(/did not finish within its --timeout/);
  expect(xml).toMatch(/<testcase classname="run" name="the run stopped"/);
  expect(await junitFaults(xml)).toEqual([]);
});

it(
  'passes a server that takes 4 requests at once at --concurrency 4, bursts included',
  SLOW,
  async () => {
    const { result, front } = await runWith([], { limitConcurrency: 4, concurrency: 4 });
    expect(result.verdict, result.reason ?? result.summary).toBe('passed');
    expect(front.peakInFlight()).toBeLessThanOrEqual(4);
    expect(result.throttled).toBe(0);
  },
);

it('sends no POST with --read-only or --max-creates 0, the start-up included', SLOW, async () => {
  for (const options of [{ readOnly: true }, { maxCreates: 0 }]) {
    const { result, front } = await runWith([], options);
    expect(result.verdict, JSON.stringify(options)).toBe('passed');
    expect(
      front.seen.filter((r) => r.method !== 'GET'),
      JSON.stringify(options),
    ).toEqual([]);
    expect(result.created).toEqual([]);
    await front.close();
  }
});

it('has no verdict for a base URL that serves nothing of the interface', async () => {
  // A front office answering 404 to everything at the address given (a wrong prefix).
  const nothing = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Not Found</h1>');
  });
  await new Promise<void>((resolve) => nothing.listen(0, '127.0.0.1', resolve));
  const { port } = nothing.address() as AddressInfo;
  try {
    const result = await runContract({
      server: { baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: 'k' },
    });
    expect(result.verdict).toBe('could-not-test');
    expect(result.reason).toMatch(
      /^nothing of the interface answers at .*\/api\/v1: GET .* answered 404/,
    );
  } finally {
    nothing.close();
  }
});
