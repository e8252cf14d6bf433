/**
 * A whole list, as a client reads it: one answer (pagination `none`) or every page by
 * RFC 8288 `Link: <…>; rel="next"` (pagination `link`), each page checked as it comes.
 */

import type { Profile } from '../../spec/profile.ts';
import type { Check } from '../checks/check.ts';
import { check } from '../checks/check.ts';
import { linkTarget } from '../checks/link-header.ts';
import { type Pet, pageAtMost } from '../checks/pet-checks.ts';
import { statusIn } from '../checks/status-checks.ts';
import type { Exchange } from '../client/http.ts';
import { listPets } from './fixtures.ts';
import { client, options, verify } from './harness.ts';

/** The largest page a client asks for, and the most pages one walk follows. */
export const PAGE = 100;
const MAX_PAGES = 30;

/** What a walk saw: every animal in order, whether it reached the end, and its last page. */
export type Walk = { items: Pet[]; complete: boolean; pages: number; last: Exchange };

const nextOf = (exchange: Exchange) => linkTarget(exchange.response.headers.link, 'next');

/** A next link stays under the base URL (relative links resolve against the page's URL). */
const nextInBase = (next: string) =>
  check('declared-pagination', (exchange) => {
    const url = new URL(next, exchange.url);
    return url.href.startsWith(`${options.baseUrl}/`)
      ? undefined
      : {
          title: 'Link rel="next" leaves the API',
          received: `link: ${exchange.response.headers.link}`,
          expected: `a next page under ${options.baseUrl}`,
        };
  });

/**
 * Reads the list for `query` (e.g. `status=sold`) as the profile's pagination says; a page
 * that breaks a rule ends the walk, reported, as an incomplete one.
 */
export async function walkList(
  query: string,
  pagination: NonNullable<Profile['pagination']>,
  ...checks: Check[]
): Promise<Walk> {
  const items: Pet[] = [];
  let exchange = await listPets(`limit=${PAGE}${query ? `&${query}` : ''}`);
  for (let pages = 1; ; pages++) {
    const must = [statusIn([200], 'list-responses', 'for a page'), pageAtMost(PAGE, 'limit-max')];
    const last = exchange;
    if (!verify(exchange, ...must, ...checks)) return { items, complete: false, pages, last };
    const page = exchange.response.json as Pet[];
    items.push(...page);
    const next = nextOf(exchange);
    if (pagination === 'none') return { items, complete: page.length < PAGE, pages, last };
    if (next === undefined) return { items, complete: true, pages, last };
    if (!verify(exchange, nextInBase(next)) || pages >= MAX_PAGES)
      return { items, complete: false, pages, last };
    const url = new URL(next, exchange.url);
    const path = url.href.slice(options.baseUrl.length);
    exchange = await client.send({ ...exchange.request, path });
  }
}
