/**
 * Optional persistence of the data set to a JSON file: every acknowledged write is on disk
 * before its response (temporary file, fsync, rename), and the file is reloaded at start.
 */
import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseJson, stringifyJson } from '../../spec/json.ts';
import { MockError } from '../core/errors.ts';
import { checkDataSet, type PetStore } from '../core/store.ts';

/** Writes `text` to `file` atomically: a temporary file beside it, fsync, rename, fsync dir. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const directory = await open(dirname(file), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/**
 * Reads a persisted data set (undefined when there is no file yet); throws a message naming
 * the file when it is unusable. The server starts its store from it, so that new sessions and
 * resets start from the file's animals, not the seed.
 */
export async function loadDataFile(file: string, maxPets: number) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const data = parseJson(text) as { pets?: unknown } | null;
    return checkDataSet(data?.pets, maxPets);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `cannot load the mock's data file ${file}: ${reason}. It is corrupt or truncated; ` +
        'nothing was changed. Fix it, or move it away to start from the seed data.',
    );
  }
}

/**
 * Makes every later write of the store wait for the disk (and writes the current data when
 * the file was not there, `loaded` false). Writes that arrive while one is running are
 * grouped into the next, so concurrent creates share one fsync.
 */
export async function attachPersistence(
  store: PetStore,
  file: string,
  loaded: boolean,
): Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const writeNow = () => writeAtomically(file, stringifyJson({ pets: store.snapshot() }));
  const persist = (): Promise<void> => {
    if (!running) {
      running = writeNow().finally(() => {
        running = undefined;
      });
      return running;
    }
    // The running write may have started before this change: wait for one more.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return persist();
      });
    return queued;
  };
  store.setPersister(async () => {
    try {
      await persist();
    } catch (error) {
      // The body names the error code only: the path and the details go to the log.
      const code = (error as NodeJS.ErrnoException).code ?? 'write failed';
      throw new MockError(
        500,
        'internal_error',
        `the change could not be saved to the data file (${code}); the mock's output says why`,
        {},
        error,
      );
    }
  });
  if (!loaded) await persist();
}
