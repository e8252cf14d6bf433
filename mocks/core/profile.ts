/**
 * How the mock fills the interface's gaps: a profile (spec/profile.ts) read once into the
 * choices the operations apply. A declared field replaces the matching decision of
 * spec/openapi.yaml; a field left out keeps it (STRICT_PROFILE, this project's own).
 */
import { type Profile, STRICT_PROFILE } from '../../spec/profile.ts';
import type { PetStatus } from '../../spec/types.ts';

/** The order the mock lists in: `any` and `newest-first` are served as id order (ids only grow). */
export type ListOrder = 'id-asc' | 'id-desc' | 'name-asc';

/** The choices one profile makes, resolved for answering (built once per profile, not per request). */
export type Answering = {
  /** The profile as declared (what GET /__mock/profile shows). */
  readonly declared: Profile;
  readonly pagination: 'none' | 'link';
  readonly order: ListOrder;
  /** The status of an animal created without one (null: stored without status). */
  readonly defaultStatus: PetStatus | null;
  readonly outOfRangeLimit: 'clamp' | number;
  /** The Error code of each coded status, replacing this project's code for it. */
  readonly errorCodes: Readonly<Record<string, string>>;
  /** A declared name limit (undefined: the spec's PetName limits, checked by its schema). */
  readonly maxNameLength: number | undefined;
  readonly unknownFields: 'ignore' | 'refuse';
  /** A creation body under another media type than JSON: read, or refused with 415. */
  readonly otherMediaTypes: 'read' | 'refuse';
};

const ORDER_SERVED: Record<NonNullable<Profile['order']>, ListOrder> = {
  any: 'id-asc',
  'id-asc': 'id-asc',
  'id-desc': 'id-desc',
  'newest-first': 'id-desc',
  'name-asc': 'name-asc',
};

/** Resolves a profile (default: none, this project's decisions) into the mock's choices. */
export function answering(declared: Profile = {}): Answering {
  const own = STRICT_PROFILE;
  const status = declared.defaultStatus ?? own.defaultStatus;
  return {
    declared,
    pagination: declared.pagination ?? own.pagination ?? 'link',
    order: ORDER_SERVED[declared.order ?? own.order ?? 'id-asc'],
    defaultStatus: status === 'omitted' || status === undefined ? null : status,
    outOfRangeLimit: declared.outOfRangeLimit ?? own.outOfRangeLimit ?? 400,
    errorCodes: { ...own.errorCodes, ...declared.errorCodes },
    maxNameLength: declared.maxNameLength,
    unknownFields: declared.unknownFields ?? own.unknownFields ?? 'refuse',
    otherMediaTypes: declared.otherMediaTypes ?? own.otherMediaTypes ?? 'refuse',
  };
}

/** The mock's choices without a profile: this project's decisions. */
export const OWN_ANSWERING: Answering = answering();

/** A profile in one line, for start-up output and the landing page. */
export function describeProfile(profile: Profile): string {
  const fields = Object.entries(profile).map(([field, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? `${field} ${Object.entries(value)
          .map(([key, code]) => `${key}=${code}`)
          .join(' ')}`
      : `${field} ${Array.isArray(value) ? value.join(' ') : String(value)}`,
  );
  return fields.length === 0 ? "none (this project's own decisions)" : fields.join(', ');
}
