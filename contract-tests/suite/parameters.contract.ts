/**
 * Every value of every typed parameter, from the catalogue derived from the spec
 * (catalogue-params.ts), at every level: a valid value is served as the interface says;
 * an invalid one is refused with 400 where the level documents it, and elsewhere (a gap
 * of the interface, whose other error statuses are "not shown") either refused with a
 * client error other than 401 in the Error shape, or served with a conforming body that
 * still keeps the page at most 100 pets; a form left open may get either. Never a 5xx,
 * never a 401 for the valid key, never more pets than allowed.
 */
import { beforeAll, describe, it } from 'vitest';
import { check, isObject, type RuleId, sameInteger, show } from '../../spec/checks/check.ts';
import { namesTheAnimal } from '../../spec/checks/id-readings.ts';
import { itemsHaveStatus, pageAtMost } from '../../spec/checks/pet-checks.ts';
import { statusInOrRefused } from '../../spec/checks/status-checks.ts';
import { LIMIT } from '../../spec/constants.ts';
import { type ParamCase, paramCases } from '../catalogue/catalogue-params.ts';
import { bearer } from '../client/http.ts';
import { ensurePetsBeyond } from '../harness/fixtures.ts';
import { client, options, spec, verify, verifyAllowing } from '../harness/harness.ts';

/** A petId in plain decimal digits: the one form whose number every reader agrees on. */
const CANONICAL_ID = /^-?(0|[1-9]\d*)$/;

/** A pet answered for a well-formed id carries that id. */
const idIs = (text: string) =>
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

/**
 * The statuses a case may get at this level, and the rule it cites otherwise; `refusable`
 * where the interface leaves the answer open, so any other client error refuses it too.
 */
function allowed(c: ParamCase): { statuses: number[]; rule: RuleId; refusable?: boolean } {
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
function pageChecks(c: ParamCase) {
  const limit = c.valid.limit;
  const limited = /[?&]limit=/.test(c.path);
  const bound = limit
    ? pageAtMost(Number(limit), 'limit-max')
    : limited
      ? pageAtMost(LIMIT.max, 'page-size-max')
      : pageAtMost(LIMIT.default, 'limit-default');
  return [bound, ...(c.valid.status ? [itemsHaveStatus(c.valid.status)] : [])];
}

/** The answers a case accepts, in words: its test's name says what passes it. */
function accepted(c: ParamCase): string {
  const { statuses, refusable } = allowed(c);
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

const title = (c: ParamCase) => `${c.operation} ${c.title}: ${accepted(c)}`;

describe.concurrent('parameters', () => {
  // Enough pets that a page ignoring its limit shows more than 100 (the server may hold fewer).
  beforeAll(async () => {
    if (!options.readOnly) await ensurePetsBeyond(LIMIT.max, 'params');
  });

  const cases = [...paramCases('listPets', options.level), ...paramCases('getPet', options.level)];
  it.each(cases.map((c) => [title(c), c] as const))('%s', async (_title, c) => {
    const exchange = await client.send({
      operation: c.operation,
      method: 'GET',
      path: c.path,
      headers: bearer(options.apiKey),
    });
    const { statuses, rule, refusable } = allowed(c);
    const served =
      c.operation === 'listPets'
        ? pageChecks(c)
        : c.text !== undefined && !CANONICAL_ID.test(c.text)
          ? [namesTheAnimal(c.text)]
          : c.valid.petId
            ? [idIs(c.valid.petId)]
            : [];
    const why = `for ${c.title}`;
    if (refusable) verify(exchange, statusInOrRefused(statuses, rule, why), ...served);
    else verifyAllowing(exchange, statuses, rule, why, ...served);
  });
});
