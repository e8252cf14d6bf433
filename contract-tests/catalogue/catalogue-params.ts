/**
 * The catalogue of the operations' parameters, derived from the spec: for every typed
 * query and path parameter (integers and enums; an opaque string such as a cursor has no
 * value the suite could judge), the values of catalogue-values.ts written as text, plus
 * texts only a URL can carry, and for queries a parameter left empty, repeated or unknown.
 * The spec's validator at the run's level says whether each value is valid; a number in a
 * form other than plain digits (`1e1`, `2.0`) is left open, as URLs do not say.
 */
import { parameters, resolve } from '../../spec/document.ts';
import { documentAtLevel, type Level } from '../../spec/levels.ts';
import { specValidator } from '../../spec/validation.ts';
import type { OperationId } from '../client/http.ts';
import { enumValues, integerValues } from './catalogue-values.ts';

/** Whether a parameter value is valid at the run's level, invalid, or in a form left open. */
export type ParamVerdict = 'valid' | 'invalid' | 'open';

/** One value of one parameter (or a combination), as text, with its verdict. */
export type ParamCase = {
  operation: Exclude<OperationId, 'other'>;
  title: string;
  /** Path and query relative to the base URL. */
  path: string;
  /** The parameter's text as sent (before percent-encoding), for a single value. */
  text?: string;
  verdict: ParamVerdict;
  /** The parameters given exactly once with a valid value, by name (e.g. limit 5). */
  valid: Record<string, string>;
  /** Valid at interface level but not at strict: a decision's territory, open at interface. */
  decided?: boolean;
};

type Node = Record<string, unknown>;
const strictDocument = documentAtLevel('strict');
const CANONICAL = /^-?(0|[1-9]\d*)$/;
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Texts only a URL carries for an integer: blanks, other digits, hex, a thousand digits. */
const URL_TEXTS: [string, string][] = [
  ['letters', 'abc'],
  ['an empty value', ''],
  ['a leading space', ' 1'],
  ['a trailing space', '1 '],
  ['a plus sign', '+1'],
  ['a leading zero', '01'],
  ['Arabic-Indic digits', '\u0661\u0662'],
  ['hexadecimal', '0x10'],
  ['a thousand digits', '9'.repeat(1000)],
];

/** The verdict of one parameter text against its schema (`pointer` in the strict document) at a level. */
export function verdictOf(text: string, schema: Node, pointer: string, level: Level): ParamVerdict {
  const integer = schema.type === 'integer';
  // Another notation of a whole number (1e2, 2.0, +1, 01): whether it means the number is open.
  const notation = NUMBER.test(text.replace(/^\+/, '')) && !CANONICAL.test(text);
  if (integer && notation && Number.isInteger(Number(text))) return 'open';
  const value = integer && CANONICAL.test(text) ? BigInt(text) : text;
  const typed =
    typeof value === 'bigint' && value >= -(2n ** 53n) && value <= 2n ** 53n
      ? Number(value)
      : value;
  return specValidator(level).validate(pointer, typed).length === 0 ? 'valid' : 'invalid';
}

/** The texts to try for one parameter schema. */
function textsFor(schema: Node): [string, string][] {
  if (Array.isArray(schema.enum)) return enumValues(schema).map((v) => [v.label, String(v.value)]);
  if (schema.type !== 'integer') return [];
  const numbers = integerValues(schema)
    .filter((v) => typeof v.value !== 'string')
    .map((v): [string, string] => [v.label, v.raw ?? String(v.value)]);
  const seen = new Set<string>();
  return [...numbers, ...URL_TEXTS].filter(
    ([, text]) => !seen.has(text) && Boolean(seen.add(text)),
  );
}

const shown = (text: string) =>
  text.length > 40 ? `${text.slice(0, 12)}… (${text.length} chars)` : JSON.stringify(text);

/**
 * Every parameter case of one operation at a level: each value of each typed parameter
 * alone and, for a query, each parameter repeated, and an unknown parameter (left open:
 * the interface says nothing of either).
 */
export function paramCases(operation: Exclude<OperationId, 'other'>, level: Level): ParamCase[] {
  const cases: ParamCase[] = [];
  const path = (name: string, where: string, texts: string[]) =>
    where === 'path'
      ? `/pets/${encodeURIComponent(texts[0] ?? '')}`
      : `/pets?${texts.map((t) => `${name}=${encodeURIComponent(t)}`).join('&')}`;
  for (const parameter of parameters(operation, strictDocument)) {
    const schema = resolve(strictDocument, parameter.schema)?.node ?? {};
    const texts = textsFor(schema).filter(([, t]) => parameter.in !== 'path' || t !== '');
    for (const [label, text] of texts) {
      const verdict = verdictOf(text, schema, parameter.schema, level);
      const strict = verdictOf(text, schema, parameter.schema, 'strict');
      cases.push({
        operation,
        title: `${parameter.name}=${shown(text)} (${label})`,
        path: path(parameter.name, parameter.in, [text]),
        text,
        verdict,
        valid: verdict === 'valid' ? { [parameter.name]: text } : {},
        decided: level === 'interface' && verdict === 'valid' && strict === 'invalid',
      });
    }
    if (parameter.in !== 'query') continue;
    const valid = texts.filter(
      ([, t]) => verdictOf(t, schema, parameter.schema, level) === 'valid',
    );
    const [a, b] = valid.map(([, t]) => t).slice(-2);
    if (a === undefined || b === undefined) continue;
    for (const pair of [
      [a, b],
      [a, a],
    ])
      cases.push({
        operation,
        title: `${parameter.name} repeated: ${pair.map((t) => `${parameter.name}=${t}`).join('&')}`,
        path: path(parameter.name, 'query', pair),
        verdict: 'open',
        valid: {},
      });
  }
  if (operation === 'listPets')
    cases.push(
      { operation, title: 'no parameter at all', path: '/pets', verdict: 'valid', valid: {} },
      {
        operation,
        title: 'an unknown parameter colour=blue',
        path: '/pets?colour=blue',
        verdict: 'open',
        valid: {},
      },
    );
  return cases;
}

/**
 * The verdict of one value of a named parameter of an operation at a level, or undefined for a
 * parameter the operation does not have (a `cursor` the server added to its own link).
 */
export function paramVerdict(
  operation: Exclude<OperationId, 'other'>,
  name: string,
  text: string,
  level: Level,
): ParamVerdict | undefined {
  const parameter = parameters(operation, strictDocument).find((p) => p.name === name);
  if (parameter === undefined) return undefined;
  const schema = resolve(strictDocument, parameter.schema)?.node ?? {};
  return verdictOf(text, schema, parameter.schema, level);
}
