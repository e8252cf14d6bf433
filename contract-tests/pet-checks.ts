/**
 * Checks of what the operations return: created pets echo what was sent, fetched pets
 * equal the stored one, pages respect `limit` and `status`. Ids are compared exactly.
 */
import type { Level } from '../spec/levels.ts';
import { type Check, show } from './checks.ts';
import type { StatementId } from './statements.ts';

/** A pet as the suite knows it; ids are numbers or bigints (exact). */
export type Pet = {
  id: number | bigint;
  name: string;
  categoryId: number | bigint;
  status?: string;
};

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Exact equality of two JSON integers given as numbers or bigints. */
export const sameInteger = (a: unknown, b: unknown) =>
  (typeof a === 'number' || typeof a === 'bigint') &&
  (typeof b === 'number' || typeof b === 'bigint') &&
  String(a) === String(b);
const fail = (title: string, received: string, expected: string, statement: StatementId) => ({
  title,
  message: `Received: ${received}\nExpected: ${expected}`,
  statement,
});

/** The created pet carries an integer id and the sent fields unchanged. */
export const createdEchoes =
  (sent: Record<string, unknown>): Check =>
  ({ response }) => {
    const body = response.json;
    if (!isObject(body))
      return fail('Created pet is not an object', show(body), 'the Pet', 'created');
    if (typeof body.id !== 'number' && typeof body.id !== 'bigint')
      return fail('Created pet has no id', show(body), 'an integer id', 'idAssigned');
    for (const field of ['name', 'categoryId', 'status'] as const) {
      if (!(field in sent)) continue;
      const equal =
        field === 'categoryId'
          ? sameInteger(body[field], sent[field])
          : body[field] === sent[field];
      if (!equal)
        return fail(
          `Created pet changed ${field}`,
          `${field} ${show(body[field])}`,
          `${field} ${show(sent[field])} as sent`,
          'created',
        );
    }
    return undefined;
  };

/** Whether a value is exactly a known pet (same id, name, categoryId, status). */
export const isSamePet = (value: unknown, pet: Pet) =>
  isObject(value) &&
  sameInteger(value.id, pet.id) &&
  value.name === pet.name &&
  sameInteger(value.categoryId, pet.categoryId) &&
  value.status === pet.status;

/** The body equals a known pet exactly. */
export const equalsPet =
  (expected: Pet, statement: StatementId = 'getFound'): Check =>
  ({ response }) =>
    isSamePet(response.json, expected)
      ? undefined
      : fail('Pet differs from the stored one', show(response.json), show(expected), statement);

/**
 * The fewest items a page may hold when `matching` pets are known to exist. The interface
 * calls `limit` a maximum, so at its level a page only has to show something; full pages
 * (min(limit, matching)) are a strict-level expectation.
 */
export const pageMinimum = (matching: number, max: number, level: Level): number =>
  level === 'strict' ? Math.min(matching, max) : Math.min(matching, max, 1);

/** A page holds at most `max` items, and at least `min` (what is known to exist). */
export const pageSize =
  (min: number, max: number): Check =>
  ({ response }) => {
    const body = response.json;
    if (!Array.isArray(body))
      return fail('List is not an array', show(body), 'a JSON array', 'listResponses');
    if (body.length > max)
      return fail('Page larger than limit', `${body.length} items`, `at most ${max}`, 'listLimit');
    if (body.length < min)
      return fail(
        'Page smaller than the pets known to exist',
        `${body.length} items`,
        `at least ${min} (limit ${max}, matching pets known to exist)`,
        'listLimit',
      );
    return undefined;
  };

/** Every item of a page has the filtered status. */
export const itemsHaveStatus =
  (status: string): Check =>
  ({ response }) => {
    const body = response.json;
    if (!Array.isArray(body)) return undefined;
    const other = body.find((item) => !isObject(item) || item.status !== status);
    return other === undefined
      ? undefined
      : fail(
          'Status filter not honoured',
          show(other),
          `only pets with status ${status}`,
          'listStatus',
        );
  };

/** Each of our pets found on a page equals what we stored (by id). */
export const knownItemsUnchanged =
  (known: ReadonlyMap<string, Pet>): Check =>
  ({ response }) => {
    if (!Array.isArray(response.json)) return undefined;
    for (const item of response.json) {
      const pet = isObject(item) ? known.get(String(item.id)) : undefined;
      if (pet && !isSamePet(item, pet))
        return fail('Listed pet differs from the stored one', show(item), show(pet), 'created');
    }
    return undefined;
  };
