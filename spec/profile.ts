/**
 * A profile: how one server fills the interface's gaps (pagination, order, the default
 * status, an out-of-range `limit`, error codes, the longest name, unknown creation fields, bodies under other media types), declared by its team. One vocabulary for
 * both sides: the contract suite holds a server to it, the mock answers by it. The interface
 * level is the empty profile; `--level strict` is this project's own (STRICT_PROFILE).
 */
import { DEFAULT_STATUS, NAME_MAX_LENGTH } from './constants.ts';
import { isDeclaredRule } from './declared-rules.ts';
import { isPactRule } from './pact-rules.ts';
import { listRules } from './rules.ts';

/** How a list continues: `none`, every matching animal in one answer up to `limit`; `link`, RFC 8288 rel="next". */
export const PAGINATIONS = ['none', 'link'] as const;
/** The orders a list may declare (`any`: no order promised). */
export const ORDERS = ['any', 'id-asc', 'id-desc', 'name-asc', 'newest-first'] as const;
/** What an animal created without `status` is stored with (`omitted`: no status at all). */
export const DEFAULT_STATUSES = ['available', 'pending', 'sold', 'omitted'] as const;
/** The statuses whose error code a profile may declare. */
export const CODED_STATUSES = ['400', '401', '404'] as const;
/** What a creation does with a property the payload does not define: drop it, or refuse it with 400. */
export const UNKNOWN_FIELDS = ['ignore', 'refuse'] as const;
/**
 * What a creation does with a valid body under a label other than JSON (`text/plain`, a form,
 * no Content-Type): `read` it (a form's fields as the body's), or `refuse` it with a 4xx `Error`.
 */
export const OTHER_MEDIA_TYPES = ['read', 'refuse'] as const;

/** The declared gap choices; every field is optional, and an absent one is not checked. */
export type Profile = {
  pagination?: (typeof PAGINATIONS)[number];
  order?: (typeof ORDERS)[number];
  defaultStatus?: (typeof DEFAULT_STATUSES)[number];
  /** `limit` outside 1..100: `clamp`ed into the range, or refused with this 4xx status. */
  outOfRangeLimit?: 'clamp' | number;
  /** The `code` of the Error each status carries. */
  errorCodes?: Partial<Record<(typeof CODED_STATUSES)[number], string>>;
  /** The longest name accepted, in characters (code points); one longer is refused with a 4xx. */
  maxNameLength?: number;
  /** An unknown property of a creation payload `ignore`d (not stored) or `refuse`d with 400. */
  unknownFields?: (typeof UNKNOWN_FIELDS)[number];
  /** A valid creation body labelled other than JSON `read` (stored as its fields say) or `refuse`d with a 4xx. */
  otherMediaTypes?: (typeof OTHER_MEDIA_TYPES)[number];
  /** Also check this project's other decisions (what `--level strict` adds). */
  decisions?: boolean;
  /** Rule ids not to judge (a rule the team knowingly breaks, or a check it disputes). */
  off?: string[];
};

/** Whether `id` names a rule a check can cite: the spec's, or one a profile declares. */
const isRuleId = (id: string): boolean =>
  isDeclaredRule(id) || isPactRule(id) || listRules().some((rule) => rule.id === id);

/** A profile that is not one: the message names the field and what it takes. */
export class ProfileError extends Error {}

/**
 * This project's own choices, the decisions of spec/openapi.yaml: `--level strict`.
 * profile.test.ts holds each field to the spec, so that the two cannot drift apart.
 */
export const STRICT_PROFILE: Profile = {
  pagination: 'link',
  order: 'id-asc',
  defaultStatus: DEFAULT_STATUS,
  outOfRangeLimit: 400,
  errorCodes: { '400': 'validation_failed', '401': 'unauthorized', '404': 'not_found' },
  maxNameLength: NAME_MAX_LENGTH,
  unknownFields: 'refuse',
  otherMediaTypes: 'refuse',
  decisions: true,
};

/** Every field a profile may have. */
export const PROFILE_FIELDS = [
  'pagination',
  'order',
  'defaultStatus',
  'outOfRangeLimit',
  'errorCodes',
  'maxNameLength',
  'unknownFields',
  'otherMediaTypes',
  'decisions',
  'off',
] as const;

