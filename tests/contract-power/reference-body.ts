/**
 * How the reference server reads a creation body before parsing it: the JSON text it hands
 * to the parser, or a refusal, bent by the faults of reading a body too strictly (the media
 * type, whitespace) or too loosely (only the first value, exponents).
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

/** The JSON text the server parses for a creation with this Content-Type, or a refusal. */
export function bodyText(
  text: string,
  type: string | undefined,
  has: (f: Fault) => boolean,
): string | Rejection {
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
