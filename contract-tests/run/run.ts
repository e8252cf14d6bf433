/**
 * runContract: the contract suite against one server, as a function. The bin
 * (scripts/contract.ts), the gate, tests and backend teams testing their app in process
 * call it; it prints nothing and never exits.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serveApp } from '../client/bridge.ts';
import { PreflightError } from '../client/preflight.ts';
import { type PactContract, PactFileError, pactText, readPact } from '../pact/pact-file.ts';
import { describeRun, suiteOptionsOf } from './run-plan.ts';
import { couldNotTest, resultOf } from './run-result.ts';
import type { ContractOptions, ContractResult } from './run-types.ts';
import { type OpenServer, openServer } from './target.ts';
import { runSuite } from './vitest-run.ts';

export type { AppFetch } from '../client/app-fetch.ts';
export { DEFAULT_RUN_TIMEOUT_MS, runProfile } from './run-plan.ts';
export type {
  ContractOptions,
  ContractResult,
  ContractRun,
  ContractVerdict,
  StartedServer,
} from './run-types.ts';

/** The consumer's pact, read; or why it cannot be (no verdict). */
function readPactOption(options: ContractOptions): PactContract | undefined | string {
  if (options.pact === undefined) return undefined;
  try {
    return readPact(pactText(options.pact));
  } catch (error) {
    if (error instanceof PactFileError) return `the pact: ${error.message}`;
    throw error;
  }
}

/** The server under test, reached or started; or why it cannot be (no verdict). */
async function reachServer(options: ContractOptions): Promise<OpenServer | string> {
  try {
    return await openServer(options);
  } catch (error) {
    if (error instanceof PreflightError) return error.message;
    return `could not start the server to test: ${(error as Error).message}`;
  }
}

/** Runs the suite against a server already reached, and reads what it found. */
async function testServer(
  options: ContractOptions,
  server: OpenServer,
  contract: PactContract | undefined,
  started: number,
): Promise<ContractResult> {
  const logDir = await mkdtemp(join(tmpdir(), 'petstore-contract-'));
  let stopServing: (() => void) | undefined;
  try {
    const run = describeRun(options, server);
    options.onStart?.(run);
    const suite = suiteOptionsOf(run, server, options, { contract, logDir, started });
    if (server.app && suite.bridge) stopServing = serveApp(suite.bridge, server.app);
    const outcome = await runSuite(suite, options.echo);
    const junit = {
      file: options.junitFile && resolve(options.junitFile),
      started,
      fileMs: outcome.fileMs,
    };
    return await resultOf(run, outcome, logDir, junit, contract);
  } finally {
    stopServing?.();
    await rm(logDir, { recursive: true, force: true });
    await server.close?.();
  }
}

/**
 * Runs the contract suite against `options.server` (a URL), `options.fetch` (an app in this
 * process, reached with no port) or the server `options.startServer` starts, and reports.
 */
export async function runContract(options: ContractOptions = {}): Promise<ContractResult> {
  const started = Date.now();
  const contract = readPactOption(options);
  if (typeof contract === 'string') return couldNotTest(started, contract);
  const server = await reachServer(options);
  if (typeof server === 'string') return couldNotTest(started, server);
  return testServer(options, server, contract, started);
}
