/**
 * Keeps the machine's cores busy while a run goes on, as CI runners shared with other jobs
 * are: each burner is a Node child spinning forever, stopped with its process group. The
 * panel's files run in parallel, so one busy phase at a time holds the machine (a lock
 * folder, taken atomically): never two cores' worth of burners per file.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess } from '../../lib/process.ts';

const LOCK = join(tmpdir(), 'petstore-busy-cores.lock');
// A lock older than this was left by a run that died: no busy phase lasts so long.
const STALE_MS = 15 * 60_000;

/** Waits until this process holds the busy-cores lock. */
async function takeLock(): Promise<void> {
  for (;;) {
    try {
      await mkdir(LOCK);
      return;
    } catch {
      const age = Date.now() - (await stat(LOCK).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > STALE_MS) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Starts `count` CPU-burning processes (one per core by default); resolves a stop function. */
export async function busyCores(count = availableParallelism()): Promise<() => Promise<void>> {
  await takeLock();
  const burners = Array.from({ length: count }, () =>
    startProcess(process.execPath, ['-e', 'for(;;){}']),
  );
  return async () => {
    await Promise.all(burners.map((burner) => burner.stop(2_000)));
    await rm(LOCK, { recursive: true, force: true });
  };
}
