import { expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import { judgeSessions, type SessionBench, sessionRequests } from './sessions.ts';

const run = (rps: number): LoadResult => ({
  rps,
  p50Ms: 1,
  p99Ms: 2,
  requests: rps,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: rps },
  cpuUsPerRequest: 100,
  durationS: 1,
});

const bench = (at100: number, rss: number): SessionBench => ({
  workloads: {
    listPets: { default: run(1000), 1: run(1000), 100: run(at100), 1000: run(800) },
  } as unknown as SessionBench['workloads'],
  rssMiB: { defaultOnly: 60, sessions1000: rss },
});

it('spreads a workload over the sessions in turn, and sends no header for the default one', () => {
  const spread = sessionRequests('listPets', 100);
  expect(spread).toHaveLength(100);
  expect(new Set(spread.map((r) => r.headers?.['x-mock-session'])).size).toBe(100);
  expect(sessionRequests('getPet', 1).map((r) => r.headers?.['x-mock-session'])).toEqual(
    Array(97).fill('bench-0'),
  );
  expect(sessionRequests('listPets', 'default')[0]?.headers).toBeUndefined();
});

it('passes 100 sessions at 0.9 of one session and 1,000 sessions within 150 MiB, and no less', () => {
  expect(judgeSessions(bench(900, 150)).map((v) => v.result)).toEqual(['pass', 'pass', 'info']);
  expect(judgeSessions(bench(899, 151)).map((v) => v.result)).toEqual(['fail', 'fail', 'info']);
});
