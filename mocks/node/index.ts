/**
 * The package's `./node` entry: the Pet Store handlers for msw's `setupServer` over one shared
 * store (sessions selected by `X-Mock-Session`), functions to reset or reseed the default
 * session between tests, a control handle, and the standalone server.
 */
import { createControlHandle } from '../core/control-handle.ts';
import { createControlHandlers } from '../core/controls.ts';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import { createHandlers, type HandlerOptions } from '../core/handlers.ts';
import type { Pet } from '../core/pet-schema.ts';
import { createSessions } from '../core/sessions.ts';
import { createStore } from '../core/store.ts';
import { createNodeKeyMatcher } from './key-matcher.ts';

export type { Profile } from '../../spec/profile.ts';
export type { ControlHandle, SessionHandle } from '../core/control-handle.ts';
export { DEFAULT_API_KEY, DEFAULT_SEED_COUNT } from '../core/defaults.ts';
export type { Fault, FaultRequest } from '../core/faults.ts';
export { createHandlers, type HandlerOptions } from '../core/handlers.ts';
export type { JournalEntry } from '../core/journal.ts';
export type { JournalFilter, JournalMatch } from '../core/journal-filter.ts';
export type { PactFile, PactOptions } from '../core/pact/pact-export.ts';
export { mergePacts } from '../core/pact/pact-merge.ts';
export type { SessionPactOptions } from '../core/pact/pact-of-sessions.ts';
export type { Pet } from '../core/pet-schema.ts';
export type { RequestMatch } from '../core/request-match.ts';
export type { ProfileView } from '../core/session-profile.ts';
export { SESSION_HEADER, type SessionSummary } from '../core/sessions.ts';
export { createStore, type PetStore } from '../core/store.ts';
export { loadProfile } from './profile-file.ts';
export type { AnsweredRequest } from './request-log.ts';
export { type MockServer, type MockServerOptions, startMockServer } from './server.ts';
export { writePact } from './write-pact.ts';

/** The default session's store behind `handlers`, seeded with the default animals. */
export const mockStore = createStore();
const mockSessions = createSessions({ store: mockStore });

/** The Pet Store handlers (any origin, key DEFAULT_API_KEY) plus the /__mock/ controls. */
export const handlers = [
  ...createHandlers({
    sessions: mockSessions,
    apiKeys: [DEFAULT_API_KEY],
    keyMatcher: createNodeKeyMatcher,
  }),
  ...createControlHandlers(mockSessions),
];

/** The control handle of `handlers`: reset, seed, state, faults and profile, per session too. */
export const mock = createControlHandle(mockSessions);

/** Options of createNodeHandlers: handler options plus the session bounds. */
export type NodeHandlerOptions = Omit<HandlerOptions, 'keyMatcher' | 'sessions'> & {
  maxSessions?: number;
  sessionTtlMs?: number;
};

/** Creates handlers over a store of your own, e.g. with other keys or a rate limit. */
export function createNodeHandlers(options: NodeHandlerOptions) {
  const sessions = createSessions({
    // Recording starts from the backend's animals alone (docs/proxy.md).
    store: options.store ?? createStore(options.proxy?.record ? { seedCount: 0 } : {}),
    rateLimit: options.rateLimit,
    profile: options.profile,
    maxSessions: options.maxSessions,
    sessionTtlMs: options.sessionTtlMs,
    journalSize: options.journalSize,
  });
  return [
    ...createHandlers({ ...options, sessions, keyMatcher: createNodeKeyMatcher }),
    ...createControlHandlers(sessions, { origin: options.origin }),
  ];
}

/**
 * Puts the default session back as it started, between tests: the seed animals (same ids;
 * ids continue), no pending faults, the server's profile and an empty journal.
 */
export function resetMockStore(): Promise<void> {
  return mock.reset();
}

/** Replaces the default session's animals with `pets` (validated against the spec's Pet). */
export function seedMockStore(pets: readonly Pet[]): Promise<void> {
  return mock.seed(pets);
}
