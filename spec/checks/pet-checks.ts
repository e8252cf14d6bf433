/**
 * Checks of what the operations return: created pets echo what was sent, fetched pets
 * equal the stored one, pages respect `limit` and `status`. Ids are compared exactly.
 */
import type { Level } from '../levels.ts';
import { type Check, check, isObject, type RuleId, sameInteger, show } from './check.ts';
import type { Exchange } from './exchange.ts';

export { sameInteger } from './check.ts';

/** A pet as the suite knows it; ids are numbers or bigints (exact). */
export type Pet = {
  id: number | bigint;
  name: string;
  categoryId: number | bigint;
  status?: string;
};

const FIELDS = ['name', 'categoryId', 'status'] as const;
// Integers compare exactly (int64 as bigints); any other value (a categoryId stored as "5")
// as the JSON it is, so the same wrong value read back is the same.
const equalField = (field: (typeof FIELDS)[number], a: unknown, b: unknown) =>
  (field === 'categoryId' && sameInteger(a, b)) ||
  a === b ||
  (typeof a === 'object' && show(a) === show(b));

/** Where two texts first differ, and their lengths, for texts too long to compare by eye. */
function whereTextsDiffer(received: unknown, sent: unknown): string {
  if (typeof received !== 'string' || typeof sent !== 'string') return '';
  const chars = [...received];
  const want = [...sent];
  const at = want.findIndex((c, i) => chars[i] !== c);
  const index = at === -1 ? want.length : at;
  return ` (${chars.length} characters, ${want.length} sent; they differ from character ${index + 1})`;
}

/** The JSON type of a value, as a reader says it: `a string ("12")`, `null`, `an object`. */
function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string (${show(value, 40)})`;
  if (typeof value === 'boolean') return `a boolean (${value})`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** The created pet carries an integer id and the sent fields unchanged. */
export const createdEchoes = (sent: Record<string, unknown>): Check =>
  check(['created-echoes', 'id-assigned'], ({ response }) => {
    // Not a success, or not JSON at all: the status and json checks say so.
    if (!response.isJson || response.status >= 300) return undefined;
    const body = response.json;
    if (!isObject(body))
      return { title: 'Created pet is not an object', received: show(body), expected: 'a Pet' };
    if (typeof body.id !== 'number' && typeof body.id !== 'bigint')
      return {
        rule: 'id-assigned',
        // Says what was seen: no id at all, or one of another JSON type.
        title: !('id' in body)
          ? 'Created pet has no id'
          : `Created pet's id is ${jsonKind(body.id)}, not an integer`,
        received: show(body),
        expected: 'an integer id assigned by the server',
      };
    for (const field of FIELDS) {
      if (!(field in sent) || equalField(field, body[field], sent[field])) continue;
      return {
        title: `Created pet changed ${field}`,
        received: `${field} ${show(body[field])}${whereTextsDiffer(body[field], sent[field])}`,
        expected: `${field} ${show(sent[field])} as sent`,
      };
    }
    return undefined;
  });

/** Whether a value is exactly a known pet (same id, name, categoryId, status). */
export const isSamePet = (value: unknown, pet: Pet) =>
  isObject(value) &&
  sameInteger(value.id, pet.id) &&
  FIELDS.every((field) => equalField(field, value[field], pet[field]));

/** The body equals a known pet exactly; an id that differs only beyond 2^53 cites `id-int64`. */
export const equalsPet = (expected: Pet, rule: RuleId = 'get-found'): Check =>
  check([rule, 'id-int64'], ({ response }) => {
    if (response.status !== 200) return undefined; // the status check says what is wrong
    const body = response.json;
    if (isSamePet(body, expected)) return undefined;
    const id = isObject(body) ? body.id : undefined;
    const rounded =
      (typeof id === 'number' || typeof id === 'bigint') &&
      !sameInteger(id, expected.id) &&
      Number(id) === Number(expected.id);
    return {
      rule: rounded ? 'id-int64' : rule,
      title: rounded ? 'Pet id lost precision' : 'Pet differs from the stored one',
      received: show(body),
      expected: show(expected),
    };
  });

/**
 * The fewest items a page may hold when `matching` pets are known to exist. The interface
 * calls `limit` a maximum, so at its level a page only has to show something; full pages
 * (min(limit, matching)) are a strict-level expectation.
 */
export const pageMinimum = (matching: number, max: number, level: Level): number =>
  level === 'strict' ? Math.min(matching, max) : Math.min(matching, max, 1);

/** A page is an array of at most `max` items (`rule` says where the bound comes from). */
export const pageAtMost = (max: number, rule: RuleId): Check =>
  check(rule, ({ response }) => {
    const body = response.json;
    if (!Array.isArray(body) || body.length <= max) return undefined;
    return {
      title: 'Page larger than allowed',
      received: response.cut
        ? `${body.length} items, and more: ${response.cut}`
        : `${body.length} items`,
      expected: `at most ${max}`,
    };
  });

/** A page shows at least `min` items, the pets known to exist that it could show. */
export const pageAtLeast = (min: number, rule: RuleId): Check =>
  check(rule, ({ response }) => {
    const body = response.json;
    if (!Array.isArray(body) || body.length >= min) return undefined;
    return {
      title: 'Page smaller than the pets known to exist',
      received: `${body.length} items`,
      expected: `at least ${min} (matching pets known to exist)`,
    };
  });

/** Every item of a page has the filtered status. */
export const itemsHaveStatus = (status: string): Check =>
  check('status-filter', ({ response }) => {
    const body = response.json;
    const other = Array.isArray(body)
      ? body.find((item) => !isObject(item) || item.status !== status)
      : undefined;
    return other === undefined
      ? undefined
      : {
          title: 'Status filter not honoured',
          received: show(other),
          expected: `only ${status} pets`,
        };
  });

/** Each of our pets found on a page equals what we stored (by id). */
export const knownItemsUnchanged = (known: ReadonlyMap<string, Pet>): Check =>
  check('created-echoes', ({ response }) => {
    if (!Array.isArray(response.json)) return undefined;
    for (const item of response.json) {
      const pet = isObject(item) ? known.get(String(item.id)) : undefined;
      if (pet && !isSamePet(item, pet))
        return {
          title: 'Listed pet differs from the stored one',
          received: show(item),
          expected: show(pet),
        };
    }
    return undefined;
  });

/** The id of a created pet, as text, or undefined when the answer holds none. */
export const idOf = (exchange: Exchange) => {
  const id = (exchange.response.json as { id?: unknown } | undefined)?.id;
  return exchange.response.status === 201 && (typeof id === 'number' || typeof id === 'bigint')
    ? String(id)
    : undefined;
};

/** The created pet's id is not one an earlier creation (of this test, or of a set-up) got. */
export const newId = (earlier: ReadonlySet<string>) =>
  check('id-assigned', (exchange) => {
    const id = idOf(exchange);
    return id !== undefined && earlier.has(id)
      ? {
          title: 'Two creations got the same id',
          received: `id ${id} again`,
          expected:
            earlier.size <= 5
              ? `an id other than ${[...earlier].join(', ')}`
              : `an id none of the ${earlier.size} earlier creations got`,
        }
      : undefined;
  });
