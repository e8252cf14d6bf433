/**
 * Turns a benchmark result into the printed table and verdict list, and writes it as JSON to
 * bench/results/bench-<timestamp>.json and bench/results/latest.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchResult } from './run.ts';
import { SERVER_NAMES, type ServerName } from './servers.ts';
import { findRun } from './targets.ts';
import { WORKLOADS } from './workloads.ts';

const pad = (text: string, width: number) => text.padStart(width);
const num = (value: number | undefined, digits = 0) =>
  value === undefined ? '-' : value.toFixed(digits);
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? undefined : a / b;

/**
 * The side-by-side table: req/s and p99 per server, and the mock's ratios, per size and
 * workload ("quiet" is prism-quiet, Prism with its logging off; "mock/@small" is the mock's
 * req/s at this size over its req/s at the smallest size, measured in the same rounds, and
 * "bare/@small" the same for the bare server, whose work does not grow with the store: what
 * it shows is the machine's noise).
 */
export function formatTable(result: BenchResult): string {
  const small = Math.min(...result.options.sizes);
  const columns = [
    'pets',
    'workload',
    'bare req/s',
    'p99',
    'mock req/s',
    'p99',
    'prism req/s',
    'p99',
    'quiet req/s',
    'p99',
    'mock/bare',
    'mock/prism',
    'mock/quiet',
    `bare/@${small}`,
    `mock/@${small}`,
  ];
  const widths = [7, 10, 11, 5, 11, 5, 12, 5, 12, 5, 10, 11, 11, 12, 12];
  const lines = [columns.map((c, i) => pad(c, widths[i] as number)).join(' ')];
  for (const size of result.options.sizes) {
    for (const workload of WORKLOADS) {
      const get = (server: ServerName, at = size) =>
        findRun(result.runs, server, at)?.workloads[workload];
      const [bare, mock, prism, quiet] = (['bare', 'mock', 'prism', 'prism-quiet'] as const).map(
        (server) => get(server),
      );
      const cells = [
        String(size),
        workload,
        num(bare?.rps),
        num(bare?.p99Ms),
        num(mock?.rps),
        num(mock?.p99Ms),
        num(prism?.rps),
        num(prism?.p99Ms),
        num(quiet?.rps),
        num(quiet?.p99Ms),
        num(ratio(mock?.rps, bare?.rps), 2),
        num(ratio(mock?.rps, prism?.rps), 2),
        num(ratio(mock?.rps, quiet?.rps), 2),
        size === small ? '' : num(ratio(bare?.rps, get('bare', small)?.rps), 2),
        size === small ? '' : num(ratio(mock?.rps, get('mock', small)?.rps), 2),
      ];
      lines.push(cells.map((c, i) => pad(c, widths[i] as number)).join(' '));
    }
  }
  lines.push(
    '',
    'server CPU µs per request (lower is better; steadier than req/s on a shared machine)',
  );
  // One column per server this run measured.
  const measured = SERVER_NAMES.filter((server) => result.runs.some((r) => r.server === server));
  // mock/@small here: CPU per request at the smallest size over at this one (throughput per CPU).
  const cpuWidths = [7, 10, ...measured.map((server) => Math.max(8, server.length)), 10, 12];
  lines.push(
    ['pets', 'workload', ...measured, 'mock/bare', `mock/@${small}`]
      .map((c, i) => pad(c, cpuWidths[i] as number))
      .join(' '),
  );
  for (const size of result.options.sizes) {
    for (const workload of WORKLOADS) {
      const cpu = (server: ServerName, at = size) =>
        findRun(result.runs, server, at)?.workloads[workload].cpuUsPerRequest;
      const cells = [
        String(size),
        workload,
        ...measured.map((server) => num(cpu(server))),
        num(ratio(cpu('mock'), cpu('bare')), 1),
        size === small ? '' : num(ratio(cpu('mock', small), cpu('mock')), 2),
      ];
      lines.push(cells.map((c, i) => pad(c, cpuWidths[i] as number)).join(' '));
    }
  }
  const startup = Object.entries(result.startupMs)
    .map(([server, s]) => `${server} ${s.median.toFixed(0)} ms`)
    .join(', ');
  lines.push(
    '',
    `start-up (spawn to first 2xx, median, @${result.options.sizes[0]} pets): ${startup}`,
  );
  const memory = result.runs
    .filter((run) => run.rssMiB !== undefined)
    .map((run) => `${run.server}@${run.seedCount} ${num(run.rssMiB)} MiB`)
    .join(', ');
  lines.push(`resident memory after load: ${memory}`);
  const settle = result.runs
    .map((run) => `${run.server}@${run.seedCount} ${num(run.startupMs)}+${num(run.settleMs)} ms`)
    .join(', ');
  lines.push(`first answer + until idle, per run: ${settle}`);
  return lines.join('\n');
}

/** One line per target: PASS/FAIL/SKIP, the measured value and the bound. */
export function formatVerdicts(result: BenchResult): string {
  return result.verdicts
    .map((v) => {
      const mark = { pass: 'PASS', fail: 'FAIL', skipped: 'SKIP', info: 'INFO' }[v.result];
      const stretch = v.stretch ? ` (stretch >= 0.25: ${v.stretch.toUpperCase()})` : '';
      const met = v.met === undefined ? '' : v.met ? ': met' : ': not met';
      return `${mark}  ${v.target.padEnd(38)} ${num(v.value, 3).padStart(8)}  ${v.bound}${stretch}${met}`;
    })
    .join('\n');
}

/** Writes the result to `dir` as bench-<timestamp>.json and latest.json; returns the first path. */
export async function writeResult(result: BenchResult, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const text = `${JSON.stringify(result, null, 2)}\n`;
  const file = join(dir, `bench-${result.startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, text);
  await writeFile(join(dir, 'latest.json'), text);
  return file;
}
