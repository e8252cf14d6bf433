/**
 * runContract: the contract suite against one server, as a function. The bin
 * (scripts/contract.ts), the gate and tests call it; it prints nothing and never exits.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Level } from '../spec/levels.ts';
import { coverageTable } from './coverage.ts';
import type { SuiteOptions } from './options.ts';
import { PreflightError, preflight, type ServerUnderTest } from './preflight.ts';
import { type Echo, runSuite, type SuiteCounts } from './vitest-run.ts';

/** How to run the contract suite. Only `server` says what to test; the rest have defaults. */
export type ContractOptions = {
  /** The server under test; without one, the project's mock is started and tested. */
  server?: ServerUnderTest;
  /** `interface` (default): what the interface document states; `strict`: also the decisions. */
  level?: Level;
  /** A category the server accepts for valid creations (default 1). */
  categoryId?: number | bigint;
  /** Sends GET requests only (default false). */
  readOnly?: boolean;
  /** Seed of the generated cases (default: random; the result says which). */
  seed?: number;
  /** Generated cases per property (default 25). */
  runs?: number;
  /** Also writes a JUnit XML report there. */
  junitFile?: string;
  /** Streams vitest's report is echoed to while the suite runs (default: none). */
  echo?: Echo;
  /** Told what is about to be tested, once the server is known and before the suite runs. */
  onStart?: (run: ContractRun) => void;
};

/** What one run tests: the server, the level, and what replays it. */
export type ContractRun = {
  baseUrl: string;
  level: Level;
  readOnly: boolean;
  seed: number;
  /** Prefix of the names of the pets the run creates. */
  runId: string;
  /** Whether the project's mock was started for the run (no server was given). */
  localMock: boolean;
};

/** How a run ended: every check passed, one failed, or the server could not be tested at all. */
export type ContractVerdict = 'passed' | 'failed' | 'could-not-test';

/** What runContract found. */
export type ContractResult = {
  verdict: ContractVerdict;
  /** Why the server could not be tested (with `could-not-test` only). */
  reason?: string;
  /** What was tested (absent when the server could not be tested). */
  run?: ContractRun;
  counts: SuiteCounts;
  /** The statuses exercised per operation, as a table ready to print. */
  coverage: string;
  /** The JUnit report, when one was asked for and the suite ran. */
  junitFile?: string;
  /** Vitest's report, as it printed it (without colours). */
  report: string;
  durationMs: number;
};

const newRunId = () =>
  `ct${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

/** Runs the contract suite against `options.server` (or the project's mock) and reports. */
export async function runContract(options: ContractOptions = {}): Promise<ContractResult> {
  const started = Date.now();
  const none = { tests: 0, passed: 0, failed: 0, skipped: 0 };
  const couldNotTest = (reason: string): ContractResult => ({
    verdict: 'could-not-test',
    reason,
    counts: none,
    coverage: '',
    report: '',
    durationMs: Date.now() - started,
  });
  let server: ServerUnderTest;
  let stopMock: (() => Promise<void>) | undefined;
  try {
    if (options.server) server = await preflight(options.server);
    else {
      const { startLocalMock } = await import('./local-mock.ts');
      const mock = await startLocalMock();
      stopMock = mock.close;
      server = mock;
    }
  } catch (error) {
    if (error instanceof PreflightError) return couldNotTest(error.message);
    return couldNotTest(`could not start the project's mock: ${(error as Error).message}`);
  }
  const logDir = await mkdtemp(join(tmpdir(), 'petstore-contract-'));
  try {
    const run: ContractRun = {
      baseUrl: server.baseUrl,
      level: options.level ?? 'interface',
      readOnly: options.readOnly ?? false,
      seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
      runId: newRunId(),
      localMock: stopMock !== undefined,
    };
    options.onStart?.(run);
    const logFile = join(logDir, 'exchanges.jsonl');
    const suite: SuiteOptions = {
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      level: run.level,
      categoryId: options.categoryId ?? 1,
      readOnly: run.readOnly,
      seed: run.seed,
      runs: options.runs ?? 25,
      runId: run.runId,
      logFile,
    };
    const outcome = await runSuite(suite, options.junitFile, options.echo);
    const log = await readFile(logFile, 'utf8').catch(() => '');
    return {
      verdict: outcome.failed ? 'failed' : 'passed',
      run,
      counts: outcome.counts,
      coverage: coverageTable(log, run.level),
      junitFile: options.junitFile,
      report: outcome.report,
      durationMs: Date.now() - started,
    };
  } finally {
    await rm(logDir, { recursive: true, force: true });
    await stopMock?.();
  }
}
