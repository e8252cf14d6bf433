/**
 * Pet ids without precision loss: a safe integer is a number, a larger one a bigint
 * (as spec/json.ts parses it), so one id has one representation and Map lookups work.
 * Cursors are the last id seen, base64url-encoded (opaque to clients).
 */

/** A pet id: a number when safe, otherwise a bigint. */
export type PetId = number | bigint;

/** The largest id the spec allows (int64). */
export const MAX_ID = 2n ** 63n - 1n;

/** Normalises an integer to the one representation of a PetId. */
export function toPetId(value: number | bigint): PetId {
  if (typeof value === 'number') return value;
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(value)
    : value;
}

/** Reads decimal digits as a PetId (the caller has checked they are digits). */
export function parseId(digits: string): PetId {
  return digits.length < 16 ? Number(digits) : toPetId(BigInt(digits));
}

const CANONICAL_DIGITS = /^(0|[1-9][0-9]*)$/;
const PLUS = /\+/g;
const SLASH = /\//g;
const PADDING = /=+$/;
const DASH = /-/g;
const UNDERSCORE = /_/g;

/** Encodes the last id of a page as an opaque cursor. */
export function encodeCursor(id: PetId): string {
  return btoa(String(id)).replace(PLUS, '-').replace(SLASH, '_').replace(PADDING, '');
}

/** Decodes a cursor made by encodeCursor; undefined for anything it did not make. */
export function decodeCursor(cursor: string): PetId | undefined {
  let text: string;
  try {
    text = atob(cursor.replace(DASH, '+').replace(UNDERSCORE, '/'));
  } catch {
    return undefined;
  }
  if (!CANONICAL_DIGITS.test(text) || text.length > 19) return undefined;
  const id = parseId(text);
  return encodeCursor(id) === cursor ? id : undefined;
}

/** Index of the first id in an ascending list that is greater than `after` (binary search). */
export function firstIndexAfter(ids: readonly PetId[], after: PetId): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((ids[mid] as PetId) <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}
