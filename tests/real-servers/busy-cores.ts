/**
 * Keeps the machine's cores busy while a run goes on, as CI runners shared with other jobs
 * are: each burner is a Node child spinning forever, stopped with its process group.
 */
import { availableParallelism } from 'node:os';
import { startProcess } from '../../lib/process.ts';

/** Starts `count` CPU-burning processes (one per core by default); resolves a stop function. */
export function busyCores(count = availableParallelism()): () => Promise<void> {
  const burners = Array.from({ length: count }, () =>
    startProcess(process.execPath, ['-e', 'for(;;){}']),
  );
  return async () => {
    await Promise.all(burners.map((burner) => burner.stop(2_000)));
  };
}
