/**
 * `npm run test:times`: the run's length and its slowest test files from a vitest JSON report
 * (reports/vitest.json, which every vitest run here writes) and vitest's results cache, as
 * docs/testing-time.md records; with --save, the files' times the test order starts from in a
 * fresh clone (tests/file-seconds.json, read by vitest.config.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cachedSeconds,
  formatRunTimes,
  runTimes,
  type VitestJsonReport,
  type VitestResultsCache,
} from '../lib/test-report.ts';
import { integerFlag, runCommand, UsageError } from './cli.ts';

/** Where --save writes the files' times, and the shortest time it keeps. */
const SAVED = 'tests/file-seconds.json';
const SAVED_FLOOR = 5;
/** Vitest's results cache, in a folder named by a hash. */
const CACHE = 'node_modules/.vite/vitest';

/** Each file's whole time from vitest's newest results cache; none when there is no cache. */
function wholeTimes(): Map<string, number> {
  let folders: string[];
  try {
    folders = readdirSync(CACHE).map((name) => join(CACHE, name, 'results.json'));
  } catch {
    return new Map();
  }
  const newest = folders
    .filter((path) => statSync(path, { throwIfNoEntry: false }))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) return new Map();
  return cachedSeconds(JSON.parse(readFileSync(newest, 'utf8')) as VitestResultsCache);
}

const HELP = `Usage: npm run test:times -- [--report FILE] [--top N] [--save]

Prints how long a vitest run took, its test and file counts, and its slowest files as a
Markdown table (docs/testing-time.md keeps one per measured run). Every vitest run of this
repository (npm test, npm run test:quick, npx vitest run) writes its JSON report to
reports/vitest.json, the last run's replacing the one before. A file's time is the whole
file's, set-up included, from vitest's results cache (node_modules/.vite/vitest/), which keeps
each file's last time; a file the cache lacks shows its time from its first test's start to
its end (all the JSON report holds).

Options:
  --report FILE   the JSON report vitest wrote (default reports/vitest.json)
  --top N         how many of the slowest files to list (default 10)
  --save          also write every file of the run over ${SAVED_FLOOR} s, with its time, to
                  ${SAVED}: the order a fresh clone's run starts its files in
                  (vitest.config.ts), commit it after a measured run
  --help, -h      this text`;

runCommand(
  {
    name: 'test-times',
    help: HELP,
    flags: {
      report: { type: 'string', default: 'reports/vitest.json' },
      top: { type: 'string', default: '10' },
      save: { type: 'boolean', default: false },
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
    const whole = wholeTimes();
    console.log(formatRunTimes(runTimes(report, top, `${process.cwd()}/`, whole)));
    if (values.save) {
      const all = runTimes(report, report.testResults.length, `${process.cwd()}/`, whole);
      const seconds = Object.fromEntries(
        all.slowest.filter((f) => f.seconds >= SAVED_FLOOR).map((f) => [f.file, f.seconds]),
      );
      writeFileSync(SAVED, `${JSON.stringify(seconds, null, 2)}\n`);
      console.log(`\nwrote ${Object.keys(seconds).length} files' times to ${SAVED}`);
    }
    return 0;
  },
);
