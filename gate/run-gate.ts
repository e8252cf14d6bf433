/** Runs the gate's stages in order against one target and collects their results. */
import { copyFile, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerUnderTest } from '../contract-tests/client/preflight.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';
import type { Level } from '../spec/levels.ts';
import type { Profile } from '../spec/profile.ts';
import { toJUnitXml, writeAtomically } from './junit.ts';
import { stillAnswers } from './liveness.ts';
import {
  notRunStage,
  type ServerGone,
  type StageName,
  type StageResult,
  stageNames,
} from './stage.ts';
import { type StageContext, timeLeft } from './stage-context.ts';
import { runContractStage } from './stages/contract.ts';
import { dreddCreations, runDreddStage } from './stages/dredd.ts';
import { runLintStage } from './stages/lint.ts';
import { prismCreations, runPrismStage } from './stages/prism.ts';
import { openTarget, type Target } from './target.ts';
import { specPathAt } from './tools.ts';

/** The gate's whole time unless --timeout says otherwise: a hung server never holds a pipeline longer. */
export const DEFAULT_TIMEOUT_MS = 600_000;
/** How long one request may go unanswered unless --request-timeout says otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
/** Requests in flight at once unless --concurrency says otherwise (as petstore-contract). */
export const DEFAULT_GATE_CONCURRENCY = 16;

/** What one gate run checks, and where it writes its reports. */
export type GateOptions = {
  /** The server to check. */
  server?: ServerUnderTest;
  /** Without `server`: starts the project's mock to check (then 429/500/503 are forced with `Prefer`). */
  startMock?: () => Promise<StartedServer>;
  level: Level;
  /** Stages not to run; they are reported as skipped. */
  skip?: readonly StageName[];
  /** Where to write one JUnit report per stage (default: none kept). */
  junitDir?: string;
  /** The server's declared gap choices, for the contract stage (petstore-contract --profile). */
  profile?: Profile;
  /** The file the profile was read from, as given, for the contract stage's replay line. */
  profileFile?: string;
  /** Which command the contract stage's replay line names: the repository's or the installed gate. */
  replayWith?: 'checkout' | 'installed';
  /** At most this many animals left on the server by the whole run (see runGate). */
  maxCreates?: number;
  /** GET requests only, in every stage and the start-up check (--read-only). */
  readOnly?: boolean;
  /** Requests in flight at once, in every stage (--concurrency; default 16). */
  concurrency?: number;
  /** The whole run's time (--timeout; default 10 minutes). */
  timeoutMs?: number;
  /** Each stage's time at most (--stage-timeout; default: what the whole run has left). */
  stageTimeoutMs?: number;
  /** How long one request may go unanswered (--request-timeout; default 15 s). */
  requestTimeoutMs?: number;
  /** The server's published OpenAPI document (a URL or a file) for the lint stage; without it, lint is off. */
  openapi?: string;
  /** Told about each stage as soon as it ends. */
  onStage?: (result: StageResult) => void;
};

/** What a gate run found, stage by stage, and against which server. */
export type GateReport = {
  baseUrl: string;
  isMock: boolean;
  /** The run's id, in the names of the animals it created. */
  runId: string;
  results: StageResult[];
  totalMs: number;
};

const newRunId = () =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

type Run = { options: GateOptions; context: StageContext };

const runners: Record<StageName, (run: Run) => Promise<StageResult>> = {
  lint: ({ options, context }) => runLintStage(context, options.openapi ?? ''),
  contract: ({ options, context }) =>
    runContractStage(context, {
      profile: options.profile,
      profileFile: options.profileFile,
      replayWith: options.replayWith,
      concurrency: options.concurrency,
      maxCreates:
        context.creationsLeft === undefined
          ? undefined
          : Math.max(0, context.creationsLeft - setAside(options, context.target)),
    }),
  prism: ({ options, context }) => runPrismStage(context, specPathAt(options.level)),
  dredd: ({ context }) => runDreddStage(context),
};

/** The creations the prism and dredd stages need, when they run: kept from the contract's. */
const setAside = (options: GateOptions, target: Target): number =>
  options.readOnly
    ? 0
    : (options.skip?.includes('prism') ? 0 : prismCreations(options.level, target.isMock)) +
      (options.skip?.includes('dredd') ? 0 : dreddCreations(options.level, target));

