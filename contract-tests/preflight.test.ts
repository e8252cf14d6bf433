import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { freePort } from '../lib/ports.ts';
import { normaliseBaseUrl, PreflightError, preflight } from './preflight.ts';

it('keeps the base path and drops trailing slashes', () => {
  expect(normaliseBaseUrl('http://127.0.0.1:4010/v1/')).toBe('http://127.0.0.1:4010/v1');
  expect(normaliseBaseUrl('https://staging.example/v1')).toBe('https://staging.example/v1');
});

it('refuses a base URL that is not an absolute http(s) URL, quoting it', () => {
  expect(() => normaliseBaseUrl('127.0.0.1:4010/v1')).toThrow(PreflightError);
  expect(() => normaliseBaseUrl('localhost/v1')).toThrow(/absolute http\(s\) URL.*"localhost\/v1"/);
  expect(() => normaliseBaseUrl('ftp://127.0.0.1/v1')).toThrow(/http or https, got "ftp:/);
});

it('names the URL and the cause when nothing listens there', async () => {
  const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
  await expect(preflight({ baseUrl, apiKey: 'k' })).rejects.toThrow(
    `cannot reach ${baseUrl} (ECONNREFUSED): the server at ${baseUrl} is unreachable`,
  );
});

it('accepts a server that answers with any status, sending the key', async () => {
  let authorization: string | undefined;
  const server = createServer((req, res) => {
    authorization = req.headers.authorization;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const checked = await preflight({ baseUrl: `http://127.0.0.1:${port}/v1/`, apiKey: 'k1' });
    expect(checked).toEqual({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'k1' });
    expect(authorization).toBe('Bearer k1');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
