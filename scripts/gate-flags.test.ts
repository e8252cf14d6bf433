import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseFlags, UsageError } from './cli.ts';
import { gateFlags, gateOptions, parseGateFlags } from './gate-flags.ts';

it('checks the mock at strict level when no base URL is given', () => {
  const options = parseGateFlags([]);
  expect(options.server).toBeUndefined();
  expect(options.level).toBe('strict');
  expect(options.skip).toEqual([]);
});

it('checks a given server at interface level unless --level says otherwise', () => {
  const server = ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', 'k'];
  expect(parseGateFlags(server).level).toBe('interface');
  expect(parseGateFlags(server).server).toEqual({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k' });
  expect(parseGateFlags([...server, '--level', 'strict']).level).toBe('strict');
});

it('takes stages to skip as a list or as one flag each', () => {
  const options = parseGateFlags(['--skip', 'lint,prism', '--skip-dredd']);
  expect([...(options.skip ?? [])].sort()).toEqual(['dredd', 'lint', 'prism']);
});

it('takes the API key from PETSTORE_API_KEY when no flag gives one', () => {
  expect(parseGateFlags([], { PETSTORE_API_KEY: 'from-env' }).mockApiKey).toBe('from-env');
  expect(parseGateFlags(['--api-key', 'flag'], { PETSTORE_API_KEY: 'env' }).mockApiKey).toBe(
    'flag',
  );
  const withUrl = parseGateFlags(['--base-url', 'http://x/v1'], { PETSTORE_API_KEY: 'env' });
  expect(withUrl.server?.apiKey).toBe('env');
});

it('rejects an unknown stage, an unknown level, an unknown flag and a URL without a key', () => {
  expect(() => parseGateFlags(['--skip', 'lint,speed'])).toThrow(/--skip takes .*"speed"/);
  expect(() => parseGateFlags(['--level', 'lenient'])).toThrow(UsageError);
  expect(() => parseGateFlags(['--fast'])).toThrow(UsageError);
  expect(() => parseGateFlags(['--base-url', 'http://x/v1'])).toThrow(
    '--api-key (or PETSTORE_API_KEY) is required with --base-url',
  );
});

it('reads --profile as petstore-contract does, and takes --max-creates and --concurrency', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gate-profile-'));
  try {
    await writeFile(join(dir, 'profile.yaml'), 'pagination: link\norder: id-asc\n');
    const options = parseGateFlags(['--profile', join(dir, 'profile.yaml'), '--max-creates', '20']);
    expect(options.profile).toEqual({ pagination: 'link', order: 'id-asc' });
    // The contract stage's replay line names the file as it was given.
    expect(options.profileFile).toBe(join(dir, 'profile.yaml'));
    expect(options.maxCreates).toBe(20);
    expect(parseGateFlags(['--concurrency', '4']).concurrency).toBe(4);
    expect(parseGateFlags([]).concurrency).toBeUndefined();
    expect(() => parseGateFlags(['--concurrency', '0'])).toThrow(UsageError);
    await writeFile(join(dir, 'bad.yaml'), 'order: random\n');
    expect(() => parseGateFlags(['--profile', join(dir, 'bad.yaml')])).toThrow(
      /--profile .*bad\.yaml: order must be one of any, id-asc/,
    );
    expect(() => parseGateFlags(['--max-creates', '-1'])).toThrow(UsageError);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('names the command and profile file the contract stage replays with', () => {
  const checkout = parseGateFlags([]);
  expect(checkout.replayWith).toBe('checkout');
  const installed = gateOptions(
    parseFlags(gateFlags, ['--base-url', 'http://x/v1', '--api-key', 'k']),
    {},
    true,
  );
  expect(installed.replayWith).toBe('installed');
});

it('takes --read-only, the time bounds in seconds, --require-complete and the output files', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gate-flags-'));
  try {
    const options = parseGateFlags([
      ...['--read-only', '--timeout', '90', '--stage-timeout', '30', '--request-timeout', '2.5'],
      ...[
        '--require-complete',
        '--json',
        join(dir, 'out/gate.json'),
        '--summary-md',
        join(dir, 'gate.md'),
      ],
    ]);
    expect(options).toMatchObject({
      readOnly: true,
      timeoutMs: 90_000,
      stageTimeoutMs: 30_000,
      requestTimeoutMs: 2_500,
      requireComplete: true,
      jsonFile: join(dir, 'out/gate.json'),
      summaryMd: join(dir, 'gate.md'),
    });
    expect(parseGateFlags([])).toMatchObject({ readOnly: false, requireComplete: false });
    expect(() => parseGateFlags(['--timeout', '0'])).toThrow(
      '--timeout must be a positive number, got "0"',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('takes --openapi as a URL, or as a file that exists', async () => {
  expect(parseGateFlags(['--openapi', 'https://api.example/openapi.json']).openapi).toBe(
    'https://api.example/openapi.json',
  );
  expect(() => parseGateFlags(['--openapi', '/nowhere/openapi.yaml'])).toThrow(
    /--openapi \/nowhere\/openapi\.yaml: no such file/,
  );
});

it('refuses a --junit-dir under a file, or where no folder can be made, before anything runs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gate-flags-'));
  try {
    await writeFile(join(dir, 'file'), '');
    expect(() => parseGateFlags(['--junit-dir', join(dir, 'file', 'reports')])).toThrow(
      /a file stands where a folder is needed/,
    );
    expect(() => parseGateFlags(['--junit-dir', '/proc/nope'])).toThrow(
      '--junit-dir /proc/nope: cannot write into /proc/nope: no folder can be made there',
    );
    expect(parseGateFlags(['--junit-dir', join(dir, 'a', 'b')]).junitDir).toBe(join(dir, 'a', 'b'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('reads --e2e and its companions, and refuses them where they cannot hold', () => {
  const server = ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', 'k'];
  const options = parseGateFlags([
    ...server,
    '--e2e',
    'npx playwright test',
    '--e2e-client',
    'strict',
    '--e2e-min-coverage',
    '40',
  ]);
  expect(options).toMatchObject({
    e2e: 'npx playwright test',
    e2eClient: 'strict',
    e2eMinCoverage: 40,
  });
  expect(parseGateFlags([...server, '--e2e', 'x']).e2eClient).toBe('report');
  // Without --e2e, the gate is unchanged: no traffic stage, and its companions refused.
  expect(parseGateFlags(server).e2e).toBeUndefined();
  expect(() => parseGateFlags([...server, '--e2e-client', 'strict'])).toThrow(/needs --e2e CMD/);
  expect(() => parseGateFlags([...server, '--e2e', 'x', '--e2e-client', 'lax'])).toThrow(
    UsageError,
  );
  expect(() => parseGateFlags([...server, '--e2e', 'x', '--e2e-min-coverage', '120'])).toThrow(
    /from 0 to 100/,
  );
  expect(() => parseGateFlags([...server, '--e2e', ' '])).toThrow(/needs the command/);
  expect(() => parseGateFlags([...server, '--e2e', 'x', '--read-only'])).toThrow(/--read-only/);
});
