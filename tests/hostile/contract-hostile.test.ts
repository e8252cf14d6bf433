/**
 * petstore-contract against hostile servers, one trait each (bench/hostile-servers.ts), as a user runs it:
 * every run ends by itself, with the verdict the trait deserves and its true cause. Where the
 * interface bounds the answer, going past the bound is a finding under its rule; otherwise it
 * is no verdict (exit 2) naming what the server did, never "stopped answering" or
 * "unreachable" for a server that answered.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Hostile, startHostile, type Trait } from '../../bench/hostile-servers.ts';
import { startMockServer } from '../../mocks/testing/local-mock.ts';
import { runContractCli } from '../contract-power/run-cli.ts';

const SLOW = { timeout: 240_000 };
let mock: Awaited<ReturnType<typeof startMockServer>>;
let hostile: Hostile;
let dir: string;
let caFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-'));
  caFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-keyout', keyFile, '-out', caFile, '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  mock = await startMockServer({ port: 0, quiet: true });
  hostile = await startHostile(mock.origin, {
    tls: { cert: readFileSync(caFile, 'utf8'), key: readFileSync(keyFile, 'utf8') },
  });
}, 60_000);
afterAll(async () => {
  await hostile?.close();
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The command against a trait, at quick depth with short time bounds. */
const run = (trait: Trait, ...more: string[]) =>
  runContractCli(
    [
      ...['--base-url', hostile.baseUrl(trait), '--api-key', mock.apiKeys[0] ?? ''],
      ...['--depth', 'quick', '--request-timeout', '8', '--timeout', '180', ...more],
    ],
    200_000,
  );

const NOT_GONE = /stopped answering|unreachable|suite itself failed|RangeError/;

it('gives no verdict on a gzip bomb, naming a body over 16 MiB once decoded', SLOW, async () => {
  const { code, output } = await run('gzip-bomb', '--read-only');
  expect(output).toMatch(
    /answered with a body over 16 MiB once its Content-Encoding gzip was undone/,
  );
  expect(output).not.toMatch(NOT_GONE);
  expect(code).toBe(2);
});

it('gives no verdict on brotli and deflate bombs, naming the size bound', SLOW, async () => {
  for (const [trait, coding] of [
    ['br-bomb', 'br'],
    ['deflate-bomb', 'deflate'],
  ] as const) {
    const { code, output } = await run(trait, '--read-only', '--max-response-size', '4MiB');
    expect(output).toMatch(
      new RegExp(`body over 4 MiB once its Content-Encoding ${coding} was undone`),
    );
    expect(code).toBe(2);
  }
});

it(
  'finds a list still going past its limit, citing the limit rule, for an endless list and one that ignores limit',
  SLOW,
  async () => {
    for (const trait of ['endless-list', 'ignores-limit'] as const) {
      const { code, output } = await run(trait, '--read-only');
      expect(output).toMatch(/limit-(max|default)/);
      expect(output).toMatch(/the array went on past item \d+: reading stopped after \d+ bytes/);
      expect(output).not.toMatch(NOT_GONE);
      expect(code).toBe(1);
    }
  },
);

it(
  'finds a 201 nested 200,000 deep a body that is not an Animal object, without crashing',
  SLOW,
  async () => {
    const { code, output } = await run('deep-json', '--max-creates', '5');
    expect(output).toMatch(/JSON nested deeper than 256 levels/);
    expect(output).not.toMatch(NOT_GONE);
    expect(code).toBe(1);
  },
);

it('gives no verdict on headers over 64 KiB, sent at once or without end', SLOW, async () => {
  for (const trait of ['big-header', 'endless-header'] as const) {
    const { code, output } = await run(trait, '--read-only');
    expect(output).toMatch(/answered with headers over 64 KiB/);
    expect(output).not.toMatch(NOT_GONE);
    expect(code).toBe(2);
  }
});

it('gives no verdict on a server that drips its answers, naming the pace', SLOW, async () => {
  const { code, output } = await run('drip', '--read-only');
  expect(output).toMatch(/answered at under 10 bytes a second/);
  expect(output).not.toMatch(NOT_GONE);
  expect(code).toBe(2);
});

it(
  'gives no verdict on an endless body of NUL bytes, and on a 1 GB Content-Length with 10 bytes sent',
  SLOW,
  async () => {
    const nul = await run('nul-body', '--read-only');
    expect(nul.output).toMatch(/answered with a body over 16 MiB/);
    expect(nul.code).toBe(2);
    const stalled = await run('gigabyte-length', '--read-only');
    expect(stalled.output).toMatch(/answered at under 10 bytes a second/);
    expect(stalled.code).toBe(2);
  },
);

it("finds a Content-Length that lies either way as the server's fault", SLOW, async () => {
  for (const trait of ['length-over', 'length-under'] as const) {
    const { code, output } = await run(trait, '--read-only');
    expect(output, trait).not.toMatch(NOT_GONE);
    expect(code, trait).toBe(1);
  }
});

it(
  'never takes an answer to no request, sent on a kept-alive connection, for the next one',
  SLOW,
  async () => {
    const { code, output } = await run('unsolicited', '--read-only');
    expect(output).not.toMatch(/not asked for/);
    expect(output).not.toMatch(NOT_GONE);
    expect(code).toBe(0);
  },
);

it('judges a redirect to another host as the answer it is, never following it', SLOW, async () => {
  const { code, output } = await run('redirect', '--read-only');
  expect(output).toMatch(/302/);
  expect(output).not.toMatch(/elsewhere\.invalid.*(ENOTFOUND|EAI_AGAIN)|unreachable/);
  expect(code).toBe(1);
});

it(
  'names an untrusted certificate and its remedy, and passes once --ca trusts it',
  SLOW,
  async () => {
    const args = [
      '--base-url',
      hostile.tlsBaseUrl,
      '--api-key',
      mock.apiKeys[0] ?? '',
      '--depth',
      'quick',
      '--read-only',
    ];
    const refused = await runContractCli(args, 200_000);
    expect(refused.output).toMatch(
      /certificate this machine does not trust \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
    );
    expect(refused.output).toMatch(/--ca FILE, or NODE_EXTRA_CA_CERTS=FILE/);
    expect(refused.code).toBe(2);
    const trusted = await runContractCli([...args, '--ca', caFile], 200_000);
    expect(trusted.code, trusted.output).toBe(0);
  },
);
