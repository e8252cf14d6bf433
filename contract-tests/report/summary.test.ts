import { expect, it } from 'vitest';
import type { FailureRecord } from '../run/run-log.ts';
import { groupedSummary } from './summary.ts';

const record = (test: string, rule: FailureRecord['rule'], title: string): FailureRecord => ({
  test,
  rule,
  title,
  message: 'Received: a\nExpected: b',
  request: ['GET http://h/v1/pets'],
  response: ['500', 'body: {}'],
  curl: `curl -i -X GET 'http://h/v1/pets'`,
});

it('groups failures per rule, most cases first, with one representative and its curl', () => {
  const summary = groupedSummary(
    [
      record('t1', 'created-echoes', 'Created pet changed name'),
      record('t2', 'list-responses', 'Server error'),
      record('t2', 'list-responses', 'Server error'),
      record('t3', 'list-responses', 'Server error'),
    ],
    [{ file: 'f', name: 't9', state: 'failed', durationMs: 0, failure: 'boom\nmore' }],
  );
  expect(summary).toMatch(/^2 rules broken, 4 failing cases:/);
  expect(summary.indexOf('1. list-responses (interface rule)')).toBeLessThan(
    summary.indexOf('2. created-echoes (interface rule)'),
  );
  expect(summary).toContain('Spec: spec/openapi.yaml#/paths/~1pets/get/x-rules/list-responses');
  expect(summary).toContain('3 failing cases in 2 checks:');
  expect(summary).toContain('     - t2 (2)');
  expect(summary).toContain('What broke: Server error (3)');
  expect(summary).toContain("       curl -i -X GET 'http://h/v1/pets'");
  expect(summary).toContain('1 check(s) failed without naming a rule:\n  - t9: boom');
});
