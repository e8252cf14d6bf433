/**
 * `GET /__mock/departures`: a session's departures from the interface in proxy mode, one row
 * a departure, read from its journal and filtered as `GET /__mock/requests` is (plus `side`
 * and `rule`), so a test or the landing page can ask "did my app or the backend break a rule?"
 */
import type { Departure } from '../../../spec/checks/departures.ts';
import { MockError } from '../errors.ts';
import type { JournalEntry } from '../journal.ts';
import { parseJournalFilter, passes } from '../journal-filter.ts';
import type { Session } from '../sessions.ts';

/** One departure, with the request it was seen on. */
export type DepartureRow = Departure & {
  /** The journal entry of its request (`GET /__mock/requests?after=…`). */
  request: number;
  time: string;
  operation: JournalEntry['operation'];
  method: string;
  path: string;
  /** The request's query, as the journal keeps it (the departure may be in it). */
  query: JournalEntry['query'];
  status: number;
  answeredBy: 'backend' | 'mock';
};

/** The departures a session's journal holds, those the query asks for. */
export function listDepartures(session: Session, query: URLSearchParams): DepartureRow[] {
  const filter = parseJournalFilter(query);
  const side = query.get('side');
  if (side !== null && side !== 'server' && side !== 'client')
    throw new MockError(
      400,
      'validation_failed',
      `side must be server or client, got ${JSON.stringify(side)}`,
    );
  const rule = query.get('rule');
  return session.journal
    .list((entry) => (entry.departures?.length ?? 0) > 0 && passes(entry, filter), filter)
    .flatMap((entry) =>
      (entry.departures ?? []).map((departure) => ({
        request: entry.id,
        time: entry.time,
        operation: entry.operation,
        method: entry.method,
        path: entry.path,
        query: entry.query,
        status: entry.status,
        answeredBy: entry.answeredBy ?? 'backend',
        ...departure,
      })),
    )
    .filter((row) => (side === null || row.side === side) && (rule === null || row.rule === rule));
}
