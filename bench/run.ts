/**
 * Runs the whole benchmark: every server in its own (pinned) process at each store size, the
 * four workloads against them from this process (bench/interleave.ts), start-up times,
 * resident memory, then the verdicts on the issue's targets.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { LOAD_CORE, launch, launchAll, measureInterleaved, SERVER_CORE } from './interleave.ts';
import { combine } from './load.ts';
import { canPin, pinSelf } from './processes.ts';
import { ensureMockBundle, isMock, type ServerName } from './servers.ts';
import { judge, type ServerRun, type Verdict } from './targets.ts';
import { WORKLOAD_LABELS, WORKLOADS } from './workloads.ts';

/** What to run. */
export type BenchOptions = {
  sizes: number[];
  servers: ServerName[];
  durationS: number;
  /** Runs each workload's measured time is split into, interleaved across servers. */
  rounds: number;
  warmupS: number;
  connections: number;
  pin: boolean;
  startupRuns: number;
  profileDir?: string;
  onProgress?: (line: string) => void;
};

/** A run whose share of failed requests (non-2xx or connection errors) is above 0.1 %. */
export type FailedRun = {
  server: ServerName;
  seedCount: number;
  workload: string;
  requests: number;
  failed: number;
  statusCodes: Record<string, number>;
};

/** Everything one benchmark run measured, as written to bench/results/*.json. */
export type BenchResult = {
  startedAt: string;
  finishedAt: string;
  machine: { cores: number; cpu: string; node: string; loadBefore: number[]; loadAfter: number[] };
  options: Omit<BenchOptions, 'onProgress' | 'profileDir'> & { pinned: boolean };
  workloads: Record<string, string>;
  notes: string[];
  runs: ServerRun[];
  startupMs: Partial<Record<ServerName, { median: number; samples: number[] }>>;
  verdicts: Verdict[];
  failedRuns: FailedRun[];
};

const MAX_FAILED_SHARE = 0.001;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Runs the benchmark described by `options`. */
export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const say = options.onProgress ?? (() => {});
  const startedAt = new Date().toISOString();
  if (options.servers.some(isMock)) ensureMockBundle();
  const loadBefore = loadavg();
  // Read before pinning: afterwards this process sees only its own core.
  const cores = availableParallelism();
  const pinned = options.pin && canPin(cores);
  if (pinned) pinSelf(LOAD_CORE);
  const sizes = [...options.sizes].sort((a, b) => a - b);
  const small = sizes[0] as number;
  const large = sizes[sizes.length - 1] as number;
  const startups: Partial<Record<ServerName, number[]>> = {};
  const recordStartup = (server: ServerName, ms: number) => {
    startups[server] = [...(startups[server] ?? []), ms];
  };
  const instances = await launchAll(options, sizes, pinned, say);
  try {
    await measureInterleaved(instances, options, say);
  } finally {
    await Promise.all(instances.map((instance) => instance.running.stop()));
  }
  const runs: ServerRun[] = instances.map((instance) => ({
    server: instance.server,
    seedCount: instance.seedCount,
    startupMs: instance.running.startupMs,
    settleMs: instance.settleMs,
    rssMiB: instance.rssMiB,
    workloads: Object.fromEntries(
      WORKLOADS.map((workload) => [workload, combine(instance.rounds[workload] ?? [])]),
    ) as ServerRun['workloads'],
  }));
  for (const run of runs) if (run.seedCount === small) recordStartup(run.server, run.startupMs);
  for (const server of options.servers) {
    for (let i = 1; i < options.startupRuns; i++) {
      const running = await launch(server, small, pinned);
      say(`${server} @${small}: start-up ${running.startupMs.toFixed(0)} ms`);
      recordStartup(server, running.startupMs);
      await running.stop();
    }
  }
  const startupMs: BenchResult['startupMs'] = {};
  for (const [server, samples] of Object.entries(startups) as [ServerName, number[]][]) {
    startupMs[server] = { median: median(samples), samples };
  }
  const medians = Object.fromEntries(Object.entries(startupMs).map(([k, v]) => [k, v.median]));
  const failedRuns: FailedRun[] = [];
  for (const run of runs) {
    for (const workload of WORKLOADS) {
      const r = run.workloads[workload];
      const failed = r.non2xx + r.errors;
      if (failed > MAX_FAILED_SHARE * Math.max(1, r.requests + r.errors)) {
        failedRuns.push({
          server: run.server,
          seedCount: run.seedCount,
          workload,
          requests: r.requests,
          failed,
          statusCodes: r.statusCodes,
        });
      }
    }
  }
  const { onProgress: _, profileDir: __, ...kept } = options;
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cores,
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadBefore,
      loadAfter: loadavg(),
    },
    options: { ...kept, sizes, pinned },
    workloads: WORKLOAD_LABELS,
    notes: [
      'prism is `prism mock spec/openapi.yaml` as users run it, logging every request (its default; the output is piped to this process and dropped); the mock/prism targets are judged against it. prism-quiet is the same with --verboseLevel silent, Prism at its fastest: its ratios are printed as INFO, not judged.',
      'Prism keeps no state: it is measured once and its figures stand for every store size.',
      'Prism serves the spec paths without the /v1 base path (it ignores the absolute server URLs), so its requests omit /v1; all else is identical.',
      'Every server runs at once, each in its own process; only the one under load uses CPU. Each first gets one unmeasured pass over all workloads (warmupS each).',
      'Each workload is measured in interleaved rounds: its durationS is split into `rounds` runs, every server gets one run per round in a rotating order (warmupS before its first), and each figure combines its runs (req/s over their total time, the median p50, the worst p99). Servers compared are so measured over the same stretch of time on a shared machine.',
      'createPet grows the store by every request it makes (in the warm-up pass too); new pets get higher ids and status pending, so the first pages read (limit=20, ascending id; status=sold) and the ids fetched are the seeded ones.',
      `Servers run pinned to core ${SERVER_CORE} and autocannon to core ${LOAD_CORE} when "pinned" is true.`,
      'Start-up is spawn to the first 2xx answer to GET /pets?limit=1 under the base path, at the smallest size (median of the samples).',
      'Before its workloads each server is left until it stops using CPU by itself (settleMs: work deferred past the first answer, such as filling a store in the background, is not counted against the first workload).',
      'RSS is VmRSS of the server process right after its last measured run (createPet).',
      'cpuUsPerRequest is the server process CPU time (user + system, /proc/PID/stat) over the measured run divided by its requests: steadier than req/s when the machine is shared.',
    ],
    runs,
    startupMs,
    verdicts: judge(runs, small, large, medians),
    failedRuns,
  };
}
