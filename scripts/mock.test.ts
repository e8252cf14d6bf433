import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { testTempDir } from '../lib/temp-dirs.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = 'scripts/bin/petstore-mock.js';

/** Resolves with the base URL the CLI prints once it listens. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (part: Buffer) => {
      out += part;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before listening:\n${out}`)),
    );
  });
}

it('prints every flag in --help and exits 0', () => {
  const result = spawnSync(process.execPath, [BIN, '--help'], { cwd: ROOT, encoding: 'utf8' });
  expect(result.status).toBe(0);
  for (const flag of [
    '--port',
    '--host',
    '--allowed-hosts',
    '--api-key',
    '--seed-count',
    '--delay',
    '--rate-limit',
    '--data',
    '--max-pets',
    '--profile',
    '/__mock/profile',
    'PETSTORE_API_KEYS',
    '/__mock/reset',
  ]) {
    expect(result.stdout).toContain(flag);
  }
});

/** GETs a URL with a Host header of our choosing (fetch would send the URL's). */
function statusAs(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, authorization: 'Bearer petstore-dev-key' } });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.end();
  });
}

it('refuses a malformed flag with exit code 2 and a message naming it', () => {
  const result = spawnSync(process.execPath, [BIN, '--delay', 'soon'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('--delay must be milliseconds');
});

it('refuses to start in front of a backend URL without /v1, naming the URL to give', () => {
  // A mock that started anyway would serve until killed: the time bound makes that a failure.
  const result = spawnSync(process.execPath, [BIN, '--proxy', 'http://127.0.0.1:8080'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toMatch(
    /--proxy: the backend's base URL http:\/\/127\.0\.0\.1:8080 lacks the version segment \/v1: .*run again with --proxy http:\/\/127\.0\.0\.1:8080\/v1/,
  );
  expect(result.stdout).not.toContain('listening');
});

it('refuses an --allowed-hosts value that is not a host name, naming the flag', () => {
  const result = spawnSync(process.execPath, [BIN, '--allowed-hosts', 'http://tunnel.example'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('--allowed-hosts: allowed hosts must be host names');
});

it.concurrent('answers the --allowed-hosts names and refuses other names with 403', async () => {
  const child = spawn(
    process.execPath,
    [BIN, '--port', '0', '--allowed-hosts', 'tunnel.example', '--allowed-hosts', '.lan.example'],
    { cwd: ROOT },
  );
  try {
    const baseUrl = await listening(child);
    expect(await statusAs(`${baseUrl}/pets`, 'tunnel.example')).toBe(200);
    expect(await statusAs(`${baseUrl}/pets`, 'pc.lan.example')).toBe(200);
    expect(await statusAs(`${baseUrl}/pets`, 'evil.example')).toBe(403);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

it.concurrent('serves with the given keys, prints the URL and key, and stops cleanly on SIGTERM', async () => {
  const child = spawn(
    process.execPath,
    [BIN, '--port', '0', '--seed-count', '5', '--api-key', 'first-key', '--api-key', 'second-key'],
    { cwd: ROOT, env: { ...process.env, PETSTORE_API_KEYS: 'ignored-when-flags-given' } },
  );
  try {
    const baseUrl = await listening(child);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const reply = await fetch(`${baseUrl}/pets`, {
      headers: { authorization: 'Bearer second-key' },
    });
    expect(await reply.json()).toHaveLength(5);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

it.concurrent('takes the keys from PETSTORE_API_KEYS and stops cleanly on SIGINT', async () => {
  const child = spawn(process.execPath, [BIN, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, PETSTORE_API_KEYS: 'env-one, env-two' },
  });
  try {
    const baseUrl = await listening(child);
    const ok = await fetch(`${baseUrl}/pets`, { headers: { authorization: 'Bearer env-two' } });
    expect(ok.status).toBe(200);
    const refused = await fetch(`${baseUrl}/pets`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    });
    expect(refused.status).toBe(401);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

it.concurrent('warns, with --allowed-hosts all, that the Host check is off, and answers any name', async () => {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--allowed-hosts', 'all'], {
    cwd: ROOT,
  });
  try {
    let out = '';
    child.stdout?.on('data', (part: Buffer) => {
      out += part;
    });
    const baseUrl = await listening(child);
    expect(await statusAs(`${baseUrl}/pets`, 'evil.example')).toBe(200);
    expect(out).toContain('Allowed hosts: all. The Host check is off');
    expect(out).toContain('DNS rebinding');
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

const profileFile = (name: string, text: string) => {
  const file = join(testTempDir('mock-profile-'), name);
  writeFileSync(file, text);
  return file;
};

it('refuses a --profile whose field is wrong with exit code 2, naming the file and field', () => {
  const file = profileFile('p.yaml', 'order: random\n');
  const result = spawnSync(process.execPath, [BIN, '--profile', file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain(`--profile ${file}: order must be one of`);
});

it.concurrent('answers as a YAML --profile declares and shows it at start-up and on the landing page', async () => {
  const file = profileFile('p.yaml', 'order: id-desc\npagination: none\ndefaultStatus: pending\n');
  const child = spawn(
    process.execPath,
    [BIN, '--port', '0', '--seed-count', '5', '--profile', file],
    {
      cwd: ROOT,
    },
  );
  try {
    let out = '';
    child.stdout?.on('data', (part: Buffer) => {
      out += part;
    });
    const baseUrl = await listening(child);
    const headers = { authorization: 'Bearer petstore-dev-key' };
    const list = await fetch(`${baseUrl}/pets?limit=2`, { headers });
    expect(list.headers.get('link')).toBeNull();
    expect(((await list.json()) as { id: number }[]).map((pet) => pet.id)).toEqual([5, 4]);
    const created = await fetch(`${baseUrl}/pets`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    expect(((await created.json()) as { status: string }).status).toBe('pending');
    expect(out).toContain(
      `Profile: ${file}: pagination none, order id-desc, defaultStatus pending`,
    );
    const landing = await (await fetch(baseUrl.replace(/\/v1$/, '/'))).text();
    expect(landing).toContain('pagination none, order id-desc, defaultStatus pending');
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

/** Starts the CLI with `args`, sends three requests, and returns what it printed after start-up. */
async function logged(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { cwd: ROOT });
  try {
    let out = '';
    child.stdout?.on('data', (part: Buffer) => {
      out += part;
    });
    const baseUrl = await listening(child);
    const origin = baseUrl.replace(/\/v1$/, '');
    const key = { authorization: 'Bearer petstore-dev-key' };
    await (await fetch(`${baseUrl}/pets?limit=2`, { headers: key })).arrayBuffer();
    const session = { ...key, 'x-mock-session': 'checkout-1' };
    await (await fetch(`${baseUrl}/pets?limit=0`, { headers: session })).arrayBuffer();
    await (await fetch(`${origin}/__mock/state`)).arrayBuffer();
    await (await fetch(`${origin}/__mock/reset`, { method: 'POST' })).arrayBuffer();
    // The log writes what it gathered at most 100 ms later.
    await new Promise((resolve) => setTimeout(resolve, 400));
    return out.slice(out.indexOf('Sessions:'));
  } finally {
    child.kill('SIGKILL');
  }
}

it.concurrent('prints one line a request: method, path, status, ms, session and a 4xx message', async () => {
  const lines = (await logged([])).split('\n').slice(1).filter(Boolean);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/v1\/pets\?limit=2 200 [\d.]+ ms$/);
  expect(lines[1]).toMatch(
    /^\d\d:\d\d:\d\d\.\d{3} GET \/v1\/pets\?limit=0 400 [\d.]+ ms session=checkout-1 limit must be an integer from 1 to 100, got "0"$/,
  );
  expect(lines[2]).toMatch(/ POST \/__mock\/reset 200 [\d.]+ ms$/);
}, 60_000);

it.concurrent('writes the request log as JSON lines with --log json, and none with --quiet', async () => {
  const json = (await logged(['--log', 'json'])).split('\n').slice(1).filter(Boolean);
  const entries = json.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.map((entry) => [entry.method, entry.target, entry.status])).toEqual([
    ['GET', '/v1/pets?limit=2', 200],
    ['GET', '/v1/pets?limit=0', 400],
    ['POST', '/__mock/reset', 200],
  ]);
  expect(entries[1]).toMatchObject({ session: 'checkout-1', message: expect.any(String) });
  expect(Date.parse(entries[0]?.time as string)).toBeGreaterThan(0);
  expect((await logged(['--quiet'])).split('\n').slice(1).filter(Boolean)).toEqual([]);
}, 60_000);
