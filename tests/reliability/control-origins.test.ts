import { expect, it } from 'vitest';
import { AUTH, type Reply, send, storeSnapshot } from './http-client.ts';
import { useMockServer } from './in-process.ts';

const mock = useMockServer();
const tunnel = useMockServer({ allowedHosts: ['tunnel.example'] });
const open = useMockServer({ allowedHosts: 'all' });

const JSON_TYPE = { 'content-type': 'application/json' };
const EVIL = 'http://evil.example';
const reset = (origin: string, headers: Record<string, string>) =>
  send(origin, { method: 'POST', path: '/__mock/reset', headers });
const putData = (origin: string, headers: Record<string, string>) =>
  send(origin, { method: 'PUT', path: '/__mock/data', headers, body: '[]' });
const expectRefused = (reply: Reply, label: string) => {
  expect(reply.status, label).toBe(403);
  expect(JSON.parse(reply.body), label).toMatchObject({ code: 'origin_not_allowed' });
  expect(reply.headers['access-control-allow-origin'], label).toBeUndefined();
};

/** Adds an animal, so that a reset or a replacement would show in the snapshot. */
async function changedSnapshot(origin: string): Promise<string> {
  const created = await send(origin, {
    method: 'POST',
    path: '/v1/pets',
    headers: { ...AUTH, ...JSON_TYPE },
    body: '{"name":"Not reset","categoryId":1}',
  });
  expect(created.status).toBe(201);
  return storeSnapshot(origin);
}

it('refuses a cross-site simple POST /__mock/reset, the kind no preflight stops', async () => {
  const before = await changedSnapshot(mock.origin());
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
    expectRefused(await reset(mock.origin(), { origin: EVIL, 'content-type': type }), type);
  }
  expectRefused(await reset(mock.origin(), { origin: 'null', ...JSON_TYPE }), 'Origin null');
  expect(await storeSnapshot(mock.origin())).toBe(before);
});

it('refuses changes from a foreign Origin even with a JSON body or X-Requested-With', async () => {
  const before = await changedSnapshot(mock.origin());
  expectRefused(await putData(mock.origin(), { origin: EVIL, ...JSON_TYPE }), 'PUT data');
  const custom = { origin: EVIL, 'x-requested-with': 'XMLHttpRequest' };
  expectRefused(await reset(mock.origin(), custom), 'reset');
  expect(await storeSnapshot(mock.origin())).toBe(before);
});

it('refuses a change without Origin that a form could have sent, and says what to send', async () => {
  const before = await changedSnapshot(mock.origin());
  const reply = await reset(mock.origin(), { 'content-type': 'text/plain' });
  expect(reply.status).toBe(403);
  expect(reply.body).toContain('needs Content-Type: application/json or an X-Requested-With');
  expect((await putData(mock.origin(), {})).status).toBe(403);
  expect(await storeSnapshot(mock.origin())).toBe(before);
});

it('accepts a change with no body, no Origin and no Sec-Fetch-Site, as test runners and curl send it', async () => {
  await changedSnapshot(mock.origin());
  const reply = await reset(mock.origin(), {});
  expect(reply.status).toBe(200);
  expect(JSON.parse(reply.body)).toMatchObject({ count: 40 });
  const marked = await reset(mock.origin(), { 'sec-fetch-site': 'cross-site' });
  expect(marked.status).toBe(403);
});

it('accepts changes sent as JSON or with X-Requested-With from a script or a loopback page', async () => {
  expect((await reset(mock.origin(), JSON_TYPE)).status).toBe(200);
  expect((await reset(mock.origin(), { 'x-requested-with': 'curl' })).status).toBe(200);
  for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080']) {
    const reply = await reset(mock.origin(), { origin, ...JSON_TYPE });
    expect(reply.status, origin).toBe(200);
    expect(reply.headers['access-control-allow-origin'], origin).toBe(origin);
  }
});

it('lets only trusted pages read the state dump through CORS', async () => {
  const trusted = await send(mock.origin(), {
    path: '/__mock/state',
    headers: { origin: 'http://localhost:5173' },
  });
  expect(trusted.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  const foreign = await send(mock.origin(), { path: '/__mock/state', headers: { origin: EVIL } });
  expect(foreign.status).toBe(200);
  expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  expect(foreign.headers.vary).toBe('Origin');
});

it('answers a control preflight 204 for a loopback page and 403 for a foreign one', async () => {
  const preflight = (origin: string) =>
    send(mock.origin(), {
      method: 'OPTIONS',
      path: '/__mock/reset',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
  const trusted = await preflight('http://localhost:5173');
  expect(trusted.status).toBe(204);
  expect(trusted.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  expect(trusted.headers['access-control-allow-methods']).toBe('POST');
  expectRefused(await preflight(EVIL), 'preflight');
});

it('trusts its own landing page, reached by any address the Host check allows', async () => {
  const address = `10.0.0.7:${new URL(mock.origin()).port}`;
  const reply = await reset(mock.origin(), {
    host: address,
    origin: `http://${address}`,
    ...JSON_TYPE,
  });
  expect(reply.status).toBe(200);
  expect(reply.headers['access-control-allow-origin']).toBe(`http://${address}`);
  const other = { host: address, origin: 'http://10.0.0.8', ...JSON_TYPE };
  expectRefused(await reset(mock.origin(), other), 'another address');
});

it('trusts pages on the allowed hosts', async () => {
  const origin = 'https://tunnel.example';
  const reply = await reset(tunnel.origin(), { host: 'tunnel.example', origin, ...JSON_TYPE });
  expect(reply.status).toBe(200);
  expect(reply.headers['access-control-allow-origin']).toBe(origin);
  expectRefused(await reset(tunnel.origin(), { origin: EVIL, ...JSON_TYPE }), 'foreign');
});

it('keeps refusing foreign pages when every Host is allowed', async () => {
  const headers = { host: 'evil.example', origin: 'http://other.example', ...JSON_TYPE };
  expectRefused(await reset(open.origin(), headers), 'allowedHosts all');
});
