/**
 * What one run will do, decided before the suite starts: the run as reports describe it
 * (ContractRun) and the options the suite files read (SuiteOptions).
 */
import { mergeProfiles, type Profile, STRICT_PROFILE } from '../../spec/profile.ts';
import type { SuiteOptions } from '../harness/options.ts';
import { type PactContract, pactText } from '../pact/pact-file.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_SEED, DEPTH_SETTINGS } from './depth.ts';
import type { ContractOptions, ContractRun } from './run-types.ts';
import type { OpenServer } from './target.ts';
import { creatingThemes } from './themes.ts';

/** The whole run's time unless --timeout says otherwise: a hung server never holds a pipeline longer. */
export const DEFAULT_RUN_TIMEOUT_MS = 600_000;

const newRunId = () =>
  `ct${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

/**
 * The profile a run holds the server to: the level's (empty, or this project's own at strict
 * level), with the given profile's fields over it.
 */
export function runProfile(options: Pick<ContractOptions, 'level' | 'profile'>): Profile {
  const base = options.level === 'strict' ? STRICT_PROFILE : {};
  return mergeProfiles(base, options.profile ?? {});
}

/** The run as reports describe it: the server, the level, the depth and what replays it. */
export function describeRun(options: ContractOptions, server: OpenServer): ContractRun {
  const depth = options.depth ?? 'default';
  const profile = runProfile(options);
  return {
    baseUrl: server.baseUrl,
    level: profile.decisions ? 'strict' : 'interface',
    profile,
    readOnly: options.readOnly ?? false,
    ...(options.maxCreates === undefined ? {} : { maxCreates: options.maxCreates }),
    depth,
    runs: options.runs ?? DEPTH_SETTINGS[depth].runs,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    seed: options.seed ?? DEFAULT_SEED,
    runId: newRunId(),
    localMock: server.close !== undefined,
    inProcess: server.app !== undefined,
    ...(server.keyForm ? { keyForm: server.keyForm } : {}),
  };
}

/** What the suite files read (with vitest's `inject`) for this run. */
export function suiteOptionsOf(
  run: ContractRun,
  server: OpenServer,
  options: ContractOptions,
  context: { contract: PactContract | undefined; logDir: string; started: number },
): SuiteOptions {
  const settings = DEPTH_SETTINGS[run.depth];
  return {
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    level: run.level,
    profile: run.profile,
    categoryId: options.categoryId ?? 1,
    readOnly: run.readOnly,
    ...(server.keyForm ? { keyForm: server.keyForm } : {}),
    maxCreates: run.maxCreates,
    // The pact's file creates only for a pact: without one it keeps no share of the budget.
    themes: creatingThemes(run.level).filter((t) => t !== 'pact' || context.contract !== undefined),
    seed: run.seed,
    runs: run.runs,
    depth: run.depth,
    concurrent: settings.concurrent,
    concurrency: run.concurrency,
    generatedNames: settings.generatedNames,
    runId: run.runId,
    logDir: context.logDir,
    bridge: server.app ? `petstore-contract-${run.runId}` : undefined,
    requestTimeoutMs: options.requestTimeoutMs,
    ...(options.maxResponseBytes ? { maxResponseBytes: options.maxResponseBytes } : {}),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
    deadline: context.started + (options.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS),
    ...(options.pact === undefined ? {} : { pact: pactText(options.pact) }),
  };
}
