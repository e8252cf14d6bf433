/**
 * The gate's one verdict from its stages' results, in the three words a pipeline acts on:
 * CONFORMANT (exit 0), NOT CONFORMANT (exit 1: a finding that reproduces) and NO VERDICT
 * (exit 2: the server went away, hung or shed load, a tool broke, time ran out, nothing was
 * tested, or --require-complete met a run with checks left out).
 */
import type { StageResult } from './stage.ts';

/** The gate's verdict: its exit code, its words and why. */
export type GateVerdict = {
  code: 0 | 1 | 2;
  words: 'CONFORMANT' | 'CONFORMANT as far as tested' | 'NOT CONFORMANT' | 'NO VERDICT';
  /** Why, in one line (empty for a plain CONFORMANT). */
  why: string;
};

/** The checks the run's own bounds left out (--skip, --read-only, --max-creates), stage by stage. */
export const leftOut = (results: readonly StageResult[]): string[] =>
  results.flatMap((r) => (r.untested ?? []).map((line) => `${r.stage}: ${line}`));

/**
 * Findings decide first: a stage that found a fault that reproduces fails the gate whatever
 * happened later. Then any stage without a verdict, then a run that tested nothing.
 */
export function gateVerdict(results: readonly StageResult[], requireComplete = false): GateVerdict {
  const failed = results.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    const findings = failed.reduce(
      (sum, r) =>
        sum +
        Math.max(1, r.findings.length + (r.appFindingsFail ? (r.appFindings?.length ?? 0) : 0)),
      0,
    );
    return {
      code: 1,
      words: 'NOT CONFORMANT',
      why: `${findings} finding(s) in ${failed.map((r) => r.stage).join(', ')}`,
    };
  }
  const open = results.filter((r) => r.status === 'no-verdict');
  if (open.length > 0)
    return {
      code: 2,
      words: 'NO VERDICT',
      why: open.map((r) => `${r.stage}: ${r.noVerdict ?? r.summary}`).join('; '),
    };
  if (!results.some((r) => r.status === 'passed'))
    return { code: 2, words: 'NO VERDICT', why: 'no stage ran, so nothing was tested' };
  const missing = leftOut(results);
  if (missing.length === 0) return { code: 0, words: 'CONFORMANT', why: '' };
  if (requireComplete)
    return {
      code: 2,
      words: 'NO VERDICT',
      why: `--require-complete, and ${missing.length} part(s) of the run were left out: ${missing.join('; ')}`,
    };
  return {
    code: 0,
    words: 'CONFORMANT as far as tested',
    why: `${missing.length} part(s) left out: ${missing.join('; ')}`,
  };
}
