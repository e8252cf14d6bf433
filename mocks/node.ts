/**
 * For a user's Node tests (vitest, jest): the Pet Store handlers for msw's `setupServer`,
 * over one shared store, and functions to reset or reseed that store between tests.
 */
import { DEFAULT_API_KEY } from './auth.ts';
import { createNodeKeyMatcher } from './auth-node.ts';
import { createControlHandlers } from './controls.ts';
import { createHandlers, type HandlerOptions } from './handlers.ts';
import type { Pet } from './pet-schema.ts';
import { createStore } from './store.ts';

export { DEFAULT_API_KEY } from './auth.ts';
export { createHandlers } from './handlers.ts';
export type { Pet } from './pet-schema.ts';
export { DEFAULT_SEED_COUNT } from './seed.ts';
export { createStore, type PetStore } from './store.ts';

/** The store behind `handlers`, seeded with the default deterministic animals. */
export const mockStore = createStore();

/** The Pet Store handlers (any origin, key `petstore-dev-key`) plus the /__mock/ controls. */
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
    ...createControlHandlers(options.store),
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
