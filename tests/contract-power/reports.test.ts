/**
 * What the contract suite's reports say of a broken server, as CI reads them: a set-up that
 * a broken creation stopped names the rule, the request and a curl (never a bare "a request
 * this test builds on failed"), no test runner's own error text reaches a report, and the
 * JUnit file passes xmllint and junit-report-merger's counts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runContract } from '../../contract-tests/run/run.ts';
import { BROKEN_SERVER_KEY, startBrokenServer } from '../../gate/broken-server.ts';
import { junitFaults } from '../../gate/junit-check.ts';

it('reports the set-ups a broken creation stopped with their cause, in a report CI reads', async () => {
  const server = await startBrokenServer();
  const dir = await mkdtemp(join(tmpdir(), 'contract-reports-'));
  try {
    const junitFile = join(dir, 'contract.xml');
    const result = await runContract({
      server: { baseUrl: server.baseUrl, apiKey: BROKEN_SERVER_KEY },
      depth: 'quick',
      junitFile,
    });
    expect(result.verdict).toBe('failed');
    const xml = await readFile(junitFile, 'utf8');
    expect(await junitFaults(xml)).toEqual([]);
    const setUps = [
      ...xml.matchAll(
        /<testcase classname="[^"]*" name="([^"]*\(set-up\))"[^>]*>\s*<failure message="([^"]*)"[^>]*>([^<]*)</g,
      ),
    ];
    expect(setUps.length).toBeGreaterThan(0);
    for (const [, name, message, body] of setUps) {
      expect(message, name).toMatch(/^[a-z0-9-]+: /);
      expect(body, name).toMatch(/Reproduce: curl -i -X POST/);
    }
    expect(xml).not.toMatch(/StopError|an unexpected error in the suite|Cannot annotate tests/);
    expect(result.report).not.toMatch(/Cannot annotate tests/);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 180_000);
