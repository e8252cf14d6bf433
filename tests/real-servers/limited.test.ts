/**
 * A server that takes only N connections at once, as uvicorn's --limit-concurrency does (a
 * 503 once N are open, the asking one and idle kept-alive ones counted): the finished FastAPI
 * service under `--limit-concurrency 4` passes the contract suite and the release gate at
 * --concurrency 4. The suite waits out the 503s it meets with 4 connections open and goes on
 * with fewer: 3, or 2 when uvicorn still counted a request it had answered (it drops a
 * finished request's task a moment after the answer left). The gate's tools send one request
 * at a time.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runGate } from '../../gate/run-gate.ts';
import { formatSummary } from '../../gate/summary.ts';
import { gateVerdict } from '../../gate/verdict.ts';
import { describeRun, runContractOn } from './contract-run.ts';
import { startService } from './services.ts';

it('passes FastAPI under uvicorn --limit-concurrency 4 at --concurrency 4', async () => {
  const service = await startService('fastapi-conforming', ['--limit-concurrency', '4']);
  const dir = await mkdtemp(join(tmpdir(), 'limited-'));
  try {
    const run = await runContractOn(service, ['--concurrency', '4']);
    expect(run.json.verdict, describeRun(run)).toBe('passed');
    const json = run.json as { concurrencyLowered?: { from: number; to: number } };
    // The 503s come with the fourth connection open: the run steps down, never to one.
    expect(json.concurrencyLowered?.to ?? 4).toBeGreaterThanOrEqual(2);
    const report = await runGate({
      server: { baseUrl: service.baseUrl, apiKey: service.apiKey },
      level: 'interface',
      concurrency: 4,
      junitDir: dir,
    });
    const verdict = gateVerdict(report.results);
    expect(verdict.code, formatSummary(report.results, report.totalMs, verdict)).toBe(0);
    expect(await readFile(join(dir, 'dredd.xml'), 'utf8')).not.toMatch(/<(failure|error) /);
  } finally {
    await service.process.stop();
    await rm(dir, { recursive: true, force: true });
  }
}, 400_000);
