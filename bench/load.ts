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
