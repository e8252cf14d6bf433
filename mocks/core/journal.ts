/**
 * A session's request journal: every `/v1` request the mock answered for the session, with
 * what the app sent and what it got back, so a test can assert what its app sent (WireMock's
 * request journal, Prism's request log). Bounded per session, oldest first out; it never
 * holds a key (credentials are masked when recorded).
 */
import type { RuleId } from '../../spec/checks/check.ts';
import type { Departure } from '../../spec/checks/departures.ts';
import { parseJson } from '../../spec/json.ts';
import type { OperationId } from '../../spec/types.ts';
import { DEFAULT_JOURNAL_SIZE } from './defaults.ts';
import type { Fault } from './faults.ts';

/** One answered request, as `GET /__mock/requests` and the handle's `requests()` give it. */
export type JournalEntry = {
  /** Its number in the session's journal, from 1, never reused (a clear keeps counting). */
  id: number;
  /** When the request arrived (ISO 8601). */
  time: string;
  /** The `X-Mock-Session` it named; null for the default session. */
  session: string | null;
  /** The operation it reached; null for no route or another method (404, 405). */
  operation: OperationId | null;
  method: string;
  /** The path as sent, without the query (e.g. `/v1/pets/3`). */
  path: string;
  /** getPet's `petId` as sent (percent-decoded). */
  pathParams: { petId?: string };
  /** The query parameters; a repeated one as an array of its values. */
  query: Record<string, string | string[]>;
  /** The request headers, lower-case; `authorization`, `cookie` and the like masked. */
  headers: Record<string, string>;
  /** The request body: parsed JSON when it is JSON, else its text; absent without one. */
  body?: unknown;
  /** The status answered; 0 when the connection was dropped (a network fault). */
  status: number;
  response: {
    /** The response headers an app reads (content-type, location, link, …), without CORS ones. */
    headers: Record<string, string>;
    /** Parsed JSON when it is JSON and whole, else its text; absent without a body. */
    body?: unknown;
    /** Present when the body was longer than the journal keeps (it is then a cut text). */
    truncated?: true;
  };
  /** The `Error` message of a 4xx or 5xx: what the mock found wrong with the request. */
  message?: string;
  /** Milliseconds from arrival to the answer's headers (a body the proxy streams: to its end). */
  durationMs: number;
  /** The queued fault that answered it, as `GET /__mock/faults` showed it. */
  fault?: Fault;
  /** Proxy mode: whether the backend or the mock (on fallback) answered. */
  answeredBy?: 'backend' | 'mock';
  /** Proxy mode: why the mock answered instead of the backend. */
  fallback?: string;
  /** Proxy mode: whether the backend's key went in place of the app's (a key the mock accepts). */
  keyLent?: true;
  /** Proxy mode: the rules of the interface this exchange departs from, server's or client's. */
  departures?: Departure[];
  /** Proxy mode: the rules the backend's answer was judged by. */
  judged?: RuleId[];
  /** Proxy mode: why the app's answer was cut mid-body (past the size bound, or out of time). */
  cut?: string;
};

/** An entry as recorded: bodies kept as text and read when the journal is read. */
export type RecordedEntry = Omit<JournalEntry, 'id' | 'body' | 'response'> & {
  bodyText?: string;
  bodyIsJson: boolean;
  response: { headers: Record<string, string>; text?: string; isJson: boolean };
};

/** Longest body text an entry keeps, request or response (the mock takes 64 KiB requests). */
export const JOURNAL_BODY_CHARS = 65_536;

export { DEFAULT_JOURNAL_SIZE };

const readBody = (text: string | undefined, isJson: boolean): unknown => {
  if (text === undefined || text === '') return undefined;
  if (!isJson || text.length > JOURNAL_BODY_CHARS) return text.slice(0, JOURNAL_BODY_CHARS);
  try {
    return parseJson(text);
  } catch {
    return text;
  }
};

function materialize(id: number, recorded: RecordedEntry): JournalEntry {
  const { bodyText, bodyIsJson, response, ...rest } = recorded;
  const body = readBody(bodyText, bodyIsJson);
  const responseBody = readBody(response.text, response.isJson);
  const entry: JournalEntry = {
    id,
    ...rest,
    ...(body === undefined ? {} : { body }),
    response: {
      headers: response.headers,
      ...(responseBody === undefined ? {} : { body: responseBody }),
      ...((response.text?.length ?? 0) > JOURNAL_BODY_CHARS ? { truncated: true as const } : {}),
    },
  };
  const message = (responseBody as { message?: unknown } | undefined)?.message;
  if (recorded.status >= 400 && typeof message === 'string') entry.message = message;
  return entry;
}

/**
 * Told of every entry any session's journal records, with its id, while `active` (the
 * standalone server's console feed, mocks/node/console/): nothing is materialised for it.
 */
export type JournalTap = {
  readonly active: boolean;
  recorded(id: number, entry: RecordedEntry): void;
};

/** Entry ids a listing keeps (`after` < id < `before`), checked before anything is read. */
export type IdRange = { after?: number; before?: number };

/** One session's journal. */
export type Journal = {
  readonly size: number;
  /** Requests recorded since the session started (the last entry's id; a clear keeps it). */
  readonly total: number;
  /** Whether a recorded entry is kept or watched (false when the journal keeps none). */
  readonly recording: boolean;
  record(entry: RecordedEntry): void;
  /** The entries, oldest first (those `keep` keeps, when given; only ids within `range`). */
  list(keep?: (entry: JournalEntry) => boolean, range?: IdRange): JournalEntry[];
  clear(): void;
  /** Calls `listener` with every entry recorded from now on; returns the unsubscribe. */
  watch(listener: (entry: JournalEntry) => void): () => void;
};

/** Creates an empty journal keeping the last `limit` entries (0 keeps none), told to `tap`. */
export function createJournal(limit = DEFAULT_JOURNAL_SIZE, tap?: JournalTap): Journal {
  let entries: [number, RecordedEntry][] = [];
  let lastId = 0;
  const listeners = new Set<(entry: JournalEntry) => void>();
  return {
    get size() {
      return Math.min(entries.length, limit);
    },
    get total() {
      return lastId;
    },
    get recording() {
      return limit > 0 || listeners.size > 0 || tap?.active === true;
    },
    record(recorded) {
      const tapped = tap?.active === true;
      if (limit === 0 && listeners.size === 0 && !tapped) return;
      lastId += 1;
      if (tapped) tap.recorded(lastId, recorded);
      if (limit > 0) {
        entries.push([lastId, recorded]);
        // Dropped in batches, so a full journal does not copy itself on every request.
        if (entries.length > limit + Math.ceil(limit / 10)) entries = entries.slice(-limit);
      }
      if (listeners.size > 0) {
        const entry = materialize(lastId, recorded);
        for (const listener of listeners) listener(entry);
      }
    },
    list(keep, range = {}) {
      const { after = 0, before = Number.POSITIVE_INFINITY } = range;
      const kept = (entries.length > limit ? entries.slice(-limit) : entries).filter(
        ([id]) => id > after && id < before,
      );
      const all = kept.map(([id, recorded]) => materialize(id, recorded));
      return keep === undefined ? all : all.filter(keep);
    },
    clear() {
      entries = [];
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
