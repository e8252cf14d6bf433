import { expect, it } from 'vitest';
import type { StageResult } from './stage.ts';
import { formatSummary } from './summary.ts';
import { gateVerdict } from './verdict.ts';

const stage = (name: StageResult['stage'], status: StageResult['status']): StageResult => ({
  stage: name,
  status,
  summary: `${name} checked`,
  details: [],
  durationMs: 1500,
  findings: [],
});

it('prints one line per stage with its result and time, and the verdict with its exit code', () => {
  const results = [
    stage('prism', 'failed'),
    stage('dredd', 'no-verdict'),
    stage('lint', 'skipped'),
  ];
  const table = formatSummary(results, 3000, gateVerdict(results));
  expect(table).toMatch(/^prism +FAILED +1\.5 s +prism checked$/m);
  expect(table).toMatch(/^dredd +NO VERDICT +1\.5 s +dredd checked$/m);
  expect(table).toMatch(/^lint +skipped +- +lint checked$/m);
  expect(table).toMatch(
    /gate NOT CONFORMANT: 1 failed \(prism\), 1 without a verdict \(dredd\), 1 skipped \(lint\) in 3\.0 s \(exit 1\)$/m,
  );
});

it('says CONFORMANT as far as tested, and why, when checks were left out', () => {
  const bounded = {
    ...stage('contract', 'passed'),
    untested: ['110 check(s) left out by --max-creates or --read-only'],
  };
  const results = [stage('lint', 'skipped'), bounded];
  expect(formatSummary(results, 2000, gateVerdict(results))).toMatch(
    /gate CONFORMANT as far as tested: 1 passed \(contract\), 1 skipped \(lint\) in 2\.0 s \(exit 0\)\n {2}1 part\(s\) left out: contract: 110 check/,
  );
});
