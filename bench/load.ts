/**
 * Drives one workload against one server with autocannon, in this process: a warm-up whose
 * numbers are dropped, then the measured run.
 */
import { createRequire } from 'node:module';
import { cpuSeconds } from './processes.ts';
import type { BenchRequest } from './workloads.ts';

/** What one measured run gives: throughput, latency, and how many answers were not 2xx. */
export type LoadResult = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Server CPU time per request in microseconds, when the server's pid is known (Linux). */
  cpuUsPerRequest: number | undefined;
  /** Seconds the measured run lasted. */
  durationS: number;
};

type Histogram = { p50: number; p99: number };
type AutocannonResult = {
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: BenchRequest[];
};
type Autocannon = (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => unknown;

// autocannon ships no types and the project has no @types/autocannon; this is the part used.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function fire(options: AutocannonOptions): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Runs `requests` in a loop on `connections` connections: `warmupS` unmeasured, then `durationS`. */
export async function measure(options: {
  origin: string;
  requests: BenchRequest[];
  headers: Record<string, string>;
  connections: number;
  warmupS: number;
  durationS: number;
  pid?: number;
}): Promise<LoadResult> {
  const base = {
    url: options.origin,
    connections: options.connections,
    headers: options.headers,
    requests: options.requests,
  };
  if (options.warmupS > 0) await fire({ ...base, duration: options.warmupS });
  const cpuBefore = options.pid === undefined ? undefined : cpuSeconds(options.pid);
  const result = await fire({ ...base, duration: options.durationS });
  const cpuAfter = options.pid === undefined ? undefined : cpuSeconds(options.pid);
  const requests = result['2xx'] + result.non2xx;
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats))
    statusCodes[code] = Number(count);
  return {
    rps: requests / result.duration,
    durationS: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpuUsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || requests === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / requests,
  };
}

/**
 * One result for runs of the same workload against the same server made at different times
 * (interleaved with other servers' runs): throughput over their total time, CPU per request
 * over all their requests, the median of their medians and the worst of their p99s.
 */
export function combine(runs: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
  const requests = sum((r) => r.requests);
  const durationS = sum((r) => r.durationS);
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, count] of Object.entries(run.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  const cpu = runs.every((r) => r.cpuUsPerRequest !== undefined)
    ? sum((r) => (r.cpuUsPerRequest as number) * r.requests) / Math.max(1, requests)
    : undefined;
  const p50s = runs.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    rps: durationS > 0 ? requests / durationS : 0,
    durationS,
    p50Ms: p50s[p50s.length >> 1] ?? 0,
    p99Ms: Math.max(0, ...runs.map((r) => r.p99Ms)),
    requests,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes,
    cpuUsPerRequest: cpu,
  };
}
