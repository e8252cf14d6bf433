/**
 * The control handle tests use in code instead of HTTP: the same reset, seed, state, faults,
 * profile and request journal as the `/__mock/` controls, for the default session or any
 * other by id.
 */
import { summary } from './controls.ts';
import { type Fault, type FaultRequest, parseFault } from './faults.ts';
import type { JournalEntry } from './journal.ts';
import { entryMatches, type JournalFilter, type JournalMatch, passes } from './journal-filter.ts';
import type { PactFile } from './pact/pact-export.ts';
import { pactOfSessions, type SessionPactOptions } from './pact/pact-of-sessions.ts';
import type { Pet } from './pet-schema.ts';
import { type ProfileView, profileView, setSessionProfile } from './session-profile.ts';
import type { Session, SessionSummary, Sessions } from './sessions.ts';
import { waitForEntry } from './wait-for-request.ts';

/** What a test can do to one session. */
export type SessionHandle = {
  /**
   * Back as the session started: the seed animals with their ids (ids continue), no pending
   * faults, the server's profile and an empty journal (as POST /__mock/reset).
   */
  reset(): Promise<void>;
  /** Replaces the session's animals (checked against the spec's Pet). */
  seed(pets: readonly Pet[]): Promise<void>;
  /** Counts, next id and every animal, as GET /__mock/state. */
  state(): ReturnType<typeof summary> & { pets: Pet[] };
  faults: {
    /** Queues a fault (as POST /__mock/faults); throws naming the field when invalid. */
    add(fault: FaultRequest): Fault;
    list(): Fault[];
    clear(): void;
  };
  profile: {
    /** Gives the session this profile (as PUT /__mock/profile); throws naming a wrong field. */
    set(profile: unknown): ProfileView;
    /** The profile it answers by, its own or the server's (as GET /__mock/profile). */
    get(): ProfileView;
    /** Back to the server's profile (as DELETE /__mock/profile). */
    clear(): ProfileView;
  };
  /** The requests the session answered, oldest first, as GET /__mock/requests lists them. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Empties the session's journal (as DELETE /__mock/requests). */
  clearRequests(): void;
  /**
   * The first request in the journal that `match` describes (fields of an entry, and query,
   * `petId` or body values) or a function accepts, or the next to arrive; rejects after
   * `timeout` ms (default 5,000) naming what it looked for and what arrived.
   */
  waitForRequest(
    match: JournalMatch | ((entry: JournalEntry) => boolean),
    options?: { timeout?: number },
  ): Promise<JournalEntry>;
  /**
   * The journal as a Pact file (as GET /__mock/pact): one interaction per request shape, with
   * provider states, matching rules and the gap choices each relied on; throws naming a bad option.
   */
  pact(options: SessionPactOptions): PactFile;
};

/** The handle of a whole mock: the default session's, plus any session's and the list. */
export type ControlHandle = SessionHandle & {
  /** The handle of the session `id` (started from the seed data on first use). */
  session(id: string): SessionHandle;
  /** The live sessions, as GET /__mock/sessions lists them. */
  sessions(): SessionSummary[];
};

function sessionHandle(sessions: Sessions, current: () => Session): SessionHandle {
  return {
    reset: () => sessions.reset(current()),
    seed: (pets) => current().store.replace(pets),
    state: () => {
      const { store } = current();
      return { ...summary(store), pets: store.snapshot() };
    },
    faults: {
      add: (fault) => current().faults.add(parseFault(fault)),
      list: () => current().faults.list(),
      clear: () => current().faults.clear(),
    },
    profile: {
      set: (profile) => {
        // A profile given in code may have come from JSON without a body: never "no profile".
        if (profile === undefined) throw new TypeError('profile.set needs a profile; use clear()');
        setSessionProfile(sessions, current(), profile);
        return profileView(current());
      },
      get: () => profileView(current()),
      clear: () => {
        setSessionProfile(sessions, current(), undefined);
        return profileView(current());
      },
    },
    requests: (filter = {}) => current().journal.list((entry) => passes(entry, filter)),
    clearRequests: () => current().journal.clear(),
    waitForRequest: (match, options = {}) => {
      const accepts =
        typeof match === 'function' ? match : (entry: JournalEntry) => entryMatches(entry, match);
      return waitForEntry(current().journal, accepts, match, options.timeout);
    },
    pact: (options) => pactOfSessions(sessions, current(), options),
  };
}

/** Creates the control handle over a mock's sessions. */
export function createControlHandle(sessions: Sessions): ControlHandle {
  return {
    ...sessionHandle(sessions, () => sessions.default),
    session: (id) => sessionHandle(sessions, () => sessions.session(id)),
    sessions: () => sessions.list(),
  };
}
