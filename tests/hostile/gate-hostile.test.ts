/**
 * petstore-gate against hostile servers (bench/hostile-servers.ts), as a pipeline runs it: Prism and Dredd
 * reach the server only through the gate's relay, which reads it through the bounded
 * reader, so a bomb, headers over the bound or an untrusted certificate end the run by
 * themselves with no verdict (exit 2) naming that cause.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Hostile, startHostile } from '../../bench/hostile-servers.ts';
import { runProcess } from '../../lib/run-process.ts';
import { startMockServer } from '../../mocks/testing/local-mock.ts';

const SLOW = { timeout: 300_000 };
const ROOT = new URL('../..', import.meta.url).pathname;
let mock: Awaited<ReturnType<typeof startMockServer>>;
let hostile: Hostile;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-gate-'));
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-keyout', key],
      ...['-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  mock = await startMockServer({ port: 0, quiet: true });
  hostile = await startHostile(mock.origin, {
    tls: { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') },
  });
}, 60_000);
afterAll(async () => {
  await hostile?.close();
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real gate command (lint and contract left out: the relay is what is tried). */
const gate = (baseUrl: string) =>
  runProcess(
    join(ROOT, 'node_modules/.bin/tsx'),
    [
      join(ROOT, 'scripts/gate.ts'),
      ...['--base-url', baseUrl, '--api-key', mock.apiKeys[0] ?? '', '--read-only'],
      ...['--skip', 'lint,contract', '--request-timeout', '8', '--timeout', '200'],
    ],
    { env: { NO_COLOR: '1' }, timeoutMs: 280_000, cwd: ROOT },
  );

it(
  'gives no verdict on a gzip bomb read through the relay, naming the size bound',
  SLOW,
  async () => {
    const { code, output } = await gate(hostile.baseUrl('gzip-bomb'));
    expect(output).toMatch(
      /answered with a body over 16 MiB once its Content-Encoding gzip was undone/,
    );
    expect(output).not.toMatch(/stopped answering|unreachable/);
    expect(code).toBe(2);
  },
);

it('gives no verdict on headers over 64 KiB, naming them', SLOW, async () => {
  const { code, output } = await gate(hostile.baseUrl('big-header'));
  expect(output).toMatch(/answered with headers over 64 KiB/);
  expect(output).not.toMatch(/unreachable/);
  expect(code).toBe(2);
});

it('names an untrusted certificate and how to trust it', SLOW, async () => {
  const { code, output } = await gate(hostile.tlsBaseUrl);
  expect(output).toMatch(/does not trust \(DEPTH_ZERO_SELF_SIGNED_CERT\).*--ca FILE/s);
  expect(code).toBe(2);
});
