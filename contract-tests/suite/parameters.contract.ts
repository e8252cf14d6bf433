/**
 * Every value of every typed parameter, from the catalogue derived from the spec
 * (catalogue-params.ts), at every level: a valid value is served as the interface says;
 * an invalid one is refused with 400 where the level documents it, and elsewhere (a gap
 * of the interface, whose other error statuses are "not shown") either refused with a
 * client error other than 401 in the Error shape, or served with a conforming body that
 * still keeps the page at most 100 pets; a form left open may get either. Never a 5xx,
 * never a 401 for the valid key, never more pets than allowed (param-judgement.ts).
 */
import { beforeAll, describe, it } from 'vitest';
import { statusInOrRefused } from '../../spec/checks/status-checks.ts';
import { LIMIT } from '../../spec/constants.ts';
import { type ParamCase, paramCases } from '../catalogue/catalogue-params.ts';
import { accepted, allowed, servedChecks } from '../catalogue/param-judgement.ts';
import { bearer } from '../client/http.ts';
import { ensurePetsBeyond } from '../harness/fixtures.ts';
import { client, options, spec, verify, verifyAllowing } from '../harness/harness.ts';

const title = (c: ParamCase) => `${c.operation} ${c.title}: ${accepted(c, spec)}`;

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
    const { statuses, rule, refusable } = allowed(c, spec);
    const why = `for ${c.title}`;
    if (refusable) verify(exchange, statusInOrRefused(statuses, rule, why), ...servedChecks(c));
    else verifyAllowing(exchange, statuses, rule, why, ...servedChecks(c));
  });
});
