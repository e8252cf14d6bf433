/**
 * Runs the whole benchmark: each server in its own (pinned) process at each store size, the
 * four workloads against it from this process, start-up times, resident memory, then the
 * verdicts on the issue's targets.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { measure } from './load.ts';
import { canPin, freePort, pinSelf, residentMiB, startServer, waitUntilIdle } from './processes.ts';
import { API_KEY, basePath, ensureMockBundle, type ServerName, serverCommand } from './servers.ts';
import { judge, type ServerRun, type Verdict } from './targets.ts';
import { WORKLOAD_LABELS, WORKLOADS, workloadRequests } from './workloads.ts';

/** What to run. */
export type BenchOptions = {
  sizes: number[];
  servers: ServerName[];
  durationS: number;
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

const HEADERS = { authorization: `Bearer ${API_KEY}` };
const PROBE = '/pets?limit=1';
const SERVER_CORE = 0;
const LOAD_CORE = 1;
const MAX_FAILED_SHARE = 0.001;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function launch(
  server: ServerName,
  seedCount: number,
  pinned: boolean,
  nodeFlags: string[] = [],
) {
  const port = await freePort();
  return startServer({
    name: server,
    port,
    spawn: serverCommand(server, port, seedCount, nodeFlags),
    probePath: basePath(server) + PROBE,
    headers: HEADERS,
    pinCore: pinned ? SERVER_CORE : undefined,
  });
}

/** Runs the benchmark described by `options`. */
export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const say = options.onProgress ?? (() => {});
  const startedAt = new Date().toISOString();
  if (options.servers.includes('mock')) ensureMockBundle();
  const loadBefore = loadavg();
  // Read before pinning: afterwards this process sees only its own core.
  const cores = availableParallelism();
  const pinned = options.pin && canPin(cores);
  if (pinned) pinSelf(LOAD_CORE);
  const sizes = [...options.sizes].sort((a, b) => a - b);
  const small = sizes[0] as number;
  const large = sizes[sizes.length - 1] as number;
  const runs: ServerRun[] = [];
  const startups: Partial<Record<ServerName, number[]>> = {};
  const recordStartup = (server: ServerName, ms: number) => {
    startups[server] = [...(startups[server] ?? []), ms];
  };
  for (const seedCount of sizes) {
    for (const server of options.servers) {
      if (server === 'prism' && seedCount !== small) continue;
      const profiling = server === 'mock' && options.profileDir !== undefined;
      const flags = profiling ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
      const running = await launch(server, seedCount, pinned, flags);
      say(`${server} @${seedCount}: answered after ${running.startupMs.toFixed(0)} ms`);
      if (seedCount === small) recordStartup(server, running.startupMs);
      const workloads = {} as ServerRun['workloads'];
      let rssMiB: number | undefined;
      let settleMs = 0;
      try {
        settleMs = await waitUntilIdle(running.pid);
        say(`  idle ${settleMs.toFixed(0)} ms after its first answer`);
        // One unmeasured pass over every workload first, so the first workload measured does
        // not pay for the server's JIT warming up on code the others share.
        for (const workload of WORKLOADS) {
          await measure({
            origin: running.origin,
            requests: workloadRequests(workload, seedCount, basePath(server)),
            headers: HEADERS,
            connections: options.connections,
            warmupS: 0,
            durationS: options.warmupS,
          });
        }
        for (const workload of WORKLOADS) {
          workloads[workload] = await measure({
            origin: running.origin,
            requests: workloadRequests(workload, seedCount, basePath(server)),
            headers: HEADERS,
            connections: options.connections,
            warmupS: options.warmupS,
            durationS: options.durationS,
            pid: running.pid,
          });
          const r = workloads[workload];
          say(
            `  ${workload}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99Ms} ms, ${r.cpuUsPerRequest?.toFixed(0) ?? '?'} server CPU µs/req, non-2xx ${r.non2xx}, errors ${r.errors}`,
          );
        }
      } finally {
        rssMiB = residentMiB(running.pid);
        await running.stop();
      }
      runs.push({ server, seedCount, startupMs: running.startupMs, settleMs, rssMiB, workloads });
    }
  }
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
      'Prism keeps no state: it is measured once and its figures stand for every store size.',
      'Prism serves the spec paths without the /v1 base path (it ignores the absolute server URLs), so its requests omit /v1; all else is identical.',
      'Each server first gets one unmeasured pass over all workloads (warmupS each), then each workload its own warm-up and measured run.',
      'createPet grows the store by every request it makes (in the warm-up pass too); new pets get higher ids and status pending, so the first pages read (limit=20, ascending id; status=sold) and the ids fetched are the seeded ones.',
      `Servers run pinned to core ${SERVER_CORE} and autocannon to core ${LOAD_CORE} when "pinned" is true.`,
      'Start-up is spawn to the first 2xx answer to GET /pets?limit=1 under the base path, at the smallest size (median of the samples).',
      'Before its workloads each server is left until it stops using CPU by itself (settleMs: work deferred past the first answer, such as filling a store in the background, is not counted against the first workload).',
      'RSS is VmRSS of the server process after its last workload.',
      'cpuUsPerRequest is the server process CPU time (user + system, /proc/PID/stat) over the measured run divided by its requests: steadier than req/s when the machine is shared.',
    ],
    runs,
    startupMs,
    verdicts: judge(runs, small, large, medians),
    failedRuns,
  };
}
