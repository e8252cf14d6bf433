/**
 * What a run found, from the suite's outcome and its log: no verdict (the server could not be
 * tested, stopped part way, or the suite itself failed), or passed or failed with one finding
 * per cause. Every report file is whole or absent.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PactContract } from '../pact/pact-file.ts';
import { pactSummary } from '../pact/pact-summary.ts';
import { coverageTable } from '../report/coverage.ts';
import { type CaseOutcome, junitXml } from '../report/junit-report.ts';
import { findings, groupedSummary, unexplained } from '../report/summary.ts';
import { type LogRecords, readRecords } from './run-log.ts';
import type { ContractResult, ContractRun } from './run-types.ts';
import { setUpOutcomes } from './set-up.ts';
import { type RunStop, runStop, stoppedOutcomes } from './stopped.ts';
import type { SuiteCounts, SuiteOutcome } from './vitest-run.ts';

const NONE: SuiteCounts = { tests: 0, passed: 0, failed: 0, skipped: 0 };

/** A result with no verdict, and why: `so` adds what the run had found out before it ended. */
export function couldNotTest(
  started: number,
  reason: string,
  so: Partial<ContractResult> = {},
): ContractResult {
  return {
    verdict: 'could-not-test',
    reason,
    counts: NONE,
    coverage: '',
    rulesChecked: [],
    findings: [],
    summary: '',
    created: [],
    resent: 0,
    throttled: 0,
    skipped: [],
    report: '',
    durationMs: Date.now() - started,
    ...so,
  };
}

/** How far the run lowered its requests in flight for a server shedding load, if it did. */
const lowered = (from: number, records: readonly LogRecords['shed'][]) => {
  const last = records.at(-1);
  return last ? { lowered: { from, to: last.to } } : {};
};

/** The limit names were fitted to, when the server took fewer than the suite's longest. */
const nameFit = (records: readonly LogRecords['names'][]) => {
  const last = records.at(-1);
  return last ? { names: last } : {};
};

/** The checks skipped, and why. */
const skippedOf = (outcomes: readonly CaseOutcome[]) =>
  outcomes
    .filter((c) => c.state === 'skipped')
    .map((c) => ({ name: c.name, ...(c.note ? { note: c.note } : {}) }));

/** The counts of a run, from the outcome of every check and set-up: they agree with the verdict. */
function countsOf(outcomes: readonly CaseOutcome[]): SuiteCounts {
  const n = (state: CaseOutcome['state']) => outcomes.filter((c) => c.state === state).length;
  return {
    tests: outcomes.length,
    passed: n('passed'),
    failed: n('failed'),
    skipped: n('skipped'),
    ...(n('error') > 0 ? { notJudged: n('error') } : {}),
  };
}

/** Where the JUnit report goes, if one was asked for, and what the run knows to write it. */
export type JUnitTarget = { file?: string; started: number; fileMs: SuiteOutcome['fileMs'] };

/** Writes the JUnit report whole or not at all; says why it could not. */
async function writeJUnit(
  target: JUnitTarget,
  cases: readonly CaseOutcome[],
): Promise<string | undefined> {
  const { file } = target;
  if (!file) return undefined;
  try {
    await mkdir(dirname(file), { recursive: true });
    const xml = junitXml('petstore-contract', cases, Date.now() - target.started, target.fileMs);
    // Whole or not at all: a CI reader never meets half a report.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, xml);
    await rename(temporary, file);
    return undefined;
  } catch (error) {
    return `could not write the JUnit report ${file}: ${(error as Error).message}`;
  }
}

/** A run that stopped part way: no verdict, whatever the checks before it found; the report holds what ran. */
async function stoppedResult(
  stop: RunStop,
  run: ContractRun,
  outcomes: readonly CaseOutcome[],
  logDir: string,
  junit: JUnitTarget,
): Promise<ContractResult> {
  const cases = stoppedOutcomes(outcomes, stop);
  const unwritten = await writeJUnit(junit, cases);
  return couldNotTest(junit.started, unwritten ? `${stop.reason}; ${unwritten}` : stop.reason, {
    run,
    counts: countsOf(cases),
    created: await readRecords(logDir, 'created'),
    skipped: skippedOf(cases),
    ...(junit.file && !unwritten ? { junitFile: junit.file } : {}),
    stopped: { kind: stop.kind, ...(stop.at ? { at: stop.at, request: stop.request } : {}) },
  });
}

/**
 * The result of a run once the suite ended: no verdict if it stopped part way or failed
 * without naming a rule (a fault of the suite), else passed or failed with its findings.
 */
export async function resultOf(
  run: ContractRun,
  outcome: SuiteOutcome,
  logDir: string,
  junit: JUnitTarget,
  contract: PactContract | undefined,
): Promise<ContractResult> {
  const failures = await readRecords(logDir, 'failures');
  const outcomes = setUpOutcomes(failures, outcome.outcomes);
  // A server gone, one that throttles every try, or the time run out: no verdict.
  const stop = await runStop(logDir);
  if (stop) return stoppedResult(stop, run, outcomes, logDir, junit);
  const failed = outcome.failed || outcomes.some((c) => c.state === 'failed');
  const found = failed ? findings(failures) : [];
  // Red only with a named cause: a run that failed without any finding failed in the suite.
  if (failed && found.length === 0) {
    const why = unexplained(failures, outcomes)
      .slice(0, 3)
      .map((c) => `${c.name}: ${(c.failure ?? '').split('\n')[0]}`);
    return couldNotTest(
      junit.started,
      `the suite itself failed, not the server (no rule was broken): ${why.join('; ') || 'vitest reported a failure but no check failed'}`,
    );
  }
  // A CI job that asked for the report must not pass without it.
  const unwritten = await writeJUnit(junit, outcomes);
  if (unwritten) return couldNotTest(junit.started, unwritten);
  const exchanges = await readRecords(logDir, 'exchanges');
  return {
    verdict: failed ? 'failed' : 'passed',
    run,
    counts: countsOf(outcomes),
    coverage: coverageTable(exchanges, run.level),
    rulesChecked: [...new Set((await readRecords(logDir, 'rules')).map((r) => r.rule))],
    findings: found,
    summary: failed ? groupedSummary(failures, outcomes) : '',
    created: await readRecords(logDir, 'created'),
    resent: (await readRecords(logDir, 'resent')).length,
    throttled: exchanges.filter((e) => e.throttled).length,
    ...lowered(run.concurrency, await readRecords(logDir, 'shed')),
    ...nameFit(await readRecords(logDir, 'names')),
    skipped: skippedOf(outcomes),
    junitFile: junit.file,
    ...(contract ? { pact: pactSummary(contract, outcomes) } : {}),
    report: outcome.report,
    durationMs: Date.now() - junit.started,
  };
}
