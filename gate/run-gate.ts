/** Runs the gate's stages in order against one target and collects their results. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FULL_RUN_CREATIONS } from '../contract-tests/run/themes.ts';
import {
  DEFAULT_GATE_CONCURRENCY,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  type GateOptions,
} from './gate-options.ts';
import { writeStageJUnit } from './junit.ts';
import { stillAnswers } from './liveness.ts';
import { goneText } from './relay.ts';
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
import { runTrafficStage } from './stages/traffic.ts';
import { openTarget, type Target } from './target.ts';
import { specPathAt } from './tools.ts';

export {
  DEFAULT_GATE_CONCURRENCY,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  type GateOptions,
} from './gate-options.ts';

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
      pact: options.pact,
      pactFile: options.pactFile,
      replayWith: options.replayWith,
      concurrency: options.concurrency,
      maxCreates:
        context.creationsLeft === undefined
          ? undefined
          : Math.max(0, context.creationsLeft - setAside(options, context.target)),
    }),
  prism: ({ options, context }) => runPrismStage(context, specPathAt(options.level)),
  dredd: ({ context }) => runDreddStage(context),
  traffic: ({ options, context }) =>
    runTrafficStage(context, {
      command: options.e2e ?? '',
      client: options.e2eClient,
      minCoverage: options.e2eMinCoverage,
      startProxy: options.startProxy,
      profile: options.profile,
      maxCreates: options.maxCreates,
    }),
};

/** The stages of a run: the four, and `traffic` when the app's e2e command is given. */
const stagesOf = (options: GateOptions): readonly StageName[] =>
  options.e2e === undefined ? stageNames : [...stageNames, 'traffic'];

/** The creations the prism and dredd stages need, when they run: kept from the contract's. */
const setAside = (options: GateOptions, target: Target): number =>
  options.readOnly
    ? 0
    : (options.skip?.includes('prism') ? 0 : prismCreations(options.level, target.isMock)) +
      (options.skip?.includes('dredd') ? 0 : dreddCreations(options.level, target));

/**
 * About how many animals a run may leave on the server, said before it starts (the interface
 * has no delete): the contract suite's full run at the gate's depth, as measured against
 * this project's mock, and the prism and dredd stages' creations; at most --max-creates.
 */
export function plannedCreations(options: GateOptions): number {
  if (options.readOnly) return 0;
  const isMock = options.server === undefined;
  const server = options.server ?? { baseUrl: '', apiKey: '' };
  const target: Target = { ...server, isMock, close: async () => {} };
  const contract = options.skip?.includes('contract')
    ? 0
    : FULL_RUN_CREATIONS.default[options.level];
  const all = contract + setAside(options, target);
  return options.maxCreates === undefined ? all : Math.min(all, options.maxCreates);
}

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
    return notRunStage(stage, 'no-verdict', `not run: ${goneText(gone)}`);
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
  const reading = {
    ...(options.maxResponseBytes ? { maxResponseBytes: options.maxResponseBytes } : {}),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  };
  const target = await openTarget(options.server, options.startMock, noPost, reading);
  const results: StageResult[] = [];
  const runId = newRunId();
  const workDir = await mkdtemp(join(tmpdir(), 'petstore-gate-'));
  let gone: ServerGone | undefined;
  try {
    let creationsLeft = options.maxCreates;
    for (const stage of stagesOf(options)) {
      const stageStarted = Date.now();
      const stageDeadline = Math.min(deadline, stageStarted + (options.stageTimeoutMs ?? Infinity));
      const context: StageContext = {
        target,
        level: options.level,
        readOnly: options.readOnly ?? false,
        concurrency: options.concurrency ?? DEFAULT_GATE_CONCURRENCY,
        requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        reading,
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
