/**
 * The pact of one session, or of every live session whose id starts with a prefix (a
 * Playwright run gives each test a session of its own; the run's pact is all of them): what
 * `GET /__mock/pact` and the control handle's `pact()` answer.
 */
import type { Session, Sessions } from '../sessions.ts';
import { exportPact, type PactFile, type PactOptions, type PactSource } from './pact-export.ts';

/** The options of `pact()`: a pact's names, and optionally the sessions whose journals it joins. */
export type SessionPactOptions = PactOptions & {
  /** Joins the journals of every live session whose id starts with this (the default one not included). */
  sessionPrefix?: string;
};

const sourceOf = (session: Session): PactSource => ({
  entries: session.journal.list(),
  profile: session.answering.declared,
});

/** The pact of `session`, or of the sessions `options.sessionPrefix` names, oldest first. */
export function pactOfSessions(
  sessions: Sessions,
  session: Session,
  options: SessionPactOptions,
): PactFile {
  const { sessionPrefix, ...names } = options;
  if (sessionPrefix === undefined) return exportPact([sourceOf(session)], names);
  const joined = sessions
    .list()
    .filter((summary) => summary.id.startsWith(sessionPrefix))
    .map((summary) => sessions.session(summary.id));
  // Oldest session first, so the interactions come in the order the run made them.
  const first = (s: Session) => s.journal.list()[0]?.time ?? '';
  joined.sort((a, b) => first(a).localeCompare(first(b)));
  return exportPact(joined.map(sourceOf), names);
}

/** Reads `pact()`'s options from a query string (`?consumer=web&provider=…&specification=3`). */
export function pactQuery(query: URLSearchParams): SessionPactOptions {
  const specification = query.get('specification') ?? query.get('spec');
  const prefix = query.get('sessionPrefix');
  return {
    consumer: query.get('consumer') ?? '',
    ...(query.has('provider') ? { provider: query.get('provider') ?? '' } : {}),
    ...(specification === null ? {} : { specification: Number(specification) as 3 | 4 }),
    ...(prefix === null ? {} : { sessionPrefix: prefix }),
  };
}
