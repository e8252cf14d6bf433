/**
 * Pact's matching of an actual response against an interaction's expected one, as Pact's own
 * verifier judges it: the status exactly, each header the pact names, and the body by its
 * matching rules (the most specific JSONPath wins; a `type` matcher cascades to everything
 * below it; without a rule a value must equal the example, and objects may hold more keys).
 */

import { show } from '../../spec/checks/check.ts';
import type { PactMatcher, PactRuleSet } from '../../spec/pact.ts';

/** One way an actual value differs from the expected one. */
export type Mismatch = { where: string; expected: string; received: string };

type Step = string | number;
type Pattern = { key?: string; index?: number; anyKey?: true; anyIndex?: true }[];

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a JSONPath of a matching rule (`$.a[*].b`, `$['a b']`, `$.*`) into steps. */
export function parsePath(path: string): Pattern | undefined {
  const pattern: Pattern = [];
  const step = /\.(\*|[^.[\]]+)|\[(\*|\d+|'(?:[^']|\\')*'|"(?:[^"]|\\")*")\]/y;
  let at = path.startsWith('$') ? 1 : 0;
  while (at < path.length) {
    step.lastIndex = at;
    const found = step.exec(path);
    if (!found) return undefined;
    at = step.lastIndex;
    const [, dotted, bracket] = found;
    if (dotted === '*') pattern.push({ anyKey: true });
    else if (dotted !== undefined) pattern.push({ key: dotted });
    else if (bracket === '*') pattern.push({ anyIndex: true });
    else if (/^\d+$/.test(bracket ?? '')) pattern.push({ index: Number(bracket) });
    else pattern.push({ key: (bracket ?? '').slice(1, -1) });
  }
  return pattern;
}

/** How well a rule's path fits a concrete one (0: not at all); exact steps weigh more. */
function weight(pattern: Pattern, path: readonly Step[]): number {
  if (pattern.length !== path.length) return 0;
  let total = 1;
  for (const [i, p] of pattern.entries()) {
    const s = path[i];
    if (p.key !== undefined && p.key === s) total *= 2;
    else if (p.index !== undefined && p.index === s) total *= 2;
    else if ((p.anyKey && typeof s === 'string') || (p.anyIndex && typeof s === 'number'))
      total *= 1;
    else return 0;
  }
  return total;
}

const where = (path: readonly Step[]) =>
  `$${path.map((s) => (typeof s === 'number' ? `[${s}]` : /^\w+$/.test(s) ? `.${s}` : `['${s}']`)).join('')}`;

const kind = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'bigint'
        ? 'number'
        : typeof v === 'object'
          ? 'object'
          : typeof v;

