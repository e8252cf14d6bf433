/**
 * A whole list, as a client reads it: one answer (pagination `none`) or every page by
 * RFC 8288 `Link: <…>; rel="next"` (pagination `link`), each page checked as it comes, and a
 * next link that comes back to a page already read reported as such (the walk ends there).
 */

import type { Check } from '../../spec/checks/check.ts';
import { check } from '../../spec/checks/check.ts';
import { linkTarget } from '../../spec/checks/link-header.ts';
import { type Pet, pageAtMost } from '../../spec/checks/pet-checks.ts';
import { statusIn } from '../../spec/checks/status-checks.ts';
import { nextNotRead, type PageRead, pageNotRepeated } from '../../spec/checks/walk-checks.ts';
import type { Profile } from '../../spec/profile.ts';
import type { Exchange } from '../client/http.ts';
import { listPets } from './fixtures.ts';
import { client, options, verify, verifyTogether } from './harness.ts';

/** The largest page a client asks for, and the most pages one walk follows. */
export const PAGE = 100;
const MAX_PAGES = 30;

/**
 * What a walk saw: every animal in order, whether it reached the end, whether it broke a
 * rule on the way (reported then), each page read, and its last page.
 */
export type Walk = {
  items: Pet[];
  complete: boolean;
  failed: boolean;
  pages: PageRead[];
  last: Exchange;
};

/**
 * Which list to walk (`query`, e.g. `status=sold`), as the profile's pagination says (or, with
 * none declared, `offered`: the next links the server offers, if any), at which page size
 * (PAGE by default), and when to stop before the end: after `pages` pages (MAX_PAGES by
 * default) or once it holds `enough` animals.
 */
export type WalkPlan = {
  query: string;
  pagination: NonNullable<Profile['pagination']> | 'offered';
  size?: number;
  pages?: number;
  enough?: number;
};

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
 * Reads the list as `plan` says; a page that breaks a rule, or a next link that comes back
 * to a page already read (by its URL or by its animals), ends the walk, reported, as an
 * incomplete one. An `offered` walk reports no link: how pages continue is not the
 * interface's, so one that leaves the API or comes back ends the walk unjudged, and the walk
 * is whole only once it followed a next link and reached a page that offers none (RFC 8288:
 * the series ends there); without any link, one page is never known to be the whole list.
 */
export async function walkList(plan: WalkPlan, ...checks: Check[]): Promise<Walk> {
  const { query, pagination, size = PAGE, pages: most = MAX_PAGES, enough = Infinity } = plan;
  const items: Pet[] = [];
  const pages: PageRead[] = [];
  let exchange = await listPets(`limit=${size}${query ? `&${query}` : ''}`);
  for (;;) {
    const last = exchange;
    const end = (complete: boolean, failed = false) => ({ items, complete, failed, pages, last });
    const must = [statusIn([200], 'list-responses', 'for a page'), pageAtMost(size, 'limit-max')];
    if (!verify(exchange, ...must, ...checks)) return end(false, true);
    const page = exchange.response.json as Pet[];
    const url = new URL(exchange.url).href;
    const ids = page.map((pet) => String(pet.id));
    const walked = items.map((pet) => String(pet.id));
    const offered = pagination === 'offered';
    const repeated = pageNotRepeated(url, ids, walked, pages);
    if (offered ? repeated(exchange) !== undefined : !verifyTogether(exchange, repeated))
      return end(false, !offered);
    pages.push({ url, first: items.length, count: page.length });
    items.push(...page);
    if (pagination === 'none') return end(page.length < size);
    const next = nextOf(exchange);
    if (next === undefined) return end(!offered || pages.length > 1);
    const target = new URL(next, exchange.url).href;
    const linked = [nextInBase(next), nextNotRead(target, pages)];
    if (
      offered ? linked.some((c) => c(exchange) !== undefined) : !verifyTogether(exchange, ...linked)
    )
      return end(false, !offered);
    if (pages.length >= most || items.length >= enough) return end(false);
    exchange = await client.send({
      ...exchange.request,
      path: target.slice(options.baseUrl.length),
    });
  }
}
