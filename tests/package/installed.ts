/**
 * The packages as users receive them: `npm pack --workspaces` (which runs each prepack) once
 * per test run, and each tarball installed alone into an empty project, as its audience
 * installs it: petstore-mock beside msw (a frontend), petstore-contract alone (a backend
 * team), petstore-gate alone (a CI job); plus the frontend's project with its own vitest.
 * The first test file to ask does the work; the others wait for it (a lock folder in the
 * run's work dir).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import type { PackageName } from '../../build/package.ts';
import { ROOT, userEnv } from './shipped-mock.ts';

/** What `npm pack --json` reports of one tarball. */
export type Packed = {
  name: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
};

/** The tarballs and the consumer projects they were installed into. */
export type Installed = {
  packed: Record<PackageName, Packed & { tarball: string }>;
  /** petstore-mock and msw. */
  mock: string;
  /** petstore-mock and msw, and the frontend's own vitest. */
  mockWithVitest: string;
  /** petstore-contract alone. */
  contract: string;
  /** petstore-gate alone. */
  gate: string;
  /** Seconds the pack and each install took. */
  seconds: Record<'pack' | 'mock' | 'mockWithVitest' | 'contract' | 'gate', number>;
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

/** Installs `packages` (names@versions or tarballs) as devDependencies of the project in `cwd`. */
export const installDev = (cwd: string, packages: readonly string[]): Promise<string> =>
  npm(cwd, [...INSTALL, '-D', ...packages]);

/** The version of a package this checkout tests with, so the consumers get the same one. */
export const installedVersion = async (name: string) =>
  (
    JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

/** An empty project in `dir`/`name` with `packages` installed, and the seconds it took. */
async function project(dir: string, name: string, packages: string[]) {
  const started = Date.now();
  const folder = join(dir, name);
  await mkdir(folder);
  const manifest = { name: 'consumer', version: '1.0.0', private: true, type: 'module' };
  await writeFile(join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
  await installDev(folder, packages);
  return { folder, seconds: seconds(started) };
}

async function packAndInstall(dir: string): Promise<Installed> {
  let started = Date.now();
  // Each prepack's own output comes first on stdout; npm's JSON report is the rest.
  const output = await npm(ROOT, ['pack', '--workspaces', '--json', '--pack-destination', dir]);
  const reports = JSON.parse(output.slice(output.search(/^\[/m))) as Packed[];
  const packed = Object.fromEntries(
    reports.map((report) => [report.name, { ...report, tarball: join(dir, report.filename) }]),
  ) as Installed['packed'];
  for (const name of ['petstore-mock', 'petstore-contract', 'petstore-gate'] as const)
    if (!packed[name]) throw new Error(`npm pack --workspaces made no tarball of ${name}`);
  const pack = seconds(started);

  const msw = `msw@${await installedVersion('msw')}`;
  const [mock, contract, gate] = await Promise.all([
    project(dir, 'mock', [packed['petstore-mock'].tarball, msw]),
    project(dir, 'contract', [packed['petstore-contract'].tarball]),
    project(dir, 'gate', [packed['petstore-gate'].tarball]),
  ]);

  started = Date.now();
  const mockWithVitest = join(dir, 'mock-with-vitest');
  await cp(mock.folder, mockWithVitest, { recursive: true, verbatimSymlinks: true });
  await installDev(mockWithVitest, [`vitest@${await installedVersion('vitest')}`]);
  return {
    packed,
    mock: mock.folder,
    mockWithVitest,
    contract: contract.folder,
    gate: gate.folder,
    seconds: {
      pack,
      mock: mock.seconds,
      mockWithVitest: seconds(started),
      contract: contract.seconds,
      gate: gate.seconds,
    },
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
