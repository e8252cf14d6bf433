import { expect, it } from 'vitest';
import { ArrayItems } from './json-scan.ts';

const scan = (...chunks: string[]) => {
  const items = new ArrayItems();
  for (const chunk of chunks) items.feed(new TextEncoder().encode(chunk));
  return items.ends;
};

it('finds where each item of a top-level array ends, across chunks', () => {
  expect(scan('[{"a":[1,2]},', '{"b":"x,]"}', ',3]')).toEqual([12, 24]);
});

it('counts no items in a body that is not an array', () => {
  expect(scan('{"a":1,"b":2}')).toEqual([]);
  expect(scan('  "1,2,3"')).toEqual([]);
});

it('skips escaped quotes inside strings', () => {
  expect(scan('["a\\",b", "c"]')).toEqual([8]);
});
