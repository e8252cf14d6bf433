import { expect, it, vi } from 'vitest';
import { createClient, ThrottledOut } from './http.ts';
import { inFlightLimit } from './in-flight.ts';
import type { Transport, WireAnswer } from './wire.ts';

const answer = (status: number, headers: Record<string, string> = {}): WireAnswer => ({
  status,
  headers,
  body: new TextEncoder().encode('[]'),
});

const list = { operation: 'listPets', method: 'GET', path: '/pets', headers: {} } as const;

it('waits out a 429 for its Retry-After, and holds every other request back meanwhile', async () => {
  const sent: { path: string; at: number }[] = [];
  let throttle = true;
  const transport: Transport = async (url) => {
    sent.push({ path: new URL(url).pathname, at: Date.now() });
    if (url.endsWith('/first') && throttle) {
      throttle = false;
      return answer(429, { 'retry-after': '1' });
    }
    return answer(200);
  };
  const client = createClient('http://far.test/v1', () => {}, transport);
  const start = Date.now();
  const first = client.send({ ...list, path: '/first' });
  // Sent once the first has been refused: it waits for the same second.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const second = client.send({ ...list, path: '/second' });
  const [a, b] = await Promise.all([first, second]);
  expect(a.response.status).toBe(200);
  expect(a.throttled).toBe(1);
  expect(b.response.status).toBe(200);
  expect(b.throttled).toBeUndefined();
  const secondSent = sent.find((s) => s.path === '/v1/second')?.at ?? 0;
  expect(secondSent - start).toBeGreaterThanOrEqual(950);
});

it('holds back the requests queued for a place when a 429 comes, and sends the refused one before those still waiting', async () => {
  const sent: { path: string; at: number }[] = [];
  let throttle = true;
  const transport: Transport = async (url) => {
    sent.push({ path: new URL(url).pathname, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (url.endsWith('/0') && throttle) {
      throttle = false;
      return answer(429, { 'retry-after': '1' });
    }
    return answer(200);
  };
  // One place: requests 1 to 4 wait for it, queued before the 429 comes.
  const client = createClient(
    'http://far.test/v1',
    () => {},
    transport,
    () => {},
    inFlightLimit(1),
  );
  const start = Date.now();
  await Promise.all([0, 1, 2, 3, 4].map((i) => client.send({ ...list, path: `/${i}` })));
  const paths = sent.map((s) => s.path);
  // The place /0 freed went to /1 at once; /0 comes back before /2.
  expect(paths).toEqual(['/v1/0', '/v1/1', '/v1/0', '/v1/2', '/v1/3', '/v1/4']);
  for (const later of sent.slice(1)) expect(later.at - start).toBeGreaterThanOrEqual(950);
});

it('waits longer each time a Retry-After: 0 is answered with 429 again', async () => {
  const at: number[] = [];
  const transport: Transport = async () => {
    at.push(Date.now());
    return at.length <= 4 ? answer(429, { 'retry-after': '0' }) : answer(200);
  };
  const client = createClient('http://far.test/v1', () => {}, transport);
  const exchange = await client.send(list);
  expect(exchange.throttled).toBe(4);
  const gaps = at.slice(1).map((t, i) => t - (at[i] ?? t));
  // 50, 100, 200 and 400 ms (timers may fire a little early or late).
  expect(gaps[3] ?? 0).toBeGreaterThan(gaps[0] ?? 0);
  expect((at.at(-1) ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(700);
});

it('reads a Retry-After written as an HTTP date', async () => {
  let calls = 0;
  const transport: Transport = async () => {
    calls += 1;
    return calls === 1
      ? answer(429, { 'retry-after': new Date(Date.now() + 1500).toUTCString() })
      : answer(200);
  };
  const client = createClient('http://far.test/v1', () => {}, transport);
  const start = Date.now();
  await client.send(list);
  // The date has a resolution of a second: between 0.5 and 1.5 s from now.
  expect(Date.now() - start).toBeGreaterThanOrEqual(400);
});

it('gives up on a server that answers 429 to every try, and sends nothing more', async () => {
  vi.useFakeTimers();
  try {
    let calls = 0;
    const transport: Transport = async () => {
      calls += 1;
      return answer(429, { 'retry-after': '1' });
    };
    const client = createClient('http://far.test/v1', () => {}, transport);
    const first = client.send(list);
    const settled = first.then(
      () => undefined,
      (error: unknown) => error,
    );
    await vi.runAllTimersAsync();
    const error = await settled;
    expect(error).toBeInstanceOf(ThrottledOut);
    expect((error as Error).message).toMatch(/429 to GET http:\/\/far\.test\/v1\/pets 11 times/);
    expect(calls).toBe(11);
    await expect(client.send(list)).rejects.toBe(error);
    expect(calls).toBe(11);
  } finally {
    vi.useRealTimers();
  }
});
