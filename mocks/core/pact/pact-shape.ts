/**
 * Which journal entries become interactions of a pact, and which request shape each is: one
 * interaction per shape (operation, method, the query's names and values, the creation body's
 * fields, the status answered), so a test that listed the same page ten times gives one.
 */
import type { JournalEntry } from '../journal.ts';

/** Why an entry is no interaction, or undefined when it is one. */
export function leftOutReason(entry: JournalEntry): string | undefined {
  if (entry.status === 0) return 'the connection was dropped by a network fault the test queued';
  if (entry.fault !== undefined)
    return `answered by fault ${entry.fault.id} the test queued, not by the interface`;
  if (/\b(?:code|example)=/i.test(entry.headers.prefer ?? ''))
    return 'answered as its Prefer header asked (a control of the mock)';
  if (entry.status === 401)
    return "refused for its key (401): the verifier sends a key of the provider's own";
  if (entry.operation === null) return 'no operation of the interface (an unknown route or method)';
  if (entry.status === 429 || entry.status >= 500)
    return `answered ${entry.status} for the mock's own limits, not for what the app sent`;
  if (entry.query.cursor !== undefined)
    return "follows a next link: its cursor is the mock's own (the request that got the link holds the pagination)";
  if (entry.response.truncated) return 'its response was longer than the journal keeps';
  return undefined;
}

const sorted = (names: Iterable<string>) => [...names].sort((a, b) => a.localeCompare(b));

/** The query as a shape: each name with its value(s), in name order. */
export const queryShape = (query: JournalEntry['query']): string =>
  sorted(Object.keys(query))
    .flatMap((name) => [query[name] ?? []].flat().map((value) => `${name}=${value}`))
    .join('&');

/** The fields of a creation body, in name order (its text's kind when it is not an object). */
export function bodyShape(body: unknown): string {
  if (body === undefined) return 'no body';
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return `a ${Array.isArray(body) ? 'list' : typeof body === 'string' ? 'text' : typeof body} body`;
  return `{${sorted(Object.keys(body)).join(', ')}}`;
}

/** The shape of an entry's request and answer: entries of one shape make one interaction. */
export function shapeOf(entry: JournalEntry): string {
  const petId = entry.pathParams.petId;
  const target =
    petId === undefined ? entry.path : /^\d+$/.test(petId) ? '/pets/{id}' : `/pets/${petId}`;
  const body = entry.method === 'POST' ? ` ${bodyShape(entry.body)}` : '';
  return `${entry.operation} ${entry.method} ${target}?${queryShape(entry.query)}${body} ${entry.status}`;
}

/** How an interaction of this entry is named: its operation, request and status. */
export function describeEntry(entry: JournalEntry): string {
  const query = queryShape(entry.query);
  const petId = entry.pathParams.petId;
  const path =
    petId !== undefined && /^\d+$/.test(petId)
      ? entry.path.replace(/[^/]+$/, '{petId}')
      : entry.path;
  const body = entry.method === 'POST' ? ` with ${bodyShape(entry.body)}` : '';
  return `${entry.operation}: ${entry.method} ${path}${query ? `?${query}` : ''}${body}, answered ${entry.status}`;
}
