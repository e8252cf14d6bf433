import { expect, it } from 'vitest';
import type { StageResult } from './stage.ts';
import { formatSummary, gatePassed } from './summary.ts';

const stage = (name: StageResult['stage'], status: StageResult['status']): StageResult => ({
  stage: name,
  status,
  summary: `${name} checked`,
  details: [],
  durationMs: 1500,
});

it('passes the gate as far as tested when every stage that ran passed and one was skipped', () => {
  const results = [stage('lint', 'skipped'), stage('contract', 'passed')];
  expect(gatePassed(results)).toBe(true);
  expect(formatSummary(results, 2000)).toMatch(
    /gate PASSED as far as tested: 1 passed \(contract\), 1 skipped \(lint\) in 2\.0 s$/,
  );
});

it('says "as far as tested" when --max-creates left checks out, and not when nothing was', () => {
  const bounded = { ...stage('contract', 'passed'), untested: ['110 check(s) need more'] };
  expect(formatSummary([stage('lint', 'passed'), bounded], 2000)).toMatch(
    /gate PASSED as far as tested: 2 passed \(lint, contract\) in 2\.0 s$/,
  );
  expect(formatSummary([stage('lint', 'passed'), stage('contract', 'passed')], 2000)).toMatch(
    /gate PASSED: 2 passed \(lint, contract\) in 2\.0 s$/,
  );
});

it('fails the gate when any stage failed, or when every stage was skipped', () => {
  expect(gatePassed([stage('lint', 'passed'), stage('dredd', 'failed')])).toBe(false);
  expect(gatePassed([stage('lint', 'skipped')])).toBe(false);
});

it('prints one line per stage with its result and time', () => {
  const table = formatSummary([stage('prism', 'failed'), stage('dredd', 'passed')], 3000);
  expect(table).toMatch(/^prism +FAILED +1\.5 s +prism checked$/m);
  expect(table).toMatch(/^dredd +passed +1\.5 s +dredd checked$/m);
});
