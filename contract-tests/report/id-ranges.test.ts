import { expect, it } from 'vitest';
import { idRanges, idRangesText } from './id-ranges.ts';

it('joins consecutive ids into ranges, in order, exact above 2^53', () => {
  expect(idRanges(['5', '3', '4', '10', '7', '8', '4'])).toEqual(['3–5', '7–8', '10']);
  expect(idRanges(['9007199254740993', '9007199254740992'])).toEqual([
    '9007199254740992–9007199254740993',
  ]);
  expect(idRanges(['a1', '2'])).toEqual(['2', 'a1']);
  expect(idRanges([])).toEqual([]);
});

it('keeps a long list short: the first ranges, and how many more', () => {
  const scattered = Array.from({ length: 300 }, (_, i) => String(i * 2));
  const text = idRangesText(scattered, 80);
  expect(text.length).toBeLessThanOrEqual(80);
  expect(text).toMatch(/^0, 2, 4, .*, … and \d+ more ranges$/);
  expect(idRangesText(Array.from({ length: 229 }, (_, i) => String(453 + i)))).toBe('453–681');
});
