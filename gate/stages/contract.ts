/** Stage 2: the contract suite, run as its own process against the target, writing JUnit. */
import { readFile } from 'node:fs/promises';
import { tail } from '../../lib/run-process.ts';
import { countJUnit } from '../junit.ts';
import type { StageResult } from '../stage.ts';
import type { Target } from '../target.ts';
import { runTool } from '../tools.ts';

/** Runs `scripts/contract.ts --base-url --level --junit FILE` (key in PETSTORE_API_KEY) and reads its verdict. */
export async function runContractStage(
  target: Target,
  level: string,
  junitFile: string,
): Promise<StageResult> {
  const started = Date.now();
  const args = ['scripts/contract.ts', '--base-url', target.baseUrl, '--level', level];
  args.push('--junit', junitFile);
  // The key goes through the environment (the CLI reads PETSTORE_API_KEY), not the
  // command line, where other users of a CI machine could read it.
  const result = await runTool('tsx', args, {
    timeoutMs: 300_000,
    env: { PETSTORE_API_KEY: target.apiKey },
  });
  const durationMs = Date.now() - started;
  const shown = `contract --base-url ${target.baseUrl} --level ${level}`;
  let counts: ReturnType<typeof countJUnit> | undefined;
  try {
    counts = countJUnit(await readFile(junitFile, 'utf8'));
  } catch {
    counts = undefined;
  }
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.code === 0 && counts !== undefined && counts.tests > 0) {
    return {
      stage: 'contract',
      status: 'passed',
      summary: `${shown}: ${counts.tests} checks, ${counts.skipped} skipped, none failed`,
      details: [],
      durationMs,
      junitFile,
    };
  }
  const why = result.timedOut
    ? 'timed out after 300 s'
    : result.code === 2
      ? 'exit 2: usage error or server unreachable'
      : result.code === 0
        ? 'exit 0 but no JUnit test case was written'
        : `exit ${result.code}`;
  const failed = counts?.failures ?? [];
  const more = failed.length > 12 ? [`... and ${failed.length - 12} more (see contract.xml)`] : [];
  return {
    stage: 'contract',
    status: 'failed',
    summary: `${shown}: ${why}${failed.length > 0 ? `, ${failed.length} check(s) failed` : ''}`,
    // The JUnit names say what failed; the output's tail says why when there are none.
    details:
      failed.length > 0
        ? [...failed.slice(0, 12).map((name) => `failed: ${name}`), ...more]
        : tail(output, 15),
    durationMs,
    junitFile: counts === undefined ? undefined : junitFile,
  };
}
