import { expect, it } from 'vitest';
import { startMockServer } from '../mocks/testing/local-mock.ts';
import { runGate } from './run-gate.ts';
import { formatSummary } from './summary.ts';
import { gateVerdict } from './verdict.ts';

it('leaves at most --max-creates animals over every stage, and passes only as far as tested', {
  timeout: 300_000,
}, async () => {
  const mock = await startMockServer({ port: 0, seedCount: 0 });
  try {
    const report = await runGate({
      server: { baseUrl: mock.baseUrl, apiKey: mock.apiKeys[0] ?? '' },
      level: 'interface',
      maxCreates: 12,
    });
    const verdict = gateVerdict(report.results);
    const summary = formatSummary(report.results, report.totalMs, verdict);
    expect(verdict.code, summary).toBe(0);
    expect(mock.state().pets.length).toBeLessThanOrEqual(12);
    expect(mock.state().pets.length).toBeGreaterThan(0);
    expect(summary).toMatch(/gate CONFORMANT as far as tested: 3 passed/);
    const contract = report.results.find((r) => r.stage === 'contract');
    expect(contract?.untested?.length).toBeGreaterThan(0);
    // Every animal left is accounted for, with its id.
    const ids = report.results.flatMap((r) => r.createdIds ?? []);
    expect(ids.sort()).toEqual(
      mock
        .state()
        .pets.map((p) => String(p.id))
        .sort(),
    );
  } finally {
    await mock.close();
  }
});
