/**
 * The package as users receive it: `npm pack` (which runs prepack) once per test run, and
 * the tarball installed into empty projects, one a mock-only consumer (the package and msw)
 * and one that also runs the contract suite (vitest and fast-check beside). The first test
 * file to ask does the work; the others wait for it (a lock folder in the run's work dir).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { ROOT, userEnv } from './shipped-mock.ts';

/** What `npm pack --json` reports of the tarball. */
export type Packed = {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
};

/** The tarball and the two consumer projects it was installed into. */
export type Installed = {
  packed: Packed;
  tarball: string;
  /** The package and msw only. */
  mockOnly: string;
  /** The package, msw, vitest and fast-check. */
  withContract: string;
  /** Seconds the pack and each install took. */
  seconds: { pack: number; mockOnly: number; withContract: number };
};

const run = promisify(execFile);

/** Runs npm in `cwd` as a user would, offline when the cache has what it needs. */
export async function npm(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('npm', args, {
    cwd,
    env: userEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

const INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

// The versions this checkout tests with, so the consumers get the same ones.
const installedVersion = async (name: string) =>
  (
    JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

async function packAndInstall(dir: string): Promise<Installed> {
  let started = Date.now();
  // prepack's own output comes first on stdout; npm's JSON report is the rest.
  const output = await npm(ROOT, ['pack', '--json', '--pack-destination', dir]);
  const [packed] = JSON.parse(output.slice(output.search(/^\[/m))) as Packed[];
  if (!packed) throw new Error('npm pack reported no tarball');
  const tarball = join(dir, packed.filename);
  const pack = seconds(started);

  started = Date.now();
  const mockOnly = join(dir, 'mock-only');
  await mkdir(mockOnly);
  const manifest = { name: 'consumer', version: '1.0.0', private: true, type: 'module' };
  await writeFile(join(mockOnly, 'package.json'), JSON.stringify(manifest, null, 2));
  await npm(mockOnly, [...INSTALL, '-D', tarball, `msw@${await installedVersion('msw')}`]);
  const mockOnlySeconds = seconds(started);

  started = Date.now();
  const withContract = join(dir, 'with-contract');
  await cp(mockOnly, withContract, { recursive: true, verbatimSymlinks: true });
  const suite = ['vitest', 'fast-check'];
  const versions = await Promise.all(suite.map(installedVersion));
  await npm(withContract, [...INSTALL, '-D', ...suite.map((name, i) => `${name}@${versions[i]}`)]);
  return {
    packed,
    tarball,
    mockOnly,
    withContract,
    seconds: { pack, mockOnly: mockOnlySeconds, withContract: seconds(started) },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The installed package of this test run, packed and installed on first use. */
export async function installedPackage(): Promise<Installed> {
  const dir = inject('packageWorkDir');
  const result = join(dir, 'installed.json');
  try {
    await mkdir(join(dir, 'lock'));
  } catch {
    // Another test file is packing: wait for its result (or its failure).
    for (;;) {
      const text = await readFile(result, 'utf8').catch(() => undefined);
      if (text !== undefined) {
        const outcome = JSON.parse(text) as { installed?: Installed; error?: string };
        if (outcome.installed) return outcome.installed;
        throw new Error(`packing the package failed in another test file: ${outcome.error}`);
      }
      await sleep(250);
    }
  }
  try {
    const installed = await packAndInstall(dir);
    await writeFile(result, JSON.stringify({ installed }));
    return installed;
  } catch (error) {
    await writeFile(result, JSON.stringify({ error: String((error as Error).stack ?? error) }));
    throw error;
  }
}
