import { expect, it } from 'vitest';
import { startMockServer } from '../mocks/testing/local-mock.ts';
import { runGate } from './run-gate.ts';
import { formatSummary, gatePassed } from './summary.ts';

it('leaves at most --max-creates animals over every stage, and passes only as far as tested', {
  timeout: 300_000,
}, async () => {
  const mock = await startMockServer({ port: 0, seedCount: 0 });
  try {
    const report = await runGate({
      server: { baseUrl: mock.baseUrl, apiKey: mock.apiKeys[0] ?? '' },
      level: 'interface',
      skip: ['lint'],
      maxCreates: 12,
    });
    const summary = formatSummary(report.results, report.totalMs);
    expect(gatePassed(report.results), summary).toBe(true);
    expect(mock.state().pets.length).toBeLessThanOrEqual(12);
    expect(mock.state().pets.length).toBeGreaterThan(0);
    expect(summary).toMatch(/gate PASSED as far as tested: 3 passed/);
    const contract = report.results.find((r) => r.stage === 'contract');
    expect(contract?.untested?.length).toBeGreaterThan(0);
  } finally {
    await mock.close();
  }
});
