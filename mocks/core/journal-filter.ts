/**
 * Which journal entries a test asks for: by operation, method, path, status (or a class such
 * as `4xx`), time or entry id, as `GET /__mock/requests` takes them in its query, and by the
 * request's values (query, `petId`, body) as `waitForRequest` takes them.
 */
import type { OperationId } from '../../spec/types.ts';
import { MockError } from './errors.ts';
import type { JournalEntry } from './journal.ts';
import { matchesRequest, type RequestMatch } from './request-match.ts';

/** Which entries to list: each given field must hold (`status` may be a class, `'4xx'`). */
export type JournalFilter = {
  operation?: OperationId | null;
  method?: string;
  path?: string;
  status?: number | string;
  /** Entries that arrived at or after this time. */
  since?: Date | string | number;
  /** Entries after this entry id. */
  after?: number;
  /** Entries before this entry id (with `after`, a window: `after=4&before=6` is entry 5). */
  before?: number;
};

/** What `waitForRequest` looks for: filter fields and the request's values. */
export type JournalMatch = Omit<JournalFilter, 'since' | 'after' | 'before'> & RequestMatch;

const OPERATIONS: readonly string[] = ['listPets', 'createPet', 'getPet'];
const STATUS = /^(?:[1-5][0-9]{2}|[1-5]xx)$/i;

const statusMatches = (wanted: number | string, status: number) =>
  typeof wanted === 'number' || /^[0-9]+$/.test(wanted)
    ? Number(wanted) === status
    : Math.floor(status / 100) === Number(wanted[0]);

const timeOf = (since: Date | string | number) =>
  since instanceof Date ? since.getTime() : typeof since === 'number' ? since : Date.parse(since);

/** Whether an entry passes a filter. */
export function passes(entry: JournalEntry, filter: JournalFilter): boolean {
  if (filter.operation !== undefined && entry.operation !== filter.operation) return false;
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.path !== undefined && entry.path !== filter.path) return false;
  if (filter.status !== undefined && !statusMatches(filter.status, entry.status)) return false;
  if (filter.after !== undefined && entry.id <= filter.after) return false;
  if (filter.before !== undefined && entry.id >= filter.before) return false;
  if (filter.since !== undefined && Date.parse(entry.time) < timeOf(filter.since)) return false;
  return true;
}

/** Whether an entry is what a match describes: its filter fields, and its request values. */
export function entryMatches(entry: JournalEntry, match: JournalMatch): boolean {
  if (!passes(entry, match)) return false;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(entry.query))
    for (const each of [value].flat()) query.append(name, each);
  return matchesRequest(match, { query, petId: entry.pathParams.petId, body: entry.body });
}

const invalid = (message: string) => new MockError(400, 'validation_failed', message);

/** Reads `GET /__mock/requests`' query into a filter; throws a 400 naming a wrong parameter. */
export function parseJournalFilter(query: URLSearchParams): JournalFilter {
  const filter: JournalFilter = {};
  const operation = query.get('operation');
  if (operation !== null) {
    if (operation !== 'none' && !OPERATIONS.includes(operation))
      throw invalid(
        `operation must be one of ${OPERATIONS.join(', ')} or none, got ${JSON.stringify(operation)}`,
      );
    filter.operation = operation === 'none' ? null : (operation as OperationId);
  }
  const status = query.get('status');
  if (status !== null) {
    if (!STATUS.test(status))
      throw invalid(
        `status must be a status such as 404 or a class such as 4xx, got ${JSON.stringify(status)}`,
      );
    filter.status = status;
  }
  const since = query.get('since');
  if (since !== null) {
    const time = /^[0-9]+$/.test(since) ? Number(since) : Date.parse(since);
    if (Number.isNaN(time))
      throw invalid(
        `since must be an ISO 8601 time or milliseconds since 1970, got ${JSON.stringify(since)}`,
      );
    filter.since = time;
  }
  for (const bound of ['after', 'before'] as const) {
    const id = query.get(bound);
    if (id === null) continue;
    if (!/^[0-9]{1,15}$/.test(id))
      throw invalid(`${bound} must be an entry id (a whole number), got ${JSON.stringify(id)}`);
    filter[bound] = Number(id);
  }
  const method = query.get('method');
  if (method !== null) filter.method = method;
  const path = query.get('path');
  if (path !== null) filter.path = path;
  return filter;
}
