/**
 * Strict level, listing decisions: limit and status validation, ascending ids, the
 * Link rel="next" walk (no duplicates, no omissions, no Link on the last page),
 * unusable cursors and unknown query parameters.
 */
import { beforeAll, describe, it } from 'vitest';
import { check } from '../../spec/checks/check.ts';
import { statusIn } from '../../spec/checks/checks.ts';
import { pageAtLeast, pageAtMost } from '../../spec/checks/pet-checks.ts';
import { ascendingIds, errorCode, headerAbsent } from '../../spec/checks/strict-checks.ts';
import type { Exchange } from '../client/http.ts';
import { createOrStop, listPets, newPet, STATUSES } from '../harness/fixtures.ts';
import { client, options, verify, verifyOrStop } from '../harness/harness.ts';

const ours: string[] = [];
// A bound on the walk, so that a server holding very many pets still ends the run.
const MAX_PAGES = 400;

beforeAll(async () => {
  if (options.level !== 'strict' || options.readOnly) return;
  for (let i = 0; i < 7; i++)
    ours.push(String((await createOrStop(newPet('walk', STATUSES[i % 3]))).id));
});

/** The Link rel="next" URL is absolute, repeats `limit` and `status`, and adds a cursor. */
const nextLinkRepeats = (limit: number, status: string | undefined) =>
  check('pagination-link', (exchange) => {
    const url = new URL(nextLink(exchange) ?? '', 'relative:/');
    const ok =
      /^https?:$/.test(url.protocol) &&
      url.searchParams.get('limit') === String(limit) &&
      url.searchParams.get('status') === (status ?? null) &&
      Boolean(url.searchParams.get('cursor'));
    return ok
      ? undefined
      : {
          title: 'Link rel="next" does not continue the same listing',
          received: `link: ${exchange.response.headers.link}`,
          expected: `an absolute URL with limit=${limit}${status ? `, status=${status}` : ''} and a cursor`,
        };
  });

/** The ids of a whole walk are ascending and unique. */
const walkAscending = (seen: readonly bigint[]) =>
  check('list-order', () => {
    const at = seen.findIndex((id, i) => i > 0 && id <= (seen[i - 1] as bigint));
    return at === -1
      ? undefined
      : {
          title: 'Ids across pages not ascending',
          received: `id ${seen[at]} after ${seen[at - 1]}`,
          expected: 'ascending, unique ids',
        };
  });

/** A whole walk holds every pet of this run it should. */
const walkComplete = (seen: readonly bigint[], expected: readonly string[]) =>
  check('pagination-link', () => {
    const walked = new Set(seen.map(String));
    const missing = expected.filter((id) => !walked.has(id));
    return missing.length === 0
      ? undefined
      : {
          title: 'Pets missing from the pages',
          received: `ids ${missing.join(', ')} on no page`,
          expected: 'every pet of this run on some page',
        };
  });

/** The next page's path (relative to the base URL) from a Link rel="next" header, if any. */
const nextLink = (exchange: Exchange) =>
  /<([^>]+)>;\s*rel="next"/.exec(exchange.response.headers.link ?? '')?.[1];

describe.runIf(options.level === 'strict')('strict: listPets decisions', () => {
  it.each(['0', '101', '-1', '1.5', 'abc', ''])(
    'rejects limit=%s with validation_failed',
    async (limit) => {
      verify(
        await listPets(`limit=${limit}`),
        statusIn([400], 'list-400', 'for an invalid limit'),
        errorCode('validation_failed', 'list-400'),
      );
    },
  );

  it.each(['lost', 'AVAILABLE', ''])('rejects status=%s with 400', async (status) => {
    verify(
      await listPets(`status=${status}`),
      statusIn([400], 'list-400', 'for an unknown status'),
      errorCode('validation_failed', 'list-400'),
    );
  });

  it.each(['!!!', 'not-a-cursor', 'x'.repeat(300)])(
    'rejects the unusable cursor %s with 400',
    async (cursor) => {
      verify(
        await listPets(`cursor=${cursor}`),
        statusIn([400], 'pagination-cursor', 'for an unusable cursor'),
      );
    },
  );

  it('ignores unknown query parameters', async () => {
    verify(
      await listPets('limit=2&colour=blue'),
      statusIn([200], 'unknown-query-ignored', 'with an unknown parameter'),
      pageAtMost(2, 'limit-max'),
      ascendingIds,
    );
  });

  for (const status of [undefined, 'pending'] as const) {
    it(`walks every page of status=${status ?? '(any)'} by Link rel="next": ascending, no duplicate, none missing`, async () => {
      const limit = 7;
      const query = `limit=${limit}${status ? `&status=${status}` : ''}`;
      let exchange = await listPets(query);
      const seen: bigint[] = [];
      let complete = false;
      for (let page = 0; page < MAX_PAGES; page++) {
        verifyOrStop(
          exchange,
          statusIn([200], 'pagination-link', 'for a page'),
          pageAtMost(limit, 'limit-max'),
          ascendingIds,
        );
        const items = exchange.response.json as { id: number | bigint; status?: string }[];
        seen.push(...items.map((p) => BigInt(p.id)));
        const next = nextLink(exchange);
        if (!next) {
          complete = true;
          break;
        }
        const url = new URL(next);
        verify(exchange, nextLinkRepeats(limit, status));
        verify(exchange, pageAtLeast(limit, 'pagination-link'));
        const path = `${url.pathname.replace(/^.*\/v1/, '')}${url.search}`;
        exchange = await client.send({ ...exchange.request, path });
      }
      if (!complete) return; // too many pets to walk here; the pages seen were checked
      verify(exchange, headerAbsent('link', 'pagination-link'));
      const expected = status ? ours.filter((_, i) => STATUSES[i % 3] === status) : ours;
      verify(exchange, walkAscending(seen), walkComplete(seen, expected));
    });
  }
});
