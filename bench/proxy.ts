/**
 * The proxy figures of `npm run bench` (issue 41): the same requests sent straight to a bare
 * node:http backend (bench/serve-bare.ts), through the least a Node proxy can do in front of it
 * (bench/serve-floor-proxy.ts, the yardstick), through `petstore-mock --proxy` and through
 * Prism's `prism proxy`; the latency each proxy adds (p50, p99), under
 * load and one request at a time (bench/one-at-a-time.ts), and its throughput as a share of the
 * direct one. Runs are interleaved so all three share the machine's ups and downs. Goals: p50
 * added ≤ 1 ms, throughput ≥ 0.7 of direct, ahead of Prism.
 */

import { freePort } from '../lib/ports.ts';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';
import { combine, type LoadResult, measure } from './load.ts';
import { oneAtATime } from './one-at-a-time.ts';
import { type ServerProcess, startServer } from './processes.ts';
import { ensureMockBundle, serverCommand } from './servers.ts';
import { type WorkloadName, workloadRequests } from './workloads.ts';

/**
 * The ways to the backend: straight, through the least a Node proxy can do (the yardstick,
 * bench/serve-floor-proxy.ts), through the mock's proxy and through Prism's.
 */
export const PROXY_TARGETS = ['direct', 'floor-proxy', 'mock-proxy', 'prism-proxy'] as const;
type Target = (typeof PROXY_TARGETS)[number];
const WORKLOADS: WorkloadName[] = ['listPets', 'getPet', 'createPet'];
const SEED = 1000;

/** One workload's figures for one target, and what it adds over direct. */
export type ProxyRow = LoadResult & {
  workload: WorkloadName;
  target: Target;
  addedP50Ms: number;
  addedP99Ms: number;
  throughputRatio: number;
  /** One request at a time: its p50 and p99 in µs, and what the target adds over direct. */
  alone: { count: number; p50Us: number; p99Us: number; addedP50Us: number; addedP99Us: number };
};

/** Requests per target one at a time, per second of --duration (1,000 at the default 5 s). */
const ALONE_PER_SECOND = 200;

const node = process.execPath;
const PRISM = 'node_modules/@stoplight/prism-cli/dist/index.js';
const headers = { authorization: `Bearer ${DEFAULT_API_KEY}` };

async function startTargets(withPrism: boolean): Promise<Partial<Record<Target, ServerProcess>>> {
  ensureMockBundle();
  const [bare, floor, mock, prism] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const backend = `http://127.0.0.1:${bare}/v1`;
  const direct = await startServer({
    name: 'bare backend',
    port: bare,
    spawn: serverCommand('bare', bare, SEED),
    probePath: '/v1/pets?limit=1',
    headers,
  });
  const viaFloor = await startServer({
    name: 'floor proxy',
    port: floor,
    spawn: {
      command: node,
      args: [
        ...['--import', 'tsx', 'bench/serve-floor-proxy.ts'],
        ...['--port', String(floor), '--backend', `http://127.0.0.1:${bare}`],
      ],
      cwd: process.cwd(),
    },
    probePath: '/v1/pets?limit=1',
    headers,
  });
  const quietMock = ['dist/mock.mjs', '--port', String(mock), '--quiet', '--proxy', backend];
  const viaMock = await startServer({
    name: 'petstore-mock --proxy',
    port: mock,
    spawn: { command: node, args: quietMock, cwd: process.cwd() },
    probePath: '/v1/pets?limit=1',
    headers,
  });
  const proxies = { direct, 'floor-proxy': viaFloor, 'mock-proxy': viaMock };
  if (!withPrism) return proxies;
  const prismArgs = [PRISM, 'proxy', 'spec/openapi.yaml', backend, '--host', '127.0.0.1'];
  const viaPrism = await startServer({
    name: 'prism proxy',
    port: prism,
    spawn: {
      command: node,
      args: [...prismArgs, '--port', String(prism), '--verboseLevel', 'silent'],
      cwd: process.cwd(),
    },
    probePath: '/pets?limit=1',
    headers,
  });
  return { ...proxies, 'prism-proxy': viaPrism };
}

/** Measures every workload on every target in `rounds` interleaved runs. */
export async function runProxyBench(options: {
  durationS: number;
  rounds: number;
  warmupS: number;
  connections: number;
  /** Whether Prism's proxy is measured too (not with --no-prism). */
  withPrism: boolean;
  say: (line: string) => void;
}): Promise<ProxyRow[]> {
  const targets = await startTargets(options.withPrism);
  const measured = PROXY_TARGETS.filter((target) => targets[target] !== undefined);
  const rows: ProxyRow[] = [];
  try {
    for (const workload of WORKLOADS) {
      const runs: Record<Target, LoadResult[]> = {
        direct: [],
        'floor-proxy': [],
        'mock-proxy': [],
        'prism-proxy': [],
      };
      for (let round = 0; round < options.rounds; round++) {
        for (const target of measured) {
          const server = targets[target] as ServerProcess;
          runs[target].push(
            await measure({
              origin: server.origin,
              requests: workloadRequests(workload, SEED, target === 'prism-proxy' ? '' : '/v1'),
              headers,
              connections: options.connections,
              warmupS: round === 0 ? options.warmupS : 0,
              durationS: options.durationS / options.rounds,
              pid: server.pid,
            }),
          );
        }
      }
      const alone = await oneAtATime(
        measured.map((target) => ({
          name: target,
          origin: (targets[target] as ServerProcess).origin,
          requests: workloadRequests(workload, SEED, target === 'prism-proxy' ? '' : '/v1'),
        })),
        {
          count: Math.max(50, Math.round(options.durationS * ALONE_PER_SECOND)),
          warmup: 20,
          headers,
        },
      );
      const direct = combine(runs.direct);
      const directAlone = alone[0] as (typeof alone)[number];
      for (const [k, target] of measured.entries()) {
        const result = combine(runs[target]);
        const { count, p50Us, p99Us } = alone[k] as (typeof alone)[number];
        rows.push({
          ...result,
          workload,
          target,
          addedP50Ms: result.p50Ms - direct.p50Ms,
          addedP99Ms: result.p99Ms - direct.p99Ms,
          throughputRatio: result.rps / direct.rps,
          alone: {
            count,
            p50Us,
            p99Us,
            addedP50Us: p50Us - directAlone.p50Us,
            addedP99Us: p99Us - directAlone.p99Us,
          },
        });
      }
      options.say(`proxy: ${workload} measured`);
    }
  } finally {
    await Promise.all(Object.values(targets).map((server) => server?.stop()));
  }
  return rows;
}

/** The proxy figures as a Markdown table. */
export function formatProxyTable(rows: ProxyRow[]): string {
  const ms = (us: number) => (us / 1000).toFixed(2);
  const lines = [
    '| workload | target | req/s | p50 ms | p99 ms | p50 added | p99 added | throughput / direct | CPU µs a request | alone p50 ms | alone p99 ms | alone p50 added | alone p99 added | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.workload} | ${r.target} | ${Math.round(r.rps)} | ${r.p50Ms} | ${r.p99Ms} | ${r.addedP50Ms.toFixed(1)} | ${r.addedP99Ms.toFixed(1)} | ${r.throughputRatio.toFixed(2)} | ${r.cpuUsPerRequest === undefined ? '–' : Math.round(r.cpuUsPerRequest)} | ${ms(r.alone.p50Us)} | ${ms(r.alone.p99Us)} | ${ms(r.alone.addedP50Us)} | ${ms(r.alone.addedP99Us)} | ${r.non2xx} |`,
    );
  return lines.join('\n');
}
