/**
 * runContract: the contract suite against one server, as a function. The bin
 * (scripts/contract.ts), the gate and tests call it; it prints nothing and never exits.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Level } from '../spec/levels.ts';
import type { RuleId } from '../spec/rules.ts';
import { coverageTable } from './coverage.ts';
import { DEFAULT_SEED, DEPTH_SETTINGS, type Depth } from './depth.ts';
import type { SuiteOptions } from './options.ts';
import { PreflightError, preflight, type ServerUnderTest } from './preflight.ts';
import { readRecords } from './run-log.ts';
import { groupedSummary } from './summary.ts';
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
  /** Seed of the generated cases (default DEFAULT_SEED, fixed, so runs repeat exactly). */
  seed?: number;
  /** How much to try (default `default`); see depth.ts. */
  depth?: Depth;
  /** Generated cases per property (default: the depth's). */
  runs?: number;
  /** Also writes a JUnit XML report there (relative to the current directory). */
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
  depth: Depth;
  /** Generated cases per property. */
  runs: number;
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
  /** The rules some check judged during the run. */
  rulesChecked: RuleId[];
  /** The grouped summary of the failures, ready to print (empty when none failed). */
  summary: string;
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
    rulesChecked: [],
    summary: '',
    report: '',
    durationMs: Date.now() - started,
  });
  let server: ServerUnderTest;
  let stopMock: (() => Promise<void>) | undefined;
  try {
    if (options.server) server = await preflight(options.server, options.readOnly);
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
    const depth = options.depth ?? 'default';
    const settings = DEPTH_SETTINGS[depth];
    const run: ContractRun = {
      baseUrl: server.baseUrl,
      level: options.level ?? 'interface',
      readOnly: options.readOnly ?? false,
      depth,
      runs: options.runs ?? settings.runs,
      seed: options.seed ?? DEFAULT_SEED,
      runId: newRunId(),
      localMock: stopMock !== undefined,
    };
    options.onStart?.(run);
    const suite: SuiteOptions = {
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      level: run.level,
      categoryId: options.categoryId ?? 1,
      readOnly: run.readOnly,
      seed: run.seed,
      runs: run.runs,
      depth,
      concurrent: settings.concurrent,
      generatedNames: settings.generatedNames,
      runId: run.runId,
      logDir,
    };
    const junitFile = options.junitFile && resolve(options.junitFile);
    const outcome = await runSuite(suite, junitFile, options.echo);
    const failures = await readRecords(logDir, 'failures');
    const rules = await readRecords(logDir, 'rules');
    return {
      verdict: outcome.failed ? 'failed' : 'passed',
      run,
      counts: outcome.counts,
      coverage: coverageTable(await readRecords(logDir, 'exchanges'), run.level),
      rulesChecked: [...new Set(rules.map((r) => r.rule))],
      summary: outcome.failed ? groupedSummary(failures, outcome.outcomes) : '',
      junitFile,
      report: outcome.report,
      durationMs: Date.now() - started,
    };
  } finally {
    await rm(logDir, { recursive: true, force: true });
    await stopMock?.();
  }
}
