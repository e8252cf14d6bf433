/**
 * JSON that keeps int64 exact: an integer beyond Number.MAX_SAFE_INTEGER is read
 * as a bigint (Node 20's JSON.parse would round it) and written back digit for digit.
 */
import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';
import { MAX_JSON_DEPTH, nestsDeeper } from './json-scan.ts';

/**
 * JSON text nested deeper than MAX_JSON_DEPTH: valid or not, nothing reads it as a value, so
 * no recursive reader downstream can overflow the stack on it.
 */
export class JsonTooDeep extends SyntaxError {
  override name = 'JsonTooDeep';
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

// Only a run of 16 or more digits can be an unsafe integer; other texts take the fast path.
const LONG_DIGITS = /\d{16}/;

const parseNumber = (text: string): number | bigint =>
  isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);

/**
 * Parses JSON text; unsafe integers become bigints. Throws SyntaxError on invalid JSON, and
 * JsonTooDeep (a SyntaxError) on text nested deeper than MAX_JSON_DEPTH.
 */
export function parseJson(text: string): unknown {
  if (nestsDeeper(text)) throw new JsonTooDeep();
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  try {
    return parse(text, null, parseNumber);
  } catch (error) {
    throw new SyntaxError(error instanceof Error ? error.message : String(error));
  }
}

/** Serialises a value to JSON, writing bigints as plain JSON numbers. */
export function stringifyJson(value: unknown): string {
  try {
    // The common case: no bigint anywhere, which JSON.stringify finds out in its one pass.
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // A bigint (or a cycle, which lossless-json reports in its own words).
    return stringify(value) ?? 'null';
  }
}
