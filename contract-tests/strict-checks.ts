/**
 * Checks of the decisions (DECISIONS.md) that are observable over HTTP, used only at
 * strict level: error codes, headers, ordering.
 */
import { type Check, show } from './checks.ts';
import type { StatementId } from './statements.ts';

const fail = (title: string, received: string, expected: string, statement: StatementId) => ({
  title,
  message: `Received: ${received}\nExpected: ${expected}`,
  statement,
});

/** The Error body carries this code. */
export const errorCode =
  (code: string, statement: StatementId): Check =>
  ({ response }) => {
    const body = response.json as { code?: unknown } | undefined;
    return body?.code === code
      ? undefined
      : fail(`Error code is not ${code}`, `code ${show(body?.code)}`, `code "${code}"`, statement);
  };

/** The Error message mentions a word (the field or property at fault). */
export const messageNames =
  (word: string, statement: StatementId): Check =>
  ({ response }) => {
    const message = (response.json as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message.includes(word)
      ? undefined
      : fail(
          `Error message does not name ${word}`,
          show(message),
          `a message naming "${word}"`,
          statement,
        );
  };

/** A header is present and equal to a value (or matches a pattern). */
export const headerIs =
  (name: string, expected: string | RegExp, statement: StatementId): Check =>
  ({ response }) => {
    const value = response.headers[name];
    const ok =
      value !== undefined &&
      (typeof expected === 'string' ? value === expected : expected.test(value));
    return ok
      ? undefined
      : fail(
          `Header ${name} is missing or wrong`,
          `${name}: ${value ?? '(absent)'}`,
          `${name}: ${String(expected)}`,
          statement,
        );
  };

/** A header is absent. */
export const headerAbsent =
  (name: string, statement: StatementId): Check =>
  ({ response }) =>
    response.headers[name] === undefined
      ? undefined
      : fail(
          `Unexpected header ${name}`,
          `${name}: ${response.headers[name]}`,
          `no ${name} header`,
          statement,
        );

/** A comma-separated header lists every one of the given items (case-insensitively). */
export const headerLists =
  (name: string, items: readonly string[], statement: StatementId): Check =>
  ({ response }) => {
    const listed = (response.headers[name] ?? '').split(',').map((s) => s.trim().toLowerCase());
    const missing = items.filter((item) => !listed.includes(item.toLowerCase()));
    return missing.length === 0
      ? undefined
      : fail(
          `Header ${name} lacks ${missing.join(', ')}`,
          `${name}: ${response.headers[name] ?? '(absent)'}`,
          `${name} listing ${items.join(', ')}`,
          statement,
        );
  };

/** The items of a page are in strictly ascending id order. */
export const ascendingIds: Check = ({ response }) => {
  const ids = Array.isArray(response.json)
    ? response.json.map((p) => BigInt((p as { id: number | bigint }).id))
    : [];
  const at = ids.findIndex((id, i) => i > 0 && id <= (ids[i - 1] as bigint));
  return at === -1
    ? undefined
    : fail(
        'Pets not in ascending id order',
        `id ${ids[at]} after ${ids[at - 1]}`,
        'ascending ids',
        'order',
      );
};
