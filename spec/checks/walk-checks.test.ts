import { expect, it } from 'vitest';
import type { Exchange } from './exchange.ts';
import { nextNotRead, type PageRead, pageNotRepeated, samePagesAtSizes } from './walk-checks.ts';

// The walk checks judge what the walk gathered; the exchange is only cited.
const last = {} as Exchange;
const URL_1 = 'http://h/v1/pets?limit=2';
const URL_2 = 'http://h/v1/pets?limit=2&cursor=2';

/** A walk of `ids` in pages of `size`, from its URLs, complete or not. */
function walk(ids: number[], size: number, complete: boolean) {
  const pages: PageRead[] = [];
  for (let first = 0; first < ids.length; first += size)
    pages.push({ url: `size=${size}&page=${pages.length + 1}`, first, count: size });
  return { size, ids: ids.map(String), pages, complete };
}

it('names the page a next link comes back to', () => {
  const pages = [
    { url: URL_1, first: 0, count: 2 },
    { url: URL_2, first: 2, count: 2 },
  ];
  expect(nextNotRead('http://h/v1/pets?limit=2&cursor=4', pages)(last)).toBeUndefined();
  expect(nextNotRead(URL_1, pages)(last)?.message).toContain(
    `page 2 (${URL_2}) is ${URL_1}, read as page 1`,
  );
});

it('names an earlier page holding the same animals under another URL', () => {
  const pages = [
    { url: URL_1, first: 0, count: 2 },
    { url: URL_2, first: 2, count: 2 },
  ];
  const walked = ['1', '2', '3', '4'];
  const again = `${URL_2}&page=3`;
  expect(pageNotRepeated(again, ['5', '6'], walked, pages)(last)).toBeUndefined();
  expect(pageNotRepeated(again, [], walked, pages)(last)).toBeUndefined();
  expect(pageNotRepeated(again, ['3', '4'], walked, pages)(last)?.message).toContain(
    `as page 2 (${URL_2})`,
  );
});

it('names the first animal two page sizes disagree on, and both pages', () => {
  const list = Array.from({ length: 10 }, (_, i) => i + 1);
  const skipping = list.filter((id) => id !== 5);
  const found = samePagesAtSizes(walk(list, 4, false), walk(skipping, 3, false), true)(last);
  expect(found?.rule).toBe('declared-pagination');
  expect(found?.message).toContain(
    'animal 5 of the list: at limit=4 id 5 on page 2 (size=4&page=2); at limit=3 id 6 on page 2 (size=3&page=2)',
  );
  expect(samePagesAtSizes(walk(list, 4, false), walk(list, 3, false), true)(last)).toBeUndefined();
});

it('names an animal beyond the end of the other walk', () => {
  const list = [1, 2, 3, 4];
  const found = samePagesAtSizes(walk(list, 2, true), walk([...list, 4], 3, false), true)(last);
  expect(found?.message).toContain('at limit=2 the list ended after 4 animals');
});

it('compares order any as sets, and only between two whole walks', () => {
  const [list, shuffled] = [
    [1, 2, 3, 4, 5],
    [5, 3, 1, 2, 4],
  ];
  expect(
    samePagesAtSizes(walk(list, 2, true), walk(shuffled, 3, true), false)(last),
  ).toBeUndefined();
  expect(
    samePagesAtSizes(walk(list, 2, false), walk([1, 2], 3, false), false)(last),
  ).toBeUndefined();
  expect(
    samePagesAtSizes(walk(list, 2, true), walk([1, 2, 4, 5], 3, true), false)(last)?.message,
  ).toContain('at limit=2 id 3 on page 2 (size=2&page=2); on no page at limit=3');
});
