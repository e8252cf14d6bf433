/**
 * The creation and listing rules of the reference server: what it accepts, what it stores,
 * and how each fault bends them. Independent of mocks/ on purpose.
 */
import type { Fault } from './faults.ts';
import type { Variant } from './variants.ts';

/** A stored pet; ids are bigints so they stay exact. */
export type StoredPet = { id: bigint; name: string; categoryId: bigint; status?: string };

/** A rule broken by a request: the HTTP status and what to say. */
export type Rejection = { status: number; message: string };

/** A fault that makes the server fail (answered 500 by the server's catch-all). */
export class ServerFault extends Error {}

const STATUSES = ['available', 'pending', 'sold'];
const INT64_MAX = 2n ** 63n - 1n;
const isInteger = (v: unknown) =>
  (typeof v === 'bigint' && v >= -INT64_MAX - 1n && v <= INT64_MAX) ||
  (typeof v === 'number' && Number.isInteger(v));

/** The name as the server stores it (every name fault in one place). */
function storedName(name: string, has: (f: Fault) => boolean): string {
  let stored = name;
  if (has('name-trimmed')) stored = stored.trim();
  if (has('name-lowercased')) stored = stored.toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the fault
  if (has('control-chars-stripped')) stored = stored.replace(/[\u0000-\u001f\u007f]/g, '');
  if (has('invisible-chars-stripped')) stored = stored.replace(/[\u200b-\u200d\ufeff]/g, '');
  if (has('name-truncated-at-100')) stored = stored.slice(0, 100);
  if (has('name-whitespace-collapsed')) stored = stored.replace(/\s+/g, ' ');
  if (has('unicode-normalised')) stored = stored.normalize('NFC');
  if (has('name-html-escaped'))
    stored = stored.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  if (has('name-sql-quotes-doubled')) stored = stored.replaceAll("'", "''");
  return stored;
}

/** Fails like a server that chokes on some names. */
function chokeOnName(name: string, has: (f: Fault) => boolean): void {
  if (has('server-error-on-long-name') && name.length > 1000) throw new ServerFault('too long');
  if (has('server-error-on-non-bmp') && /[\u{10000}-\u{10ffff}]/u.test(name))
    throw new ServerFault('cannot encode');
  if (has('server-error-on-empty-name') && name === '') throw new ServerFault('empty');
}

/** The categoryId as the server stores it. */
function storedCategory(category: bigint, has: (f: Fault) => boolean): bigint {
  if (has('server-error-on-huge-category') && category > 2n ** 53n)
    throw new ServerFault('overflow');
  if (has('category-rounded-to-double')) return BigInt(Number(category));
  if (has('negative-category-made-positive') && category < 0n) return -category;
  return category;
}

/** Validates a creation body, returning the fields to store or a rejection. */
export function validateNewPet(
  body: unknown,
  variant: Variant,
  has: (f: Fault) => boolean,
): Omit<StoredPet, 'id'> | Rejection {
  const bad = (message: string): Rejection => ({
    status: has('server-error-on-wrong-type') && message.includes('must be') ? 500 : 400,
    message,
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return bad('body must be a JSON object');
  const pet = body as Record<string, unknown>;
  let { name, categoryId, status } = pet;
  if (name === undefined && !has('missing-name-accepted')) return bad('name is required');
  if (name === undefined) name = 'unnamed';
  if (name === null && has('null-name-accepted')) name = 'null';
  if (typeof name !== 'string') return bad('name must be a string');
  chokeOnName(name, has);
  if (variant.maxNameLength !== undefined && name.length > variant.maxNameLength)
    return { status: 400, message: `name must be at most ${variant.maxNameLength} characters` };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the variant
  if (variant.rejectControlChars && /[\u0000-\u001f\u007f]/.test(name))
    return { status: 400, message: 'name must not hold control characters' };
  if (categoryId === undefined) return bad('categoryId is required');
  if (typeof categoryId === 'string' && has('string-category-accepted'))
    categoryId = Number(categoryId);
  if (!isInteger(categoryId)) return bad('categoryId must be an integer');
  const category = BigInt(categoryId as number | bigint);
  if (variant.categories && !variant.categories.map(BigInt).includes(category))
    return { status: 400, message: `categoryId ${category} is not a known category` };
  if (has('status-case-folded') && typeof status === 'string') status = status.toLowerCase();
  if (
    status !== undefined &&
    !(typeof status === 'string' && STATUSES.includes(status)) &&
    !has('invalid-status-accepted')
  )
    return bad(`status must be one of ${STATUSES.join(', ')}`);
  if (!variant.ignoreExtraProperties) {
    const honoursId = has('client-id-honoured') || has('client-string-id-honoured');
    const known = ['name', 'categoryId', 'status', ...(honoursId ? ['id'] : [])];
    const extra = Object.keys(pet).find((k) => !known.includes(k));
    if (extra) return { status: 400, message: `property ${extra} is not allowed` };
  }
  const defaultStatus = variant.defaultStatus === undefined ? 'available' : variant.defaultStatus;
  const finalStatus = (status as string | undefined) ?? defaultStatus ?? undefined;
  return {
    name: storedName(name, has),
    categoryId: storedCategory(category, has),
    ...(finalStatus ? { status: finalStatus } : {}),
  };
}

/** Reads `limit`: the number of items to return, or a rejection. */
export function readLimit(
  raw: string | null,
  variant: Variant,
  has: (f: Fault) => boolean,
): number | Rejection {
  if (has('limit-ignored')) return Number.MAX_SAFE_INTEGER;
  if (raw === null) return has('default-limit-ignored') ? 50 : 20;
  const n = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (has('unparseable-limit-returns-all') && Number.isNaN(Number(raw)))
    return Number.MAX_SAFE_INTEGER;
  if (has('limit-above-100-uncapped') && n > 100) return n;
  if (n >= 1 && n <= 100) return n;
  if (variant.clampLimit) return Number.isNaN(n) ? 20 : Math.min(100, Math.max(1, n));
  return { status: 400, message: `limit must be an integer from 1 to 100, got "${raw}"` };
}

/** Reads the `status` filter, or a rejection. */
export function readStatus(
  raw: string | null,
  has: (f: Fault) => boolean,
): string | undefined | Rejection {
  if (raw === '' && has('server-error-on-empty-status-filter')) throw new ServerFault('empty');
  if (raw === null || has('status-filter-ignored')) return undefined;
  return STATUSES.includes(raw)
    ? raw
    : { status: 400, message: `status must be one of ${STATUSES.join(', ')}` };
}

/** Whether a value is a rejection. */
export const isRejection = (v: unknown): v is Rejection =>
  typeof v === 'object' &&
  v !== null &&
  'status' in v &&
  'message' in v &&
  typeof (v as Rejection).status === 'number';
