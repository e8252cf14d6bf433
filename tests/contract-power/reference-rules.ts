/**
 * The creation and listing rules of the reference server: what it accepts, and how
 * each fault bends them. Independent of mocks/ on purpose.
 */
import type { Fault, Variant } from './variants.ts';

/** A stored pet; ids are bigints so they stay exact. */
export type StoredPet = { id: bigint; name: string; categoryId: bigint; status?: string };

/** A rule broken by a request: the HTTP status and what to say. */
export type Rejection = { status: number; message: string };

const STATUSES = ['available', 'pending', 'sold'];
const INT64_MAX = 2n ** 63n - 1n;
const isInteger = (v: unknown) =>
  (typeof v === 'bigint' && v >= -INT64_MAX && v <= INT64_MAX) ||
  (typeof v === 'number' && Number.isInteger(v));

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
  let { name, categoryId } = pet;
  const { status } = pet;
  if (name === undefined && !has('missing-name-accepted')) return bad('name is required');
  if (name === undefined) name = 'unnamed';
  if (name === null && has('null-name-accepted')) name = 'null';
  if (typeof name !== 'string') return bad('name must be a string');
  if (variant.maxNameLength !== undefined && name.length > variant.maxNameLength)
    return { status: 400, message: `name must be at most ${variant.maxNameLength} characters` };
  if (categoryId === undefined) return bad('categoryId is required');
  if (typeof categoryId === 'string' && has('string-category-accepted'))
    categoryId = Number(categoryId);
  if (!isInteger(categoryId)) return bad('categoryId must be an integer');
  const category = BigInt(categoryId as number | bigint);
  if (variant.categories && !variant.categories.map(BigInt).includes(category))
    return { status: 400, message: `categoryId ${category} is not a known category` };
  if (
    status !== undefined &&
    !(typeof status === 'string' && STATUSES.includes(status)) &&
    !has('invalid-status-accepted')
  )
    return bad(`status must be one of ${STATUSES.join(', ')}`);
  if (!variant.ignoreExtraProperties) {
    const extra = Object.keys(pet).find((k) => !['name', 'categoryId', 'status'].includes(k));
    if (extra) return { status: 400, message: `property ${extra} is not allowed` };
  }
  let stored = name;
  if (has('name-trimmed')) stored = stored.trim();
  if (has('name-lowercased')) stored = stored.toLowerCase();
  const defaultStatus = variant.defaultStatus === undefined ? 'available' : variant.defaultStatus;
  const finalStatus = (status as string | undefined) ?? defaultStatus ?? undefined;
  return { name: stored, categoryId: category, ...(finalStatus ? { status: finalStatus } : {}) };
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
