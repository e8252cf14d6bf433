/**
 * Reads a vitest JSON report (`vitest run --reporter=json --outputFile=FILE`) for the times
 * docs/testing-time.md records: how long the run took, how many tests and files, and the
 * slowest files, so the next capability knows its budget.
 */

/** The parts of vitest's JSON report read here. */
export type VitestJsonReport = {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
};

/**
 * One test file and its seconds: from vitest's results cache where it has the file (the whole
 * file, its `beforeAll` included), else from its first test's start to its end, as vitest's
 * JSON report has them (a `beforeAll` that does the file's work, as contract-power's runs every
 * CLI run there, is then not counted).
 */
export type FileTime = { file: string; seconds: number; status: string };

/** What the report says about the run as a whole, with its `count` slowest files. */
export type RunTimes = {
  tests: number;
  passed: number;
  failed: number;
  files: number;
  /** From the run's start to the last file's end. */
  wallSeconds: number;
  slowest: FileTime[];
};

/**
 * Vitest's results cache (node_modules/.vite/vitest/<hash>/results.json): each file's last
 * duration in ms, set-up included, keyed `project:path`.
 */
export type VitestResultsCache = {
  results: [string, { duration: number; failed: boolean }][];
};

const round = (ms: number) => Math.round(ms / 100) / 10;

/** Each file's whole seconds in `cache`, by its path (the project's name dropped). */
export function cachedSeconds(cache: VitestResultsCache): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const [key, { duration }] of cache.results) {
    const path = key.slice(key.indexOf(':') + 1);
    if (Number.isFinite(duration)) seconds.set(path, round(duration));
  }
  return seconds;
}

/**
 * Sums up `report`, naming files relative to `root`; a file's time is `whole`'s (vitest's
 * cache, set-up included) where it has the file.
 */
export function runTimes(
  report: VitestJsonReport,
  count: number,
  root = '',
  whole: ReadonlyMap<string, number> = new Map(),
): RunTimes {
  const files = report.testResults.map((result) => {
    const file =
      root && result.name.startsWith(root) ? result.name.slice(root.length) : result.name;
    const seconds = whole.get(file) ?? round(result.endTime - result.startTime);
    return { file, seconds, status: result.status };
  });
  const end = Math.max(report.startTime, ...report.testResults.map((r) => r.endTime));
  return {
    tests: report.numTotalTests,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    files: files.length,
    wallSeconds: round(end - report.startTime),
    slowest: files.sort((a, b) => b.seconds - a.seconds).slice(0, count),
  };
}

/** The times as the Markdown docs/testing-time.md keeps: a summary line, then a table. */
export function formatRunTimes(times: RunTimes): string {
  const rows = times.slowest.map(
    (f, i) =>
      `| ${i + 1} | \`${f.file}\` | ${f.seconds.toFixed(1)} |${f.status === 'passed' ? '' : ` ${f.status}`}`,
  );
  return [
    `${times.tests} tests (${times.passed} passed, ${times.failed} failed) in ${times.files} files; vitest ${times.wallSeconds.toFixed(0)} s from start to the last file's end`,
    '',
    '| # | file | s |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}
