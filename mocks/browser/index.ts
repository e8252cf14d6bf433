/**
 * The package's `./browser` entry, for a browser app (e.g. Vite): the Pet Store handlers for
 * msw's `setupWorker`, and `startWorker`, which starts the service worker with them, so the
 * page's fetches to `/v1` are answered in the page. No node: imports.
 */
import { setupWorker } from 'msw/browser';
import { createControlHandlers } from '../core/controls.ts';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import { createHandlers, type HandlerOptions } from '../core/handlers.ts';
import type { Pet } from '../core/pet-schema.ts';
import { createStore } from '../core/store.ts';

export { DEFAULT_API_KEY, DEFAULT_SEED_COUNT } from '../core/defaults.ts';
export { createHandlers, type HandlerOptions } from '../core/handlers.ts';
export type { Pet } from '../core/pet-schema.ts';
export { createStore, type PetStore } from '../core/store.ts';

/** The store behind `handlers`, seeded with the default deterministic animals. */
export const mockStore = createStore();

/** The Pet Store handlers (any origin, key DEFAULT_API_KEY) plus the /__mock/ controls. */
export const handlers = [
  ...createHandlers({ store: mockStore, apiKeys: [DEFAULT_API_KEY] }),
  ...createControlHandlers(mockStore),
];

/** Puts the shared store back to the seed data (same animals, same ids). */
export function resetMockStore(): Promise<void> {
  return mockStore.reset();
}

/** Replaces the shared store's animals with `pets` (validated against the spec's Pet). */
export function seedMockStore(pets: readonly Pet[]): Promise<void> {
  return mockStore.replace(pets);
}

/** Options of startWorker. */
export type WorkerOptions = Partial<Omit<HandlerOptions, 'store' | 'keyMatcher'>> & {
  seedCount?: number;
  /** Where the app serves mockServiceWorker.js (`npx msw init public/`). */
  serviceWorkerUrl?: string;
  quiet?: boolean;
};

/** Starts the service worker mock; resolves once it intercepts, with its store and a stop. */
export async function startWorker(options: WorkerOptions = {}) {
  const store = createStore({ seedCount: options.seedCount });
  const worker = setupWorker(
    ...createHandlers({ ...options, store, apiKeys: options.apiKeys ?? [DEFAULT_API_KEY] }),
    ...createControlHandlers(store),
  );
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: options.quiet ?? false,
    serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
  });
  await store.ready;
  return { worker, store, stop: () => worker.stop() };
}
