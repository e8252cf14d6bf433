/**
 * What sessions cost (X-Mock-Session): one mock process with the 40 seed animals, each
 * workload measured in interleaved rounds with no header (the default session), and with
 * 1, 100 and 1,000 sessions in use (each request names one of them, in turn); then the
 * resident memory of a fresh process once 1,000 sessions hold their seed animals, and once
 * those ended and 1,000 new ones took their place (the memory of ended sessions reused).
 */

import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';
import { launch } from './interleave.ts';
import { combine, type LoadResult, measure } from './load.ts';
import { residentMiB, waitUntilIdle } from './processes.ts';
import { type BenchRequest, WORKLOADS, type WorkloadName, workloadRequests } from './workloads.ts';

/** The session counts measured; `default` sends no header at all. */
export const SESSION_COUNTS = ['default', 1, 100, 1000] as const;
type Count = (typeof SESSION_COUNTS)[number];

const SEED = 40;
const HEADERS = { authorization: `Bearer ${DEFAULT_API_KEY}` };

/** Goals: memory of the process with 1,000 sessions; throughput at 100 sessions over 1. */
export const SESSION_GOALS = { rssMiBAt1000: 150, ratioAt100: 0.9 } as const;

/** What the session measurement found. */
export type SessionBench = {
  /** Per workload and session count: the combined measured runs. */
  workloads: Record<WorkloadName, Record<string, LoadResult>>;
  rssMiB: {
    defaultOnly: number | undefined;
    sessions1000: number | undefined;
    /** After those 1,000 ended (DELETE /__mock/sessions/ID) and 1,000 new ones opened. */
    reopened1000?: number | undefined;
  };
};

/** The request cycle of a workload spread over `count` sessions (none for `default`). */
export function sessionRequests(name: WorkloadName, count: Count): BenchRequest[] {
  const base = workloadRequests(name, SEED);
  if (count === 'default') return base;
  const length = Math.max(base.length, count);
  return Array.from({ length }, (_, i) => {
    const request = base[i % base.length] as BenchRequest;
    return {
      ...request,
      headers: { ...request.headers, 'x-mock-session': `bench-${i % count}` },
    };
  });
}

/** Opens `count` sessions on a mock (`bench-0`… or `prefix`0…), one request each. */
async function openSessions(origin: string, count: number, prefix = 'bench-'): Promise<void> {
  await inBatches(count, (i) =>
    fetch(`${origin}/v1/pets?limit=1`, {
      headers: { ...HEADERS, 'x-mock-session': `${prefix}${i}` },
    }),
  );
}

/** Ends the sessions `bench-0`… `bench-{count-1}`. */
const endSessions = (origin: string, count: number) =>
  inBatches(count, (i) => fetch(`${origin}/__mock/sessions/bench-${i}`, { method: 'DELETE' }));

/** Sends `count` requests 50 at a time, reading each answer through. */
async function inBatches(count: number, send: (i: number) => Promise<Response>): Promise<void> {
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) =>
      send(i + k).then((r) => r.arrayBuffer()),
    );
    await Promise.all(batch);
  }
}

