/**
 * The quick contract run against the mock, as users run it (the checkout's `petstore-contract`
 * bin, `--depth quick --json`), on one mock in its own process: its wall time and CPU, and,
 * given another checkout (`--contract-before DIR`, e.g. a worktree of the commit before a
 * change), the same run of that checkout's command taking turns with this one's, so the two
 * are read as a ratio measured side by side. Issue 48's goal: at most 1.25 of before.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/ports.ts';
import { startProcess } from '../lib/process.ts';
import { runProcess, waitForOutput } from '../lib/run-process.ts';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = 'scripts/bin/petstore-contract.js';
/** The most a quick run may cost over the checkout before it (issue 48). */
export const QUICK_GOAL_RATIO = 1.25;

/** One quick run: whose command, how long, how much CPU (user + system), and its verdict. */
export type QuickRun = {
  checkout: 'this' | 'before';
  wallS: number;
  cpuS?: number;
  verdict: string;
};

/** Runs one checkout's command once against `baseUrl`, timed by /usr/bin/time when there is one. */
async function quickRun(
  checkout: QuickRun['checkout'],
  dir: string,
  baseUrl: string,
): Promise<QuickRun> {
  const out = await mkdtemp(join(tmpdir(), 'bench-quick-'));
  const file = join(out, 'result.json');
  const args = [
    join(dir, BIN),
    '--base-url',
    baseUrl,
    '--api-key',
    DEFAULT_API_KEY,
    '--depth',
    'quick',
    '--json',
    file,
  ];
  const timed = existsSync('/usr/bin/time');
  const started = performance.now();
  try {
    const run = timed
      ? await runProcess('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, ...args], {
          cwd: dir,
          timeoutMs: 600_000,
        })
      : await runProcess(process.execPath, args, { cwd: dir, timeoutMs: 600_000 });
    const wallS = (performance.now() - started) / 1000;
    const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(run.stderr);
    const result = JSON.parse(await readFile(file, 'utf8').catch(() => 'null')) as {
      verdict: string;
    } | null;
    return {
      checkout,
      wallS,
      ...(cpu ? { cpuS: Number(cpu[1]) + Number(cpu[2]) } : {}),
      verdict: result?.verdict ?? `no result (exit ${run.code}): ${run.output.slice(-300)}`,
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** `runs` quick runs of this checkout, and of `before` when given, taking turns, on one mock. */
export async function runContractQuickBench(options: {
  runs: number;
  before?: string;
  say: (line: string) => void;
}): Promise<QuickRun[]> {
  const port = await freePort();
  const mock = startProcess(
    process.execPath,
    ['scripts/bin/petstore-mock.js', '--port', String(port), '--seed-count', '0', '--quiet'],
    { cwd: ROOT },
  );
  try {
    await waitForOutput(mock, /listening on (http\S+)/, 'the mock', 60_000);
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const runs: QuickRun[] = [];
    for (let i = 0; i < options.runs; i++) {
      options.say(
        `quick contract run ${i + 1} of ${options.runs}${options.before ? ', then the checkout before' : ''}`,
      );
      runs.push(await quickRun('this', ROOT, baseUrl));
      if (options.before) runs.push(await quickRun('before', options.before, baseUrl));
    }
    return runs;
  } finally {
    await mock.stop(5_000);
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The medians of one checkout's runs. */
const medians = (runs: readonly QuickRun[], checkout: QuickRun['checkout']) => {
  const own = runs.filter((r) => r.checkout === checkout);
  const cpu = own.flatMap((r) => (r.cpuS === undefined ? [] : [r.cpuS]));
  return {
    wall: median(own.map((r) => r.wallS)),
    cpu: cpu.length ? median(cpu) : undefined,
    count: own.length,
  };
};

/** The table: each checkout's medians. */
export function formatQuickTable(runs: readonly QuickRun[]): string {
  const lines = ['quick contract run   runs  wall s (median)  CPU s (median)  verdicts'];
  for (const checkout of ['this', 'before'] as const) {
    const { wall, cpu, count } = medians(runs, checkout);
    if (count === 0) continue;
    const verdicts = [
      ...new Set(runs.filter((r) => r.checkout === checkout).map((r) => r.verdict)),
    ];
    lines.push(
      `${`${checkout} checkout`.padEnd(19)}  ${String(count).padStart(4)}  ${wall.toFixed(2).padStart(15)}  ${(cpu?.toFixed(2) ?? '-').padStart(14)}  ${verdicts.join(', ')}`,
    );
  }
  return lines.join('\n');
}

/** Every run passed; and with a checkout before, the ratios of the medians against the goal. */
export function judgeQuick(runs: readonly QuickRun[]) {
  const verdicts: { target: string; measured: string; result: 'pass' | 'fail' | 'info' }[] = [];
  const failed = runs.filter((r) => r.verdict !== 'passed');
  verdicts.push({
    target: 'every quick run against the mock passes',
    measured: failed.length
      ? failed.map((r) => `${r.checkout}: ${r.verdict}`).join('; ')
      : `${runs.length} of ${runs.length} passed`,
    result: failed.length ? 'fail' : 'pass',
  });
  const now = medians(runs, 'this');
  const before = medians(runs, 'before');
  if (before.count === 0) return verdicts;
  const wall = now.wall / before.wall;
  verdicts.push({
    target: `quick run's wall time, this checkout over before (at most ${QUICK_GOAL_RATIO})`,
    measured: wall.toFixed(2),
    result: wall <= QUICK_GOAL_RATIO ? 'pass' : 'fail',
  });
  if (now.cpu !== undefined && before.cpu !== undefined) {
    const cpu = now.cpu / before.cpu;
    verdicts.push({
      target: `quick run's CPU, this checkout over before (at most ${QUICK_GOAL_RATIO})`,
      measured: cpu.toFixed(2),
      result: cpu <= QUICK_GOAL_RATIO ? 'pass' : 'fail',
    });
  }
  return verdicts;
}
