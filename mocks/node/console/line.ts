/**
 * One line of the console's live request list: what the journal recorded of a request, cut
 * to what a line shows (no headers, no bodies: a click reads those from the journal). Its
 * fields are named as the journal entry's, so the page shows journal entries and lines alike.
 */
import type { RecordedEntry } from '../../core/journal.ts';

/** A request as the console's feed sends it. */
export type FeedLine = Pick<
  RecordedEntry,
  | 'session'
  | 'time'
  | 'operation'
  | 'method'
  | 'path'
  | 'query'
  | 'status'
  | 'durationMs'
  | 'fault'
  | 'answeredBy'
  | 'fallback'
  | 'cut'
> & {
  /** Its place in the feed (the page skips a line it already holds). */
  seq: number;
  /** Its entry id in its session's journal (`GET /__mock/requests?after=id-1&before=id+1`). */
  id: number;
  /** Proxy mode: the rules it departs from, with their one-line titles. */
  departures?: { rule: string; side: 'server' | 'client'; title: string }[];
  /** The `Error` message of a 4xx or 5xx. */
  message?: string;
};

// An Error body is short; a longer text is something else and is not read for a line.
const MAX_MESSAGE_SOURCE = 4_096;

/** The `message` of an `Error` body, when the answer is one. */
function messageOf(entry: RecordedEntry): string | undefined {
  const { text, isJson } = entry.response;
  if (entry.status < 400 || !isJson || text === undefined || text.length > MAX_MESSAGE_SOURCE)
    return undefined;
  try {
    const message = (JSON.parse(text) as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** The line of journal entry `id`, the feed's `seq`-th. */
export function feedLine(seq: number, id: number, entry: RecordedEntry): FeedLine {
  const line: FeedLine = {
    seq,
    id,
    session: entry.session,
    time: entry.time,
    operation: entry.operation,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    status: entry.status,
    durationMs: entry.durationMs,
  };
  if (entry.fault !== undefined) line.fault = entry.fault;
  if (entry.answeredBy !== undefined) line.answeredBy = entry.answeredBy;
  if (entry.fallback !== undefined) line.fallback = entry.fallback;
  if (entry.cut !== undefined) line.cut = entry.cut;
  if (entry.departures !== undefined && entry.departures.length > 0)
    line.departures = entry.departures.map(({ rule, side, title }) => ({ rule, side, title }));
  const message = messageOf(entry);
  if (message !== undefined) line.message = message;
  return line;
}
