/**
 * What a parameter case of the catalogue (catalogue-params.ts) must get, at the run's level:
 * the statuses allowed and the rule cited otherwise, and what a served answer must hold (a
 * page within its bounds and filter, the animal the id names). parameters.contract.ts judges
 * the catalogue's single values by it, and the request-form space (form-space/) every
 * combination and path form it sends.
 */
import {
  type Check,
  check,
  isObject,
  type RuleId,
  sameInteger,
  show,
} from '../../spec/checks/check.ts';
import { namesTheAnimal } from '../../spec/checks/id-readings.ts';
import { itemsHaveStatus, pageAtMost } from '../../spec/checks/pet-checks.ts';
import type { ContractSpec } from '../../spec/checks/spec-model.ts';
import { LIMIT } from '../../spec/constants.ts';
import type { ParamCase } from './catalogue-params.ts';

/** A petId in plain decimal digits: the one form whose number every reader agrees on. */
export const CANONICAL_ID = /^-?(0|[1-9]\d*)$/;

/** A pet answered for a well-formed id carries that id. */
export const idIs = (text: string) =>
  check('get-found', ({ response }) => {
    const body = response.json;
    if (response.status !== 200 || (isObject(body) && sameInteger(body.id, BigInt(text))))
      return undefined;
    return {
      title: 'Another pet than the one asked for',
      received: show(body),
      expected: `the pet with id ${text}`,
    };
  });

/** The statuses a case may get, the rule cited otherwise, and whether any other refusal (4xx) passes too. */
export type Allowed = { statuses: number[]; rule: RuleId; refusable?: boolean };

/**
 * The statuses a case may get at this level, and the rule it cites otherwise; `refusable`
 * where the interface leaves the answer open, so any other client error refuses it too.
 */
export function allowed(c: ParamCase, spec: ContractSpec): Allowed {
  const refuses = spec.responses(c.operation)['400'] !== undefined;
  if (c.operation === 'listPets') {
    if (c.verdict === 'valid') return { statuses: [200], rule: 'list-responses' };
    if (c.verdict === 'invalid' && refuses) return { statuses: [400], rule: 'list-400' };
    return { statuses: [200, 400], rule: 'list-responses', refusable: true };
  }
  // Text that is not plain decimal digits: how it is read is the server's (id-readings.ts),
  // unless the level documents a 400 for it.
  const plain = c.text !== undefined && CANONICAL_ID.test(c.text);
  if (!plain && !(c.verdict === 'invalid' && refuses))
    return { statuses: [200, 400, 404], rule: 'get-404', refusable: true };
  if (c.verdict === 'valid')
    return c.decided
      ? { statuses: [200, 400, 404], rule: 'get-responses', refusable: true }
      : { statuses: [200, 404], rule: 'get-404' };
  if (c.verdict === 'invalid' && refuses) {
    const valid = c.title.match(/^petId="(-?\d+)"/)?.[1];
    return { statuses: [400], rule: valid && BigInt(valid) < 1n ? 'pet-id-positive' : 'get-400' };
  }
  return {
    statuses: c.verdict === 'open' ? [200, 400, 404] : [400, 404],
    rule: 'get-404',
    refusable: true,
  };
}

/** The checks of a page: at most the valid limit (20 without one, 100 for any other), the filter. */
export function pageChecks(c: Pick<ParamCase, 'path' | 'valid'>): Check[] {
  const limit = c.valid.limit;
  const limited = /[?&]limit=/.test(c.path);
  const bound = limit
    ? pageAtMost(Number(limit), 'limit-max')
    : limited
      ? pageAtMost(LIMIT.max, 'page-size-max')
      : pageAtMost(LIMIT.default, 'limit-default');
  return [bound, ...(c.valid.status ? [itemsHaveStatus(c.valid.status)] : [])];
}

/** What a served answer to a case must hold: a page's bounds and filter, or the animal its id names. */
export function servedChecks(c: ParamCase): Check[] {
  if (c.operation === 'listPets') return pageChecks(c);
  if (c.text !== undefined && !CANONICAL_ID.test(c.text)) return [namesTheAnimal(c.text)];
  return c.valid.petId ? [idIs(c.valid.petId)] : [];
}

/** The answers a case accepts, in words: its test's name says what passes it. */
export function accepted(c: ParamCase, spec: ContractSpec): string {
  const { statuses, refusable } = allowed(c, spec);
  const readsText = c.operation === 'getPet' && c.text !== undefined && !CANONICAL_ID.test(c.text);
  const answers = [
    ...(statuses.includes(200) ? [readsText ? 'read as a number it names' : 'served'] : []),
    ...(refusable ? ['refused with a 4xx'] : statuses.includes(400) ? ['refused with 400'] : []),
    ...(statuses.includes(404) ? ['404'] : []),
  ];
  return answers.length < 2
    ? (answers[0] ?? '')
    : `${answers.slice(0, -1).join(', ')} or ${answers.at(-1)}`;
}
