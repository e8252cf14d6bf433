/**
 * Checks of the decisions observable over HTTP (the spec's `x-decision`s), used only at
 * strict level: error codes, messages, headers, ordering.
 */
import { type Check, check, type RuleId, show } from './check.ts';

/** The Error body carries this code. */
export const errorCode = (code: string, rule: RuleId): Check =>
  check(rule, ({ response }) => {
    const body = response.json as { code?: unknown } | undefined;
    return body?.code === code
      ? undefined
      : {
          title: `Error code is not ${code}`,
          received: `code ${show(body?.code)}`,
          expected: `code "${code}"`,
        };
  });

/** The Error message mentions a word (the field or property at fault). */
export const messageNames = (word: string, rule: RuleId = 'messages-name-the-field'): Check =>
  check(rule, ({ response }) => {
    const message = (response.json as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message.includes(word)
      ? undefined
      : {
          title: `Error message does not name ${word}`,
          received: show(message),
          expected: `a message naming "${word}"`,
        };
  });

/** A header is present and equal to a value (or matches a pattern). */
export const headerIs = (name: string, expected: string | RegExp, rule: RuleId): Check =>
  check(rule, ({ response }) => {
    const value = response.headers[name];
    const ok =
      value !== undefined &&
      (typeof expected === 'string' ? value === expected : expected.test(value));
    return ok
      ? undefined
      : {
          title: `Header ${name} is missing or wrong`,
          received: `${name}: ${value ?? '(absent)'}`,
          expected: `${name}: ${String(expected)}`,
        };
  });

/** A header is absent. */
export const headerAbsent = (name: string, rule: RuleId): Check =>
  check(rule, ({ response }) =>
    response.headers[name] === undefined
      ? undefined
      : {
          title: `Unexpected header ${name}`,
          received: `${name}: ${response.headers[name]}`,
          expected: `no ${name} header`,
        },
  );

/** A comma-separated header lists every one of the given items (case-insensitively). */
export const headerLists = (name: string, items: readonly string[], rule: RuleId): Check =>
  check(rule, ({ response }) => {
    const listed = (response.headers[name] ?? '').split(',').map((s) => s.trim().toLowerCase());
    const missing = items.filter((item) => !listed.includes(item.toLowerCase()));
    return missing.length === 0
      ? undefined
      : {
          title: `Header ${name} lacks ${missing.join(', ')}`,
          received: `${name}: ${response.headers[name] ?? '(absent)'}`,
          expected: `${name} listing ${items.join(', ')}`,
        };
  });

/** The items of a page are in strictly ascending id order. */
export const ascendingIds: Check = check('list-order', ({ response }) => {
  const ids = Array.isArray(response.json)
    ? response.json.map((p) => BigInt((p as { id: number | bigint }).id))
    : [];
  const at = ids.findIndex((id, i) => i > 0 && id <= (ids[i - 1] as bigint));
  return at === -1
    ? undefined
    : {
        title: 'Pets not in ascending id order',
        received: `id ${ids[at]} after ${ids[at - 1]}`,
        expected: 'ascending ids',
      };
});

/** An id is above the previous one (ids are assigned in increasing order). */
export const idAbove = (previous: bigint): Check =>
  check('ids-increasing', ({ response }) => {
    const id = BigInt((response.json as { id: number | bigint }).id);
    return id > previous
      ? undefined
      : { title: 'Ids not increasing', received: String(id), expected: `an id above ${previous}` };
  });
