/**
 * Request validation derived from the spec: query and path strings are converted with
 * care, then checked by the spec's own schemas (spec/validation.ts, strict level).
 */
import { LIMIT, PET_STATUSES } from '../../spec/constants.ts';
import type { PetStatus } from '../../spec/types.ts';
import { specValidator } from '../../spec/validation.ts';
import { MockError } from './errors.ts';
import { type PetId, parseId } from './ids.ts';

const validator = specValidator('strict');
const INTEGER_TEXT = /^-?[0-9]+$/;
const DIGITS = /^[0-9]+$/;

const invalid = (message: string) => new MockError(400, 'validation_failed', message);

/**
 * Reads listPets' `limit`: absent means the default; anything but an integer is a 400; an
 * integer outside 1..100 is refused with `outOfRange` (a 4xx status) or clamped into the range.
 */
export function parseLimit(raw: string | null, outOfRange: 'clamp' | number = 400): number {
  if (raw === null) return LIMIT.default;
  const value = INTEGER_TEXT.test(raw) ? Number(raw) : Number.NaN;
  if (
    Number.isNaN(value) ||
    validator.validate('#/components/parameters/Limit/schema', value, 'limit').length > 0
  ) {
    if (Number.isNaN(value) || outOfRange !== 'clamp')
      throw new MockError(
        Number.isNaN(value) ? 400 : (outOfRange as number),
        'validation_failed',
        `limit must be an integer from ${LIMIT.min} to ${LIMIT.max}, got ${JSON.stringify(raw)}`,
      );
    return Math.min(LIMIT.max, Math.max(LIMIT.min, value));
  }
  return value;
}

/** Reads listPets' `status` filter: absent means all; anything else must be a PetStatus. */
export function parseStatus(raw: string | null): PetStatus | undefined {
  if (raw === null) return undefined;
  if (validator.validate('#/components/schemas/PetStatus', raw, 'status').length > 0) {
    throw invalid(`status must be one of ${PET_STATUSES.join(', ')}, got ${JSON.stringify(raw)}`);
  }
  return raw as PetStatus;
}

/** Checks a cursor's shape against the spec's Cursor parameter (decoding is ids.ts). */
export function checkCursorShape(raw: string): void {
  if (validator.validate('#/components/parameters/Cursor/schema', raw, 'cursor').length > 0) {
    throw unusableCursor(raw);
  }
}

/** The 400 for a cursor that was not taken from a `Link` header. */
export function unusableCursor(raw: string): MockError {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return invalid(
    `cursor is not usable, got ${JSON.stringify(shown)}: take it unchanged from the Link rel="next" URL`,
  );
}

/** Reads getPet's `petId`: a positive integer within int64, else 400. */
export function parsePetId(raw: string): PetId {
  const id = DIGITS.test(raw) && raw.length <= 20 ? parseId(raw) : undefined;
  if (
    id === undefined ||
    validator.validate('#/components/parameters/PetId/schema', id, 'petId').length > 0
  ) {
    throw invalid(`petId must be a positive integer within int64, got ${JSON.stringify(raw)}`);
  }
  return id;
}

/** The accepted creation payload, after validation. */
export type NewPet = { name: string; categoryId: PetId; status?: PetStatus };

/** What a profile changes in a creation's checks (absent: the spec's NewPet as it is). */
export type NewPetRules = {
  /** Replaces PetName's maxLength: the longest name, in characters (code points). */
  maxNameLength?: number | undefined;
  /** `ignore`: properties NewPet does not define are dropped instead of refused. */
  unknownFields?: 'ignore' | 'refuse';
};

/** Checks a parsed createPet body against the spec's NewPet; every issue in one message. */
export function checkNewPet(body: unknown, rules: NewPetRules = {}): NewPet {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('body must be a JSON object with name, categoryId and optional status');
  }
  let issues = validator.validate('#/components/schemas/NewPet', body, 'body');
  const max = rules.maxNameLength;
  const ignore = rules.unknownFields === 'ignore';
  if (issues.length > 0 && (max !== undefined || ignore))
    issues = issues.filter(
      (issue) =>
        !(ignore && issue.keyword === 'additionalProperties') &&
        !(max !== undefined && issue.keyword === 'maxLength' && issue.path === 'name'),
    );
  const { name } = body as { name?: unknown };
  if (max !== undefined && typeof name === 'string' && name.length > max) {
    const length = [...name].length;
    if (length > max)
      issues.push({
        path: 'name',
        message: `name must be at most ${max} characters, got ${length}`,
      });
  }
  if (issues.length > 0) throw invalid(issues.map((issue) => issue.message).join('; '));
  if (!ignore) return body as NewPet;
  const { categoryId, status } = body as NewPet;
  return { name: name as string, categoryId, ...(status === undefined ? {} : { status }) };
}
