import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH, type Reply } from './http-client.ts';

const CREATES = 2_000;
const READS = 1_000;
const IN_FLIGHT = 50;

let probe: ChildProcess;
let origin: string;
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

beforeAll(async () => {
  probe = fork(fileURLToPath(new URL('./fixtures/mock-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  origin = await new Promise<string>((resolve, reject) => {
    probe.once('message', (message) => resolve((message as { origin: string }).origin));
    probe.once('exit', (code) => reject(new Error(`the mock's process exited with ${code}`)));
  });
});

afterAll(async () => {
  agent.destroy();
  if (probe.connected) probe.send('stop');
  await new Promise((resolve) =>
    probe.exitCode === null ? probe.once('exit', resolve) : resolve(null),
  );
});

function call(method: string, path: string, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = { ...AUTH, ...(body ? { 'content-type': 'application/json' } : {}) };
    const req = request(new URL(path, origin), { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `task(0..count-1)` with at most IN_FLIGHT of them pending at once. */
async function pool<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return results;
}

async function countPets(): Promise<number> {
  let path: string | undefined = '/v1/pets?limit=100';
  let total = 0;
  while (path !== undefined) {
    const reply = await call('GET', path);
    total += (JSON.parse(reply.body) as unknown[]).length;
    const next = /<([^>]+)>; *rel="next"/.exec(String(reply.headers.link ?? ''))?.[1];
    path = next === undefined ? undefined : new URL(next).pathname + new URL(next).search;
  }
  return total;
}

let initialCount = 0;

it('creates 2,000 pets 50 at a time with unique ids, exact fields and an exact count', async () => {
  initialCount = await countPets();
  await pool(500, (i) => call('GET', i % 2 ? `/v1/pets/${(i % 30) + 1}` : '/v1/pets?limit=20'));
  const created = await pool(CREATES, async (i) => {
    const sent = { name: `load-${i}`, categoryId: (i % 5) + 1, status: 'sold' };
    const reply = await call('POST', '/v1/pets', JSON.stringify(sent));
    expect(reply.status).toBe(201);
    const pet = JSON.parse(reply.body) as { id: number };
    expect(pet).toEqual({ id: pet.id, ...sent });
    if (i % 10 === 0) expect((await call('GET', `/v1/pets/${pet.id}`)).body).toBe(reply.body);
    if (i % 25 === 0) expect((await call('GET', '/v1/pets?status=sold&limit=20')).status).toBe(200);
    return pet.id;
  });
  expect(new Set(created).size).toBe(CREATES);
  expect(await countPets()).toBe(initialCount + CREATES);
}, 60_000);

// What the reads and the created pets cost in memory is a figure of `npm run bench` (resident
// memory after load), measured beside the other servers, not asserted here.
it('answers 3,000 more reads after the creates, and a reset brings back the seed animals', async () => {
  for (let round = 0; round < 3; round++) {
    const replies = await pool(READS, (i) =>
      call('GET', i % 2 ? `/v1/pets/${(i % 500) + 1}` : '/v1/pets?limit=20'),
    );
    expect(new Set(replies.map((reply) => reply.status))).toEqual(new Set([200]));
  }
  expect((await call('POST', '/__mock/reset', '{}')).status).toBeLessThan(300);
  expect(await countPets()).toBe(initialCount);
}, 60_000);
