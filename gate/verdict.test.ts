import { expect, it } from 'vitest';
import type { StageResult } from './stage.ts';
import { gateVerdict } from './verdict.ts';

const stage = (
  name: StageResult['stage'],
  status: StageResult['status'],
  extra: Partial<StageResult> = {},
): StageResult => ({
  stage: name,
  status,
  summary: '',
  details: [],
  durationMs: 1,
  findings: [],
  ...extra,
});

it('is CONFORMANT (exit 0) when every stage that ran passed and nothing was left out', () => {
  expect(gateVerdict([stage('lint', 'skipped'), stage('contract', 'passed')])).toEqual({
    code: 0,
    words: 'CONFORMANT',
    why: '',
  });
});

it('is NOT CONFORMANT (exit 1) when a stage found a fault, whatever happened after it', () => {
  const verdict = gateVerdict([
    stage('contract', 'failed', {
      findings: [{ stage: 'contract', title: 'x', detail: [], request: [], response: [] }],
    }),
    stage('prism', 'no-verdict', { noVerdict: 'the server stopped answering' }),
  ]);
  expect(verdict).toMatchObject({ code: 1, words: 'NOT CONFORMANT' });
  expect(verdict.why).toBe('1 finding(s) in contract');
});

it('has NO VERDICT (exit 2) when a stage could not judge, and names why', () => {
  const verdict = gateVerdict([
    stage('contract', 'passed'),
    stage('prism', 'no-verdict', {
      noVerdict: 'the server stopped answering at 12:00 (GET /v1/pets)',
    }),
  ]);
  expect(verdict).toEqual({
    code: 2,
    words: 'NO VERDICT',
    why: 'prism: the server stopped answering at 12:00 (GET /v1/pets)',
  });
});

it('has NO VERDICT, never a failure, when every stage was skipped', () => {
  const all = ['lint', 'contract', 'prism', 'dredd'] as const;
  expect(gateVerdict(all.map((s) => stage(s, 'skipped')))).toEqual({
    code: 2,
    words: 'NO VERDICT',
    why: 'no stage ran, so nothing was tested',
  });
});

it('turns "as far as tested" into NO VERDICT with --require-complete', () => {
  const results = [
    stage('contract', 'passed'),
    stage('prism', 'skipped', { untested: ['skipped by --skip prism'] }),
  ];
  expect(gateVerdict(results)).toMatchObject({ code: 0, words: 'CONFORMANT as far as tested' });
  expect(gateVerdict(results, true)).toMatchObject({
    code: 2,
    words: 'NO VERDICT',
    why: '--require-complete, and 1 part(s) of the run were left out: prism: skipped by --skip prism',
  });
});
