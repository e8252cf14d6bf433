/**
 * The strict level's power: the real mock behind a proxy that breaks one decision each.
 * Strict must fail every one; the interface level must pass them, since only our
 * decisions are broken.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer } from '../../mocks/node/server.ts';
import {
  DECISION_FAULTS,
  type DecisionFault,
  STRICT_ONLY,
  startDecisionProxy,
} from './decision-proxy.ts';
import { inPool, runContractCli } from './run-cli.ts';

type Run = { fault?: DecisionFault; level: 'interface' | 'strict' };
const runs: Run[] = [
  // The control: the proxy itself breaks nothing, so strict passes through it.
  { level: 'strict' },
  ...DECISION_FAULTS.flatMap((fault) => [
    { fault, level: 'strict' as const },
    ...(STRICT_ONLY.includes(fault) ? [] : [{ fault, level: 'interface' as const }]),
  ]),
];
const results = new Map<string, { code: number | null; output: string }>();
const key = (r: Run) => `${r.fault ?? 'no fault'}/${r.level}`;

beforeAll(async () => {
  await inPool(runs, 2, async (run) => {
    const mock = await startMockServer({ port: 0, quiet: true });
    const proxy = await startDecisionProxy(mock.origin, run.fault);
    try {
      const args = ['--base-url', proxy.baseUrl, '--api-key', mock.apiKeys[0] ?? ''];
      results.set(
        key(run),
        await runContractCli([...args, '--level', run.level, '--seed', '3', '--depth', 'quick']),
      );
    } finally {
      await proxy.close();
      await mock.close();
    }
  });
}, 600_000);

afterAll(() => {
  const caught = DECISION_FAULTS.filter((f) => results.get(`${f}/strict`)?.code === 1).length;
  const lines = runs.map((run) => {
    const rules = [...(results.get(key(run))?.output ?? '').matchAll(/^\d+\. ([a-z0-9-]+) \(/gm)];
    return `  ${key(run).padEnd(32)} exit ${results.get(key(run))?.code} ${rules.map((m) => m[1]).join(', ')}`;
  });
  process.stdout.write(
    `strict power: caught ${caught}/${DECISION_FAULTS.length} broken decisions\n${lines.join('\n')}\n`,
  );
});

for (const run of runs) {
  const expected = run.level === 'strict' && run.fault ? 1 : 0;
  it(`${expected ? 'fails' : 'passes'} the mock with ${run.fault ?? 'no fault'} at ${run.level} level`, () => {
    const result = results.get(key(run));
    expect(result?.code, result?.output.split('\n').slice(-60).join('\n')).toBe(expected);
    // Every failure names the rule it breaks, a set-up's included (no runner error instead).
    expect(result?.output).not.toContain('failed without naming a rule');
  });
}
