/**
 * runContract: the contract suite against one server, as a function. The bin
 * (scripts/contract.ts), the gate, tests and backend teams testing their app in process
 * call it; it prints nothing and never exits.
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { mergeProfiles, type Profile, STRICT_PROFILE } from '../../spec/profile.ts';
import { serveApp } from '../client/bridge.ts';
import { PreflightError } from '../client/preflight.ts';
import type { SuiteOptions } from '../harness/options.ts';
import { type PactContract, PactFileError, pactText, readPact } from '../pact/pact-file.ts';
import { pactSummary } from '../pact/pact-summary.ts';
import { coverageTable } from '../report/coverage.ts';
import { type CaseOutcome, junitXml } from '../report/junit-report.ts';
import { findings, groupedSummary, unexplained } from '../report/summary.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_SEED, DEPTH_SETTINGS } from './depth.ts';
import { type LogRecords, readRecords } from './run-log.ts';
import type { ContractOptions, ContractResult, ContractRun } from './run-types.ts';
import { setUpOutcomes } from './set-up.ts';
import { runStop, stoppedOutcomes } from './stopped.ts';
import { type OpenServer, openServer } from './target.ts';
import { creatingThemes } from './themes.ts';
import { runSuite, type SuiteCounts } from './vitest-run.ts';

export type { AppFetch } from '../client/app-fetch.ts';
export type {
  ContractOptions,
  ContractResult,
  ContractRun,
  ContractVerdict,
  StartedServer,
} from './run-types.ts';

const newRunId = () =>
  `ct${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

/** How far the run lowered its requests in flight for a server shedding load, if it did. */
const lowered = (from: number, records: readonly LogRecords['shed'][]) => {
  const last = records.at(-1);
  return last ? { lowered: { from, to: last.to } } : {};
};

/** The checks skipped, and why. */
const skippedOf = (outcomes: readonly CaseOutcome[]) =>
  outcomes
    .filter((c) => c.state === 'skipped')
    .map((c) => ({ name: c.name, ...(c.note ? { note: c.note } : {}) }));

/** The whole run's time unless --timeout says otherwise: a hung server never holds a pipeline longer. */
export const DEFAULT_RUN_TIMEOUT_MS = 600_000;

/** The limit names were fitted to, when the server took fewer than the suite's longest. */
const nameFit = (records: readonly LogRecords['names'][]) => {
  const last = records.at(-1);
  return last ? { names: last } : {};
};

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

/**
 * The profile a run holds the server to: the level's (empty, or this project's own at strict
 * level), with the given profile's fields over it.
 */
export function runProfile(options: Pick<ContractOptions, 'level' | 'profile'>): Profile {
  const base = options.level === 'strict' ? STRICT_PROFILE : {};
  return mergeProfiles(base, options.profile ?? {});
}

/**
 * Runs the contract suite against `options.server` (a URL), `options.fetch` (an app in this
 * process, reached with no port) or the server `options.startServer` starts, and reports.
 */
