/**
 * Sessions: many tests against one mock, each in its own state. A request picks its session
 * with `X-Mock-Session: ID`; without the header it uses the default session. A session starts
 * on first use from the server's seed data and holds its own animals, id counter, pending
 * faults, profile, request journal and rate-limit budget. Live sessions are bounded; an idle
 * one ends by itself.
 */

import type { Profile } from '../../spec/profile.ts';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS } from './defaults.ts';
import { MockError } from './errors.ts';
import { createFaultQueue, type FaultQueue } from './faults.ts';
import { createJournal, type Journal, type JournalTap } from './journal.ts';
import { type Answering, answering, OWN_ANSWERING } from './profile.ts';
import type { PetStore } from './store.ts';
import { createRateLimiter } from './traffic.ts';

/** The request header that selects a session. */
export const SESSION_HEADER = 'X-Mock-Session';
const SESSION_ID = /^[A-Za-z0-9._~-]{1,64}$/;

/** One session's state. `id` is undefined for the default session. */
export type Session = {
  readonly id: string | undefined;
  readonly store: PetStore;
  readonly faults: FaultQueue;
  /** The requests it answered (journal.ts). */
  readonly journal: Journal;
  readonly limitRate: (() => void) | undefined;
  /** How it fills the interface's gaps: its own profile's, or the server's. */
  answering: Answering;
  /** Whether it answers by a profile of its own (PUT /__mock/profile). */
  ownProfile: boolean;
  lastUsed: number;
};

/** A live session as GET /__mock/sessions lists it (`requests`: answered since it started). */
export type SessionSummary = { id: string; count: number; requests: number; lastUsed: string };

/** Options of createSessions. */
export type SessionOptions = {
  /** The default session's store; new sessions start from the same seed data and limits. */
  store: PetStore;
  maxSessions?: number;
  /** Milliseconds of idleness after which a session ends. */
  sessionTtlMs?: number;
  /** Requests per second each session may send before 429 (off when absent). */
  rateLimit?: number;
  /** The server's profile, every session's until it sets its own (default: none). */
  profile?: Profile;
  /** Requests each session's journal keeps (default DEFAULT_JOURNAL_SIZE; 0 keeps none). */
  journalSize?: number;
  /** Told of every request any session's journal records (the standalone console's feed). */
  tap?: JournalTap;
  now?: () => number;
  /** Told how many idle sessions just ended (the CLI then gives their memory back). */
  onIdleEnded?: (count: number) => void;
};

const invalidSession = (id: string) =>
  new MockError(
    400,
    'invalid_session',
    `${SESSION_HEADER} must be 1 to 64 characters of A-Z a-z 0-9 . _ ~ -, got ${JSON.stringify(id.slice(0, 80))}`,
  );

/** Checks a session id; throws 400 invalid_session for a malformed one. */
export function checkSessionId(id: string): string {
  if (!SESSION_ID.test(id)) throw invalidSession(id);
  return id;
}

/** Creates the session registry of one mock. */
export function createSessions(options: SessionOptions) {
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const ttl = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  const now = options.now ?? Date.now;
  const serverAnswering = options.profile ? answering(options.profile) : OWN_ANSWERING;
  const open = (id: string | undefined, store: PetStore): Session => ({
    id,
    store,
    faults: createFaultQueue(),
    journal: createJournal(options.journalSize, options.tap),
    limitRate: options.rateLimit ? createRateLimiter(options.rateLimit) : undefined,
    answering: serverAnswering,
    ownProfile: false,
    lastUsed: now(),
  });
  const fallback = open(undefined, options.store);
  const live = new Map<string, Session>();

  const sweep = () => {
    const oldest = now() - ttl;
    let ended = 0;
    for (const [id, session] of live) {
      if (session.lastUsed >= oldest) continue;
      live.delete(id);
      ended += 1;
    }
    if (ended > 0) options.onIdleEnded?.(ended);
  };
  const timer = setInterval(sweep, Math.max(1_000, Math.min(ttl, 60_000)));
  (timer as { unref?: () => void }).unref?.();

  /** The session named `id`, started from the seed data when it is new. */
  const session = (id: string): Session => {
    checkSessionId(id);
    const found = live.get(id);
    if (found) {
      found.lastUsed = now();
      return found;
    }
    sweep();
    if (live.size >= maxSessions) {
      throw new MockError(
        503,
        'session_limit',
        `${maxSessions} sessions are live (--max-sessions): end one with DELETE /__mock/sessions/ID, or wait until idle ones end`,
        { 'retry-after': '60' },
      );
    }
    const started = open(id, options.store.fork());
    live.set(id, started);
    return started;
  };

  const summaryOf = (s: Session): SessionSummary => ({
    id: s.id ?? '',
    count: s.store.size,
    requests: s.journal.total,
    lastUsed: new Date(s.lastUsed).toISOString(),
  });

  return {
    /** The default session (requests without the header). */
    default: fallback,
    maxSessions,
    session,
    /** The session a request selects: its header's, or the default one. */
    select(request: Request): Session {
      const id = request.headers.get(SESSION_HEADER);
      if (id === null) {
        fallback.lastUsed = now();
        return fallback;
      }
      return session(id);
    },
    /**
     * The session a request selects, or undefined for a malformed id or when no session can
     * start: where a request refused before its session was chosen (a 401) is journaled.
     */
    selectQuietly(request: Request): Session | undefined {
      const id = request.headers.get(SESSION_HEADER);
      if (id === null) return fallback;
      if (!SESSION_ID.test(id)) return undefined;
      try {
        return session(id);
      } catch {
        return undefined;
      }
    },
    /**
     * Puts a session back as it started: the seed animals (same ids; ids continue), no
     * pending faults, the server's profile and an empty journal.
     */
    async reset(target: Session): Promise<void> {
      target.faults.clear();
      target.journal.clear();
      target.answering = serverAnswering;
      target.ownProfile = false;
      await target.store.reset();
    },
    /** The server's profile, as given (every session's until it sets its own). */
    profile: options.profile ?? {},
    /** Gives a session a profile of its own; `undefined` puts it back on the server's. */
    setProfile(target: Session, profile: Profile | undefined): void {
      target.answering = profile === undefined ? serverAnswering : answering(profile);
      target.ownProfile = profile !== undefined;
    },
    /**
     * How the session a request names answers, without starting or checking it (an error
     * before authentication, or for a malformed id, still speaks its profile's codes).
     */
    answeringOf(request: Request): Answering {
      const id = request.headers.get(SESSION_HEADER);
      return (id === null ? fallback : live.get(id))?.answering ?? serverAnswering;
    },
    /** The live sessions (the default one is always there and not listed). */
    list(): SessionSummary[] {
      sweep();
      return [...live.values()].map(summaryOf);
    },
    /** The default session as GET /__mock/sessions shows it beside the list. */
    defaultSummary: (): Omit<SessionSummary, 'id'> => {
      const { id: _, ...rest } = summaryOf(fallback);
      return rest;
    },
    /** Ends a session; false when there is none by that id. */
    end(id: string): boolean {
      return live.delete(checkSessionId(id));
    },
    /** Stops the idle-session sweep (the server calls it on close). */
    close(): void {
      clearInterval(timer);
    },
  };
}

/** A mock's sessions. */
export type Sessions = ReturnType<typeof createSessions>;
