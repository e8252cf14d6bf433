/**
 * The servers under test as running instances, and the interleaved measurement: every
 * instance runs at once, and each workload's measured time is split into rounds in which
 * every instance gets one run.
 */

import { freePort } from '../lib/ports.ts';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';
import { combine, type LoadResult, measure } from './load.ts';
import { residentMiB, startServer, waitUntilIdle } from './processes.ts';
import { basePath, isStateless, type ServerName, serverCommand } from './servers.ts';
import { WORKLOADS, type WorkloadName, workloadRequests } from './workloads.ts';

/** What the measurement needs to know of the benchmark's options. */
export type MeasureOptions = {
  servers: readonly ServerName[];
  durationS: number;
  rounds: number;
  warmupS: number;
  connections: number;
  profileDir?: string;
};

// The bearer key every request carries; both the mock and the bare server accept it.
const HEADERS = { authorization: `Bearer ${DEFAULT_API_KEY}` };
const PROBE = '/pets?limit=1';
/** The core servers are pinned to, and the load generator's. */
export const SERVER_CORE = 0;
export const LOAD_CORE = 1;

/** Starts `server` with `seedCount` pets on a free port; resolves once it answers. */
export async function launch(
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

/** One server process at one store size, and its measured runs so far. */
export type Instance = {
  server: ServerName;
  seedCount: number;
  running: Awaited<ReturnType<typeof launch>>;
  settleMs: number;
  rounds: Partial<Record<WorkloadName, LoadResult[]>>;
  rssMiB?: number;
};

/**
 * Starts every server at every size (the stateless ones once), each left until it stops
 * using CPU; when one fails to start, stops those already running before throwing.
 */
export async function launchAll(
  options: MeasureOptions,
  sizes: number[],
  pinned: boolean,
  say: (line: string) => void,
): Promise<Instance[]> {
  const instances: Instance[] = [];
  try {
    for (const seedCount of sizes) {
      for (const server of options.servers) {
        if (isStateless(server) && seedCount !== sizes[0]) continue;
        const profiling = server === 'mock' && options.profileDir !== undefined;
        const flags = profiling ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
        const running = await launch(server, seedCount, pinned, flags);
        say(`${server} @${seedCount}: answered after ${running.startupMs.toFixed(0)} ms`);
        const instance: Instance = { server, seedCount, running, settleMs: 0, rounds: {} };
        instances.push(instance);
        instance.settleMs = await waitUntilIdle(running.pid);
        say(`  idle ${instance.settleMs.toFixed(0)} ms after its first answer`);
      }
    }
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.running.stop()));
    throw error;
  }
  return instances;
}

/**
 * Measures every workload on every instance, interleaved: each workload's measured time is
 * split into `rounds` runs, and in each round every instance gets one run, in an order that
 * rotates. Servers being compared are so measured over the same stretch of time, and a
 * neighbour's burst on this shared machine falls on all of them rather than on one.
 */
export async function measureInterleaved(
  instances: Instance[],
  options: MeasureOptions,
  say: (line: string) => void,
): Promise<void> {
  const load = (instance: Instance, workload: WorkloadName, warmupS: number, durationS: number) =>
    measure({
      origin: instance.running.origin,
      requests: workloadRequests(workload, instance.seedCount, basePath(instance.server)),
      headers: HEADERS,
      connections: options.connections,
      warmupS,
      durationS,
      pid: instance.running.pid,
    });
  // One unmeasured pass over every workload first, so the first workload measured does not
  // pay for a server's JIT warming up on code the others share.
  for (const instance of instances) {
    for (const workload of WORKLOADS) await load(instance, workload, 0, options.warmupS);
  }
  const roundS = options.durationS / options.rounds;
  for (const workload of WORKLOADS) {
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < instances.length; i++) {
        const instance = instances[(i + round) % instances.length] as Instance;
        const warmupS = round === 0 ? options.warmupS : 0;
        const result = await load(instance, workload, warmupS, roundS);
        instance.rounds[workload] = [...(instance.rounds[workload] ?? []), result];
        // Resident memory is read right after the instance's last run, before others load.
        const last = workload === WORKLOADS.at(-1) && round === options.rounds - 1;
        if (last) instance.rssMiB = residentMiB(instance.running.pid);
      }
    }
    for (const instance of instances) {
      const r = combine(instance.rounds[workload] ?? []);
      say(
        `${instance.server} @${instance.seedCount} ${workload}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99Ms} ms, ${r.cpuUsPerRequest?.toFixed(0) ?? '?'} server CPU µs/req, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
  }
}
