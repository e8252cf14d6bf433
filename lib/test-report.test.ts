import { expect, it } from 'vitest';
import { cachedSeconds, formatRunTimes, runTimes, type VitestJsonReport } from './test-report.ts';

const report: VitestJsonReport = {
  numTotalTests: 5,
  numPassedTests: 4,
  numFailedTests: 1,
  startTime: 1_000,
  testResults: [
    { name: '/repo/a.test.ts', startTime: 1_100, endTime: 3_100, status: 'passed' },
    { name: '/repo/b.test.ts', startTime: 1_200, endTime: 61_200, status: 'failed' },
    { name: '/repo/c.test.ts', startTime: 2_000, endTime: 2_500, status: 'passed' },
  ],
};

it('lists the slowest files first, named from the root, with the run from start to last end', () => {
  const times = runTimes(report, 2, '/repo/');
  expect(times.slowest).toEqual([
    { file: 'b.test.ts', seconds: 60, status: 'failed' },
    { file: 'a.test.ts', seconds: 2, status: 'passed' },
  ]);
  expect(times).toMatchObject({ tests: 5, passed: 4, failed: 1, files: 3, wallSeconds: 60.2 });
});

it('prints a summary line and a Markdown table that marks a file that did not pass', () => {
  const text = formatRunTimes(runTimes(report, 3, '/repo/'));
  expect(text.split('\n')[0]).toBe(
    "5 tests (4 passed, 1 failed) in 3 files; vitest 60 s from start to the last file's end",
  );
  expect(text).toContain('| 1 | `b.test.ts` | 60.0 | failed');
  expect(text).toContain('| 3 | `c.test.ts` | 0.5 |');
});

it("takes a file's whole time, set-up included, from vitest's cache where it has the file", () => {
  const whole = cachedSeconds({
    results: [
      ['power:c.test.ts', { duration: 90_040, failed: false }],
      [':a.test.ts', { duration: 2_500, failed: false }],
    ],
  });
  expect(whole).toEqual(
    new Map([
      ['c.test.ts', 90],
      ['a.test.ts', 2.5],
    ]),
  );
  expect(runTimes(report, 3, '/repo/', whole).slowest.map((f) => [f.file, f.seconds])).toEqual([
    ['c.test.ts', 90],
    ['b.test.ts', 60],
    ['a.test.ts', 2.5],
  ]);
});
