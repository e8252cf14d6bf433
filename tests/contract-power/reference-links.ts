/**
 * The Link header of a reference server's list page (variant `linkPages`): rel="next" with a
 * cursor, the last id listed, and the faults that lead it elsewhere (LINK_FAULTS).
 */
import type { Fault } from './faults.ts';
import type { StoredPet } from './reference-rules.ts';
import type { Variant } from './variants.ts';

/** A page of a list: the request's URL and limit, the whole list, and the `count` from `from`. */
export type ListPage = {
  url: URL;
  limit: number;
  all: readonly StoredPet[];
  from: number;
  count: number;
};

/** The cursor of the next page: the id to continue after, null for the first page, or none. */
function nextCursor(page: ListPage, has: (f: Fault) => boolean): string | null | undefined {
  const { url, all, from, count } = page;
  const end = from + count;
  const more = end < all.length;
  const after = (i: number) => (i < 0 ? null : String(all[i]?.id));
  if (has('link-last-returns-to-first')) return more ? after(end - 1) : null;
  if (has('link-cursor-stalls') && url.searchParams.has('cursor'))
    return more ? url.searchParams.get('cursor') : undefined;
  if (has('link-skips-one')) return end + 1 < all.length ? after(end) : undefined;
  if (has('link-repeats-one')) return more ? after(end - 2) : undefined;
  return more ? after(end - 1) : undefined;
}

/** The Link header of a page, or undefined (no Link pages, or the last page). */
export function linkHeader(
  page: ListPage,
  variant: Variant,
  has: (f: Fault) => boolean,
): string | undefined {
  if (!variant.linkPages || page.count === 0) return undefined;
  const cursor = nextCursor(page, has);
  if (cursor === undefined) return undefined;
  const { url, limit } = page;
  const next = new URL(url.href);
  next.searchParams.set('limit', String(limit));
  if (cursor === null) next.searchParams.delete('cursor');
  else next.searchParams.set('cursor', cursor);
  // The cursor stands still inside a token that changes: the same page under a new URL.
  if (has('link-cursor-stalls') && url.searchParams.has('cursor'))
    next.searchParams.set('page', String(Number(url.searchParams.get('page') ?? '2') + 1));
  // A relative reference (RFC 8288 allows it), resolved against the request's URL.
  const target = `${next.pathname}${next.search}`;
  return variant.looseLinks
    ? // As RFC 8288 also allows: several links, a parameter before rel, rel unquoted.
      `<${url.pathname}?limit=${limit}>; rel="first", <${target}>; title="more, please"; rel=next`
    : `<${target}>; rel="next"`;
}
