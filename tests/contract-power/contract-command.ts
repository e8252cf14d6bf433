/**
 * The `petstore-contract` command as its package ships it (build/package.ts `buildCommand`),
 * built once for the sources as they are and shared by every test file and run that needs it.
 * The contract-power, leniency, panel and hostile tests run it about 300 times a run: bundled,
 * on plain node, a run takes a fifth less CPU than the checkout's command through tsx, and it
 * is what users run.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(ROOT, 'node_modules', '.cache', 'petstore-tests');
/** The folders a bundle of the command can read from, and the files that say how it is built. */
const SOURCES = ['build', 'contract-tests', 'gate', 'lib', 'mocks', 'net', 'scripts', 'spec'];
const BUILD_FILES = ['package-lock.json', 'package.json', 'tsconfig.json'];
/** How long another process's build may hold the lock before it counts as abandoned. */
const ABANDONED_MS = 180_000;
/** Builds of other sources not used for this long are removed when a new one is made. */
const STALE_MS = 24 * 3_600_000;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile() && !entry.name.endsWith('.test.ts')) yield path;
  }
}

/** A digest of every source file's path and bytes: a change anywhere means another build. */
async function sourcesDigest(): Promise<string> {
  const hash = createHash('sha256');
  const paths = BUILD_FILES.map((file) => join(ROOT, file));
  for (const folder of SOURCES)
    for await (const path of filesUnder(join(ROOT, folder))) paths.push(path);
  for (const path of paths.sort()) {
    hash
      .update(relative(ROOT, path))
      .update('\0')
      .update(await readFile(path))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lock (a folder made atomically), or says another process holds it. */
async function lock(path: string): Promise<boolean> {
  try {
    await mkdir(path);
    return true;
  } catch {
    const held = await stat(path).catch(() => undefined);
    if (held && Date.now() - held.mtimeMs > ABANDONED_MS)
      await rm(path, { recursive: true, force: true });
    return false;
  }
}

/** Removes the builds of earlier sources not used for a day (each is a couple of MB). */
async function pruneOlderBuilds(kept: string): Promise<void> {
  for (const name of await readdir(CACHE)) {
    const path = join(CACHE, name);
    if (path === kept || !/^petstore-contract-[0-9a-f]+$/.test(name)) continue;
    const used = await stat(path).catch(() => undefined);
    if (used && Date.now() - used.mtimeMs > STALE_MS)
      await rm(path, { recursive: true, force: true });
  }
}

async function findOrBuild(): Promise<string> {
  const dir = join(CACHE, `petstore-contract-${await sourcesDigest()}`);
  const bin = join(dir, 'contract.mjs');
  await mkdir(CACHE, { recursive: true });
  // The finished build appears at once (a rename): until then, one process builds, the others wait.
  while (!existsSync(bin)) {
    if (!(await lock(`${dir}.lock`))) {
      await pause(250);
      continue;
    }
    try {
      if (existsSync(bin)) break;
      const { buildCommand } = await import('../../build/package.ts');
      const partial = `${dir}.${process.pid}`;
      await rm(partial, { recursive: true, force: true });
      await buildCommand('petstore-contract', partial);
      await rename(partial, dir);
      await pruneOlderBuilds(dir);
    } finally {
      await rm(`${dir}.lock`, { recursive: true, force: true });
    }
  }
  // Marks the build as used, so that pruneOlderBuilds keeps it.
  await utimes(dir, new Date(), new Date()).catch(() => undefined);
  return bin;
}

let built: Promise<string> | undefined;

/** The path of the bundled command, run with node; built on the first call of the sources. */
export function contractBundle(): Promise<string> {
  built ??= findOrBuild();
  return built;
}
