import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../lib/ports.ts';
import { runContract } from './run.ts';

it('passes the project mock, started for the run, and reports counts, coverage and JUnit', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'run-contract-'));
  try {
    const junitFile = join(dir, 'contract.xml');
    const started: string[] = [];
    const result = await runContract({
      level: 'strict',
      seed: 5,
      runs: 3,
      junitFile,
      onStart: (run) => started.push(`${run.level} ${run.seed} ${run.localMock}`),
    });
    expect(result.verdict, result.report).toBe('passed');
    expect(started).toEqual(['strict 5 true']);
    expect(result.counts.failed).toBe(0);
    expect(result.counts.passed).toBeGreaterThan(100);
    expect(result.coverage).toMatch(/^ {2}createPet +201: [1-9]/m);
    expect(result.junitFile).toBe(junitFile);
    expect(await readFile(junitFile, 'utf8')).toContain('<testsuites name="petstore-contract"');
    expect(result.report).toMatch(/Test Files +8 passed/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);

it('could not test a server that does not answer, and says why without running the suite', async () => {
  const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
  const result = await runContract({ server: { baseUrl, apiKey: 'k' } });
  expect(result).toMatchObject({ verdict: 'could-not-test', counts: { tests: 0 } });
  expect(result.reason).toContain(`cannot reach ${baseUrl} (ECONNREFUSED)`);
});
