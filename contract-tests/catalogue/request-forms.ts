/**
 * The forms of one creation request beyond the compact `application/json` the rest of the
 * suite sends: the media-type parameters and the JSON whitespace conforming clients write
 * (both must be accepted), and bodies that are not exactly one JSON value (refused).
 */
import { stringifyJson } from '../../spec/json.ts';

/** A JSON text written from a creation body (or two), and what to call it. */
export type BodyForm = { label: string; write: (body: object, other: object) => string };

/** Content-Type values meaning `application/json` that HTTP clients send (RFC 9110, 8.3.1). */
export const JSON_MEDIA_TYPES = [
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json; charset="utf-8"',
  'application/json ; charset=utf-8 ; profile="https://api.petstore.example/pet"',
] as const;

/** The object's tokens (`{`, `"name"`, `:`, the value, `,`, …, `}`), each written compactly. */
const tokens = (body: object): string[] => {
  const members = Object.entries(body).map(([key, value]) => [
    JSON.stringify(key),
    ':',
    stringifyJson(value),
  ]);
  return ['{', ...members.flatMap((member, i) => (i === 0 ? member : [',', ...member])), '}'];
};

/** The object written as a formatter would: one member a line, indented by `indent`. */
const pretty = (body: object, indent: string, newline: string) => {
  const lines = Object.entries(body).map(
    ([key, value]) => `${indent}${JSON.stringify(key)}: ${stringifyJson(value)}`,
  );
  return `{${newline}${lines.join(`,${newline}`)}${newline}}`;
};

/**
 * One JSON value with insignificant whitespace (RFC 8259, section 2: space, tab, line feed,
 * carriage return) where the grammar allows it. Strings hold no raw line break or tab
 * (JSON escapes them), so the whitespace is never inside a value.
 */
export const SPACED_FORMS: readonly BodyForm[] = [
  { label: 'spaces before and after the value', write: (b) => `   ${stringifyJson(b)}   ` },
  { label: 'a final line break', write: (b) => `${stringifyJson(b)}\n` },
  { label: 'pretty-printed lines (LF, two spaces)', write: (b) => pretty(b, '  ', '\n') },
  { label: 'pretty-printed lines (CRLF, tab)', write: (b) => pretty(b, '\t', '\r\n') },
  { label: 'a tab between every token', write: (b) => tokens(b).join('\t') },
  {
    label: 'all four whitespace characters around every token',
    write: (b) => ` \t\r\n${tokens(b).join(' \t\r\n')} \t\r\n`,
  },
];

/** Texts made of a valid creation body followed by more: not one JSON value, so not JSON. */
export const NOT_ONE_VALUE_FORMS: readonly BodyForm[] = [
  { label: 'two objects back to back', write: (b, o) => `${stringifyJson(b)}${stringifyJson(o)}` },
  {
    label: 'two objects on two lines',
    write: (b, o) => `${stringifyJson(b)}\n${stringifyJson(o)}`,
  },
  { label: 'an object, then a number', write: (b) => `${stringifyJson(b)} 1` },
  { label: 'an object, then other text', write: (b) => `${stringifyJson(b)}garbage` },
  { label: 'an object, then a closing brace', write: (b) => `${stringifyJson(b)}}` },
  { label: 'an object, then a comma', write: (b) => `${stringifyJson(b)},` },
];
