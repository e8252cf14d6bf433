/**
 * Writes a pact to a file, joining it to the pact already there (mergePacts): each test file
 * of a vitest run holds the journal of its own handlers, and writes its part at its end. Test
 * files run side by side, so the write takes a lock (a folder beside the file) first.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseJson, stringifyJson } from '../../spec/json.ts';
import type { PactFile } from '../core/pact/pact-export.ts';
import { mergePacts } from '../core/pact/pact-merge.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// A lock older than this was left by a process that died while writing.
const STALE_LOCK_MS = 10_000;

async function lock(folder: string): Promise<void> {
  for (;;) {
    try {
      await mkdir(folder);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(folder).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rm(folder, { recursive: true, force: true });
      else await sleep(20);
    }
  }
}

/**
 * Writes `pact` to `file` (its folders made), joined to the pact the file holds already;
 * resolves with what was written. Delete the file before a run to start it afresh.
 */
export async function writePact(file: string, pact: PactFile): Promise<PactFile> {
  await mkdir(dirname(file), { recursive: true });
  const held = `${file}.lock`;
  await lock(held);
  try {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    const joined = text === undefined ? pact : mergePacts(parseJson(text) as PactFile, pact);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${stringifyJson(joined)}\n`);
    await rename(temporary, file);
    return joined;
  } finally {
    await rm(held, { recursive: true, force: true });
  }
}