const oneOf = <T extends string>(field: string, value: unknown, choices: readonly T[]): T => {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value))
    return value as T;
  throw new ProfileError(
    `${field} must be one of ${choices.join(', ')}; got ${JSON.stringify(value)}`,
  );
};

/** Reads a profile from parsed JSON or YAML, refusing an unknown field or value by name. */
export function parseProfile(value: unknown): Profile {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ProfileError(
      'a profile is an object, e.g. { "pagination": "link", "order": "id-asc" }',
    );
  const raw = value as Record<string, unknown>;
  const unknown = Object.keys(raw).find(
    (key) => !(PROFILE_FIELDS as readonly string[]).includes(key),
  );
  if (unknown !== undefined)
    throw new ProfileError(`unknown field ${unknown}; a profile has ${PROFILE_FIELDS.join(', ')}`);
  const profile: Profile = {};
  if (raw.pagination !== undefined)
    profile.pagination = oneOf('pagination', raw.pagination, PAGINATIONS);
  if (raw.order !== undefined) profile.order = oneOf('order', raw.order, ORDERS);
  if (raw.defaultStatus !== undefined)
    profile.defaultStatus = oneOf('defaultStatus', raw.defaultStatus, DEFAULT_STATUSES);
  if (raw.outOfRangeLimit !== undefined) {
    const limit = raw.outOfRangeLimit;
    if (
      limit !== 'clamp' &&
      !(Number.isInteger(limit) && Number(limit) >= 400 && Number(limit) < 500)
    )
      throw new ProfileError(
        `outOfRangeLimit must be "clamp" or a 4xx status; got ${JSON.stringify(limit)}`,
      );
    profile.outOfRangeLimit = limit as 'clamp' | number;
  }
  if (raw.errorCodes !== undefined) profile.errorCodes = parseCodes(raw.errorCodes);
  if (raw.maxNameLength !== undefined) {
    const max = raw.maxNameLength;
    if (!(Number.isSafeInteger(max) && Number(max) >= 1))
      throw new ProfileError(
        `maxNameLength must be a whole number of characters, 1 or more; got ${JSON.stringify(max)}`,
      );
    profile.maxNameLength = max as number;
  }
  if (raw.unknownFields !== undefined)
    profile.unknownFields = oneOf('unknownFields', raw.unknownFields, UNKNOWN_FIELDS);
  if (raw.otherMediaTypes !== undefined)
    profile.otherMediaTypes = oneOf('otherMediaTypes', raw.otherMediaTypes, OTHER_MEDIA_TYPES);
  if (raw.decisions !== undefined) {
    if (typeof raw.decisions !== 'boolean')
      throw new ProfileError('decisions must be true or false');
    profile.decisions = raw.decisions;
  }
  if (raw.off !== undefined) {
    if (!Array.isArray(raw.off) || raw.off.some((id) => typeof id !== 'string'))
      throw new ProfileError('off must be a list of rule ids, e.g. ["list-order"]');
    // A misspelt id would switch nothing off, silently.
    const unknownId = (raw.off as string[]).find((id) => !isRuleId(id));
    if (unknownId !== undefined)
      throw new ProfileError(
        `off names ${JSON.stringify(unknownId)}, which is no rule id (docs/rules.md lists them)`,
      );
    profile.off = raw.off as string[];
  }
  return profile;
}

function parseCodes(value: unknown): Profile['errorCodes'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ProfileError('errorCodes maps a status to its code, e.g. { "404": "not_found" }');
  const codes: NonNullable<Profile['errorCodes']> = {};
  for (const [status, code] of Object.entries(value)) {
    const known = oneOf('a status of errorCodes', status, CODED_STATUSES);
    if (typeof code !== 'string' || code === '')
      throw new ProfileError(`errorCodes.${status} must be a code (a non-empty string)`);
    codes[known] = code;
  }
  return codes;
}

/** The profile `over` adds to `base`: its fields win, `off` lists are joined. */
export function mergeProfiles(base: Profile, over: Profile): Profile {
  const off = [...new Set([...(base.off ?? []), ...(over.off ?? [])])];
  return { ...base, ...over, ...(off.length > 0 ? { off } : {}) };
}