/** Why a stage does not run, or undefined to run it. */
function notRunning(
  stage: StageName,
  options: GateOptions,
  gone: ServerGone | undefined,
  deadline: number,
) {
  if (options.skip?.includes(stage)) {
    const why = `skipped by --skip ${stage}`;
    return { ...notRunStage(stage, 'skipped', why), untested: [why] };
  }
  if (stage === 'lint' && options.openapi === undefined)
    return notRunStage(
      'lint',
      'skipped',
      "off: give --openapi URL|FILE to lint the server's published OpenAPI document against the interface",
    );
  if (gone && stage !== 'lint')
    return notRunStage(
      stage,
      'no-verdict',
      `not run: the server stopped answering at ${gone.at} (${gone.request})`,
    );
  if (Date.now() >= deadline)
    return notRunStage(stage, 'no-verdict', 'not run: the gate ran out of time (--timeout)');
  return undefined;
}

/**
 * Opens the target (starting the mock when no URL is given), runs each stage, closes it.
 * `maxCreates` bounds what the whole run leaves: the prism and dredd stages' POSTs are set
 * aside first, the contract stage gets the rest, and each later stage what the earlier ones
 * did not store. Once the server stops answering, the stages left do not run.
 */
export async function runGate(options: GateOptions): Promise<GateReport> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const noPost = options.readOnly === true || options.maxCreates === 0;
  const target = await openTarget(options.server, options.startMock, noPost);
  const results: StageResult[] = [];
  const runId = newRunId();
  const workDir = await mkdtemp(join(tmpdir(), 'petstore-gate-'));
  let gone: ServerGone | undefined;
  try {
    let creationsLeft = options.maxCreates;
    for (const stage of stageNames) {
      const stageStarted = Date.now();
      const stageDeadline = Math.min(deadline, stageStarted + (options.stageTimeoutMs ?? Infinity));
      const context: StageContext = {
        target,
        level: options.level,
        readOnly: options.readOnly ?? false,
        concurrency: options.concurrency ?? DEFAULT_GATE_CONCURRENCY,
        requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        deadline: stageDeadline,
        creationsLeft,
        runId,
        workDir,
      };
      const result =
        notRunning(stage, options, gone, deadline) ??
        (await runners[stage]({ options, context }).catch((error: Error): StageResult => {
          const why = `the ${stage} stage could not run: ${error.message.split('\n')[0]}`;
          return {
            ...notRunStage(stage, 'no-verdict', why),
            durationMs: Date.now() - stageStarted,
            details: error.message.split('\n').slice(1, 15),
          };
        }));
      gone ??= result.serverGone;
      // A stage without a verdict may have met a server that went away without saying so.
      if (!gone && result.status === 'no-verdict' && stage !== 'lint' && timeLeft(context) > 0) {
        if (!(await stillAnswers(target.baseUrl)))
          gone = {
            at: new Date().toISOString(),
            request: `GET ${new URL(target.baseUrl).pathname}/pets?limit=1`,
            why: `no answer after the ${stage} stage`,
          };
      }
      if (options.junitDir !== undefined) await writeStageJUnit(options.junitDir, result);
      if (creationsLeft !== undefined)
        creationsLeft = Math.max(0, creationsLeft - (result.created ?? 0));
      results.push(result);
      options.onStage?.(result);
    }
  } finally {
    await target.close();
    await rm(workDir, { recursive: true, force: true });
  }
  return {
    baseUrl: target.baseUrl,
    isMock: target.isMock,
    runId,
    results,
    totalMs: Date.now() - started,
  };
}

/** Writes a stage's JUnit report into `junitDir`, whole: from its cases, or the file its runner wrote. */
async function writeStageJUnit(junitDir: string, result: StageResult): Promise<void> {
  const file = join(junitDir, `${result.stage}.xml`);
  if (result.junitFile !== undefined) {
    const staged = `${file}.${process.pid}.tmp`;
    await copyFile(result.junitFile, staged);
    await rename(staged, file);
    return;
  }
  const cases = result.cases ?? [
    { name: `${result.stage} stage`, className: result.stage, error: result.summary },
  ];
  await writeAtomically(file, toJUnitXml(`gate ${result.stage}`, cases, result.durationMs));
}
