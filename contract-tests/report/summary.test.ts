import { expect, it } from 'vitest';
import type { FailureRecord } from '../run/run-log.ts';
import { findings, groupedSummary } from './summary.ts';

const record = (
  test: string,
  rule: FailureRecord['rule'],
  title: string,
  path = '/pets',
): FailureRecord => ({
  test,
  rule,
  title,
  message: 'Received: a\nExpected: b',
  request: [`GET http://h/v1${path}`],
  response: ['500', 'body: {}'],
  curl: `curl -i -X GET 'http://h/v1${path}'`,
});

it('makes one finding per rule, most cases first, with the simplest case and its curl', () => {
  const summary = groupedSummary(
    [
      record('t1', 'created-echoes', 'Created pet changed name'),
      record('t2', 'list-responses', 'Server error', '/pets?limit=100&status=available'),
      record('t2', 'list-responses', 'Server error', '/pets?limit=1'),
      record('t3', 'list-responses', 'Server error', '/pets?status=sold'),
    ],
    [{ file: 'f', name: 't9', state: 'failed', durationMs: 0, failure: 'boom\nmore' }],
  );
  expect(summary).toMatch(/^2 findings \(one per cause: [^)]*\), from 4 failing cases:/);
  expect(summary.indexOf('1. list-responses (interface rule)')).toBeLessThan(
    summary.indexOf('2. created-echoes (interface rule)'),
  );
  expect(summary).toContain('Spec: spec/openapi.yaml#/paths/~1pets/get/x-rules/list-responses');
  expect(summary).toContain('3 failing cases in 2 checks:');
  expect(summary).toContain('     - t2 (2)');
  expect(summary).toContain('Seen: Server error (3)');
  expect(summary).toContain("       curl -i -X GET 'http://h/v1/pets?limit=1'");
  expect(summary).toContain('1 check(s) failed without naming a rule:\n  - t9: boom');
});

it('folds a rule that only ever fails after another one in the same check under it', () => {
  const found = findings([
    record('a', 'id-assigned', 'Created pet has a string id'),
    record('a', 'get-found', 'Wrong pet'),
    record('b', 'id-assigned', 'Created pet has a string id'),
    record('b', 'get-found', 'Wrong pet'),
    record('b', 'list-responses', 'Server error'),
    record('c', 'list-responses', 'Server error'),
  ]);
  expect(found.map((f) => f.rule)).toEqual(['id-assigned', 'list-responses']);
  expect(found[0]?.followedBy.map((f) => [f.rule, f.cases])).toEqual([['get-found', 2]]);
  // list-responses also failed first (in c): a cause of its own, counted whole.
  expect(found[1]?.cases).toBe(2);
  const summary = groupedSummary(
    [record('a', 'id-assigned', 'x'), record('a', 'get-found', 'Wrong pet')],
    [],
  );
  expect(summary).toMatch(/^1 finding \(one per cause: [^)]*\), from 2 failing cases:/);
  expect(summary).toContain(
    'Then, on the same answers, after it (likely a consequence): get-found (interface rule), 1 case: Wrong pet',
  );
});

it('folds a rule under another only when the same exchange shows both', () => {
  const on = (exchange: number, rule: FailureRecord['rule'], title: string) => ({
    ...record('one check', rule, title),
    exchange,
  });
  // get-404 fails on its own request, after pet-status failed on another one of the check.
  const apart = findings([
    on(1, 'pet-status', 'Pet has status "lost"'),
    on(2, 'get-404', 'Not 404'),
  ]);
  expect(apart.map((f) => [f.rule, f.followedBy.length])).toEqual([
    ['pet-status', 0],
    ['get-404', 0],
  ]);
  // The cause leads on its exchange (a 201 for an invalid body), its symptom follows it there.
  const together = findings([
    on(3, 'create-400', 'Expected 400, got 201'),
    on(3, 'pet-shape', 'categoryId must be <= 2^63-1'),
  ]);
  expect(together.map((f) => f.rule)).toEqual(['create-400']);
  expect(together[0]?.followedBy.map((f) => f.rule)).toEqual(['pet-shape']);
});
