/**
 * For a browser app (e.g. Vite): starts msw's service worker with the Pet Store handlers,
 * so the page's fetches to `/v1` are answered in the page. No node: imports.
 */
import { setupWorker } from 'msw/browser';
import { createControlHandlers } from '../core/controls.ts';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import { createHandlers, type HandlerOptions } from '../core/handlers.ts';
import { createStore } from '../core/store.ts';

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
