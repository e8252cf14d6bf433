import { expect, it } from 'vitest';
import { JsonTooDeep, parseJson, stringifyJson } from './json.ts';

it('keeps an int64 above 2^53 exact through a parse and a stringify', () => {
  const text = '{"id":9223372036854775807,"categoryId":9007199254740993}';
  const value = parseJson(text) as { id: unknown; categoryId: unknown };
  expect(value.id).toBe(9223372036854775807n);
  expect(value.categoryId).toBe(9007199254740993n);
  expect(stringifyJson(value)).toBe(text);
});

it('reads safe integers and fractions as plain numbers', () => {
  expect(parseJson('{"a":12,"b":1.5,"c":-3}')).toEqual({ a: 12, b: 1.5, c: -3 });
});

it('throws a SyntaxError on invalid JSON on both paths', () => {
  expect(() => parseJson('{"a":')).toThrow(SyntaxError);
  expect(() => parseJson('{"a":12345678901234567890')).toThrow(SyntaxError);
});

it('does not let a __proto__ key change the prototype', () => {
  const value = parseJson('{"__proto__":{"polluted":1},"n":12345678901234567890}') as object;
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('refuses JSON nested 200,000 deep without a stack overflow', () => {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  expect(() => parseJson(deep)).toThrow(JsonTooDeep);
  expect(() => parseJson(`{"name":${deep}}`)).toThrow(/nested deeper than 256 levels/);
});

it('reads brackets inside strings as text, not nesting', () => {
  expect(parseJson(`{"name":"${'['.repeat(1000)}"}`)).toEqual({ name: '['.repeat(1000) });
});
