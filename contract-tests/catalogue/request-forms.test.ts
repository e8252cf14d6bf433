import { expect, it } from 'vitest';
import { parseJson, stringifyJson } from '../../spec/json.ts';
import { JSON_MEDIA_TYPES, NOT_ONE_VALUE_FORMS, SPACED_FORMS } from './request-forms.ts';

const body = { name: 'Rex "the\tdog"\n', categoryId: 2n ** 63n - 1n, status: 'sold' };
const other = { name: 'Mittens', categoryId: 1 };

it.each(SPACED_FORMS.map((f) => [f.label, f] as const))(
  'writes %s as the same JSON value with whitespace outside it',
  (_label, form) => {
    const text = form.write(body, other);
    expect(parseJson(text)).toEqual(body);
    expect(text).not.toBe(stringifyJson(body));
    expect(text.replace(/[ \t\r\n]/g, '')).toBe(stringifyJson(body).replace(/[ \t\r\n]/g, ''));
  },
);

it.each(NOT_ONE_VALUE_FORMS.map((f) => [f.label, f] as const))(
  'writes %s as a valid body followed by more, which is not JSON',
  (_label, form) => {
    const text = form.write(body, other);
    expect(text.startsWith(stringifyJson(body))).toBe(true);
    expect(() => parseJson(text)).toThrow(SyntaxError);
  },
);

it.each(JSON_MEDIA_TYPES)('sends %s, which names application/json', (type) => {
  expect(type.split(';')[0]?.trim().toLowerCase()).toBe('application/json');
});
