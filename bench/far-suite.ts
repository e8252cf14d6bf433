/**
 * The contract suite against a server far away: this project's mock (a conforming server) in
 * its own process with 0, 50 and 100 ms added to each answer (`--delay`), the suite run at
 * several --concurrency values side by side, and once more against the mock 100 ms away and
 * rate-limited (429 with Retry-After). Issue 29's target: at the default concurrency, a
 * conforming server 100 ms away passes in at most 20 s, and a rate-limited one still passes.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/ports.ts';
import { startProcess } from '../lib/process.ts';
import { runProcess, waitForOutput } from '../lib/run-process.ts';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Milliseconds added to each answer. */
export const FAR_DELAYS = [0, 50, 100] as const;
/** Concurrency values compared, besides the suite's default (run without --concurrency). */
export const FAR_CONCURRENCIES = [1, 4, 8, 32] as const;
/** Requests per second the rate-limited mock lets through. */
export const RATE_LIMIT = 40;
/** Issue 29: the longest a passing run against a conforming server 100 ms away may take. */
export const FAR_GOAL_S = 20;

/** One suite run: where, how, how long, and whether it passed. */
export type FarRun = {
  delayMs: number;
  concurrency: number;
  rateLimit?: number;
  seconds: number;
  verdict: string;
  /** Requests the server answered 429 first (sent again after its Retry-After). */
  throttled: number;
  /** Run without --concurrency: at the suite's default. */
  isDefault: boolean;
};

export type FarVerdict = { target: string; measured: string; result: 'pass' | 'fail' | 'info' };

/** Starts the mock as users do (the bundled bin) with `args`; its base URL and how to stop it. */
async function startMock(args: string[]) {
  const port = await freePort();
  const mock = startProcess(
    process.execPath,
    ['scripts/bin/petstore-mock.js', '--port', String(port), '--seed-count', '0', ...args],
    { cwd: ROOT },
  );
  await waitForOutput(mock, /listening on (http\S+)/, 'the mock', 60_000);
  return { baseUrl: `http://127.0.0.1:${port}/v1`, stop: () => mock.stop(5_000) };
}

/** What the bench reads of the suite's --json result. */
type JsonResult = {
  verdict: string;
  reason?: string;
  durationMs: number;
  throttled: number;
  run?: { concurrency: number };
};

/**
 * Runs the suite once, as users do (the bundled `petstore-contract` bin, `--json`), against a
 * fresh mock with `delayMs` (and `rateLimit`), at `concurrency` (the suite's default without).
 */
export async function farRun(
  delayMs: number,
  concurrency: number | undefined,
  rateLimit?: number,
): Promise<FarRun> {
  const mock = await startMock([
    '--delay',
    String(delayMs),
    ...(rateLimit === undefined ? [] : ['--rate-limit', String(rateLimit)]),
  ]);
  const dir = await mkdtemp(join(tmpdir(), 'bench-far-'));
  try {
    const file = join(dir, 'result.json');
    const run = await runProcess(
      process.execPath,
      [
        'scripts/bin/petstore-contract.js',
        ...['--base-url', mock.baseUrl, '--api-key', DEFAULT_API_KEY, '--json', file],
        ...(concurrency === undefined ? [] : ['--concurrency', String(concurrency)]),
      ],
      { cwd: ROOT, timeoutMs: 600_000 },
    );
    const result = JSON.parse(
      await readFile(file, 'utf8').catch(() => 'null'),
    ) as JsonResult | null;
    if (result === null)
      return {
        delayMs,
        concurrency: concurrency ?? 0,
        seconds: 0,
        verdict: `no result (exit ${run.code}): ${run.output.slice(-500)}`,
        throttled: 0,
        isDefault: concurrency === undefined,
      };
    return {
      delayMs,
      concurrency: result.run?.concurrency ?? concurrency ?? 0,
      ...(rateLimit === undefined ? {} : { rateLimit }),
      seconds: result.durationMs / 1000,
      verdict:
        result.verdict === 'could-not-test' ? `could not test: ${result.reason}` : result.verdict,
      throttled: result.throttled,
      isDefault: concurrency === undefined,
    };
  } finally {
    await mock.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Every run of the comparison, then the rate-limited run at the longest delay and the default
 * concurrency.
 */
export async function runFarSuiteBench(options: {
  delays?: readonly number[];
  concurrencies?: readonly number[];
  rateLimit?: number;
  say: (line: string) => void;
}): Promise<FarRun[]> {
  const delays = options.delays ?? FAR_DELAYS;
  const rate = options.rateLimit ?? RATE_LIMIT;
  const runs: FarRun[] = [];
  for (const delayMs of delays)
    for (const concurrency of [undefined, ...(options.concurrencies ?? FAR_CONCURRENCIES)]) {
      options.say(
        `suite against the mock ${delayMs} ms away, ${concurrency === undefined ? 'default --concurrency' : `--concurrency ${concurrency}`}`,
      );
      runs.push(await farRun(delayMs, concurrency));
    }
  const farthest = Math.max(...delays);
  options.say(`suite against the mock ${farthest} ms away, rate-limited to ${rate} requests/s`);
  runs.push(await farRun(farthest, undefined, rate));
  return runs;
}

/** The table: seconds per delay and concurrency. */
export function formatFarTable(runs: readonly FarRun[]): string {
  const lines = ['suite run (s)   delay  concurrency  verdict'];
  for (const run of runs)
    lines.push(
      `${run.seconds.toFixed(1).padStart(13)}  ${`${run.delayMs} ms`.padStart(6)}  ${`${run.concurrency}${run.isDefault ? ' (default)' : ''}`.padStart(11)}  ${run.verdict}${run.rateLimit === undefined ? '' : ` (rate-limited to ${run.rateLimit}/s; ${run.throttled} requests throttled first)`}`,
    );
  return lines.join('\n');
}

/** Issue 29's targets, and how much each concurrency gains at each delay (informational). */
export function judgeFar(runs: readonly FarRun[]): FarVerdict[] {
  const at = (delay: number, concurrency: number) =>
    runs.find((r) => r.delayMs === delay && r.concurrency === concurrency && !r.rateLimit);
  const verdicts: FarVerdict[] = [];
  const far = runs.find((r) => r.delayMs === 100 && r.isDefault && !r.rateLimit);
  if (far)
    verdicts.push({
      target: `conforming server 100 ms away passes in at most ${FAR_GOAL_S} s (--concurrency ${far.concurrency}, the default)`,
      measured: `${far.verdict} in ${far.seconds.toFixed(1)} s`,
      result: far.verdict === 'passed' && far.seconds <= FAR_GOAL_S ? 'pass' : 'fail',
    });
  const limited = runs.find((r) => r.rateLimit !== undefined);
  if (limited)
    verdicts.push({
      target: `a conforming server ${limited.delayMs} ms away and rate-limited (429, Retry-After) passes`,
      measured: `${limited.verdict} in ${limited.seconds.toFixed(1)} s, ${limited.throttled} requests throttled first`,
      result: limited.verdict === 'passed' && limited.throttled > 0 ? 'pass' : 'fail',
    });
  for (const delay of new Set(runs.map((r) => r.delayMs))) {
    const one = at(delay, 1);
    if (!one) continue;
    for (const run of runs.filter((r) => r.delayMs === delay && r.concurrency > 1 && !r.rateLimit))
      verdicts.push({
        target: `${delay} ms away: --concurrency ${run.concurrency}${run.isDefault ? ' (default)' : ''} over 1 (time)`,
        measured: (run.seconds / one.seconds).toFixed(2),
        result: 'info',
      });
  }
  return verdicts;
}