/** Measures the session figures; `pinned` as the rest of the benchmark. */
export async function runSessionBench(options: {
  durationS: number;
  rounds: number;
  warmupS: number;
  connections: number;
  pinned: boolean;
  say: (line: string) => void;
}): Promise<SessionBench> {
  // Memory first, in a fresh process: the default session alone, then 1,000 more sessions.
  const fresh = await launch('mock', SEED, options.pinned);
  let rss: SessionBench['rssMiB'];
  try {
    await waitUntilIdle(fresh.pid);
    const defaultOnly = residentMiB(fresh.pid);
    await openSessions(fresh.origin, 1000);
    await waitUntilIdle(fresh.pid);
    const sessions1000 = residentMiB(fresh.pid);
    await endSessions(fresh.origin, 1000);
    await openSessions(fresh.origin, 1000, 'bench-again-');
    await waitUntilIdle(fresh.pid);
    rss = { defaultOnly, sessions1000, reopened1000: residentMiB(fresh.pid) };
    options.say(
      `sessions: RSS ${defaultOnly?.toFixed(0)} MiB alone, ${sessions1000?.toFixed(0)} MiB with 1,000 sessions, ${rss.reopened1000?.toFixed(0)} MiB once they ended and 1,000 new ones opened`,
    );
  } finally {
    await fresh.stop();
  }
  const mock = await launch('mock', SEED, options.pinned);
  const runs = {} as Record<WorkloadName, Record<string, LoadResult[]>>;
  try {
    await waitUntilIdle(mock.pid);
    await openSessions(mock.origin, 1000);
    for (const workload of WORKLOADS) {
      runs[workload] = {};
      for (let round = 0; round < options.rounds; round++) {
        // A rotating order, so no count always runs first (or last) in a round.
        const order = SESSION_COUNTS.map(
          (_, i) => SESSION_COUNTS[(i + round) % SESSION_COUNTS.length] as Count,
        );
        for (const count of order) {
          const result = await measure({
            origin: mock.origin,
            requests: sessionRequests(workload, count),
            headers: HEADERS,
            connections: options.connections,
            warmupS: round === 0 ? options.warmupS : 0,
            durationS: options.durationS / options.rounds,
            pid: mock.pid,
          });
          const key = String(count);
          runs[workload][key] = [...(runs[workload][key] ?? []), result];
        }
      }
      options.say(`sessions: ${workload} measured with ${SESSION_COUNTS.join(', ')} sessions`);
    }
  } finally {
    await mock.stop();
  }
  const workloads = Object.fromEntries(
    WORKLOADS.map((w) => [
      w,
      Object.fromEntries(Object.entries(runs[w]).map(([count, r]) => [count, combine(r)])),
    ]),
  ) as SessionBench['workloads'];
  return { workloads, rssMiB: rss };
}

/** A session figure against its goal. */
export type SessionVerdict = { target: string; measured: string; result: 'pass' | 'fail' | 'info' };

/** Judges the session figures: memory at 1,000 sessions, and 100 (and 1,000) sessions over 1. */
export function judgeSessions(bench: SessionBench): SessionVerdict[] {
  const verdicts: SessionVerdict[] = [];
  const rss = bench.rssMiB.sessions1000;
  verdicts.push({
    target: `RSS with 1,000 sessions of ${SEED} animals ≤ ${SESSION_GOALS.rssMiBAt1000} MiB`,
    measured:
      rss === undefined
        ? 'not measurable here'
        : `${rss.toFixed(0)} MiB (alone: ${bench.rssMiB.defaultOnly?.toFixed(0)} MiB)`,
    result: rss === undefined ? 'info' : rss <= SESSION_GOALS.rssMiBAt1000 ? 'pass' : 'fail',
  });
  const again = bench.rssMiB.reopened1000;
  verdicts.push({
    target: 'RSS with 1,000 new sessions after 1,000 ended / RSS with the first 1,000',
    measured:
      rss === undefined || again === undefined ? 'not measurable here' : (again / rss).toFixed(2),
    result: 'info',
  });
  for (const [workload, byCount] of Object.entries(bench.workloads)) {
    const one = byCount['1']?.rps ?? 0;
    const ratio = (count: string) => (one > 0 ? (byCount[count]?.rps ?? 0) / one : 0);
    verdicts.push({
      target: `${workload}: 100 sessions / 1 session ≥ ${SESSION_GOALS.ratioAt100}`,
      measured: ratio('100').toFixed(2),
      result: ratio('100') >= SESSION_GOALS.ratioAt100 ? 'pass' : 'fail',
    });
    verdicts.push({
      target: `${workload}: 1,000 sessions / 1 session; no header / 1 session`,
      measured: `${ratio('1000').toFixed(2)}; ${ratio('default').toFixed(2)}`,
      result: 'info',
    });
  }
  return verdicts;
}

/** The session figures as a table: req/s and CPU per request by workload and session count. */
export function formatSessionTable(bench: SessionBench): string {
  const lines = [
    `Sessions (one mock, ${SEED} seed animals): req/s (CPU µs/request)`,
    [
      'workload'.padEnd(10),
      ...SESSION_COUNTS.map((c) => (c === 'default' ? 'no header' : `${c} sess.`).padStart(16)),
    ].join(''),
  ];
  for (const [workload, byCount] of Object.entries(bench.workloads)) {
    const cells = SESSION_COUNTS.map((count) => {
      const r = byCount[String(count)];
      const cpu = r?.cpuUsPerRequest === undefined ? '' : ` (${r.cpuUsPerRequest.toFixed(0)})`;
      return `${(r?.rps ?? 0).toFixed(0)}${cpu}`.padStart(16);
    });
    lines.push([workload.padEnd(10), ...cells].join(''));
  }
  return lines.join('\n');
}
