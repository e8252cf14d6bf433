/**
 * One run of the real petstore-contract command against a service of the panel, read back
 * from its --json result.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runContractCli } from '../contract-power/run-cli.ts';
import type { Service } from './services.ts';

/** One finding of the JSON result, as far as the panel reads it. */
export type Finding = {
  rule: string;
  cases: number;
  seen: { label: string; cases: number }[];
  example: { test: string; message: string; curl: string };
  followedBy?: Finding[];
  /** The checks that failed for the rule, by name. */
  checks: { name: string; cases: number }[];
};

/** The JSON result of a run (docs/contract.md, "The JSON result"), as far as the panel reads it. */
export type ContractResult = {
  verdict: 'passed' | 'failed' | 'could-not-test';
  counts: { tests: number; passed: number; failed: number; skipped: number };
  findings: Finding[];
  skipped: { name: string; note?: string }[];
};

/** A finished run: exit code, console output and JSON result. */
export type ContractRun = { code: number | null; output: string; json: ContractResult };

/** Runs the contract suite at quick depth against `service` and reads its JSON result. */
export async function runContractOn(
  service: Pick<Service, 'baseUrl' | 'apiKey'>,
  extra: string[] = [],
): Promise<ContractRun> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-panel-'));
  try {
    const file = join(dir, 'result.json');
    const args = ['--base-url', service.baseUrl, '--api-key', service.apiKey, '--json', file];
    const { code, output } = await runContractCli([...args, '--depth', 'quick', ...extra], 300_000);
    const json = JSON.parse(await readFile(file, 'utf8')) as ContractResult;
    return { code, output, json };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rule ids of a run's findings, sorted. */
/** The names of the checks that failed for `rule` (empty when the rule was not broken). */
export const failedFor = (run: ContractRun, rule: string): string[] =>
  run.json.findings
    .flatMap((f) => [f, ...(f.followedBy ?? [])])
    .filter((f) => f.rule === rule)
    .flatMap((f) => f.checks.map((c) => c.name));

/** Every rule the run names broken: each finding's, and those one answer broke with it (one cause). */
export const ruleIds = (run: ContractRun): string[] =>
  run.json.findings.flatMap((f) => [f.rule, ...(f.followedBy ?? []).map((g) => g.rule)]).sort();

/**
 * One line per run for an assertion's message: verdict, exit, counts, rule ids, then the
 * checks that failed without naming a rule (a "fetch failed" shows there today).
 */
export function describeRun(run: ContractRun): string {
  const { verdict, counts } = run.json;
  const unnamed = run.output
    .split('\n')
    .filter((line) => /unexpected error in the suite/.test(line));
  const head = `${verdict} (exit ${run.code}; ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped of ${counts.tests}); rules: ${ruleIds(run).join(', ') || 'none'}`;
  return [head, ...unnamed.slice(0, 5)].join('\n');
}
