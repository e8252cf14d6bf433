import { expect, it } from 'vitest';
import { type AppFetch, callApp } from './app-fetch.ts';
import { bridgedFetch, serveApp } from './bridge.ts';

const URL = 'http://petstore.test/v1/pets';
let channels = 0;

/** Serves `app` on a fresh channel and returns the fetch that reaches it, and how to stop. */
function bridge(app: AppFetch) {
  const channel = `bridge-test-${channels++}`;
  return { fetch: bridgedFetch(channel), stop: serveApp(channel, app) };
}

it('carries a request to the app and its answer back, bytes, status and headers as they are', async () => {
  const seen: string[] = [];
  const { fetch, stop } = bridge(async (request) => {
    seen.push(`${request.method} ${request.url} ${request.headers.get('authorization')}`);
    seen.push(await request.text());
    const headers = new Headers([
      ['location', '/v1/pets/7'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    return new Response('\uFEFF{"id":7}', { status: 201, headers });
  });
  try {
    const response = await fetch(URL, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: '{"name":"Rex\\u0000"}',
    });
    expect(seen).toEqual([`POST ${URL} Bearer k`, '{"name":"Rex\\u0000"}']);
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/v1/pets/7');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect([...new Uint8Array(await response.arrayBuffer())].slice(0, 3)).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
  } finally {
    stop();
  }
});

it('answers a 204 with no body', async () => {
  const { fetch, stop } = bridge(() => new Response(null, { status: 204 }));
  try {
    const response = await fetch(URL);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  } finally {
    stop();
  }
});

it('rejects naming the request and the error when the app throws', async () => {
  const { fetch, stop } = bridge(() => {
    throw new TypeError('db is closed');
  });
  try {
    await expect(fetch(`${URL}?limit=1`)).rejects.toThrow(
      `could not reach the in-process app: GET ${URL}?limit=1: the app's fetch threw TypeError: db is closed`,
    );
  } finally {
    stop();
  }
});

it('rejects when the app returns something other than a Response', async () => {
  const { fetch, stop } = bridge(() => ({ status: 200 }) as unknown as Response);
  try {
    await expect(fetch(URL)).rejects.toThrow("the app's fetch returned an object, not a Response");
  } finally {
    stop();
  }
});

it('gives up at the request signal when the app never answers, and aborts the app its request', async () => {
  let appSignal: AbortSignal | undefined;
  const { fetch, stop } = bridge((request) => {
    appSignal = request.signal;
    return new Promise<Response>(() => {});
  });
  try {
    await expect(fetch(URL, { signal: AbortSignal.timeout(50) })).rejects.toThrow(
      `could not reach the in-process app: GET ${URL}: no answer in time (TimeoutError`,
    );
    await expect.poll(() => appSignal?.aborted).toBe(true);
  } finally {
    stop();
  }
});

it('gives up on an app that ignores the signal when it aborts, in the thread that calls it', async () => {
  const never = () => new Promise<Response>(() => {});
  const request = new Request(URL, { signal: AbortSignal.timeout(50) });
  await expect(callApp(never, request)).rejects.toThrow(
    `GET ${URL}: the app did not answer in time (TimeoutError`,
  );
});

it('gives up on a body that never ends', async () => {
  const endless = () => new Response(new ReadableStream({ pull: () => new Promise(() => {}) }));
  const request = new Request(URL, { signal: AbortSignal.timeout(50) });
  await expect(callApp(endless, request)).rejects.toThrow(
    'the app did not finish its body in time',
  );
});

it('answers no one, and throws nothing, for a request still running when serving stops', async () => {
  let called = false;
  const { fetch, stop } = bridge(() => {
    called = true;
    return new Promise<Response>(() => {});
  });
  const sent = fetch(URL, { signal: AbortSignal.timeout(100) });
  await expect.poll(() => called).toBe(true);
  stop();
  await expect(sent).rejects.toThrow('no answer in time');
});
