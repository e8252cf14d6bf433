/**
 * What a test means by "this request": a fault's `match` and a journal search name query
 * parameters, a `petId` and body fields, and each given value must equal the request's.
 * Shared by faults.ts (before the answer) and journal.ts (after it).
 */
import { MockError } from './errors.ts';

/** A request as a match reads it. */
export type RequestFacts = {
  query: URLSearchParams;
  /** getPet's path parameter as sent (percent-decoded), absent on other operations. */
  petId?: string | undefined;
  /** The parsed JSON body (undefined when there is none or it is not JSON). */
  body?: unknown;
};

/** Values a match compares, each equal to the request's (`query` and `petId` as text). */
export type RequestMatch = {
  query?: Readonly<Record<string, string | number | boolean>>;
  petId?: string | number;
  /** Top-level fields of a JSON object body; a field's value must equal the body's (deeply). */
  body?: Readonly<Record<string, unknown>>;
};

const MATCH_FIELDS = ['query', 'petId', 'body'];

const invalid = (message: string) => new MockError(400, 'validation_failed', message);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a match given as JSON (`where` names it in messages); throws a 400 naming the field. */
export function parseMatch(value: unknown, where = 'match'): RequestMatch {
  if (!isObject(value))
    throw invalid(`${where} must be an object such as {"query":{"status":"sold"}}`);
  const extra = Object.keys(value).find((key) => !MATCH_FIELDS.includes(key));
  if (extra !== undefined)
    throw invalid(`${where} property "${extra}" is not allowed; use ${MATCH_FIELDS.join(', ')}`);
  const { query, petId, body } = value;
  if (query !== undefined) {
    if (!isObject(query)) throw invalid(`${where}.query must be an object of parameter values`);
    for (const [name, given] of Object.entries(query))
      if (!['string', 'number', 'boolean'].includes(typeof given))
        throw invalid(`${where}.query.${name} must be a string, a number or a boolean`);
  }
  if (petId !== undefined && typeof petId !== 'string' && typeof petId !== 'number')
    throw invalid(`${where}.petId must be a string or a number, got ${JSON.stringify(petId)}`);
  if (body !== undefined && !isObject(body))
    throw invalid(`${where}.body must be an object of body fields`);
  return value as RequestMatch;
}

/** getPet's `petId` as sent: the last path segment, percent-decoded when it can be. */
export function rawPetId(url: string): string {
  const { pathname } = new URL(url);
  const raw = pathname.slice(pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether two JSON values are equal (objects by their own keys, whatever their order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'bigint' || typeof b === 'bigint')
    return (typeof a === 'bigint' || typeof a === 'number') &&
      (typeof b === 'bigint' || typeof b === 'number')
      ? BigInt(a) === BigInt(b)
      : false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

/** Whether a request has every value `match` gives (a repeated parameter: any of its values). */
export function matchesRequest(match: RequestMatch, facts: RequestFacts): boolean {
  if (match.query !== undefined) {
    for (const [name, given] of Object.entries(match.query))
      if (!facts.query.getAll(name).includes(String(given))) return false;
  }
  if (match.petId !== undefined && facts.petId !== String(match.petId)) return false;
  if (match.body !== undefined) {
    const body = facts.body;
    if (!isObject(body)) return false;
    for (const [name, given] of Object.entries(match.body))
      if (!Object.hasOwn(body, name) || !jsonEqual(body[name], given)) return false;
  }
  return true;
}
