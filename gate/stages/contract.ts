/** Stage 2: the contract suite (runContract) against the target, in this process, writing JUnit. */
import { readFile } from 'node:fs/promises';
import { type ContractOptions, runContract } from '../../contract-tests/run/run.ts';
import { tail } from '../../lib/run-process.ts';
import type { Level } from '../../spec/levels.ts';
import { countJUnit } from '../junit.ts';
import type { StageResult } from '../stage.ts';
import type { Target } from '../target.ts';

/**
 * Runs the contract suite against the target at `level` (with the server's declared choices
 * and creation budget, if given) and reads its JUnit report.
 */
export async function runContractStage(
  target: Target,
  level: Level,
  junitFile: string,
  choices: Pick<ContractOptions, 'profile' | 'pact' | 'maxCreates' | 'concurrency'> &
    ReplayWith = {},
): Promise<StageResult> {
  const started = Date.now();
  const server = { baseUrl: target.baseUrl, apiKey: target.apiKey };
  const { profile, pact, maxCreates, concurrency } = choices;
  const result = await runContract({
    server,
    level,
    junitFile,
    profile,
    pact,
    maxCreates,
    concurrency,
  });
  const durationMs = Date.now() - started;
  const declared = Object.keys(choices.profile ?? {});
  const extra = [
    ...(declared.length > 0 ? ['--profile FILE'] : []),
    ...(pact === undefined ? [] : ['--pact FILE']),
    ...(choices.maxCreates === undefined ? [] : [`--max-creates ${choices.maxCreates}`]),
    // As the suite ran it: what the flag gave is what reached it.
    ...(concurrency === undefined ? [] : [`--concurrency ${result.run?.concurrency}`]),
  ].join(' ');
  const shown = `contract --base-url ${target.baseUrl} --level ${level}${extra ? ` ${extra}` : ''}${declared.length > 0 ? ` (declared: ${declared.join(', ')})` : ''}`;
  let counts: ReturnType<typeof countJUnit> | undefined;
  try {
    counts = countJUnit(await readFile(junitFile, 'utf8'));
  } catch {
    counts = undefined;
  }
  const created = result.created.length;
  const bounded = result.skipped.filter((s) => /--max-creates/.test(s.note ?? ''));
  const untested =
    bounded.length === 0
      ? []
      : [`${bounded.length} check(s) need more creations than --max-creates allows`];
  if (result.verdict === 'passed' && counts !== undefined && counts.tests > 0) {
    return {
      stage: 'contract',
      status: 'passed',
      summary: `${shown}: ${counts.tests} checks, ${counts.skipped} skipped, none failed`,
      details: untested,
      durationMs,
      junitFile,
      created,
      untested,
    };
  }
  const why =
    result.verdict === 'could-not-test'
      ? `could not test: ${result.reason}`
      : result.verdict === 'passed'
        ? 'passed but no JUnit test case was written'
        : 'not conformant';
  const failed = counts?.failures ?? [];
  const more = failed.length > 12 ? [`... and ${failed.length - 12} more (see contract.xml)`] : [];
  const replay = result.run ? [`replay: ${replayLine(result.run, choices)}`] : [];
  // One finding per cause, by rule id: what the JUnit names of the failed checks add up to.
  const found =
    result.findings.length > 0
      ? [`rules broken: ${result.findings.map((f) => f.rule).join(', ')}`]
      : [];
  return {
    stage: 'contract',
    status: 'failed',
    summary: `${shown}: ${why}${failed.length > 0 ? `, ${failed.length} check(s) failed` : ''}`,
    // The JUnit names say what failed; vitest's report says why when there are none.
    details:
      failed.length > 0
        ? [...found, ...failed.slice(0, 12).map((name) => `failed: ${name}`), ...more, ...replay]
        : [...tail(result.report, 15), ...replay],
    durationMs,
    junitFile: counts === undefined ? undefined : junitFile,
    created,
    untested,
  };
}

/** Where the stage's replay line points: the checkout's command, or the installed gate's. */
type ReplayWith = {
  profileFile?: string;
  pactFile?: string;
  replayWith?: 'checkout' | 'installed';
  /** --concurrency as given (the default otherwise), repeated by the replay. */
  concurrency?: number;
};

/**
 * The command that runs the same contract checks again, with the key from PETSTORE_API_KEY:
 * the repository's `npm run contract`, or, installed, the gate with its contract stage alone
 * (the gate always runs the suite at its default depth and seed).
 */
function replayLine(
  run: { baseUrl: string; level: Level; seed: number; maxCreates?: number },
  { profileFile, pactFile, replayWith, concurrency }: ReplayWith,
): string {
  const shared = [
    `--base-url ${run.baseUrl}`,
    `--level ${run.level}`,
    ...(profileFile === undefined ? [] : [`--profile ${profileFile}`]),
    ...(pactFile === undefined ? [] : [`--pact ${pactFile}`]),
    ...(run.maxCreates === undefined ? [] : [`--max-creates ${run.maxCreates}`]),
    ...(concurrency === undefined ? [] : [`--concurrency ${concurrency}`]),
  ];
  return replayWith === 'installed'
    ? ['npx petstore-gate', ...shared, '--skip lint,prism,dredd'].join(' ')
    : ['npm run contract --', ...shared, `--seed ${run.seed}`].join(' ');
}
