import { expect, it } from 'vitest';
import { DEFAULT_API_KEY as DEV_KEY } from '../../mocks/core/defaults.ts';
import { AUTH, type Reply, send, sendRaw, storeSnapshot } from './http-client.ts';
import { useMockServer } from './in-process.ts';

const mock = useMockServer();
const tunnel = useMockServer({ allowedHosts: ['tunnel.example', '.lan.example'] });
const open = useMockServer({ allowedHosts: 'all' });

const port = (origin: string) => new URL(origin).port;
const as = (origin: string, host: string, path: string, headers: Record<string, string> = {}) =>
  send(origin, { path, headers: { ...AUTH, ...headers, host } });
const expectRefused = (reply: Reply, label: string) => {
  expect(reply.status, label).toBe(403);
  expect(JSON.parse(reply.body), label).toMatchObject({ code: 'host_not_allowed', status: 403 });
  expect(reply.body, label).toContain('--allowed-hosts evil.example');
  expect(reply.headers['access-control-allow-origin'], label).toBeUndefined();
};

const EVERY_KIND_OF_PATH = ['/', '/docs/', '/openapi.json', '/__mock/state', '/v1/pets', '/v1/x'];

it('refuses a foreign Host with 403 host_not_allowed on every path, pages and controls included', async () => {
  const host = `evil.example:${port(mock.origin())}`;
  for (const path of EVERY_KIND_OF_PATH) expectRefused(await as(mock.origin(), host, path), path);
  const origin = { origin: `http://${host}` };
  expectRefused(await as(mock.origin(), host, '/v1/pets', origin), 'with its own Origin');
  const preflight = await send(mock.origin(), {
    method: 'OPTIONS',
    path: '/v1/pets',
    headers: { host, ...origin, 'access-control-request-method': 'GET' },
  });
  expectRefused(preflight, 'preflight');
});

it('keeps the data when a rebinding page tries to reset it', async () => {
  const before = await storeSnapshot(mock.origin());
  await send(mock.origin(), {
    method: 'POST',
    path: '/v1/pets',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: '{"name":"Kept","categoryId":1}',
  });
  const changed = await storeSnapshot(mock.origin());
  expect(changed).not.toBe(before);
  const host = `evil.example:${port(mock.origin())}`;
  const reset = await send(mock.origin(), {
    method: 'POST',
    path: '/__mock/reset',
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
  });
  expect(reset.status).toBe(403);
  expect(await storeSnapshot(mock.origin())).toBe(changed);
});

it('answers loopback names, IP literals and the bound address', async () => {
  const p = port(mock.origin());
  for (const host of [
    `localhost:${p}`,
    `app.localhost:${p}`,
    `127.0.0.1:${p}`,
    `[::1]:${p}`,
    '10.0.0.7',
  ]) {
    const reply = await as(mock.origin(), host, '/v1/pets?limit=1');
    expect(reply.status, host).toBe(200);
  }
  expect((await as(mock.origin(), `localhost:${p}`, '/')).status).toBe(200);
});

it('refuses a request carrying a second, foreign Host header', async () => {
  const reply = await sendRaw(
    mock.origin(),
    `GET /v1/pets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nAuthorization: Bearer ${DEV_KEY}\r\nConnection: close\r\n\r\n`,
  );
  expect(reply.status, reply.text).toBe(403);
  expect(reply.text).toContain('"code":"host_not_allowed"');
});

it('answers an HTTP/1.0 request without Host, which no browser sends', async () => {
  const reply = await sendRaw(
    mock.origin(),
    `GET /v1/pets?limit=1 HTTP/1.0\r\nAuthorization: Bearer ${DEV_KEY}\r\n\r\n`,
  );
  expect(reply.status).toBe(200);
});

it('answers the allowed hosts, a leading dot allowing a whole domain, and no others', async () => {
  const p = port(tunnel.origin());
  for (const host of ['tunnel.example', `lan.example:${p}`, 'pc.lan.example']) {
    expect((await as(tunnel.origin(), host, '/v1/pets?limit=1')).status, host).toBe(200);
  }
  expectRefused(await as(tunnel.origin(), 'evil.example', '/v1/pets'), 'not listed');
});

it('answers every Host with allowedHosts all', async () => {
  expect((await as(open.origin(), 'evil.example', '/v1/pets?limit=1')).status).toBe(200);
});
