/**
 * The package's `./node` entry: the Pet Store handlers for msw's `setupServer` over one shared
 * store, functions to reset or reseed that store between tests, and the standalone server.
 */
import { createControlHandlers } from '../core/controls.ts';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import { createHandlers, type HandlerOptions } from '../core/handlers.ts';
import type { Pet } from '../core/pet-schema.ts';
import { createStore } from '../core/store.ts';
import { createNodeKeyMatcher } from './key-matcher.ts';

export { DEFAULT_API_KEY, DEFAULT_SEED_COUNT } from '../core/defaults.ts';
export { createHandlers, type HandlerOptions } from '../core/handlers.ts';
export type { Pet } from '../core/pet-schema.ts';
export { createStore, type PetStore } from '../core/store.ts';
export { type MockServer, type MockServerOptions, startMockServer } from './server.ts';

/** The store behind `handlers`, seeded with the default deterministic animals. */
export const mockStore = createStore();

/** The Pet Store handlers (any origin, key DEFAULT_API_KEY) plus the /__mock/ controls. */
export const handlers = [
  ...createHandlers({
    store: mockStore,
    apiKeys: [DEFAULT_API_KEY],
    keyMatcher: createNodeKeyMatcher,
  }),
  ...createControlHandlers(mockStore),
];

/** Creates handlers over a store of your own, e.g. with other keys or a rate limit. */
export function createNodeHandlers(options: Omit<HandlerOptions, 'keyMatcher'>) {
  return [
    ...createHandlers({ ...options, keyMatcher: createNodeKeyMatcher }),
    ...createControlHandlers(options.store, { origin: options.origin }),
  ];
}

/** Puts the shared store back to the seed data (same animals, same ids); call in beforeEach. */
export function resetMockStore(): Promise<void> {
  return mockStore.reset();
}

/** Replaces the shared store's animals with `pets` (validated against the spec's Pet). */
export function seedMockStore(pets: readonly Pet[]): Promise<void> {
  return mockStore.replace(pets);
}
