/**
 * The control handle tests use in code instead of HTTP: the same reset, seed, state, faults
 * and profile as the `/__mock/` controls, for the default session or any other by id.
 */
import { resetSession, summary } from './controls.ts';
import { type Fault, type FaultRequest, parseFault } from './faults.ts';
import type { Pet } from './pet-schema.ts';
import { type ProfileView, profileView, setSessionProfile } from './profile.ts';
import type { Session, SessionSummary, Sessions } from './sessions.ts';

/** What a test can do to one session. */
export type SessionHandle = {
  /** Back to the seed animals with their ids; pending faults dropped; ids continue. */
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
    reset: () => resetSession(current()),
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
