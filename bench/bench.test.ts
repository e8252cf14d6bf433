import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { QuickRun } from './contract-quick.ts';
import { RATE_LIMIT } from './far-suite.ts';
import type { ProxyRow } from './proxy.ts';
import type { BenchResult } from './run.ts';
import type { TrafficBench } from './traffic.ts';
import { WORKLOADS } from './workloads.ts';

// A smoke run of the real command at a tiny size, bare server and mock only (no Prism):
// it checks the shape of what is written and that every request succeeded, never timings,
// because the machines running the tests are shared and noisy.
const root = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'bench-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function runQuickBench(): Promise<{ code: number | null; output: string }> {
  const args = [
    '--import',
    'tsx',
    'scripts/bench.ts',
    '--quick',
    '--duration',
    '0.5',
    '--warmup',
    '0',
  ];
  args.push('--sizes', '20,60', '--servers', 'bare,mock', '--no-pin', '--out', out);
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, timeout: 420_000 }, (error, stdout, stderr) => {
      // Its progress goes to stderr, its tables and verdicts to stdout: a failure shows both.
      const output = `${stderr}\n${stdout}`;
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output });
    });
  });
}

it('writes a complete result with every request answered 2xx in quick mode', async () => {
  const { code, output } = await runQuickBench();
  expect(code, output).toBe(0);
  const result = JSON.parse(readFileSync(join(out, 'latest.json'), 'utf8')) as BenchResult;
  expect(result.options.sizes).toEqual([20, 60]);
  expect(result.runs.map((run) => `${run.server}@${run.seedCount}`).sort()).toEqual([
    'bare@20',
    'bare@60',
    'mock@20',
    'mock@60',
  ]);
  for (const run of result.runs) {
    expect(run.startupMs).toBeGreaterThan(0);
    expect(Object.keys(run.workloads)).toEqual([...WORKLOADS]);
    for (const load of Object.values(run.workloads)) {
      expect(load.requests).toBeGreaterThan(0);
      expect(load.non2xx).toBe(0);
      expect(load.errors).toBe(0);
      expect(load.rps).toBeGreaterThan(0);
      expect(load.p99Ms).toBeGreaterThanOrEqual(0);
    }
  }
  expect(
    result.runs.find((run) => run.server === 'mock' && run.seedCount === 60)?.rssMiB,
  ).toBeGreaterThan(0);
  expect(result.failedRuns).toEqual([]);
  expect(Object.keys(result.startupMs).sort()).toEqual(['bare', 'mock']);
  const verdicts = new Map(result.verdicts.map((v) => [v.target, v.result]));
  expect(verdicts.get('mock/bare listPets @20')).toMatch(/^(pass|fail)$/);
  expect(verdicts.get('mock/prism listPets @20')).toBe('skipped');
  expect(verdicts.get('start-up mock/prism')).toBe('skipped');
  // The suite against the mock 10 ms away, then rate-limited: both pass, the second throttled.
  const far = JSON.parse(readFileSync(join(out, 'far-latest.json'), 'utf8')) as {
    runs: { delayMs: number; verdict: string; rateLimit?: number; throttled: number }[];
  };
  expect(far.runs.map((run) => `${run.delayMs} ${run.verdict} ${run.rateLimit ?? '-'}`)).toEqual([
    '10 passed -',
    `10 passed ${RATE_LIMIT}`,
  ]);
  expect(far.runs[1]?.throttled).toBeGreaterThan(0);
  // The proxy in front of the bare backend, beside it direct: every request answered, and the
  // one-at-a-time pass timed each target's requests (no Prism here).
  const proxy = JSON.parse(readFileSync(join(out, 'proxy-latest.json'), 'utf8')) as ProxyRow[];
  expect(proxy.map((row) => `${row.workload} ${row.target}`)).toEqual(
    ['listPets', 'getPet', 'createPet'].flatMap((w) =>
      ['direct', 'floor-proxy', 'mock-proxy'].map((target) => `${w} ${target}`),
    ),
  );
  for (const row of proxy) {
    expect(row.non2xx + row.errors).toBe(0);
    expect(row.alone.count).toBeGreaterThanOrEqual(50);
    expect(row.alone.p50Us).toBeGreaterThan(0);
    expect(row.alone.p99Us).toBeGreaterThanOrEqual(row.alone.p50Us);
  }
  // The app's run (scripted in quick mode) direct, through the proxy and through the gate's
  // traffic stage, each timed and its CPU counted.
  const traffic = JSON.parse(
    readFileSync(join(out, 'traffic-latest.json'), 'utf8'),
  ) as TrafficBench;
  expect(traffic.rows.map((row) => `${row.target} ${row.runs}`)).toEqual([
    'direct 1',
    'mock-proxy 1',
    'gate 1',
  ]);
  for (const row of traffic.rows) {
    expect(row.wallMs).toBeGreaterThan(0);
    expect(row.cpuMs).toBeGreaterThan(0);
  }
  // The mock with no page and with a console page following, every request answered.
  const page = JSON.parse(readFileSync(join(out, 'console-latest.json'), 'utf8')) as {
    workloads: Record<
      string,
      Record<'without' | 'following', { requests: number; non2xx: number }>
    >;
  };
  expect(Object.keys(page.workloads)).toEqual([...WORKLOADS]);
  for (const states of Object.values(page.workloads))
    for (const run of [states.without, states.following]) {
      expect(run.requests).toBeGreaterThan(0);
      expect(run.non2xx).toBe(0);
    }
  // The quick contract run against the mock, once, passing, its time and CPU read.
  const quick = JSON.parse(readFileSync(join(out, 'contract-latest.json'), 'utf8')) as {
    runs: QuickRun[];
  };
  expect(quick.runs.map((run) => `${run.checkout} ${run.verdict}`)).toEqual(['this passed']);
  expect(quick.runs[0]?.wallS).toBeGreaterThan(0);
}, 450_000);
