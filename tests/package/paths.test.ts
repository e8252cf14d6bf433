/**
 * A relative `--data` path names a file in the folder the command was typed in, however the
 * mock is started: `npm run mock` from a subfolder of the checkout (npm itself runs the
 * script from the root), the installed bin through npx from a subfolder of the consumer
 * project, and either bin run with node from an unrelated folder.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startProcess } from '../../lib/process.ts';
import { waitForOutput } from '../../lib/run-process.ts';
import { installedPackage } from './installed.ts';
import { ROOT, userEnv } from './shipped-mock.ts';

let elsewhere: string;
let insideCheckout: string;

beforeAll(async () => {
  elsewhere = await mkdtemp(join(tmpdir(), 'petstore-cwd-'));
  // reports/ is ignored by git: a subfolder of the checkout that leaves nothing behind.
  await mkdir(join(ROOT, 'reports'), { recursive: true });
  insideCheckout = await mkdtemp(join(ROOT, 'reports', 'cwd-'));
});

afterAll(() =>
  Promise.all([elsewhere, insideCheckout].map((dir) => rm(dir, { recursive: true, force: true }))),
);

/** Starts a command, waits until the mock prints its data file, stops it; returns that line. */
async function dataFileLine(command: string, args: string[], cwd: string): Promise<string> {
  const started = startProcess(command, args, { cwd, baseEnv: userEnv() });
  try {
    const [line] = await waitForOutput(started, /^Data file: .*$/m, command, 60_000);
    return line;
  } finally {
    await started.stop(2_000);
  }
}

it('resolves --data against the subfolder npm run mock was typed in', async () => {
  const line = await dataFileLine(
    'npm',
    ['run', 'mock', '--', '--port', '0', '--data', 'pets.json'],
    insideCheckout,
  );
  expect(line).toBe(`Data file: ${join(insideCheckout, 'pets.json')}`);
  expect(existsSync(join(insideCheckout, 'pets.json'))).toBe(true);
  expect(existsSync(join(ROOT, 'pets.json'))).toBe(false);
});

it('resolves --data against the working folder of the checkout bin run from elsewhere', async () => {
  const bin = join(ROOT, 'scripts/bin/petstore-mock.js');
  const line = await dataFileLine(
    process.execPath,
    [bin, '--port', '0', '--data', 'here.json'],
    elsewhere,
  );
  expect(line).toBe(`Data file: ${join(elsewhere, 'here.json')}`);
  expect(existsSync(join(elsewhere, 'here.json'))).toBe(true);
});

it('resolves --data against the folder npx petstore-mock or the installed bin runs in', {
  timeout: 600_000,
}, async () => {
  const project = (await installedPackage()).mock;
  const sub = join(project, 'fixtures');
  await mkdir(sub, { recursive: true });
  const viaNpx = await dataFileLine(
    'npx',
    ['petstore-mock', '--port', '0', '--data', 'npx.json'],
    sub,
  );
  expect(viaNpx).toBe(`Data file: ${join(sub, 'npx.json')}`);
  const bin = join(project, 'node_modules/.bin/petstore-mock');
  const direct = await dataFileLine(bin, ['--port', '0', '--data', 'direct.json'], elsewhere);
  expect(direct).toBe(`Data file: ${join(elsewhere, 'direct.json')}`);
  expect(existsSync(join(elsewhere, 'direct.json'))).toBe(true);
});
