/**
 * The package's `./browser` entry, for a browser app (e.g. Vite): the Pet Store handlers for
 * msw's `setupWorker`, and `startWorker`, which starts the service worker with them, so the
 * page's fetches to its own `/v1` are answered in the page, and every other request (the
 * standalone mock's, a real backend's) goes to the network. No node: imports.
 */
import { setupWorker } from 'msw/browser';
import { type ControlHandle, createControlHandle } from '../core/control-handle.ts';
import { createControlHandlers } from '../core/controls.ts';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import { createHandlers, type HandlerOptions } from '../core/handlers.ts';
import type { Pet } from '../core/pet-schema.ts';
import { createSessions } from '../core/sessions.ts';
import { createStore, type PetStore } from '../core/store.ts';
import { keepInStorage, storageNote } from './keep-data.ts';
import { answeredOrigin } from './origin.ts';

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

/** The default session's store behind `handlers`, seeded with the default animals. */
export const mockStore = createStore();
const mockSessions = createSessions({ store: mockStore });

/**
 * The Pet Store handlers (any origin, key DEFAULT_API_KEY) plus the /__mock/ controls. In a
 * page that also talks to the standalone mock, use startWorker, which answers its own origin.
 */
export const handlers = [
  ...createHandlers({ sessions: mockSessions, apiKeys: [DEFAULT_API_KEY] }),
  ...createControlHandlers(mockSessions),
];

/**
 * Puts the default session back as it started: the seed animals (same ids; ids continue), no
 * faults, the server's profile, an empty journal.
 */
export function resetMockStore(): Promise<void> {
  return mockSessions.reset(mockSessions.default);
}

/** Replaces the default session's animals with `pets` (validated against the spec's Pet). */
export function seedMockStore(pets: readonly Pet[]): Promise<void> {
  return mockStore.replace(pets);
}

/** Options of startWorker. */
export type WorkerOptions = Partial<Omit<HandlerOptions, 'store' | 'sessions' | 'keyMatcher'>> & {
  /**
   * The API the worker answers, ending in `/v1` (default: this page's own origin, e.g.
   * `http://localhost:5173/v1`). Requests to any other origin, such as the standalone mock's
   * `http://127.0.0.1:4010/v1`, go to the network untouched.
   */
  baseUrl?: string;
  seedCount?: number;
  /** Animals to start with instead of the seed animals. */
  pets?: readonly Pet[];
  /**
   * Keep the default session's animals across page reloads, in this Web Storage (default:
   * none, so a reload starts again from the seed data). Other sessions live in memory only.
   */
  keepData?: 'localStorage' | 'sessionStorage';
  /** Live sessions beyond the default one (default 1,000). */
  maxSessions?: number;
  /** Where the app serves mockServiceWorker.js (`npx msw init public/`). */
  serviceWorkerUrl?: string;
  /** No console output: neither msw's start-up line nor the note on where the data lives. */
  quiet?: boolean;
};

/** A started worker mock: msw's worker, the default store, the control handle, and a stop. */
export type WorkerMock = ControlHandle & {
  worker: ReturnType<typeof setupWorker>;
  store: PetStore;
  stop(): void;
};

/** Starts the service worker mock; resolves once it intercepts. */
export async function startWorker(options: WorkerOptions = {}): Promise<WorkerMock> {
  const origin = answeredOrigin(options);
  const store = createStore({ seedCount: options.seedCount, pets: options.pets });
  if (options.keepData) await keepInStorage(store, globalThis[options.keepData]);
  const sessions = createSessions({
    store,
    rateLimit: options.rateLimit,
    profile: options.profile,
    maxSessions: options.maxSessions,
    journalSize: options.journalSize,
  });
  const worker = setupWorker(
    ...createHandlers({
      ...options,
      origin,
      sessions,
      apiKeys: options.apiKeys ?? [DEFAULT_API_KEY],
    }),
    ...createControlHandlers(sessions, { origin }),
  );
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: options.quiet ?? false,
    serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
  });
  // A created animal vanishing on reload reads as a bug unless the console says why.
  // biome-ignore lint/suspicious/noConsole: the one note a browser developer sees, as msw's own start-up line.
  if (!options.quiet) console.info(storageNote(options.keepData));
  return {
    ...createControlHandle(sessions),
    worker,
    store,
    stop: () => {
      sessions.close();
      worker.stop();
    },
  };
}
