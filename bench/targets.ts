/**
 * The performance targets, as ratios within one run: each becomes a named verdict
 * (pass, fail, or skipped when a server it needs was not measured).
 */
import type { LoadResult } from './load.ts';
import { isStateless, type ServerName } from './servers.ts';
import { WORKLOADS, type WorkloadName } from './workloads.ts';

/** One server measured at one store size. */
export type ServerRun = {
  server: ServerName;
  seedCount: number;
  startupMs: number;
  /** From the first answer until the process stopped using CPU by itself (deferred work). */
  settleMs: number;
  rssMiB: number | undefined;
  workloads: Record<WorkloadName, LoadResult>;
};

/** One target's verdict: what was compared, the measured value and the bound. */
export type Verdict = {
  target: string;
  value: number | undefined;
  bound: string;
  /** `info`: printed beside the targets with whether the bound was met, not judged. */
  result: 'pass' | 'fail' | 'skipped' | 'info';
  met?: boolean;
  stretch?: 'pass' | 'fail';
};

/** Thresholds from issue 7 (and issue 30's profiled mock). */
export const THRESHOLDS = {
  mockOverBare: 0.15,
  mockOverBareStretch: 0.25,
  largeOverSmall: 0.8,
  /** Issue 41: a listing stays flat as the store grows (listPets, listSold). */
  listLargeOverSmall: 0.9,
  mockOverPrism: 2,
  startupOverPrism: 0.5,
  rssMiB: 256,
  /** Issue 30: a mock answering by a profile serves as fast as the default one. */
  profiledOverMock: 0.95,
  /** Issue 37: the request log costs at most 5 % of the throughput of the mock with --quiet. */
  loggedOverQuiet: 0.95,
} as const;

/** The run of `server` at `seedCount`; Prism is stateless, so its one run stands for every size. */
export function findRun(
  runs: ServerRun[],
  server: ServerName,
  seedCount: number,
): ServerRun | undefined {
  return runs.find(
    (run) => run.server === server && (isStateless(server) || run.seedCount === seedCount),
  );
}

/** The workloads that read a page of the store: the ones held to stay flat as it grows. */
export const isListing = (workload: WorkloadName): boolean =>
  workload === 'listPets' || workload === 'listSold';

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? undefined : a / b;

function verdict(
  target: string,
  value: number | undefined,
  bound: string,
  ok: (v: number) => boolean,
): Verdict {
  if (value === undefined) return { target, value, bound, result: 'skipped' };
  return { target, value, bound, result: ok(value) ? 'pass' : 'fail' };
}

/** Every target of the issue for a run at a small and a large store size. */
export function judge(
  runs: ServerRun[],
  small: number,
  large: number,
  startups: Partial<Record<ServerName, number>>,
): Verdict[] {
  const rps = (server: ServerName, size: number, workload: WorkloadName) =>
    findRun(runs, server, size)?.workloads[workload].rps;
  const verdicts: Verdict[] = [];
  for (const workload of WORKLOADS) {
    const v = verdict(
      `mock/bare ${workload} @${small}`,
      ratio(rps('mock', small, workload), rps('bare', small, workload)),
      `>= ${THRESHOLDS.mockOverBare}`,
      (x) => x >= THRESHOLDS.mockOverBare,
    );
    if (v.value !== undefined)
      v.stretch = v.value >= THRESHOLDS.mockOverBareStretch ? 'pass' : 'fail';
    verdicts.push(v);
  }
  if (large !== small) {
    for (const workload of WORKLOADS) {
      const bound = isListing(workload) ? THRESHOLDS.listLargeOverSmall : THRESHOLDS.largeOverSmall;
      verdicts.push(
        verdict(
          `mock @${large}/@${small} ${workload}`,
          ratio(rps('mock', large, workload), rps('mock', small, workload)),
          `>= ${bound}`,
          (x) => x >= bound,
        ),
      );
    }
    // The same for the listings as throughput per CPU: when neighbours starve the server's
    // core, req/s moves with them and CPU per request does not.
    const cpuAt = (size: number, workload: WorkloadName) =>
      findRun(runs, 'mock', size)?.workloads[workload].cpuUsPerRequest;
    for (const workload of WORKLOADS.filter(isListing)) {
      verdicts.push(
        verdict(
          `mock @${large}/@${small} ${workload} (CPU)`,
          ratio(cpuAt(small, workload), cpuAt(large, workload)),
          `>= ${THRESHOLDS.listLargeOverSmall}`,
          (x) => x >= THRESHOLDS.listLargeOverSmall,
        ),
      );
    }
  }
  for (const size of new Set([small, large])) {
    for (const workload of WORKLOADS) {
      verdicts.push(
        verdict(
          `mock/prism ${workload} @${size}`,
          ratio(rps('mock', size, workload), rps('prism', size, workload)),
          `>= ${THRESHOLDS.mockOverPrism}`,
          (x) => x >= THRESHOLDS.mockOverPrism,
        ),
      );
    }
  }
  // Not a target: the same bound against Prism with its per-request logging off.
  for (const size of new Set([small, large])) {
    for (const workload of WORKLOADS) {
      const value = ratio(rps('mock', size, workload), rps('prism-quiet', size, workload));
      if (value === undefined) continue;
      verdicts.push({
        target: `mock/prism-quiet ${workload} @${size}`,
        value,
        bound: `>= ${THRESHOLDS.mockOverPrism} (not a target)`,
        result: 'info',
        met: value >= THRESHOLDS.mockOverPrism,
      });
    }
  }
  for (const size of new Set([small, large])) {
    for (const workload of WORKLOADS) {
      verdicts.push(
        verdict(
          `mock-profiled/mock ${workload} @${size}`,
          ratio(rps('mock-profiled', size, workload), rps('mock', size, workload)),
          `>= ${THRESHOLDS.profiledOverMock}`,
          (x) => x >= THRESHOLDS.profiledOverMock,
        ),
      );
    }
  }
  // What the log costs, as throughput per CPU: the quiet mock's CPU per request over the
  // logging one's (steadier than req/s on a shared machine; the server is CPU-bound).
  const cpu = (server: ServerName, workload: WorkloadName) =>
    findRun(runs, server, small)?.workloads[workload].cpuUsPerRequest;
  for (const logged of ['mock', 'mock-json'] as const) {
    for (const workload of WORKLOADS) {
      verdicts.push(
        verdict(
          `${logged}/mock-quiet ${workload} @${small} (CPU)`,
          ratio(cpu('mock-quiet', workload), cpu(logged, workload)),
          `>= ${THRESHOLDS.loggedOverQuiet}`,
          (x) => x >= THRESHOLDS.loggedOverQuiet,
        ),
      );
    }
  }
  verdicts.push(
    verdict(
      'start-up mock/prism',
      ratio(startups.mock, startups.prism),
      `<= ${THRESHOLDS.startupOverPrism}`,
      (x) => x <= THRESHOLDS.startupOverPrism,
    ),
  );
  verdicts.push(
    verdict(
      `mock RSS MiB @${large} after load`,
      findRun(runs, 'mock', large)?.rssMiB,
      `<= ${THRESHOLDS.rssMiB}`,
      (x) => x <= THRESHOLDS.rssMiB,
    ),
  );
  return verdicts;
}
