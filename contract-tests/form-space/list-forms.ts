/**
 * The forms of a listPets request: each value of `limit` and `status` the parameter catalogue
 * derives from the spec (catalogue-params.ts), and none, combined, in either order. A
 * combination's verdict is its parameters' together: valid when all are, invalid when one is,
 * open otherwise; a served page keeps to the valid limit and filter it carries.
 */
import type { Level } from '../../spec/levels.ts';
import {
  type ParamCase,
  type ParamVerdict,
  paramCases,
  paramVerdict,
} from '../catalogue/catalogue-params.ts';

/** One value of a list parameter (`text` undefined: the parameter left out). */
export type ListChoice = {
  name: 'limit' | 'status' | 'order';
  label: string;
  text?: string;
  verdict: ParamVerdict;
  decided?: boolean;
};

/** The values of `name` the catalogue has for listPets at `level`, and none. */
function choicesOf(name: 'limit' | 'status', level: Level): ListChoice[] {
  const cases = paramCases('listPets', level).filter(
    (c) => c.text !== undefined && c.path.startsWith(`/pets?${name}=`),
  );
  return [
    { name, label: `no ${name}`, verdict: 'valid' },
    ...cases.map((c) => ({
      name,
      label: c.title,
      text: c.text,
      verdict: c.verdict,
      ...(c.decided ? { decided: true } : {}),
    })),
  ];
}

/** The order of the two parameters when both are sent (a server reading only the first shows). */
const ORDERS: ListChoice[] = [
  { name: 'order', label: 'limit first', verdict: 'valid' },
  { name: 'order', label: 'status first', verdict: 'valid' },
];

/** The dimensions of a listPets request's query: limit, status, their order. */
export const listDimensions = (level: Level): ListChoice[][] => [
  choicesOf('limit', level),
  choicesOf('status', level),
  ORDERS,
];

/** The verdict of parameters together: invalid if one is, open if one is, else valid. */
const together = (verdicts: readonly ParamVerdict[]): ParamVerdict =>
  verdicts.includes('invalid') ? 'invalid' : verdicts.includes('open') ? 'open' : 'valid';

/** The query a combination writes (without `?`), in its order. */
export function listQuery([limit, status, order]: readonly ListChoice[]): string {
  const parts = [limit, status]
    .filter((c): c is ListChoice => c?.text !== undefined)
    .map((c) => `${c.name}=${encodeURIComponent(c.text as string)}`);
  return order?.label === 'status first' ? parts.reverse().join('&') : parts.join('&');
}

/** A combination as a parameter case of the catalogue, judged as one (param-judgement.ts). */
export function listCase(choices: readonly ListChoice[]): ParamCase {
  const sent = choices.filter((c) => c.name !== 'order' && c.text !== undefined);
  const query = listQuery(choices);
  return {
    operation: 'listPets',
    title: sent.length === 0 ? 'no parameter' : sent.map((c) => c.label).join(' with '),
    path: `/pets${query ? `?${query}` : ''}`,
    verdict: together(sent.map((c) => c.verdict)),
    valid: Object.fromEntries(
      sent.filter((c) => c.verdict === 'valid').map((c) => [c.name, c.text as string]),
    ),
    ...(sent.some((c) => c.decided) ? { decided: true } : {}),
  };
}

/** The key of a combination, for a sample without repeats: the order counts only with both. */
export const listKey = (choices: readonly ListChoice[]): string => listQuery(choices);

/**
 * A list request's query as a parameter case, as a server's own link writes it: each of
 * `limit` and `status` sent once with a valid value counts (twice, or invalid: it bounds the
 * page by the maximum, filters nothing); other parameters (a cursor) are the server's own.
 */
export function caseOfQuery(path: string, query: URLSearchParams, level: Level): ParamCase {
  const valid: Record<string, string> = {};
  for (const name of ['limit', 'status'] as const) {
    const values = query.getAll(name);
    const [text] = values;
    if (
      values.length === 1 &&
      text !== undefined &&
      paramVerdict('listPets', name, text, level) === 'valid'
    )
      valid[name] = text;
  }
  return { operation: 'listPets', title: `the page at ${path}`, path, verdict: 'open', valid };
}
