/**
 * Prism's validator reads bodies with JSON.parse and stands in ±(2^53−1) as the bounds of an
 * int64 field, so a legal id or categoryId above 2^53 reads as `must be <= 9007199254740991`.
 * The interface allows any int64: the gate reads the body the server really sent (through the
 * relay) without losing digits and drops such a violation when the exact value is an int64.
 */
import { parseJson } from '../../spec/json.ts';
import type { PrismViolation } from './violations.ts';

const SAFE_LIMIT = '9007199254740991';
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The value at `path` (keys and array indexes as text) in a parsed JSON value. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The exact integer a JSON value holds (bigints above 2^53 included), or undefined. */
const exactInteger = (value: unknown): bigint | undefined =>
  typeof value === 'bigint'
    ? value
    : typeof value === 'number' && Number.isInteger(value)
      ? BigInt(value)
      : undefined;

/**
 * Whether a violation is only Prism's int64 stand-in bound, the exact value in `rawBody` (the
 * server's own text) being an integer within int64; then the interface holds.
 */
export function isInt64Artefact(violation: PrismViolation, rawBody: string): boolean {
  const [side, part, ...path] = violation.location;
  if (side !== 'response' || part !== 'body') return false;
  if (violation.code !== 'maximum' && violation.code !== 'minimum') return false;
  if (!violation.message.includes(SAFE_LIMIT)) return false;
  let parsed: unknown;
  try {
    parsed = parseJson(rawBody);
  } catch {
    return false;
  }
  const exact = exactInteger(valueAt(parsed, path));
  return exact !== undefined && exact >= INT64_MIN && exact <= INT64_MAX;
}
