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

it('passes the gate when every stage that ran passed, listing skipped stages', () => {
  const results = [stage('lint', 'skipped'), stage('contract', 'passed')];
  expect(gatePassed(results)).toBe(true);
  expect(formatSummary(results, 2000)).toMatch(
    /gate PASSED: 1 passed \(contract\), 1 skipped \(lint\) in 2\.0 s$/,
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
