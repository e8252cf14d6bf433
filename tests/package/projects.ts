/**
 * What the package tests do in a consumer project: copy the files of consumer/ in, run a
 * command as a user types it, type-check a file with tsc, and measure what was installed.
 */
import { copyFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '../../lib/run-process.ts';
import { ROOT, userEnv } from './shipped-mock.ts';

/** The consumer files the tests copy into projects and the docs quote. */
export const CONSUMER = fileURLToPath(new URL('./consumer/', import.meta.url));

// Each of these runs a process in a consumer project (tsc alone takes 8 s on an idle machine).
export const SLOW = { timeout: 300_000 };

/** Copies the named files of tests/package/consumer/ into a consumer project. */
export const copyConsumerFiles = (project: string, names: string[]) =>
  Promise.all(names.map((name) => copyFile(join(CONSUMER, name), join(project, name))));

/** Runs a command in a consumer project, as a user would type it. */
export const inProject = (
  project: string,
  command: string,
  args: string[],
  timeoutMs = 180_000,
  env: Record<string, string> = {},
) => runProcess(command, args, { cwd: project, baseEnv: userEnv(), env, timeoutMs });

/** Type-checks one consumer file in a project with tsc: strict, NodeNext, no skipped libs. */
export async function typeCheck(
  project: string,
  file: string,
  { lib, types = [] }: { lib: string[]; types?: string[] },
) {
  await copyConsumerFiles(project, [file]);
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib,
      types,
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    },
    files: [file],
  };
  const config = `tsconfig.${file}.json`;
  await writeFile(join(project, config), JSON.stringify(tsconfig));
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  return inProject(project, process.execPath, [tsc, '-p', config]);
}

/** What a project installed: every package's name (at any depth), and the megabytes on disk. */
export async function footprint(project: string) {
  const names = new Set<string>();
  let bytes = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        const parent = dir.split('/').slice(-2);
        const inModules = parent.at(-1) === 'node_modules';
        const scoped = parent.at(-2) === 'node_modules' && parent.at(-1)?.startsWith('@');
        if (inModules && !entry.name.startsWith('.') && !entry.name.startsWith('@'))
          names.add(entry.name);
        if (scoped) names.add(`${parent.at(-1)}/${entry.name}`);
        await walk(path);
      } else bytes += (await stat(path)).size;
    }
  };
  await walk(join(project, 'node_modules'));
  return { names: [...names], packages: names.size, megabytes: Math.round(bytes / 1e6) };
}

/**
 * Files no package ships: tests, the build, scripts, and temporary files; an example project's
 * own tests (examples/, which a guide shows) are what it is for.
 */
export const unwantedFiles = (files: readonly string[]) =>
  files.filter(
    (file) =>
      !file.startsWith('examples/') &&
      /\.test\.ts$|^tests\/|^build\/|^scripts\/|inputs\.json$|\.tmp$/.test(file),
  );

/** What a packed package lacks of `expected`, and the files it ships that no package should. */
export const packingFaults = (files: readonly string[], expected: readonly string[]) => ({
  missing: expected.filter((file) => !files.includes(file)),
  unwanted: unwantedFiles(files),
});
