/**
 * The latency a proxy adds to one request, measured one request at a time (issue 41): under
 * autocannon's ten connections a request mostly waits behind the nine others, so its p50 says
 * how busy the proxy is, not what it adds to a page's request. Here one client sends each
 * request alone, in turn to every target (direct, then each proxy, then direct again…), on one
 * kept-alive connection per target, and times it in microseconds from the first byte written
 * to the last byte read; the machine's ups and downs fall on every target alike.
 */
import { Agent, request } from 'node:http';
import type { BenchRequest } from './workloads.ts';

/** One target: where it is and the requests it is sent, in turn. */
export type Lane = { name: string; origin: string; requests: BenchRequest[] };

/** A target's latencies, one request at a time, in microseconds. */
export type OneAtATime = { name: string; count: number; p50Us: number; p99Us: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Sends one request on `agent` and resolves with its status once its last byte is read. */
function once(
  agent: Agent,
  origin: string,
  each: BenchRequest,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = each.body ?? '';
    const req = request(
      `${origin}${each.path}`,
      {
        agent,
        method: each.method,
        headers: {
          ...headers,
          ...each.headers,
          ...(each.body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Times `count` requests per lane, the lanes taking turns request by request; `warmup`
 * requests per lane first, not counted. A request on a kept-alive connection the server had
 * just closed is sent again on a new one (its time is the second attempt's). Throws on an
 * answer that is not 2xx, which would time something else.
 */
export async function oneAtATime(
  lanes: Lane[],
  options: { count: number; warmup: number; headers: Record<string, string> },
): Promise<OneAtATime[]> {
  const agents = lanes.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const times = lanes.map((): number[] => []);
  try {
    for (let i = 0; i < options.warmup + options.count; i++) {
      for (const [k, lane] of lanes.entries()) {
        const each = lane.requests[i % lane.requests.length] as BenchRequest;
        const agent = agents[k] as Agent;
        let started = process.hrtime.bigint();
        const status = await once(agent, lane.origin, each, options.headers).catch(() => {
          started = process.hrtime.bigint();
          return once(agent, lane.origin, each, options.headers);
        });
        const us = Number(process.hrtime.bigint() - started) / 1000;
        if (status < 200 || status > 299)
          throw new Error(`${lane.name}: ${each.method} ${each.path} answered ${status}`);
        if (i >= options.warmup) times[k]?.push(us);
      }
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return lanes.map((lane, k) => {
    const sorted = (times[k] as number[]).sort((a, b) => a - b);
    return {
      name: lane.name,
      count: sorted.length,
      p50Us: percentile(sorted, 0.5),
      p99Us: percentile(sorted, 0.99),
    };
  });
}
