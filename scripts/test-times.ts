/**
 * `npm run test:times -- --report FILE`: the run's length and its slowest test files from a
 * vitest JSON report, as docs/testing-time.md records them.
 */
import { readFileSync } from 'node:fs';
import { formatRunTimes, runTimes, type VitestJsonReport } from '../lib/test-report.ts';
import { integerFlag, runCommand, UsageError } from './cli.ts';

const HELP = `Usage: npm run test:times -- --report FILE [--top N]

Prints how long a vitest run took, its test and file counts, and its slowest files as a
Markdown table (docs/testing-time.md keeps one per measured run). Make the report with:

  npx vitest run --reporter=default --reporter=json --outputFile=/tmp/vitest.json

Options:
  --report FILE   the JSON report vitest wrote (required)
  --top N         how many of the slowest files to list (default 10)
  --help, -h      this text`;

runCommand(
  {
    name: 'test-times',
    help: HELP,
    flags: { report: { type: 'string' }, top: { type: 'string', default: '10' } },
  },
  (values) => {
    if (!values.report) throw new UsageError('--report FILE is required');
    let report: VitestJsonReport;
    try {
      report = JSON.parse(readFileSync(values.report, 'utf8')) as VitestJsonReport;
    } catch (error) {
      throw new UsageError(`cannot read the report ${values.report}: ${(error as Error).message}`);
    }
    if (!Array.isArray(report.testResults))
      throw new UsageError(`${values.report} is not a vitest JSON report (no testResults)`);
    const top = integerFlag('top', values.top ?? '10', 1);
    console.log(formatRunTimes(runTimes(report, top, `${process.cwd()}/`)));
    return 0;
  },
);
