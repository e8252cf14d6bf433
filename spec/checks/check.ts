/**
 * What a contract check is: a small pure function over one exchange that returns nothing
 * when it conforms, or a failure naming the rule of spec/openapi.yaml it breaks (by its
 * stable id), a title, and `Received: … / Expected: …`, the way Schemathesis's checks do.
 */

import type { RuleId } from './cited-rules.ts';
import type { Exchange } from './exchange.ts';

export type { RuleId } from './cited-rules.ts';

/** A broken rule: its id, a title, and `Received: …\nExpected: …`. */
export type Failure = { rule: RuleId; title: string; message: string };

/**
 * A check of one exchange, carrying the rules it judges (usually one). Called, it gives its
 * first failure; `all`, where a check can break several rules at once (a body against its
 * schema), gives one failure per rule broken.
 */
export type Check = ((exchange: Exchange) => Failure | undefined) & {
  readonly rules: readonly RuleId[];
  readonly all?: (exchange: Exchange) => Failure[];
};

/** Every failure of a check on an exchange: one per rule it breaks. */
export const failuresOf = (judge: Check, exchange: Exchange): Failure[] => {
  if (judge.all) return judge.all(exchange);
  const failure = judge(exchange);
  return failure ? [failure] : [];
};

/** What a judge returns when the exchange breaks its rule. */
export type Verdict = { title: string; received: string; expected: string; rule?: RuleId };

/** Builds a failure for `rule`. */
export const fail = (rule: RuleId, title: string, received: string, expected: string): Failure => ({
  rule,
  title,
  message: `Received: ${received}\nExpected: ${expected}`,
});

/**
 * Makes a check of `rules` (the first is cited unless the verdict names another of them)
 * from a judge that returns a verdict when the exchange breaks it.
 */
export function check(
  rules: RuleId | readonly RuleId[],
  judge: (exchange: Exchange) => Verdict | undefined,
): Check {
  const list = typeof rules === 'string' ? [rules] : rules;
  const first = list[0];
  if (first === undefined) throw new Error('a check judges at least one rule');
  const run = (exchange: Exchange): Failure | undefined => {
    const verdict = judge(exchange);
    return (
      verdict && fail(verdict.rule ?? first, verdict.title, verdict.received, verdict.expected)
    );
  };
  return Object.assign(run, { rules: list });
}

/** Shows a value briefly: JSON, bigints as their digits, long texts cut at 200 characters. */
export const show = (value: unknown, max = 200): string => {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `<<${v}>>` : v));
  const plain = text === undefined ? String(value) : text.replace(/"<<(-?\d+)>>"/g, '$1');
  return plain.length > max ? `${plain.slice(0, max)}… (${plain.length} chars)` : plain;
};

type Obj = Record<string, unknown>;

/** Whether a value is a plain JSON object. */
export const isObject = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Exact equality of two JSON integers given as numbers or bigints. */
export const sameInteger = (a: unknown, b: unknown) =>
  (typeof a === 'number' || typeof a === 'bigint') &&
  (typeof b === 'number' || typeof b === 'bigint') &&
  String(a) === String(b);

/** The `Received: …` and `Expected: …` of a failure's message, apart (the reverse of `fail`). */
export const receivedAndExpected = (message: string) => {
  const [got = '', want = ''] = message.split('\nExpected: ');
  return { received: got.replace(/^Received: /, ''), expected: want };
};
