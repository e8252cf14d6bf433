/**
 * What a console page costs the mock (issue 50): one mock process with 1,000 animals, each
 * workload measured in interleaved rounds with no page open and with the console at `/` open
 * and following its live feed in headless Chromium (started from this process, so on the load
 * generator's core when pinned). Goal: throughput with the page at least 0.9 of without.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';
import { launch } from './interleave.ts';
import { combine, type LoadResult, measure } from './load.ts';
import { waitUntilIdle } from './processes.ts';
import { WORKLOADS, type WorkloadName, workloadRequests } from './workloads.ts';

/** Throughput with a console page following, as a share of without: the goal. */
export const CONSOLE_GOAL = 0.9;
const SEED = 1000;
const CHROMIUM = '/usr/bin/chromium';
const HEADERS = { authorization: `Bearer ${DEFAULT_API_KEY}` };
const STATES = ['without', 'following'] as const;
type State = (typeof STATES)[number];

/** Per workload, the combined runs without a page and with one following. */
export type ConsoleBench =
  | { workloads: Record<WorkloadName, Record<State, LoadResult>> }
  | { skipped: string };

/** Measures the console figures; `pinned` as the rest of the benchmark. */
export async function runConsoleBench(options: {
  durationS: number;
  rounds: number;
  warmupS: number;
  connections: number;
  pinned: boolean;
  say: (line: string) => void;
}): Promise<ConsoleBench> {
  if (!existsSync(CHROMIUM))
    return { skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium)` };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const mock = await launch('mock', SEED, options.pinned);
  const runs = {} as Record<WorkloadName, Record<State, LoadResult[]>>;
  try {
    const page = await browser.newPage();
    await waitUntilIdle(mock.pid);
    for (const workload of WORKLOADS) {
      runs[workload] = { without: [], following: [] };
      for (let round = 0; round < options.rounds; round++) {
        // A rotating order, so neither state always runs first in a round.
        for (const state of round % 2 === 0 ? STATES : [...STATES].reverse()) {
          if (state === 'following') {
            await page.goto(`${mock.origin}/`);
            await page.locator('#live[data-state="live"]').waitFor();
          } else await page.goto('about:blank');
          const result = await measure({
            origin: mock.origin,
            requests: workloadRequests(workload, SEED),
            headers: HEADERS,
            connections: options.connections,
            warmupS: round === 0 ? options.warmupS : 0,
            durationS: options.durationS / options.rounds,
            pid: mock.pid,
          });
          runs[workload][state].push(result);
        }
      }
      options.say(`console: ${workload} measured without a page and with one following`);
    }
  } finally {
    await browser.close();
    await mock.stop();
  }
  const workloads = Object.fromEntries(
    WORKLOADS.map((w) => [
      w,
      { without: combine(runs[w].without), following: combine(runs[w].following) },
    ]),
  ) as Record<WorkloadName, Record<State, LoadResult>>;
  return { workloads };
}

/** A console figure against its goal. */
export type ConsoleVerdict = { target: string; measured: string; result: 'pass' | 'fail' | 'info' };

/** Judges the figures: throughput with a page following over without, per workload. */
export function judgeConsole(bench: ConsoleBench): ConsoleVerdict[] {
  if ('skipped' in bench)
    return [{ target: 'console page following', measured: bench.skipped, result: 'info' }];
  return Object.entries(bench.workloads).map(([workload, { without, following }]) => {
    const ratio = without.rps > 0 ? following.rps / without.rps : 0;
    const cpu =
      without.cpuUsPerRequest && following.cpuUsPerRequest
        ? `; CPU per request ${(following.cpuUsPerRequest / without.cpuUsPerRequest).toFixed(2)}`
        : '';
    return {
      target: `${workload}: req/s with a console page following / without ≥ ${CONSOLE_GOAL}`,
      measured: `${ratio.toFixed(2)}${cpu}`,
      result: ratio >= CONSOLE_GOAL ? 'pass' : 'fail',
    };
  });
}

/** The figures as a table: req/s (CPU µs per request) without a page and with one following. */
export function formatConsoleTable(bench: ConsoleBench): string {
  if ('skipped' in bench) return `Console page: not measured, ${bench.skipped}`;
  const lines = [
    `Console page (one mock, ${SEED} animals): req/s (CPU µs/request)`,
    `${'workload'.padEnd(10)}${'no page'.padStart(16)}${'following'.padStart(16)}`,
  ];
  const cell = (r: LoadResult) =>
    `${r.rps.toFixed(0)}${r.cpuUsPerRequest === undefined ? '' : ` (${r.cpuUsPerRequest.toFixed(0)})`}`.padStart(
      16,
    );
  for (const [workload, { without, following }] of Object.entries(bench.workloads))
    lines.push(`${workload.padEnd(10)}${cell(without)}${cell(following)}`);
  return lines.join('\n');
}
