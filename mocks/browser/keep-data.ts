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
