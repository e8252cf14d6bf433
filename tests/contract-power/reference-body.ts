/**
 * How the reference server reads a creation body before parsing it: the JSON text it hands
 * to the parser, or a refusal, bent by the faults of reading a body too strictly (the media
 * type, whitespace) or too loosely (only the first value, exponents). A body under another
 * media type is refused with 415, or read (JSON text as JSON, a form as its fields) by a
 * variant that reads any, as Go's net/http and Django REST Framework do.
 */
import type { Fault } from './faults.ts';
import type { Rejection } from './reference-rules.ts';

/** The text up to the end of its first object or array, as a streaming parser stops there. */
function firstValue(text: string): string {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return text.slice(0, i + 1);
  }
  return text;
}

/** `application/json` or a `+json` type, with any parameters, in any case. */
const isJsonType = (type: string | undefined) =>
  /^\s*application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type ?? '');

/** A form's fields as the JSON text of a creation, categoryId read as a number (as DRF reads it). */
const formAsJson = (text: string) =>
  JSON.stringify(
    Object.fromEntries(
      [...new URLSearchParams(text)].map(([name, value]) => [
        name,
        name === 'categoryId' && /^-?\d+$/.test(value) ? `<<${value}>>` : value,
      ]),
    ),
  ).replace(/"<<(-?\d+)>>"/g, '$1');

/** What an Express app's default error handler writes for a TypeError in a handler. */
export const HTML_500 =
  "<!DOCTYPE html><html><body><pre>TypeError: Cannot read properties of undefined (reading 'name')</pre></body></html>";

/**
 * The JSON text the server parses for a creation with this Content-Type, or a refusal:
 * `text` is null for bytes that are not UTF-8. A missing or empty body is a 400, a media
 * type that is not JSON a 415 (the interface leaves that status open) unless the server reads any.
 */
export function bodyText(
  text: string | null,
  type: string | undefined,
  has: (f: Fault) => boolean,
  readsAnyMediaType = false,
): string | Rejection {
  if (text === null) return { status: 400, message: 'request body is not UTF-8 text' };
  if (text === '' && has('no-body-500')) return { status: 500, message: 'no body' };
  if (text === '') return { status: 400, message: 'request body is required' };
  if (!isJsonType(type) && has('text-body-html-500') && /^text\/plain/i.test(type ?? ''))
    return { status: 500, message: HTML_500 };
  if (
    !isJsonType(type) &&
    readsAnyMediaType &&
    /^application\/x-www-form-urlencoded/i.test(type ?? '')
  )
    return formAsJson(text);
  if (!isJsonType(type) && !readsAnyMediaType)
    return { status: 415, message: `Content-Type must be application/json, got ${type ?? 'none'}` };
  if (has('media-type-parameter-refused') && type !== 'application/json')
    return { status: 415, message: `Content-Type must be application/json, got ${type}` };
  // A "looks like an object" guard: no space around it, and `.` matches no line break.
  if (has('body-whitespace-refused') && !/^\{.*\}$/.test(text))
    return { status: 400, message: 'request body must be a JSON object' };
  if (has('trailing-content-ignored')) return firstValue(text);
  if (has('category-exponent-misread'))
    return text.replace(/("categoryId"\s*:\s*-?\d+)(\.\d+)?[eE][+-]?\d+/, '$1');
  return text;
}
