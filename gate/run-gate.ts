/** Runs the gate's stages in order against one target and collects their results. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServerUnderTest } from '../contract-tests/client/preflight.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';
import type { Level } from '../spec/levels.ts';
import type { Profile } from '../spec/profile.ts';
import { toJUnitXml, withNumericTimes } from './junit.ts';
import type { StageName, StageResult } from './stage.ts';
import { stageNames } from './stage.ts';
import { runContractStage } from './stages/contract.ts';
import { dreddCreations, runDreddStage } from './stages/dredd.ts';
import { runLintStage } from './stages/lint.ts';
import { prismCreations, runPrismStage } from './stages/prism.ts';
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
  /** The file the profile was read from, as given, for the contract stage's replay line. */
  profileFile?: string;
  /** A consumer's pact (its JSON text) the contract stage replays (petstore-contract --pact). */
  pact?: string;
  /** The file the pact was read from, as given, for the contract stage's replay line. */
  pactFile?: string;
  /** Which command the contract stage's replay line names: the repository's or the installed gate. */
  replayWith?: 'checkout' | 'installed';
  /**
   * At most this many animals left on the server by the whole run: the prism and dredd
   * stages' POSTs are set aside first, the contract stage gets the rest, and each later
   * stage what the earlier ones did not store.
   */
  maxCreates?: number;
  /** Requests the contract stage keeps in flight at once (petstore-contract --concurrency). */
  concurrency?: number;
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

type Context = {
  target: Target;
  options: GateOptions;
  workDir: string;
  junitDir: string;
  /** What is left of --max-creates for this stage (undefined: unbounded). */
  creationsLeft: number | undefined;
};

const runners: Record<StageName, (c: Context) => Promise<StageResult>> = {
  lint: () => runLintStage(),
  contract: (c) =>
    runContractStage(c.target, c.options.level, join(c.junitDir, 'contract.xml'), {
      profile: c.options.profile,
      profileFile: c.options.profileFile,
      pact: c.options.pact,
      pactFile: c.options.pactFile,
      replayWith: c.options.replayWith,
      concurrency: c.options.concurrency,
      maxCreates:
        c.creationsLeft === undefined
          ? undefined
          : Math.max(0, c.creationsLeft - setAside(c.options, c.target)),
    }),
  prism: async (c) =>
    runPrismStage(c.target, c.options.level, specPathAt(c.options.level), c.creationsLeft),
  dredd: (c) =>
    runDreddStage(
      c.target,
      c.options.level,
      c.workDir,
      join(c.junitDir, 'dredd.xml'),
      c.creationsLeft,
    ),
};

/** The creations the prism and dredd stages need, when they run: kept from the contract's. */
const setAside = (options: GateOptions, target: Target): number =>
  (options.skip?.includes('prism') ? 0 : prismCreations(options.level, target.isMock)) +
  (options.skip?.includes('dredd') ? 0 : dreddCreations(options.level, target));

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
    let creationsLeft = options.maxCreates;
    for (const stage of stageNames) {
      const stageStarted = Date.now();
      const result = options.skip?.includes(stage)
        ? skippedStage(stage)
        : await runners[stage]({ target, options, workDir, junitDir, creationsLeft }).catch(
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
      } else if (result.junitFile !== undefined) {
        // A tool's own report, with the times JUnit readers require (Dredd writes NaN).
        const xml = await readFile(result.junitFile, 'utf8');
        await writeFile(join(junitDir, `${stage}.xml`), withNumericTimes(xml));
      }
      if (creationsLeft !== undefined) {
        creationsLeft = Math.max(0, creationsLeft - (result.created ?? 0));
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
