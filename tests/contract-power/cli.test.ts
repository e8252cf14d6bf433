/**
 * The command line's contract: --help with the exit codes; exit 2 with a few clear lines
 * (no stack trace) when the server cannot be tested; and, for a broken server, a JUnit
 * report and a summary file written where the command runs, holding our messages only.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
// This file is about `npm run contract`, the checkout's command (it alone starts the mock).
import { runCheckoutContractCli as runContractCli } from './run-cli.ts';

const STACK = /^\s+at .*:\d+:\d+\)?$|❯/m;
const SPEC_FILE = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

it('prints the options and the exit codes with --help and exits 0', async () => {
  const { code, output } = await runContractCli(['--help']);
  expect(code).toBe(0);
  for (const option of ['--base-url', '--api-key', '--level', '--depth', '--category-id'])
    expect(output).toContain(option);
  for (const option of ['--read-only', '--junit', '--report', '--seed', '--runs'])
    expect(output).toContain(option);
  expect(output).toMatch(/Exit codes: 0 conformant[\s\S]*1 not conformant[\s\S]*2 could not test/);
});

it.each([
  [['--level', 'lenient'], '--level must be interface or strict'],
  [['--depth', 'deeper'], '--depth must be one of quick, default, deep'],
  [['--bogus'], "Unknown option '--bogus'"],
  [['--base-url', 'http://127.0.0.1:9/v1'], '--api-key (or PETSTORE_API_KEY) is required'],
  [['--runs', 'many'], '--runs must be an integer'],
  [
    ['--print-profile', '--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'k'],
    'could not read a profile: cannot reach http://127.0.0.1:9/v1',
  ],
  [['--profile', 'no-such-profile.yaml'], '--profile no-such-profile.yaml: ENOENT'],
  [['--max-creates', 'some'], '--max-creates must be an integer'],
])('exits 2 with a clear message for %j', async (args, message) => {
  const { code, output } = await runContractCli(args);
  expect(code).toBe(2);
  expect(output).toContain(message);
  expect(output).not.toMatch(STACK);
});

it('exits 2 naming the URL when nothing listens there', async () => {
  const url = `http://127.0.0.1:${await freePort()}/v1`;
  const { code, output } = await runContractCli(['--base-url', url, '--api-key', 'k']);
  expect(code).toBe(2);
  expect(output).toContain(`cannot reach ${url} (ECONNREFUSED)`);
  expect(output.trim().split('\n').length).toBeLessThanOrEqual(5);
});

it('exits 2 for a base URL without /v1, and for a key every operation refuses', async () => {
  const server = await startReferenceServer();
  const root = server.baseUrl.replace(/\/v1$/, '');
  try {
    const noPrefix = await runContractCli(['--base-url', `${root}/`, '--api-key', REFERENCE_KEY]);
    expect(noPrefix.code).toBe(2);
    expect(noPrefix.output).toContain(`run again with --base-url ${root}/v1`);
    const badKey = await runContractCli(['--base-url', server.baseUrl, '--api-key', 'nope']);
    expect(badKey.code).toBe(2);
    expect(badKey.output).toContain('listPets, createPet and getPet all answered 401');
    for (const { output } of [noPrefix, badKey]) {
      expect(output.trim().split('\n').length).toBeLessThanOrEqual(5);
      expect(output).not.toMatch(STACK);
    }
  } finally {
    await server.close();
  }
});

it('writes JUnit and the summary relative to where it runs, with our messages and readable names', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'contract-cli-'));
  const server = await startReferenceServer({ fault: 'name-trimmed' });
  try {
    const args = ['--base-url', server.baseUrl, '--api-key', REFERENCE_KEY, '--depth', 'quick'];
    const reports = ['--junit', 'out/contract.xml', '--report', 'out/summary.txt'];
    const { code, output } = await runContractCli([...args, ...reports], 120_000, dir);
    expect(code).toBe(1);
    expect(output).toMatch(/^Depth quick .*seed 1 \(replay with --seed 1\)/m);
    const junit = await readFile(join(dir, 'out/contract.xml'), 'utf8');
    expect(junit).toMatch(/<testcase classname="accept-or-reject" name="[^"]*"/);
    expect(junit).toContain('[created-echoes]');
    // Run from a folder outside the checkout: the spec's place is its whole path, openable.
    expect(junit).toContain(
      `Spec: ${SPEC_FILE}#/paths/~1pets/post/responses/201/x-rules/created-echoes`,
    );
    expect(junit).toContain(`-H &quot;Authorization: Bearer \${PETSTORE_API_KEY}&quot;`);
    expect(junit).not.toContain(REFERENCE_KEY);
    expect(junit).not.toMatch(STACK);
    expect(junit).not.toMatch(/name="[^"]*\d+n\b/);
    const summary = await readFile(join(dir, 'out/summary.txt'), 'utf8');
    expect(summary).toContain('1. created-echoes (interface rule)');
    expect(output).not.toContain(REFERENCE_KEY);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
