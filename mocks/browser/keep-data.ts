/**
 * Keeps the browser mock's default session across page reloads: every acknowledged write is
 * saved to Web Storage, and the saved data set is loaded at start.
 */
import { parseJson, stringifyJson } from '../../spec/json.ts';
import type { PetStore } from '../core/store.ts';

/** The Web Storage key the data set is kept under. */
export const STORAGE_KEY = 'petstore-mock:data';

/** Loads the kept data set into `store` (when there is a valid one) and saves every write. */
export async function keepInStorage(store: PetStore, storage: Storage): Promise<void> {
  const saved = storage.getItem(STORAGE_KEY);
  if (saved !== null) {
    // A data set that no longer loads (edited by hand, an older format) is dropped, not fatal.
    await store.replace((parseJson(saved) as { pets?: unknown }).pets).catch(() => {
      storage.removeItem(STORAGE_KEY);
    });
  }
  store.setPersister(async () => {
    storage.setItem(STORAGE_KEY, stringifyJson({ pets: store.snapshot() }));
  });
}

/** The one-line console note startWorker prints (unless `quiet`): where the data lives. */
export function storageNote(keepData: 'localStorage' | 'sessionStorage' | undefined): string {
  if (keepData === undefined) {
    return "petstore-mock: the mock's data lives in this page's memory, so a reload starts again from the seed data; startWorker({ keepData: 'localStorage' }) keeps it across reloads.";
  }
  return `petstore-mock: the default session's data is kept in ${keepData} ("${STORAGE_KEY}") across reloads; other sessions live in this page's memory.`;
}
