/**
 * Checks of a walk of Link pages as a whole, beyond each page: a next link must lead on (not
 * back to a page already read), and the same stretch of the list read at two page sizes
 * must hold the same animals, so that a next link skipping or repeating one at each page
 * boundary shows even among animals the run did not create (declared-pagination).
 */
import { check } from './check.ts';

/** A page a walk read: its URL and where its animals sit in the walk (`count` from `first`). */
export type PageRead = { url: string; first: number; count: number };

/** A walk as the comparison reads it: its page size, the ids in order, its pages. */
export type WalkRead = {
  size: number;
  ids: readonly string[];
  pages: readonly PageRead[];
  complete: boolean;
};

const named = (pages: readonly PageRead[], i: number) =>
  `page ${i + 1} (${pages[i]?.url ?? 'unread'})`;

/** A next link leads to a URL no page of the walk was read from. */
export const nextNotRead = (target: string, pages: readonly PageRead[]) =>
  check('declared-pagination', () => {
    const at = pages.findIndex((page) => page.url === target);
    return at === -1
      ? undefined
      : {
          title: 'Link rel="next" comes back to a page already read',
          received: `the next link of ${named(pages, pages.length - 1)} is ${target}, read as page ${at + 1}`,
          expected: 'each next link leads on, until a last page without one',
        };
  });

/**
 * A page does not hold exactly the animals of an earlier page: its next link came back to
 * it under another URL (a cursor that stops advancing, a first page written another way).
 */
export const pageNotRepeated = (
  url: string,
  ids: readonly string[],
  walked: readonly string[],
  pages: readonly PageRead[],
) =>
  check('declared-pagination', () => {
    const same = (page: PageRead) =>
      page.count === ids.length &&
      walked.slice(page.first, page.first + page.count).every((id, i) => id === ids[i]);
    const at = ids.length === 0 ? -1 : pages.findIndex(same);
    return at === -1
      ? undefined
      : {
          title: 'Link rel="next" comes back to a page already read',
          received: `page ${pages.length + 1} (${url}) holds the same ${ids.length} animals (ids ${ids[0]}…${ids.at(-1)}) as ${named(pages, at)}`,
          expected: 'each next link leads on, until a last page without one',
        };
  });

/** Where animal `i` (from 0) of a walk stands: its id and page, or the walk's end. */
function standing(walk: WalkRead, i: number): string {
  const page = walk.pages.findIndex((p) => i >= p.first && i < p.first + p.count);
  const id = walk.ids[i];
  const at = `at limit=${walk.size}`;
  if (id === undefined || page === -1)
    return `${at} the list ${walk.complete ? 'ended' : 'was not read'} after ${walk.ids.length} animals (${named(walk.pages, walk.pages.length - 1)})`;
  return `${at} id ${id} on ${named(walk.pages, page)}`;
}

/** The first position (from 0) where two walks of one stretch of the list disagree, if any. */
function firstDifference(a: WalkRead, b: WalkRead): number | undefined {
  const n = Math.min(a.ids.length, b.ids.length);
  for (let i = 0; i < n; i++) if (a.ids[i] !== b.ids[i]) return i;
  // One walk ended where the other went on.
  if ((a.complete && b.ids.length > n) || (b.complete && a.ids.length > n)) return n;
  return undefined;
}

/**
 * Two walks of the list with nothing created in between hold the same animals: in the same
 * order when the order is declared (`ordered`), else (order `any`) the same set, judged
 * only when both walks reached the end.
 */
export const samePagesAtSizes = (a: WalkRead, b: WalkRead, ordered: boolean) =>
  check('declared-pagination', () => {
    const expected = `the same animals${ordered ? ' in the same order' : ''} at any page size (nothing was created in between); a next link that skips or repeats one at a page boundary breaks this`;
    if (ordered) {
      const i = firstDifference(a, b);
      if (i === undefined) return undefined;
      return {
        title: 'The list holds other animals at another page size',
        received: `animal ${i + 1} of the list: ${standing(a, i)}; ${standing(b, i)}`,
        expected,
      };
    }
    if (!(a.complete && b.complete)) return undefined;
    const [inB, inA] = [new Set(b.ids), new Set(a.ids)];
    const onlyA = a.ids.findIndex((id) => !inB.has(id));
    const onlyB = b.ids.findIndex((id) => !inA.has(id));
    if (onlyA === -1 && onlyB === -1) return undefined;
    const [walk, other, i] = onlyA === -1 ? [b, a, onlyB] : [a, b, onlyA];
    return {
      title: 'The list holds other animals at another page size',
      received: `${standing(walk, i)}; on no page at limit=${other.size} (both walks read to the end)`,
      expected,
    };
  });
