/**
 * `--pact FILE` on `npm run contract`'s command line (the checkout's, which needs no --base-url
 * to start): a file that is no pact is a usage error naming it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseGateFlags } from '../../scripts/gate-flags.ts';
import { runCheckoutContractCli } from '../contract-power/run-cli.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pact-cli-'));
  await writeFile(join(dir, 'not-a-pact.json'), '{"consumer":{"name":"web"}}');
  await writeFile(join(dir, 'web.json'), '{"interactions":[]}');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it.each([
  [['--pact', 'no-such-pact.json'], '--pact no-such-pact.json: ENOENT'],
  [
    ['--pact', 'not-a-pact.json'],
    '--pact not-a-pact.json: no Pact file: it has no "interactions" list',
  ],
])('exits 2 naming the file for %j', async (args, message) => {
  const { code, output } = await runCheckoutContractCli(args, 60_000, dir);
  expect(code).toBe(2);
  expect(output).toContain(message);
});

it("hands the gate's contract stage the pact and its file, as given", () => {
  const options = parseGateFlags(['--pact', join(dir, 'web.json')]);
  expect(options.pact).toBe('{"interactions":[]}');
  expect(options.pactFile).toBe(join(dir, 'web.json'));
});