export async function runContract(options: ContractOptions = {}): Promise<ContractResult> {
  const started = Date.now();
  const none = { tests: 0, passed: 0, failed: 0, skipped: 0 };
  const couldNotTest = (reason: string, so?: Partial<ContractResult>): ContractResult => ({
    verdict: 'could-not-test',
    reason,
    counts: none,
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
  });
  let contract: PactContract | undefined;
  try {
    contract = options.pact === undefined ? undefined : readPact(pactText(options.pact));
  } catch (error) {
    if (error instanceof PactFileError) return couldNotTest(`the pact: ${error.message}`);
    throw error;
  }
  let server: OpenServer;
  try {
    server = await openServer(options);
  } catch (error) {
    if (error instanceof PreflightError) return couldNotTest(error.message);
    return couldNotTest(`could not start the server to test: ${(error as Error).message}`);
  }
  const logDir = await mkdtemp(join(tmpdir(), 'petstore-contract-'));
  let stopServing: (() => void) | undefined;
  try {
    const depth = options.depth ?? 'default';
    const settings = DEPTH_SETTINGS[depth];
    const profile = runProfile(options);
    const run: ContractRun = {
      baseUrl: server.baseUrl,
      level: profile.decisions ? 'strict' : 'interface',
      profile,
      readOnly: options.readOnly ?? false,
      ...(options.maxCreates === undefined ? {} : { maxCreates: options.maxCreates }),
      depth,
      runs: options.runs ?? settings.runs,
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      seed: options.seed ?? DEFAULT_SEED,
      runId: newRunId(),
      localMock: server.close !== undefined,
      inProcess: server.app !== undefined,
      ...(server.keyForm ? { keyForm: server.keyForm } : {}),
    };
    options.onStart?.(run);
    const suite: SuiteOptions = {
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      level: run.level,
      profile,
      categoryId: options.categoryId ?? 1,
      readOnly: run.readOnly,
      ...(server.keyForm ? { keyForm: server.keyForm } : {}),
      maxCreates: run.maxCreates,
      // The pact's file creates only for a pact: without one it keeps no share of the budget.
      themes: creatingThemes(run.level).filter((t) => t !== 'pact' || contract !== undefined),
      seed: run.seed,
      runs: run.runs,
      depth,
      concurrent: settings.concurrent,
      concurrency: run.concurrency,
      generatedNames: settings.generatedNames,
      runId: run.runId,
      logDir,
      bridge: server.app ? `petstore-contract-${run.runId}` : undefined,
      requestTimeoutMs: options.requestTimeoutMs,
      ...(options.maxResponseBytes ? { maxResponseBytes: options.maxResponseBytes } : {}),
      ...(options.ca === undefined ? {} : { ca: options.ca }),
      deadline: started + (options.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS),
      ...(options.pact === undefined ? {} : { pact: pactText(options.pact) }),
    };
    const junitFile = options.junitFile && resolve(options.junitFile);
    if (server.app && suite.bridge) stopServing = serveApp(suite.bridge, server.app);
    const outcome = await runSuite(suite, options.echo);
    const failures = await readRecords(logDir, 'failures');
    const rules = await readRecords(logDir, 'rules');
    const outcomes = setUpOutcomes(failures, outcome.outcomes);
    const writeJUnit = async (cases: readonly CaseOutcome[]) => {
      if (!junitFile) return undefined;
      try {
        await mkdir(dirname(junitFile), { recursive: true });
        const xml = junitXml('petstore-contract', cases, Date.now() - started, outcome.fileMs);
        // Whole or not at all: a CI reader never meets half a report.
        const temporary = `${junitFile}.${process.pid}.tmp`;
        await writeFile(temporary, xml);
        await rename(temporary, junitFile);
        return undefined;
      } catch (error) {
        return `could not write the JUnit report ${junitFile}: ${(error as Error).message}`;
      }
    };
    // A server gone, one that throttles every try, or the time run out: no verdict, whatever
    // the checks before it found; the report holds what ran.
    const stop = await runStop(logDir);
    if (stop) {
      const cases = stoppedOutcomes(outcomes, stop);
      const unwritten = await writeJUnit(cases);
      return couldNotTest(unwritten ? `${stop.reason}; ${unwritten}` : stop.reason, {
        run,
        counts: countsOf(cases),
        created: await readRecords(logDir, 'created'),
        skipped: skippedOf(cases),
        ...(junitFile && !unwritten ? { junitFile } : {}),
        stopped: { kind: stop.kind, ...(stop.at ? { at: stop.at, request: stop.request } : {}) },
      });
    }
    const failed = outcome.failed || outcomes.some((c) => c.state === 'failed');
    const found = failed ? findings(failures) : [];
    // Red only with a named cause: a run that failed without any finding failed in the suite.
    if (failed && found.length === 0) {
      const why = unexplained(failures, outcomes)
        .slice(0, 3)
        .map((c) => `${c.name}: ${(c.failure ?? '').split('\n')[0]}`);
      return couldNotTest(
        `the suite itself failed, not the server (no rule was broken): ${why.join('; ') || 'vitest reported a failure but no check failed'}`,
      );
    }
    // A CI job that asked for the report must not pass without it.
    const unwritten = await writeJUnit(outcomes);
    if (unwritten) return couldNotTest(unwritten);
    const exchanges = await readRecords(logDir, 'exchanges');
    return {
      verdict: failed ? 'failed' : 'passed',
      run,
      counts: countsOf(outcomes),
      coverage: coverageTable(exchanges, run.level),
      rulesChecked: [...new Set(rules.map((r) => r.rule))],
      findings: found,
      summary: failed ? groupedSummary(failures, outcomes) : '',
      created: await readRecords(logDir, 'created'),
      resent: (await readRecords(logDir, 'resent')).length,
      throttled: exchanges.filter((e) => e.throttled).length,
      ...lowered(run.concurrency, await readRecords(logDir, 'shed')),
      ...nameFit(await readRecords(logDir, 'names')),
      skipped: skippedOf(outcomes),
      junitFile,
      ...(contract ? { pact: pactSummary(contract, outcomes) } : {}),
      report: outcome.report,
      durationMs: Date.now() - started,
    };
  } finally {
    stopServing?.();
    await rm(logDir, { recursive: true, force: true });
    await server.close?.();
  }
}
