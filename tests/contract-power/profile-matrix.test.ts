/**
 * The mock started with `--profile FILE` passes `petstore-contract --profile FILE` with the
 * same file, fails it with one field changed (naming the rule), and `--print-profile` reads
 * back every field it can observe, for a matrix of profiles using every value of every field.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startProcess } from '../../lib/process.ts';
import { waitForOutput } from '../../lib/run-process.ts';
import type { Profile } from '../../spec/profile.ts';
import { MATRIX, MORE_CONTRADICTIONS, observable } from './profile-matrix.ts';
import { inPool, runContractCli } from './run-cli.ts';

const MOCK = new URL('../../scripts/bin/petstore-mock.js', import.meta.url).pathname;
const KEY = 'petstore-dev-key';

type Run = { code: number | null; output: string };
const passes = new Map<string, Run>();
const contradicted = new Map<string, Run>();
const printed = new Map<string, Run>();
let dir: string;

const fileOf = async (name: string, profile: Profile) => {
  const file = join(dir, `${name.replaceAll(' ', '-')}.json`);
  await writeFile(file, JSON.stringify(profile));
  return file;
};

/** Starts `petstore-mock --profile FILE` on a free port; runs `task` against its base URL. */
async function withMock<T>(
  file: string,
  task: (baseUrl: string) => Promise<T>,
  seedCount = 40,
): Promise<T> {
  const seeds = ['--seed-count', String(seedCount)];
  const mock = startProcess(process.execPath, [MOCK, '--port', '0', ...seeds, '--profile', file]);
  try {
    const [, baseUrl] = await waitForOutput(mock, /listening on (\S+)/, 'petstore-mock', 30_000);
    return await task(baseUrl as string);
  } finally {
    await mock.stop(5_000);
  }
}

const contract = (baseUrl: string, file: string) =>
  runContractCli([
    '--base-url',
    baseUrl,
    '--api-key',
    KEY,
    '--profile',
    file,
    '--depth',
    'quick',
    '--seed',
    '42',
  ]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-matrix-'));
  const jobs = [
    ...MATRIX.map((c) => async () => {
      const file = await fileOf(c.name, c.profile);
      await withMock(file, async (baseUrl) => {
        passes.set(c.name, await contract(baseUrl, file));
        printed.set(
          c.name,
          await runContractCli(['--print-profile', '--base-url', baseUrl, '--api-key', KEY]),
        );
      });
    }),
    ...[...MATRIX, ...MORE_CONTRADICTIONS].map((c) => async () => {
      const served = await fileOf(`${c.name}-served`, c.profile);
      const changed = await fileOf(`${c.name}-changed`, c.changed);
      await withMock(
        served,
        async (baseUrl) => {
          contradicted.set(c.name, await contract(baseUrl, changed));
        },
        c.seedCount,
      );
    }),
  ];
  await inPool(jobs, 3, (job) => job());
}, 600_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

const tailOf = (run: Run | undefined) => run?.output.split('\n').slice(-60).join('\n');

for (const c of MATRIX) {
  it(`passes the mock started with --profile ${c.name} against the same file`, () => {
    const run = passes.get(c.name);
    expect(run?.code, tailOf(run)).toBe(0);
  });

  it(`reads back every field it can observe of the mock started with --profile ${c.name}`, () => {
    const run = printed.get(c.name);
    expect(run?.code, run?.output).toBe(0);
    expect(parse(run?.output ?? '')).toEqual(observable(c.profile));
  });
}

for (const c of [...MATRIX, ...MORE_CONTRADICTIONS]) {
  it(`fails the mock started with ${c.name} against the file with one field changed, naming ${c.caughtBy}`, () => {
    const run = contradicted.get(c.name);
    expect(run?.code, tailOf(run)).toBe(1);
    expect(run?.output, tailOf(run)).toMatch(new RegExp(`^\\d+\\. ${c.caughtBy} \\(`, 'm'));
  });
}
