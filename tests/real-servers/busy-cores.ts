/**
 * Keeps the machine's cores busy while a run goes on, as CI runners shared with other jobs
 * are: each burner is a Node child spinning forever, stopped with its process group. Burners
 * fill the cores the rest of the machine leaves idle, and only those: started alone, a busy
 * phase spins one burner per core; inside `npm test`, where the other files already keep both
 * cores busy, it adds a burner only when a core goes idle, instead of taking CPU the other
 * files are waiting for. The panel's files run in parallel, so one busy phase at a time holds
 * the machine (a lock folder, taken atomically): never two cores' worth of burners per file.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess } from '../../lib/process.ts';

const LOCK = join(tmpdir(), 'petstore-busy-cores.lock');
// A lock older than this was left by a run that died: no busy phase lasts so long.
const STALE_MS = 15 * 60_000;
/** How often a busy phase looks for an idle core. */
const LOOK_MS = 500;
/** A core idle over at least this share of a look gets a burner. */
const IDLE_SHARE = 0.5;

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

/** The machine's idle and total CPU time so far, over all cores, in ms. */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** How many cores stood idle over the next `ms`: 0 to the machine's count. */
async function idleCores(ms: number): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? ((after.idle - before.idle) / total) * cpus().length : 0;
}

/**
 * Keeps every core busy until the returned function is called: up to `count` burners (one per
 * core by default), each started when a core is found idle.
 */
export async function busyCores(count = availableParallelism()): Promise<() => Promise<void>> {
  await takeLock();
  const burners: ReturnType<typeof startProcess>[] = [];
  const burnIdle = async () => {
    const idle = await idleCores(LOOK_MS);
    const wanted = Math.min(count - burners.length, Math.floor(idle + 1 - IDLE_SHARE));
    for (let i = 0; i < wanted; i++)
      burners.push(startProcess(process.execPath, ['-e', 'for(;;){}']));
  };
  await burnIdle();
  let stopped = false;
  const watching = (async () => {
    while (!stopped && burners.length < count) await burnIdle();
  })();
  return async () => {
    stopped = true;
    await watching;
    await Promise.all(burners.map((burner) => burner.stop(2_000)));
    await rm(LOCK, { recursive: true, force: true });
  };
}
