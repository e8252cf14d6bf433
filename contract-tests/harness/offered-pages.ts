/**
 * The pages a list answer offers after it (RFC 8288 `Link: <…>; rel="next"`), at interface
 * level too: a few are followed, each a listPets request of its own held to the rules its own
 * URL carries (its valid limit, 20 without one, never more than 100; its status filter) and
 * to the shapes. Where the link leads, and whether the pages continue the list, is the
 * server's unless a profile declares its pagination (walk.ts, declared-pages.contract.ts).
 */

import { linkTarget } from '../../spec/checks/link-header.ts';
import { knownItemsUnchanged, type Pet } from '../../spec/checks/pet-checks.ts';
import { statusInOrRefused } from '../../spec/checks/status-checks.ts';
import { pageChecks } from '../catalogue/param-judgement.ts';
import { bearer, type Exchange } from '../client/http.ts';
import { caseOfQuery } from '../form-space/list-forms.ts';
import { client, options, verify } from './harness.ts';

/** The next page a 200 list answer offers under the base URL, as a path relative to it. */
function nextOf(exchange: Exchange): string | undefined {
  if (exchange.response.status !== 200) return undefined;
  const next = linkTarget(exchange.response.headers.link, 'next');
  if (next === undefined) return undefined;
  const target = new URL(next, exchange.url).href;
  return target.startsWith(`${options.baseUrl}/`)
    ? target.slice(options.baseUrl.length)
    : undefined;
}

/**
 * Follows at most `most` next pages from `first`, judging each; stops at a page already read.
 * Returns how many were read.
 */
export async function followOffered(
  first: Exchange,
  most: number,
  known: ReadonlyMap<string, Pet>,
): Promise<number> {
  const read = new Set([first.url]);
  let exchange = first;
  let followed = 0;
  for (
    let path = nextOf(exchange);
    path !== undefined && followed < most;
    path = nextOf(exchange)
  ) {
    if (read.has(`${options.baseUrl}${path}`)) break;
    exchange = await client.send({
      operation: 'listPets',
      method: 'GET',
      path,
      headers: bearer(options.apiKey),
    });
    read.add(exchange.url);
    followed += 1;
    const page = caseOfQuery(path, new URL(exchange.url).searchParams, options.level);
    verify(
      exchange,
      statusInOrRefused([200], 'list-responses', 'for a next page the server offered'),
      ...pageChecks(page),
      knownItemsUnchanged(known),
    );
  }
  return followed;
}
