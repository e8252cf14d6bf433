import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { startLocalMock, startMockServer } from '../../mocks/testing/local-mock.ts';
import { listRules, type RuleId } from '../../spec/rules.ts';
import { runContract } from './run.ts';

/**
 * Decisions no request of the suite can observe on a healthy server, and why. Every other
 * rule must be judged by some check in a run against the mock at its level.
 */
const NOT_OBSERVABLE: Partial<Record<RuleId, string>> = {
  'rate-limited': 'only when rate limiting is switched on, which the interface does not show',
  'retry-after': 'only on a 429 or 503',
  'internal-error': 'only on a fault of the server',
  'service-unavailable': 'only when forced with a mock control or when the store is full',
  'ids-exhausted': 'only once a session holds the id 2^63-1, which no test run should leave behind',
  sessions: "the mock's own controls (X-Mock-Session): tests/sessions and mocks/ check them",
  faults: "the mock's own controls (/__mock/faults): tests/sessions and mocks/ check them",
};

it('passes the project mock at strict level, judging every decision observable over HTTP', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'run-contract-'));
  try {
    const junitFile = join(dir, 'contract.xml');
    const started: string[] = [];
    const result = await runContract({
      startServer: () => startLocalMock(),
      level: 'strict',
      seed: 5,
      depth: 'quick',
      junitFile,
      onStart: (run) => started.push(`${run.level} ${run.seed} ${run.depth} ${run.localMock}`),
    });
    expect(result.verdict, result.report).toBe('passed');
    expect(started).toEqual(['strict 5 quick true']);
    expect(result.counts.failed).toBe(0);
    expect(result.counts.passed).toBeGreaterThan(100);
    expect(result.coverage).toMatch(/^ {2}createPet +201: [1-9]/m);
    expect(result.junitFile).toBe(junitFile);
    expect(await readFile(junitFile, 'utf8')).toContain('<testsuites name="petstore-contract"');
    expect(result.report).toMatch(/✓ strict-listing +\d+ checks/);
    const unjudged = listRules()
      .filter((rule) => !result.rulesChecked.includes(rule.id) && !NOT_OBSERVABLE[rule.id])
      .map((rule) => rule.id);
    expect(unjudged, 'rules no check judged').toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);

it('judges every interface rule at interface level', async () => {
  const result = await runContract({
    startServer: () => startLocalMock(),
    seed: 5,
    depth: 'quick',
  });
  expect(result.verdict, result.report).toBe('passed');
  const unjudged = listRules()
    .filter((rule) => rule.level === 'interface' && !result.rulesChecked.includes(rule.id))
    .map((rule) => rule.id);
  expect(unjudged, 'interface rules no check judged').toEqual([]);
}, 120_000);

it('observes the empty catalogue and filters of the mock started empty, and passes them', async () => {
  const result = await runContract({
    startServer: async () => {
      const mock = await startMockServer({ port: 0, seedCount: 0, quiet: true });
      return { baseUrl: mock.baseUrl, apiKey: mock.apiKeys[0] ?? '', close: () => mock.close() };
    },
    seed: 5,
    depth: 'quick',
  });
  expect(result.verdict, result.report).toBe('passed');
  expect(result.report).toMatch(/✓ 0-empty-start +4 checks \(/);
  expect(result.report).not.toContain('skipped: answers 200 with an empty array');
}, 120_000);

it('could not test a server that does not answer, and says why without running the suite', async () => {
  const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
  const result = await runContract({ server: { baseUrl, apiKey: 'k' } });
  expect(result).toMatchObject({ verdict: 'could-not-test', counts: { tests: 0 } });
  expect(result.reason).toContain(`cannot reach ${baseUrl} (ECONNREFUSED)`);
});

it('could not test without a server, and says what to give', async () => {
  const result = await runContract({});
  expect(result).toMatchObject({ verdict: 'could-not-test', counts: { tests: 0 } });
  expect(result.reason).toContain('no server to test');
});