const same = (a: unknown, b: unknown): boolean => {
  if (kind(a) !== kind(b)) return false;
  if (kind(a) === 'number') return String(a) === String(b);
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => same(x, (b as unknown[])[i]));
  if (isObj(a)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b as object).length &&
      keys.every((k) => same(a[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
};

/** Matches body values against rules keyed by JSONPath. */
export function matchBody(
  expected: unknown,
  actual: unknown,
  rules: Record<string, PactRuleSet>,
): Mismatch[] {
  const parsed = Object.entries(rules).flatMap(([path, set]) => {
    const pattern = parsePath(path);
    return pattern ? [{ pattern, set }] : [];
  });
  const ruleAt = (path: readonly Step[]) => {
    let best: { w: number; set: PactRuleSet } | undefined;
    for (const { pattern, set } of parsed) {
      const w = weight(pattern, path);
      if (w > 0 && (best === undefined || w > best.w)) best = { w, set };
    }
    return best?.set;
  };
  const miss = (path: readonly Step[], exp: string, act: unknown): Mismatch[] => [
    { where: where(path), expected: exp, received: act === undefined ? 'nothing' : show(act, 120) },
  ];

  const children = (exp: unknown, act: unknown, path: Step[], byType: boolean): Mismatch[] => {
    if (Array.isArray(exp) && Array.isArray(act)) {
      if (!byType && exp.length !== act.length)
        return miss(path, `a list of ${exp.length} (${show(exp, 80)})`, act);
      return act.flatMap((item, i) =>
        byType
          ? exp.length === 0
            ? []
            : // Pact compares every item of a list matched by type with its first example.
              compare(exp[0], item, [...path, i], true)
          : compare(exp[i], item, [...path, i], false),
      );
    }
    if (isObj(exp) && isObj(act))
      return Object.entries(exp).flatMap(([key, value]) =>
        key in act
          ? compare(value, act[key], [...path, key], byType)
          : miss([...path, key], `a value like ${show(value, 80)}`, undefined),
      );
    return [];
  };

  const matcher = (m: PactMatcher, exp: unknown, act: unknown, path: Step[]): Mismatch[] => {
    const text =
      typeof act === 'string' ||
      typeof act === 'number' ||
      typeof act === 'boolean' ||
      typeof act === 'bigint'
        ? String(act)
        : undefined;
    switch (m.match) {
      case 'regex':
        return text !== undefined && new RegExp(String(m.regex)).test(text)
          ? []
          : miss(path, `a value matching /${m.regex}/`, act);
      case 'equality':
        return same(exp, act) ? [] : miss(path, show(exp, 120), act);
      case 'include':
        return text?.includes(String(m.value))
          ? []
          : miss(path, `a value including ${show(m.value)}`, act);
      case 'integer':
        return Number.isInteger(act) || typeof act === 'bigint'
          ? []
          : miss(path, 'an integer', act);
      case 'decimal':
      case 'number':
        return kind(act) === 'number' ? [] : miss(path, 'a number', act);
      case 'boolean':
        return typeof act === 'boolean' ? [] : miss(path, 'true or false', act);
      case 'null':
        return act === null ? [] : miss(path, 'null', act);
      case 'date':
      case 'time':
      case 'timestamp':
      case 'datetime':
        return typeof act === 'string' ? [] : miss(path, `a ${m.match} as text`, act);
      case 'notEmpty':
        return act !== '' && !(Array.isArray(act) && act.length === 0) && act != null
          ? []
          : miss(path, 'a value that is not empty', act);
      default: {
        // type, min/max, values, eachValue, arrayContains…: the same JSON type, then what is inside.
        if (kind(exp) !== kind(act)) return miss(path, `a ${kind(exp)} like ${show(exp, 80)}`, act);
        if (Array.isArray(act)) {
          if (typeof m.min === 'number' && act.length < m.min)
            return miss(
              path,
              `a list of at least ${m.min}`,
              `a list of ${act.length}: ${show(act, 100)}`,
            );
          if (typeof m.max === 'number' && act.length > m.max)
            return miss(path, `a list of at most ${m.max}`, `a list of ${act.length}`);
        }
        if (
          m.match === 'values' ||
          m.match === 'eachKey' ||
          m.match === 'eachValue' ||
          m.match === 'arrayContains'
        )
          return [];
        return children(exp, act, path, true);
      }
    }
  };

  function compare(exp: unknown, act: unknown, path: Step[], byType: boolean): Mismatch[] {
    const set = ruleAt(path);
    if (set) {
      const results = set.matchers.map((m) => matcher(m, exp, act, path));
      if (set.combine === 'OR')
        return results.some((r) => r.length === 0) ? [] : (results[0] ?? []);
      return results.flat();
    }
    if (byType) {
      if (kind(exp) !== kind(act)) return miss(path, `a ${kind(exp)} like ${show(exp, 80)}`, act);
      return children(exp, act, path, true);
    }
    if (isObj(exp) || Array.isArray(exp))
      return kind(exp) === kind(act)
        ? children(exp, act, path, false)
        : miss(path, show(exp, 120), act);
    return same(exp, act) ? [] : miss(path, show(exp, 120), act);
  }

  return compare(expected, actual, [], false);
}

/** A media type's parts: its type in lower case and its parameters. */
const mediaType = (value: string) => {
  const [type = '', ...params] = value.split(';').map((p) => p.trim());
  return {
    type: type.toLowerCase(),
    params: params.map((p) => p.toLowerCase().replace(/\s/g, '')),
  };
};

/** Matches the headers the pact names (by rule, or as values; Content-Type as a media type). */
export function matchHeaders(
  expected: Record<string, string>,
  actual: Record<string, string>,
  rules: Record<string, PactRuleSet>,
): Mismatch[] {
  const lower = (record: Record<string, unknown>) =>
    new Map(Object.entries(record).map(([k, v]) => [k.toLowerCase(), v]));
  const got = lower(actual);
  const byName = lower(rules) as Map<string, PactRuleSet>;
  return Object.entries(expected).flatMap(([name, value]): Mismatch[] => {
    const received = got.get(name.toLowerCase()) as string | undefined;
    const at = `header ${name}`;
    if (received === undefined)
      return [{ where: at, expected: show(value), received: 'no such header' }];
    const set = byName.get(name.toLowerCase());
    if (set) {
      const found = matchBody(value, received, { $: set });
      return found.map((m) => ({ ...m, where: at }));
    }
    if (name.toLowerCase() === 'content-type') {
      const [e, r] = [mediaType(value), mediaType(received)];
      return e.type === r.type && e.params.every((p) => r.params.includes(p))
        ? []
        : [{ where: at, expected: show(value), received: show(received) }];
    }
    const list = (v: string) =>
      v
        .split(',')
        .map((p) => p.trim())
        .join(',');
    return list(value) === list(received)
      ? []
      : [{ where: at, expected: show(value), received: show(received) }];
  });
}
