/**
 * `npm run test:times`: the run's length and its slowest test files from a vitest JSON report
 * (reports/vitest.json, which every vitest run here writes), as docs/testing-time.md records.
 */
import { readFileSync } from 'node:fs';
import { formatRunTimes, runTimes, type VitestJsonReport } from '../lib/test-report.ts';
import { integerFlag, runCommand, UsageError } from './cli.ts';

const HELP = `Usage: npm run test:times -- [--report FILE] [--top N]

Prints how long a vitest run took, its test and file counts, and its slowest files as a
Markdown table (docs/testing-time.md keeps one per measured run). Every vitest run of this
repository (npm test, npm run test:quick, npx vitest run) writes its JSON report to
reports/vitest.json, the last run's replacing the one before. A file's time runs from its
first test's start to its end (all vitest's JSON report holds): a file whose beforeAll does
its work shows less than the default reporter's line for it.

Options:
  --report FILE   the JSON report vitest wrote (default reports/vitest.json)
  --top N         how many of the slowest files to list (default 10)
  --help, -h      this text`;

runCommand(
  {
    name: 'test-times',
    help: HELP,
    flags: {
      report: { type: 'string', default: 'reports/vitest.json' },
      top: { type: 'string', default: '10' },
    },
  },
  (values) => {
    const file = values.report ?? 'reports/vitest.json';
    let report: VitestJsonReport;
    try {
      report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
    } catch (error) {
      throw new UsageError(`cannot read the report ${file}: ${(error as Error).message}`);
    }
    if (!Array.isArray(report.testResults))
      throw new UsageError(`${file} is not a vitest JSON report (no testResults)`);
    const top = integerFlag('top', values.top ?? '10', 1);
    console.log(formatRunTimes(runTimes(report, top, `${process.cwd()}/`)));
    return 0;
  },
);
