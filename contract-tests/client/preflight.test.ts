import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
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

/**
 * A server answering `answer(path, authorization, raw)` on a random loopback port, `raw` the
 * request's header names and values as sent.
 */
async function serve(
  answer: (path: string, authorization: string | undefined, raw: string[]) => number,
) {
  const server = createServer((req, res) => {
    res.writeHead(answer(req.url ?? '/', req.headers.authorization, req.rawHeaders), {
      'content-type': 'application/json',
    });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

it('refuses a base URL without /v1 when /v1/pets answers there, naming the right URL', async () => {
  const server = await serve((path) => (path.startsWith('/v1/pets') ? 200 : 404));
  try {
    const run = preflight({ baseUrl: `${server.origin}/`, apiKey: 'k' });
    await expect(run).rejects.toThrow(
      `the base URL ${server.origin} lacks the version prefix /v1: /v1/pets answers there but /pets does not.`,
    );
    await expect(run).rejects.toThrow(`run again with --base-url ${server.origin}/v1`);
  } finally {
    await server.close();
  }
});

it('refuses a key that every operation answers 401, and only then', async () => {
  const server = await serve((path, authorization) =>
    authorization === 'Bearer good' ? (path.startsWith('/v1/pets/') ? 404 : 200) : 401,
  );
  try {
    await expect(preflight({ baseUrl: `${server.origin}/v1`, apiKey: 'bad' })).rejects.toThrow(
      'the API key was refused: listPets, createPet and getPet all answered 401 with it, and listPets with it in every other form tried (authorization: Bearer <key>,',
    );
    await expect(
      preflight({ baseUrl: `${server.origin}/v1`, apiKey: 'bad' }, true),
    ).rejects.toThrow('listPets and getPet all answered 401');
    await expect(preflight({ baseUrl: `${server.origin}/v1`, apiKey: 'good' })).resolves.toEqual({
      baseUrl: `${server.origin}/v1`,
      apiKey: 'good',
    });
  } finally {
    await server.close();
  }
});

it('finds the form a server takes the key in when it refuses the interface’s, so the run goes on', async () => {
  // A server reading the header by its name as sent, and only in lower case.
  const onlyLowerCase = await serve((_path, _auth, raw) =>
    raw.some((h, i) => i % 2 === 0 && h === 'authorization' && raw[i + 1] === 'Bearer good')
      ? 200
      : 401,
  );
  // A server reading the scheme only in lower case.
  const onlyBearerLowerCase = await serve((_path, authorization) =>
    authorization === 'bearer good' ? 200 : 401,
  );
  try {
    const lower = await preflight({ baseUrl: `${onlyLowerCase.origin}/v1`, apiKey: 'good' });
    expect(lower.keyForm).toEqual({ header: 'authorization', scheme: 'Bearer' });
    const scheme = await preflight({ baseUrl: `${onlyBearerLowerCase.origin}/v1`, apiKey: 'good' });
    expect(scheme.keyForm).toEqual({ header: 'Authorization', scheme: 'bearer' });
  } finally {
    await onlyLowerCase.close();
    await onlyBearerLowerCase.close();
  }
});
