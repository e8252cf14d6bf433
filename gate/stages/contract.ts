/** Stage 2: the contract suite (runContract) against the target, in this process, writing JUnit. */
import { readFile } from 'node:fs/promises';
import { runContract } from '../../contract-tests/run/run.ts';
import { tail } from '../../lib/run-process.ts';
import type { Level } from '../../spec/levels.ts';
import { countJUnit } from '../junit.ts';
import type { StageResult } from '../stage.ts';
import type { Target } from '../target.ts';

/** Runs the contract suite against the target at `level` and reads its JUnit report. */
export async function runContractStage(
  target: Target,
  level: Level,
  junitFile: string,
): Promise<StageResult> {
  const started = Date.now();
  const server = { baseUrl: target.baseUrl, apiKey: target.apiKey };
  const result = await runContract({ server, level, junitFile });
  const durationMs = Date.now() - started;
  const shown = `contract --base-url ${target.baseUrl} --level ${level}`;
  let counts: ReturnType<typeof countJUnit> | undefined;
  try {
    counts = countJUnit(await readFile(junitFile, 'utf8'));
  } catch {
    counts = undefined;
  }
  if (result.verdict === 'passed' && counts !== undefined && counts.tests > 0) {
    return {
      stage: 'contract',
      status: 'passed',
      summary: `${shown}: ${counts.tests} checks, ${counts.skipped} skipped, none failed`,
      details: [],
      durationMs,
      junitFile,
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
  const replay = result.run ? [`replay: npm run contract -- ${shownArgs(result.run)}`] : [];
  return {
    stage: 'contract',
    status: 'failed',
    summary: `${shown}: ${why}${failed.length > 0 ? `, ${failed.length} check(s) failed` : ''}`,
    // The JUnit names say what failed; vitest's report says why when there are none.
    details:
      failed.length > 0
        ? [...failed.slice(0, 12).map((name) => `failed: ${name}`), ...more, ...replay]
        : [...tail(result.report, 15), ...replay],
    durationMs,
    junitFile: counts === undefined ? undefined : junitFile,
  };
}

const shownArgs = (run: { baseUrl: string; level: Level; seed: number }) =>
  `--base-url ${run.baseUrl} --level ${run.level} --seed ${run.seed}`;
