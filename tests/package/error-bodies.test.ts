/**
 * No HTTP error body of the mock as shipped names a file path or carries a stack: every kind
 * of 4xx and 5xx it answers over real HTTP, with the shipped bundle's asset files missing and
 * with a data file that can no longer be written, while the mock's own output names the cause.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningProcess, startProcess } from '../../lib/process.ts';
import { waitForOutput } from '../../lib/run-process.ts';
import { AUTH, rawRequest, type SendOptions, send, sendRaw } from '../reliability/http-client.ts';
import { ROOT, type ShippedMock, startShippedMock, userEnv } from './shipped-mock.ts';

let work: string;
let mock: ShippedMock;
let bundleAlone: RunningProcess;
let bundleAloneOrigin: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'petstore-error-bodies-'));
  await mkdir(join(work, 'data'));
  mock = await startShippedMock('npm run mock', {
    args: ['--port', '0', '--data', join(work, 'data', 'pets.json')],
  });
  // The bundle npm run mock just ran, alone: its assets and swagger-ui-dist are not beside it.
  await mkdir(join(work, 'alone', 'dist'), { recursive: true });
  await copyFile(join(ROOT, 'dist/mock.mjs'), join(work, 'alone/dist/mock.mjs'));
  bundleAlone = startProcess(process.execPath, ['dist/mock.mjs', '--port', '0'], {
    cwd: join(work, 'alone'),
    baseEnv: userEnv(),
  });
  const [, origin] = await waitForOutput(
    bundleAlone,
    /listening on (http:\/\/\S+)\/v1/,
    'mock',
    30_000,
  );
  bundleAloneOrigin = origin as string;
});

afterAll(async () => {
  await Promise.all([mock?.process.stop(), bundleAlone?.stop()]);
  await rm(work, { recursive: true, force: true });
});

/** What an error body must not contain: the folders of this machine, file URLs, stack frames. */
function leaks(body: string): string[] {
  const found: string[] = [];
  for (const folder of [ROOT, work, tmpdir(), homedir(), '/node_modules/', 'file://']) {
    if (body.includes(folder)) found.push(`names ${folder}`);
  }
  if (/\bat .*:\d+:\d+/.test(body) || /\n\s+at /.test(body)) found.push('has a stack frame');
  return found;
}

const json = { ...AUTH, 'content-type': 'application/json' };

it('answers every client error without a path or a stack', async () => {
  const exchanges: SendOptions[] = [
    { path: '/nothing-here' },
    { path: '/v1/pets' },
    { path: '/v1/pets?limit=abc', headers: AUTH },
    { path: '/v1/pets/987654321', headers: AUTH },
    { path: '/v1/pets', method: 'POST', headers: json, body: '{"name": ' },
    { path: '/v1/pets', method: 'POST', headers: json, body: '{"name": 7}' },
    {
      path: '/v1/pets',
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      body: 'x',
    },
    { path: '/v1/pets', method: 'POST', headers: json, body: `"${'x'.repeat(70_000)}"` },
    { path: '/v1/pets', method: 'DELETE', headers: AUTH },
    { path: '/__mock/data', method: 'PUT', headers: json, body: '[{"id": "one"}]' },
    { path: '/v1/pets', headers: { ...AUTH, prefer: 'code=500' } },
    { path: '/', headers: { host: 'rebinding.example' } },
  ];
  const statuses: number[] = [];
  for (const exchange of exchanges) {
    const reply = await send(mock.origin, exchange);
    statuses.push(reply.status);
    expect(
      leaks(reply.body),
      `${exchange.method ?? 'GET'} ${exchange.path}: ${reply.body}`,
    ).toEqual([]);
  }
  expect(statuses).toEqual([404, 401, 400, 404, 400, 400, 415, 413, 405, 400, 500, 403]);
  const garbage = await sendRaw(mock.origin, 'NOT HTTP AT ALL\r\n\r\n');
  expect(garbage.status).toBe(400);
  expect(leaks(garbage.text)).toEqual([]);
  const raw = await sendRaw(mock.origin, rawRequest('GET', '/v1/pets/%E0%A4%A', AUTH));
  expect(leaks(raw.text)).toEqual([]);
});

it('answers 500 for an asset it cannot read, naming the route and not the file', async () => {
  for (const path of [
    '/console/console.js',
    '/console/console.css',
    '/docs/docs.js',
    '/docs/swagger-ui.css',
  ]) {
    const reply = await send(bundleAloneOrigin, { path });
    expect(reply.status, path).toBe(500);
    const body = JSON.parse(reply.body) as { code: string; message: string };
    expect(body.code).toBe('internal_error');
    expect(body.message).toContain(`the file behind ${path}`);
    expect(leaks(reply.body), reply.body).toEqual([]);
  }
  // The operator still learns where it looked.
  expect(bundleAlone.stderr()).toContain(join(work, 'alone'));
  // The pages themselves and the API still answer.
  expect((await send(bundleAloneOrigin, { path: '/' })).status).toBe(200);
  expect((await send(bundleAloneOrigin, { path: '/v1/pets', headers: AUTH })).status).toBe(200);
});

it('answers 500 for a write the data file could not take, naming the error code only', async () => {
  await rm(join(work, 'data'), { recursive: true, force: true });
  const reply = await send(mock.origin, {
    path: '/v1/pets',
    method: 'POST',
    headers: json,
    body: '{"name": "Unsaved", "categoryId": 1}',
  });
  expect(reply.status).toBe(500);
  expect(JSON.parse(reply.body)).toMatchObject({ code: 'internal_error' });
  expect(reply.body).toContain('(ENOENT)');
  expect(leaks(reply.body), reply.body).toEqual([]);
  // The mock's own line with the path goes to its stderr, which may reach this pipe after the
  // answer reached the client (a fresh-clone run read the stream too early). Its stderr alone is
  // polled: the combined output holds the path from the start, in npm's echo of the command.
  await expect
    .poll(() => mock.process.stderr(), { timeout: 10_000, interval: 50 })
    .toContain(join(work, 'data'));
});
