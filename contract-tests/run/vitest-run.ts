/**
 * Runs the suite files (suite/*.contract.ts) with vitest in this process, handing them their
 * options with `provide`, and counts the outcome. Vitest's own side effects on the process
 * (TEST, VITEST and NODE_ENV in the environment, the exit code) are undone afterwards, so a
 * caller such as the gate goes on as before.
 */
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import type { SuiteOptions } from '../harness/options.ts';
import type { CaseOutcome } from '../report/junit-report.ts';
import { ContractReporter, onlyBudgetSpent } from '../report/reporter.ts';
import { suiteFiles } from './themes.ts';

/** Streams vitest's report is echoed to while it runs (e.g. process.stdout and stderr). */
export type Echo = { stdout: EchoStream; stderr: EchoStream };
type EchoStream = Writable & { isTTY?: boolean };

/** Test counts of one run. */
export type SuiteCounts = {
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Checks not judged: the run stopped without a verdict (the server went away, time ran out). */
  notJudged?: number;
};

/** What the suite run found: counts, whether anything failed, and the lines it printed. */
export type SuiteOutcome = {
  counts: SuiteCounts;
  failed: boolean;
  report: string;
  /** Every test's outcome, as the JUnit report has it. */
  outcomes: CaseOutcome[];
  /** How long each suite file ran, by its short name. */
  fileMs: ReadonlyMap<string, number>;
};

const CONFIG = new URL('../vitest.config.ts', import.meta.url).pathname;

/** The suite files a run takes: all of them, but the pact's only when it has one. */
const filesOf = (options: SuiteOptions) =>
  options.pact === undefined
    ? suiteFiles()
        .filter((name) => name !== 'pact')
        .map((name) => `suite/${name}.contract.ts`)
    : [];

/**
 * Keeps what vitest writes as text and forwards it to `echo`, if any. Vitest pipes its worker's
 * output into this stream, and a pipe ends its destination when the worker stops (unless it is
 * process.stdout); like process.stdout, a recorder stays open, so later lines are not lost.
 */
class Recorder extends Writable {
  readonly #forward: ((chunk: Buffer) => boolean) | undefined;
  readonly #kept: string[];

  constructor(echo: EchoStream | undefined, kept: string[]) {
    super();
    // Bound now: vitest's terminal renderer later replaces process.stdout.write with a buffer
    // that writes through this stream, which must not feed back into it.
    this.#forward = echo?.write.bind(echo);
    this.#kept = kept;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.#kept.push(chunk.toString());
    this.#forward?.(chunk);
    done();
  }

  override end(): this {
    return this;
  }
}

type Task = {
  type: string;
  mode: string;
  result?: { state?: string; errors?: { name?: string }[] };
  tasks?: Task[];
};

function count(tasks: Task[], counts: SuiteCounts): SuiteCounts {
  for (const task of tasks) {
    if (task.tasks) count(task.tasks, counts);
    if (task.type !== 'test') continue;
    counts.tests += 1;
    const state = task.result?.state;
    if (state === 'pass') counts.passed += 1;
    else if (state === 'fail' && !onlyBudgetSpent(task.result?.errors ?? [])) counts.failed += 1;
    else counts.skipped += 1;
  }
  return counts;
}

/** Runs the suite once against the server in `options`. */
export async function runSuite(
  options: SuiteOptions,
  echo: Echo | undefined,
): Promise<SuiteOutcome> {
  const { startVitest } = await import('vitest/node');
  const kept: string[] = [];
  const print = (line: string) => {
    kept.push(`${line}\n`);
    echo?.stdout.write(`${line}\n`);
  };
  const reporter = new ContractReporter(print);
  const saved = { exitCode: process.exitCode, env: pick(process.env) };
  try {
    const vitest = await startVitest(
      'test',
      filesOf(options),
      {
        config: CONFIG,
        watch: false,
        reporters: [reporter],
        // Tests of a describe.concurrent block at once, each request still bound by the client.
        maxConcurrency: options.concurrency,
        provide: { contractOptions: options },
      },
      undefined,
      { stdout: new Recorder(echo?.stdout, kept), stderr: new Recorder(echo?.stderr, kept) },
    );
    const files = vitest.state.getFiles();
    const counts = count(files as Task[], { tests: 0, passed: 0, failed: 0, skipped: 0 });
    // A file that failed to load, or a set-up that failed, has no failed test but a failed
    // case of the reporter's (a set-up that only ran out of creations is a skip).
    const failed =
      counts.failed > 0 ||
      reporter.outcomes.some((c) => c.state === 'failed') ||
      files.length === 0;
    await vitest.close();
    const report = stripVTControlCharacters(kept.join(''));
    return { counts, failed, report, outcomes: reporter.outcomes, fileMs: reporter.fileMs };
  } finally {
    process.exitCode = saved.exitCode;
    restore(saved.env);
  }
}

const VITEST_ENV = ['TEST', 'VITEST', 'NODE_ENV'] as const;
const pick = (env: NodeJS.ProcessEnv) => VITEST_ENV.map((name) => [name, env[name]] as const);
function restore(saved: ReturnType<typeof pick>): void {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
