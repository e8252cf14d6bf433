import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { type FaultFront, startFaultFront } from '../lib/fault-front.ts';
import { type Relay, startRelay } from './relay.ts';

// A small server of its own: a list holding an id above 2^53, and a path that always drops.
const BIG = '[{"id":9007199254740993,"name":"Big","categoryId":9007199254740993}]';
let dropsLeft = 0;
const backend = http.createServer((req, res) => {
  if (req.url?.startsWith('/v1/drop') || (req.url?.startsWith('/v1/once') && dropsLeft-- > 0)) {
    req.socket.destroy();
    return;
  }
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BIG);
  }, 20);
});
const open: { relay?: Relay; front?: FaultFront }[] = [];

async function relayed(options: Partial<Parameters<typeof startRelay>[1]> = {}) {
  if (!backend.listening) await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
  const { port } = backend.address() as AddressInfo;
  const front = await startFaultFront(`http://127.0.0.1:${port}`);
  const relay = await startRelay(`${front.origin}/v1`, {
    concurrency: 4,
    requestTimeoutMs: 1_000,
    ...options,
  });
  open.push({ relay, front });
  return { relay, front };
}

const get = (relay: Relay, path: string, headers: Record<string, string> = {}) =>
  fetch(`${relay.baseUrl}${path}`, { headers }).then(
    async (r) => ({ status: r.status, text: await r.text() }),
    () => ({ status: 0, text: '' }),
  );

afterEach(async () => {
  for (const { relay, front } of open.splice(0)) {
    await relay?.close();
    await front?.close();
  }
});

it('passes answers through and keeps the raw body, ids above 2^53 exact', async () => {
  const { relay } = await relayed();
  const answer = await get(relay, '/pets?limit=1');
  expect(answer).toEqual({ status: 200, text: BIG });
  expect(relay.exchanges[0]?.body?.toString()).toBe(BIG);
  expect(relay.exchanges[0]?.path).toBe('/v1/pets?limit=1');
  expect(relay.gone()).toBeUndefined();
});

it('says when and at which request a killed server stopped answering, and refuses the rest', async () => {
  const { relay, front } = await relayed();
  front.set({ kind: 'down' }, 3);
  const statuses = [];
  for (const n of [1, 2, 3, 4]) statuses.push((await get(relay, `/pets?limit=${n}`)).status);
  expect(statuses).toEqual([200, 200, 0, 0]);
  expect(relay.gone()).toMatchObject({ request: 'GET /v1/pets?limit=3' });
  expect(relay.gone()?.why).toMatch(/stopped|refused/);
  expect(relay.exchanges[3]?.status).toBeUndefined();
});

it('gives up on a hung server after one request and a GET that got no answer either', async () => {
  const { relay, front } = await relayed();
  front.set({ kind: 'hang' });
  expect((await get(relay, '/pets')).status).toBe(0);
  expect(relay.gone()?.why).toMatch(/no answer within 1 s, and none to GET \/v1\/pets either/);
});

it('waits out 503 and 429 with back-off and passes on the answer that follows', async () => {
  const { relay, front } = await relayed();
  front.set({ kind: 'shed', status: 503, retryAfter: '0' });
  front.set({ kind: 'pass' }, 3);
  expect((await get(relay, '/pets')).status).toBe(200);
  expect(relay.exchanges[0]?.waited).toBe(2);
  front.set({ kind: 'shed', status: 429 });
  front.set({ kind: 'pass' }, front.seen.length + 2);
  expect((await get(relay, '/pets')).status).toBe(200);
  expect(relay.exchanges[1]?.waited).toBe(1);
});

it('counts a server that sheds load for good as gone, never as an answer to judge', async () => {
  const { relay, front } = await relayed({ maxWaitMs: 1_500 });
  front.set({ kind: 'shed', status: 503 });
  expect((await get(relay, '/pets')).status).toBe(0);
  expect(relay.gone()?.why).toMatch(/answered 503 .* in a row .*sheds load/);
});

it('passes a 503 the request forced with Prefer through at once', async () => {
  const { relay, front } = await relayed();
  front.set({ kind: 'shed', status: 503 });
  expect((await get(relay, '/pets', { Prefer: 'code=503' })).status).toBe(503);
  expect(relay.exchanges[0]?.waited).toBe(0);
});

it('keeps at most --concurrency requests in flight to the server', async () => {
  const { relay, front } = await relayed({ concurrency: 2 });
  await Promise.all(Array.from({ length: 10 }, (_, i) => get(relay, `/pets?limit=${i + 1}`)));
  expect(front.seen).toHaveLength(10);
  expect(front.peakInFlight()).toBe(2);
  expect(relay.peakInFlight()).toBe(2);
});

it('sends a request lost once again on a fresh connection, and records a loss that comes again', async () => {
  const { relay } = await relayed();
  dropsLeft = 1;
  expect((await get(relay, '/once')).status).toBe(200);
  expect(relay.exchanges[0]?.resent).toMatch(/answered on a fresh connection/);
  expect((await get(relay, '/drop')).status).toBe(0);
  expect(relay.exchanges[1]?.fault).toMatch(
    /again on a fresh connection .*while the server answered/,
  );
  expect(relay.gone()).toBeUndefined();
});
