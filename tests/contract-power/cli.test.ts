/**
 * The command line's contract: --help, and exit code 2 with one clear line (no stack
 * trace) for a usage error or an unreachable server.
 */
import { expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { runContractCli } from './run-cli.ts';

it('prints the options with --help and exits 0', async () => {
  const { code, output } = await runContractCli(['--help']);
  expect(code).toBe(0);
  for (const option of [
    '--base-url',
    '--api-key',
    '--level',
    '--category-id',
    '--read-only',
    '--junit',
    '--seed',
    '--runs',
  ])
    expect(output).toContain(option);
});

it.each([
  [['--level', 'lenient'], '--level must be interface or strict'],
  [['--bogus'], "Unknown option '--bogus'"],
  [['--base-url', 'http://127.0.0.1:9/v1'], '--api-key (or PETSTORE_API_KEY) is required'],
  [['--runs', 'many'], '--runs must be an integer'],
])('exits 2 with a clear message for %j', async (args, message) => {
  const { code, output } = await runContractCli(args);
  expect(code).toBe(2);
  expect(output).toContain(message);
  expect(output).not.toMatch(/\n\s+at /);
});

it('exits 2 naming the URL when nothing listens there', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/v1`;
  const { code, output } = await runContractCli(['--base-url', url, '--api-key', 'k']);
  expect(code).toBe(2);
  expect(output).toContain(`cannot reach ${url} (ECONNREFUSED)`);
  expect(output).not.toMatch(/\n\s+at /);
});
