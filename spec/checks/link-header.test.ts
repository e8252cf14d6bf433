import { expect, it } from 'vitest';
import { linkTarget } from './link-header.ts';

it('finds rel="next" however a server writes the header', () => {
  expect(linkTarget('</v1/pets?cursor=2>; rel="next"', 'next')).toBe('/v1/pets?cursor=2');
  expect(linkTarget('<a>; rel=next', 'next')).toBe('a');
  expect(linkTarget('<a>; title="x, y; z"; REL="Next"', 'next')).toBe('a');
  expect(linkTarget('<p>; rel="prev", <n?a=1,2>; rel="next last"', 'next')).toBe('n?a=1,2');
  expect(linkTarget('<p>;rel="prev",<n>;rel=next', 'next')).toBe('n');
});

it('finds no next link where there is none', () => {
  expect(linkTarget(undefined, 'next')).toBeUndefined();
  expect(linkTarget('<p>; rel="prev"', 'next')).toBeUndefined();
  expect(linkTarget('<p>; rel="nextish"', 'next')).toBeUndefined();
  expect(linkTarget('<p>; title="rel=next"', 'next')).toBeUndefined();
});
