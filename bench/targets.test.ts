import { expect, it } from 'vitest';
import { combine, type LoadResult } from './load.ts';
import type { ServerName } from './servers.ts';
import { judge, type ServerRun } from './targets.ts';
import { WORKLOADS } from './workloads.ts';

const load = (rps: number, extra: Partial<LoadResult> = {}): LoadResult => ({
  rps,
  durationS: 1,
  p50Ms: 1,
  p99Ms: 2,
  requests: rps,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: rps },
  cpuUsPerRequest: 1e6 / rps,
  ...extra,
});

const run = (server: ServerName, seedCount: number, rps: number, rssMiB = 100): ServerRun => ({
  server,
  seedCount,
  startupMs: server.startsWith('prism') ? 4000 : 700,
  settleMs: 0,
  rssMiB,
  workloads: Object.fromEntries(WORKLOADS.map((w) => [w, load(rps)])) as ServerRun['workloads'],
});

const verdicts = (runs: ServerRun[]) =>
  new Map(judge(runs, 1000, 100_000, { mock: 700, prism: 4000 }).map((v) => [v.target, v]));

it('judges mock/prism against prism mock as users run it, and prism-quiet only as INFO', () => {
  const v = verdicts([
    run('bare', 1000, 10_000),
    run('mock', 1000, 2500),
    run('mock', 100_000, 2400, 170),
    run('prism', 1000, 600),
    run('prism-quiet', 1000, 1500),
  ]);
  expect(v.get('mock/prism listPets @1000')).toMatchObject({ result: 'pass' });
  expect(v.get('mock/prism listPets @1000')?.value).toBeCloseTo(2500 / 600);
  expect(v.get('mock/prism listPets @100000')?.value).toBeCloseTo(2400 / 600);
  expect(v.get('mock/prism-quiet listPets @1000')).toMatchObject({ result: 'info', met: false });
  expect(v.get('mock/prism-quiet listPets @1000')?.value).toBeCloseTo(2500 / 1500);
  expect(v.get('mock/bare getPet @1000')).toMatchObject({ result: 'pass', stretch: 'pass' });
  expect(v.get('mock @100000/@1000 createPet')).toMatchObject({ result: 'pass' });
  expect(v.get('start-up mock/prism')?.value).toBeCloseTo(700 / 4000);
  expect(v.get('mock RSS MiB @100000 after load')).toMatchObject({ result: 'pass', value: 170 });
});

it('fails each target the numbers miss, and never judges an INFO line', () => {
  const v = verdicts([
    run('bare', 1000, 10_000),
    run('mock', 1000, 1000),
    run('mock', 100_000, 700, 300),
    run('prism', 1000, 600),
    run('prism-quiet', 1000, 400),
  ]);
  expect(v.get('mock/bare listSold @1000')).toMatchObject({ result: 'fail', stretch: 'fail' });
  expect(v.get('mock @100000/@1000 listSold')).toMatchObject({ result: 'fail' });
  expect(v.get('mock/prism listSold @100000')).toMatchObject({ result: 'fail' });
  expect(v.get('mock RSS MiB @100000 after load')).toMatchObject({ result: 'fail' });
  expect(v.get('mock/prism-quiet listSold @1000')).toMatchObject({ result: 'info', met: true });
  expect([...v.values()].filter((x) => x.result === 'info')).toHaveLength(8);
});

it('skips the Prism targets and prints no INFO lines when Prism was not run', () => {
  const v = verdicts([run('bare', 1000, 10_000), run('mock', 1000, 2500)]);
  expect(v.get('mock/prism getPet @1000')).toMatchObject({ result: 'skipped' });
  expect([...v.keys()].some((target) => target.includes('prism-quiet'))).toBe(false);
});

it('combines interleaved rounds over their total time, with the worst p99', () => {
  const total = combine([
    load(1000, { durationS: 1, requests: 1000, p99Ms: 5, cpuUsPerRequest: 400 }),
    load(3000, { durationS: 1, requests: 3000, p99Ms: 9, cpuUsPerRequest: 200, non2xx: 2 }),
  ]);
  expect(total.rps).toBe(2000);
  expect(total.requests).toBe(4000);
  expect(total.p99Ms).toBe(9);
  expect(total.cpuUsPerRequest).toBe(250);
  expect(total.non2xx).toBe(2);
  expect(total.statusCodes).toEqual({ 200: 4000 });
});

it('judges the profiled mock against the default one, side by side, on every workload and size', () => {
  const v = verdicts([
    run('mock', 1000, 2500),
    run('mock', 100_000, 2400),
    run('mock-profiled', 1000, 2375),
    run('mock-profiled', 100_000, 2255),
  ]);
  for (const workload of WORKLOADS) {
    expect(v.get(`mock-profiled/mock ${workload} @1000`)?.result).toBe('pass');
    expect(v.get(`mock-profiled/mock ${workload} @100000`)?.result).toBe('fail');
  }
  expect(verdicts([run('mock', 1000, 2500)]).get('mock-profiled/mock listPets @1000')?.result).toBe(
    'skipped',
  );
});

it('judges what the request log costs: the logging mock against the quiet one, text and JSON', () => {
  const v = verdicts([
    run('mock', 1000, 2400),
    run('mock-json', 1000, 2300),
    run('mock-quiet', 1000, 2500),
  ]);
  for (const workload of WORKLOADS) {
    expect(v.get(`mock/mock-quiet ${workload} @1000 (CPU)`)).toMatchObject({ result: 'pass' });
    expect(v.get(`mock-json/mock-quiet ${workload} @1000 (CPU)`)).toMatchObject({
      result: 'fail',
    });
  }
  const alone = verdicts([run('mock', 1000, 2500)]);
  expect(alone.get('mock/mock-quiet listPets @1000 (CPU)')?.result).toBe('skipped');
});

it('holds the two listings to 0.9 of their rate at the small size, the other workloads to 0.8', () => {
  const v = verdicts([run('mock', 1000, 2500), run('mock', 100_000, 2125)]);
  expect(v.get('mock @100000/@1000 listPets')).toMatchObject({ result: 'fail', bound: '>= 0.9' });
  expect(v.get('mock @100000/@1000 listSold')).toMatchObject({ result: 'fail', bound: '>= 0.9' });
  expect(v.get('mock @100000/@1000 getPet')).toMatchObject({ result: 'pass', bound: '>= 0.8' });
  expect(v.get('mock @100000/@1000 createPet')).toMatchObject({ result: 'pass', bound: '>= 0.8' });
  // CPU per request rose from 400 to 470.6 µs: 0.85 of the throughput per CPU.
  expect(v.get('mock @100000/@1000 listPets (CPU)')).toMatchObject({ result: 'fail' });
  expect(v.get('mock @100000/@1000 listPets (CPU)')?.value).toBeCloseTo(2125 / 2500);
  expect(v.get('mock @100000/@1000 getPet (CPU)')).toBeUndefined();
});
