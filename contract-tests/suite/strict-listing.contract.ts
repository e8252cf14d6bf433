/**
 * Strict level, listing decisions: limit and status validation, ascending ids, the
 * Link rel="next" walk (no duplicates, no omissions, no Link on the last page),
 * unusable cursors and unknown query parameters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { statusIn } from '../checks.ts';
import { createOrStop, listPets, newPet, STATUSES } from '../fixtures.ts';
import { client, options, verify, verifyOrStop } from '../harness.ts';
import type { Exchange } from '../http.ts';
import { pageSize } from '../pet-checks.ts';
import { ascendingIds, errorCode, headerAbsent } from '../strict-checks.ts';

const ours: string[] = [];
// A bound on the walk, so that a server holding very many pets still ends the run.
const MAX_PAGES = 400;

beforeAll(async () => {
  if (options.level !== 'strict' || options.readOnly) return;
  for (let i = 0; i < 7; i++)
    ours.push(String((await createOrStop(newPet('walk', STATUSES[i % 3]))).id));
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
        statusIn([400], 'limitRejected', 'for an invalid limit'),
        errorCode('validation_failed', 'limitRejected'),
      );
    },
  );

  it.each(['lost', 'AVAILABLE', ''])('rejects status=%s with 400', async (status) => {
    verify(
      await listPets(`status=${status}`),
      statusIn([400], 'statusRejected', 'for an unknown status'),
      errorCode('validation_failed', 'statusRejected'),
    );
  });

  it.each(['!!!', 'not-a-cursor', 'x'.repeat(300)])(
    'rejects the unusable cursor %s with 400',
    async (cursor) => {
      verify(
        await listPets(`cursor=${cursor}`),
        statusIn([400], 'linkNext', 'for an unusable cursor'),
      );
    },
  );

  it('ignores unknown query parameters', async () => {
    verify(
      await listPets('limit=2&colour=blue'),
      statusIn([200], 'unknownQuery', 'with an unknown parameter'),
      pageSize(0, 2),
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
          statusIn([200], 'linkNext', 'for a page'),
          pageSize(0, limit),
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
        expect.soft(url.protocol, 'Link rel="next" must be an absolute URL').toMatch(/^https?:$/);
        expect
          .soft(url.searchParams.get('limit'), 'Link rel="next" repeats limit')
          .toBe(String(limit));
        expect
          .soft(url.searchParams.get('status'), 'Link rel="next" repeats status')
          .toBe(status ?? null);
        expect.soft(url.searchParams.get('cursor'), 'Link rel="next" adds a cursor').toBeTruthy();
        verify(exchange, pageSize(limit, limit));
        const path = `${url.pathname.replace(/^.*\/v1/, '')}${url.search}`;
        exchange = await client.send({ ...exchange.request, path });
      }
      if (!complete) return; // too many pets to walk here; the pages seen were checked
      verify(exchange, headerAbsent('link', 'linkNext'));
      const ascending = seen.every((id, i) => i === 0 || id > (seen[i - 1] as bigint));
      expect(ascending, `ids across pages are ascending and unique: ${seen.join(', ')}`).toBe(true);
      const walked = new Set(seen.map(String));
      const expected = status ? ours.filter((_, i) => STATUSES[i % 3] === status) : ours;
      expect(
        expected.filter((id) => !walked.has(id)),
        'pets of this run missing from the walk',
      ).toEqual([]);
    });
  }
});
