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
  rssMiB: { defaultOnly: 60, sessions1000: rss, reopened1000: rss * 1.1 },
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
  const results = (at100: number, rss: number) =>
    judgeSessions(bench(at100, rss)).map((v) => v.result);
  expect(results(900, 150)).toEqual(['pass', 'info', 'pass', 'info']);
  expect(results(899, 151)).toEqual(['fail', 'info', 'fail', 'info']);
});

it('shows the memory of 1,000 new sessions after 1,000 ended beside the first 1,000, as a ratio', () => {
  const reuse = judgeSessions(bench(900, 100))[1];
  expect(reuse).toEqual({
    target: 'RSS with 1,000 new sessions after 1,000 ended / RSS with the first 1,000',
    measured: '1.10',
    result: 'info',
  });
});
