/** Runs the gate's stages in order against one target and collects their results. */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServerUnderTest } from '../contract-tests/client/preflight.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';
import type { Level } from '../spec/levels.ts';
import type { Profile } from '../spec/profile.ts';
import { toJUnitXml } from './junit.ts';
import type { StageName, StageResult } from './stage.ts';
import { stageNames } from './stage.ts';
import { runContractStage } from './stages/contract.ts';
import { runDreddStage } from './stages/dredd.ts';
import { runLintStage } from './stages/lint.ts';
import { runPrismStage } from './stages/prism.ts';
import { openTarget, type Target } from './target.ts';
import { specPathAt } from './tools.ts';

/** What one gate run checks, and where it writes its reports. */
export type GateOptions = {
  /** The server to check. */
  server?: ServerUnderTest;
  /** Without `server`: starts the project's mock to check (then 429/500/503 are forced with `Prefer`). */
  startMock?: () => Promise<StartedServer>;
  level: Level;
  /** Stages not to run; they are reported as skipped. */
  skip?: readonly StageName[];
  /** Where to write one JUnit report per stage (default: a temporary folder, then removed). */
  junitDir?: string;
  /** The server's declared gap choices, for the contract stage (petstore-contract --profile). */
  profile?: Profile;
  /** At most this many creations in the contract stage (petstore-contract --max-creates). */
  maxCreates?: number;
  /** Told about each stage as soon as it ends. */
  onStage?: (result: StageResult) => void;
};

/** What a gate run found, stage by stage, and against which server. */
export type GateReport = {
  baseUrl: string;
  isMock: boolean;
  results: StageResult[];
  totalMs: number;
};

type Context = { target: Target; options: GateOptions; workDir: string; junitDir: string };

const runners: Record<StageName, (c: Context) => Promise<StageResult>> = {
  lint: () => runLintStage(),
  contract: (c) =>
    runContractStage(c.target, c.options.level, join(c.junitDir, 'contract.xml'), {
      profile: c.options.profile,
      maxCreates: c.options.maxCreates,
    }),
  prism: async (c) => runPrismStage(c.target, c.options.level, specPathAt(c.options.level)),
  dredd: (c) => runDreddStage(c.target, c.options.level, c.workDir, join(c.junitDir, 'dredd.xml')),
};

/** Opens the target (starting the mock when no URL is given), runs each stage, closes it. */
export async function runGate(options: GateOptions): Promise<GateReport> {
  const started = Date.now();
  const target = await openTarget(options.server, options.startMock);
  const results: StageResult[] = [];
  let workDir: string | undefined;
  try {
    workDir = await mkdtemp(join(tmpdir(), 'petstore-gate-'));
    const junitDir = options.junitDir === undefined ? workDir : resolve(options.junitDir);
    await mkdir(junitDir, { recursive: true });
    for (const stage of stageNames) {
      const stageStarted = Date.now();
      const result = options.skip?.includes(stage)
        ? skippedStage(stage)
        : await runners[stage]({ target, options, workDir, junitDir }).catch(
            (error: Error): StageResult => ({
              stage,
              status: 'failed',
              summary: `the ${stage} stage could not run: ${error.message.split('\n')[0]}`,
              details: error.message.split('\n').slice(1, 15),
              durationMs: Date.now() - stageStarted,
              cases: [{ name: `${stage} stage`, className: stage, failure: error.message }],
            }),
          );
      // A tool that wrote no report of its own still leaves one case saying why.
      const cases =
        result.cases ??
        (result.junitFile === undefined
          ? [{ name: `${stage} stage`, className: stage, failure: result.summary }]
          : undefined);
      if (cases !== undefined) {
        const xml = toJUnitXml(`gate ${stage}`, cases, result.durationMs);
        await writeFile(join(junitDir, `${stage}.xml`), xml);
      } else if (
        result.junitFile !== undefined &&
        resolve(result.junitFile) !== join(junitDir, `${stage}.xml`)
      ) {
        await copyFile(result.junitFile, join(junitDir, `${stage}.xml`));
      }
      results.push(result);
      options.onStage?.(result);
    }
  } finally {
    await target.close();
    if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
  }
  return { baseUrl: target.baseUrl, isMock: target.isMock, results, totalMs: Date.now() - started };
}

const skippedStage = (stage: StageName): StageResult => ({
  stage,
  status: 'skipped',
  summary: `skipped by --skip ${stage}`,
  details: [],
  durationMs: 0,
  cases: [{ name: `${stage} stage`, className: stage, skipped: `skipped by --skip ${stage}` }],
});
